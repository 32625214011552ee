// What came back in a response body, told apart before anything trusts it: JSON, an HTML page
// (a proxy's or gateway's error page, or a web site at the wrong base URL), or something else.
import { CodeErrorBody, FlagErrorBody } from '../../src-shared/api'
import type { FieldIssue } from '../../src-shared/api'

export type ResponseBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'bad-json'; problem: string }
  | { kind: 'html' }
  | { kind: 'empty' }
  | { kind: 'text'; snippet: string }
  /** More bytes than any answer of the interface can hold: not read further. */
  | { kind: 'too-large'; limitBytes: number }

const SNIPPET_LENGTH = 120

export function classifyBody(text: string, contentType: string | null): ResponseBody {
  const trimmed = text.trim()
  if (trimmed === '') return { kind: 'empty' }
  const type = (contentType ?? '').toLowerCase()
  // Judged by the content first: proxies send HTML labelled as anything, and boards JSON
  // labelled as anything (the spec names no content type for answers), text/html included.
  if (trimmed.startsWith('<')) return { kind: 'html' }
  if (type.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { kind: 'json', value: JSON.parse(trimmed) as unknown }
    } catch (error) {
      if (type.includes('html')) return { kind: 'html' }
      return { kind: 'bad-json', problem: error instanceof Error ? error.message : String(error) }
    }
  }
  if (type.includes('html')) return { kind: 'html' }
  return { kind: 'text', snippet: printable(trimmed).slice(0, SNIPPET_LENGTH) }
}

/** An error as the board reported it, from either of the spec's two error shapes. */
export interface ServerError {
  /** Dependency create's string code; undefined for the `{error: true}` shape. */
  code: string | undefined
  message: string
  issues: FieldIssue[]
}

export function readServerError(body: ResponseBody): ServerError | undefined {
  if (body.kind !== 'json') return undefined
  const flag = FlagErrorBody.safeParse(body.value)
  const coded = flag.success ? undefined : CodeErrorBody.safeParse(body.value)
  const parsed = flag.success ? flag.data : coded?.success ? coded.data : undefined
  if (!parsed) return undefined
  return {
    code: typeof parsed.error === 'string' ? parsed.error : undefined,
    message: parsed.message,
    issues: readIssues(parsed['issues']),
  }
}

/** The local service adds `issues: [{path, message}]`; other boards may not. Read leniently. */
function readIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return []
    const { path, message } = item as Record<string, unknown>
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : []
  })
}

/** What a body was, in words for a message ("an HTML page", "a body that is not valid JSON"). */
export function describeBody(body: ResponseBody): string {
  switch (body.kind) {
    case 'json':
      return 'JSON'
    case 'bad-json':
      return `a body that is not valid JSON (${body.problem})`
    case 'html':
      return 'an HTML page'
    case 'empty':
      return 'an empty body'
    case 'text':
      return `plain text ("${body.snippet}")`
    case 'too-large':
      return `an answer larger than ${sizeText(body.limitBytes)}, far more than any answer of the interface holds (not read further)`
  }
}

/** "64 MiB", "512 KiB", "900 bytes". */
export function sizeText(bytes: number): string {
  const round = (n: number) => Number(n.toFixed(1))
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MiB`
  if (bytes >= 1024) return `${round(bytes / 1024)} KiB`
  return `${bytes} bytes`
}

/** Keeps control characters of a hostile or broken body out of messages shown to a person. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ')
}
