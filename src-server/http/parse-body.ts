import type { z } from 'zod'
import { describeIssues, toFieldIssues } from '../../src-shared/api'
import { ServiceError } from '../store/service-error'

/** Parses with a strict schema, or throws a 400 that names the first bad item and field. */
export function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, what = 'Invalid request'): T {
  const result = schema.safeParse(input ?? undefined)
  if (result.success) return result.data
  const issues = toFieldIssues(result.error)
  throw new ServiceError(400, describeIssues(issues, what), 'INVALID_REQUEST', issues)
}
