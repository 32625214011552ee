import type { z } from 'zod'
import { describeIssues, toFieldIssues } from '../../src-shared/api'
import type { FieldIssue } from '../../src-shared/api'
import { ServiceError } from '../store/service-error'

/** What a JSON body that is not an object is, for the sentence that says so. */
function describeNonObject(body: unknown): string | undefined {
  if (body === undefined) return 'empty'
  if (body === null) return 'null'
  if (Array.isArray(body)) return 'an array'
  if (typeof body === 'string') return 'a string'
  if (typeof body === 'number') return 'a number'
  if (typeof body === 'boolean') return String(body)
  return undefined
}

/**
 * Parses a request body with a strict schema, or throws a 400 that names the first bad item and
 * field. A body that is no object at all is said so in the words of the empty body's answer:
 * the schema's own words for `null` were "expected object, received undefined".
 */
export function parseOrThrow<T>(schema: z.ZodType<T>, body: unknown): T {
  const what = describeNonObject(body)
  if (what !== undefined) throw new ServiceError(400, `The body is ${what}; send a JSON object.`)
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const issues = toFieldIssues(result.error)
  throw new ServiceError(400, describeIssues(issues, 'Invalid request'), 'INVALID_REQUEST', issues)
}

/** `Query parameter "name" <problem>.`, as the task list words its refusals. */
function queryError(path: string, problem: string, issues: FieldIssue[], more = 0): ServiceError {
  // A problem that reads on from the name ("is empty", "must be …"); any other after a colon.
  const reads = /^(must|is|has|takes) /.test(problem) ? ` ${problem}` : `: ${problem}`
  const rest = more > 0 ? ` (and ${more} more problem${more > 1 ? 's' : ''})` : ''
  return new ServiceError(
    400,
    `Query parameter "${path}"${reads}${rest}.`,
    'INVALID_REQUEST',
    issues,
  )
}

/**
 * Parses a query of single-valued parameters (the dependency list's) with a strict schema, or
 * throws a 400 worded as the task list's are (`Query parameter "taskKey" is given more than
 * once; …`), so that both list endpoints say the same thing about the same mistake.
 */
export function parseQueryOrThrow<T>(
  schema: z.ZodType<T>,
  query: Record<string, string | string[] | undefined>,
): T {
  for (const [name, value] of Object.entries(query)) {
    const problem = Array.isArray(value)
      ? 'is given more than once; it takes one value'
      : value === ''
        ? 'is empty'
        : undefined
    if (problem) throw queryError(name, problem, [{ path: name, message: problem }])
  }
  const result = schema.safeParse(query)
  if (result.success) return result.data
  const issues = toFieldIssues(result.error)
  const [first] = issues as [FieldIssue]
  // A rule broken at a parameter the query lacks (the other half of a pair) is its absence.
  const problem = first.message.startsWith('unknown field')
    ? 'is not a filter of this endpoint'
    : Object.hasOwn(query, first.path)
      ? first.message
      : `is missing: ${first.message}`
  throw queryError(first.path, problem, issues, issues.length - 1)
}
