// Text reaches the store exactly as the client wrote it, or not at all: a body must be JSON in
// UTF-8 (no other charset), its bytes well-formed UTF-8, and its strings free of lone surrogates
// (a JSON escape such as "\ud800" without its pair, which SQLite would store as U+FFFD) and of
// NUL characters (the escape "\u0000": stored whole, but the database driver reads text back only
// up to it, so a description came back cut). Query strings must decode to UTF-8 too. Each refusal
// is a 400 or 415 that says where.
import { isUtf8 } from 'node:buffer'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badField, ServiceError } from '../store/service-error'

const JSON_TYPE = /^application\/json\s*(;|$)/i
/** The labels the WHATWG Encoding standard reads as UTF-8 that clients actually send. */
const UTF8_LABELS = new Set(['utf-8', 'utf8'])

const notJson = () =>
  new ServiceError(
    415,
    'The body must be JSON, sent with "Content-Type: application/json".',
    'UNSUPPORTED_MEDIA_TYPE',
  )

/** Why a body with this Content-Type is refused (415), or undefined when it is JSON in UTF-8. */
export function contentTypeRefusal(type: string | undefined): ServiceError | undefined {
  if (type === undefined || !JSON_TYPE.test(type)) return notJson()
  for (const parameter of type.split(';').slice(1)) {
    const equals = parameter.indexOf('=')
    if (parameter.slice(0, equals).trim().toLowerCase() !== 'charset') continue
    const charset = parameter
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
    if (!UTF8_LABELS.has(charset.toLowerCase())) {
      return new ServiceError(
        415,
        `The body must be JSON in UTF-8; charset=${charset.slice(0, 40)} is not read. Send UTF-8 (the charset parameter may be left out).`,
        'UNSUPPORTED_MEDIA_TYPE',
      )
    }
  }
  return undefined
}

/**
 * A body sent with a content coding (gzip, br, ...) is refused: the service reads bodies as they
 * are, and one labelled br but sent plain was stored as if the label were not there, while a real
 * gzip body failed as "not valid UTF-8". `identity` is no coding.
 */
export function contentEncodingRefusal(encoding: string | undefined): ServiceError | undefined {
  if (encoding === undefined) return undefined
  const codings = encoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
  if (codings.length === 0) return undefined
  return new ServiceError(
    415,
    `The body must be sent as it is: Content-Encoding ${codings.join(', ').slice(0, 40)} is not read. Nothing was done.`,
    'UNSUPPORTED_MEDIA_TYPE',
  )
}

/**
 * Replaces Fastify's JSON parser with one that reads the body as bytes, refuses anything that is
 * not UTF-8, parses as before (still refusing __proto__ and constructor.prototype keys), then
 * refuses lone surrogates.
 */
export function registerJsonParser(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (
      request: FastifyRequest,
      body: Buffer,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      if (!isUtf8(body)) {
        const at = firstInvalidUtf8(body)
        done(
          new ServiceError(
            400,
            `The body is not valid UTF-8: byte ${at} (0x${(body[at] ?? 0).toString(16).toUpperCase().padStart(2, '0')}) does not belong there. Nothing was changed; send the JSON as UTF-8.`,
          ),
        )
        return
      }
      // RFC 8259: JSON sent over a network carries no byte order mark (a parser may skip one,
      // as Fastify's would): refused, it does not hide a client that sends one.
      if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
        done(
          new ServiceError(
            400,
            'The body starts with a byte order mark (EF BB BF), which JSON sent over a network must not have. Nothing was changed; send the JSON without it.',
          ),
        )
        return
      }
      const text = body.toString('utf8')
      parseJson(request, text, (error: Error | null, value?: unknown) => {
        if (error) return done(error)
        // Only a \uD800-\uDFFF escape can make one: the bytes are UTF-8, which has no surrogates.
        const lone = SURROGATE_ESCAPE.test(text) ? findString(value, LONE_SURROGATE) : undefined
        if (lone) {
          return done(
            badField(
              lone.path || '(the body)',
              `${lone.inKey ? 'a key holds' : 'holds'} a lone surrogate (a \\uD800-\\uDFFF escape without its pair), which is not text and cannot be stored; nothing was changed`,
            ),
          )
        }
        // Only a \u0000 escape can make one: JSON refuses a raw control character in a string.
        const nul = NUL_ESCAPE.test(text) ? findString(value, NUL) : undefined
        if (nul) {
          return done(
            badField(
              nul.path || '(the body)',
              `${nul.inKey ? 'a key holds' : 'holds'} a NUL character (\\u0000), which the board does not store in text; nothing was changed`,
            ),
          )
        }
        done(null, value)
      })
    },
  )
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/
const NUL_ESCAPE = /\\u0000/
const NUL = /\0/

/** `String.prototype.isWellFormed`, by code units. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The path of the first string or key `unwanted` matches. Iterative: nesting is unbounded. */
export function findString(
  value: unknown,
  unwanted: RegExp,
): { path: string; inKey: boolean } | undefined {
  const stack: [unknown, string][] = [[value, '']]
  while (stack.length > 0) {
    const [item, path] = stack.pop() as [unknown, string]
    if (typeof item === 'string') {
      if (unwanted.test(item)) return { path, inKey: false }
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${path}[${i}]`])
    } else if (typeof item === 'object' && item !== null) {
      const keys = Object.keys(item)
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string
        if (unwanted.test(key)) return { path, inKey: true }
        stack.push([(item as Record<string, unknown>)[key], path ? `${path}.${key}` : key])
      }
    }
  }
  return undefined
}

/**
 * Offset of the first byte that breaks UTF-8 (Unicode 15, table 3-7: no overlong forms, no
 * surrogates, nothing past U+10FFFF), or the length when the bytes are well-formed.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i] as number
    if (b < 0x80) {
      i++
      continue
    }
    let length: number
    let low = 0x80
    let high = 0xbf
    if (b >= 0xc2 && b <= 0xdf) length = 2
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3
      if (b === 0xe0) low = 0xa0
      if (b === 0xed) high = 0x9f
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4
      if (b === 0xf0) low = 0x90
      if (b === 0xf4) high = 0x8f
    } else return i
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k]
      if (c === undefined) return i
      if (k === 1 ? c < low || c > high : c < 0x80 || c > 0xbf) return i
    }
    i += length
  }
  return i
}

/**
 * A query whose percent-escapes are broken, or decode to bytes that are not UTF-8, would be read
 * as something else than was sent (a filter value altered): refused instead.
 */
export function queryRefusal(url: string): ServiceError | undefined {
  const start = url.indexOf('?')
  if (start < 0) return undefined
  const query = url.slice(start + 1)
  if (!query.includes('%')) return undefined
  for (const part of query.split('&')) {
    if (/%(?![0-9a-fA-F]{2})/.test(part)) {
      return new ServiceError(
        400,
        `The query has a "%" that does not start a percent-escape (% and two hex digits) in "${part.slice(0, 80)}"; write a literal % as %25.`,
      )
    }
    try {
      decodeURIComponent(part)
    } catch {
      return new ServiceError(
        400,
        `The query is not valid UTF-8 once its percent-escapes are decoded ("${part.slice(0, 80)}"); nothing was read. Encode text as UTF-8.`,
      )
    }
  }
  return undefined
}

/**
 * Input where the spec puts none: a GET of the interface reads its filters from the query and
 * takes no body, and the writes (create, update, dependency create and delete) take their fields
 * from the JSON body and no query parameters. Either one, dropped silently, would let a write go
 * ahead without what its sender put in the wrong place (a `?lagDays=5` on a dependency create
 * made a link with lag 0), so it is refused before anything is read or changed.
 */
export function misplacedInputRefusal(request: {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
}): ServiceError | undefined {
  const [path = '', query = ''] = request.url.split('?', 2)
  if (request.method === 'GET' || request.method === 'HEAD') {
    const length = request.headers['content-length']
    const hasBody =
      (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
    if (!hasBody) return undefined
    return new ServiceError(
      400,
      `GET takes no body: the filters of ${path} go in its query string, and nothing was read.`,
    )
  }
  const names = query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => part.split('=', 1)[0]!)
  if (names.length === 0) return undefined
  const named = [...new Set(names)]
    .slice(0, 5)
    .map((name) => `"${safeDecode(name).slice(0, 40)}"`)
    .join(', ')
  return new ServiceError(
    400,
    `${request.method} ${path} takes no query parameters (it has ${named}); its fields go in the JSON body. Nothing was changed.`,
  )
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}
