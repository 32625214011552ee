import { z } from 'zod'
import { NonEmptyId, TaskKey } from './fields'
import { SERVICE_LIMITS as L } from './limits'

/** A task named by id or by project key + key, under a role prefix (predecessor, successor, task). */
function refRule(
  ctx: z.RefinementCtx,
  item: Record<string, unknown>,
  role: string,
  required: boolean,
): boolean {
  const id = item[`${role}Id`]
  const projectKey = item[`${role}ProjectKey`]
  const key = item[`${role}Key`]
  const byKey = projectKey !== undefined || key !== undefined
  if (id === undefined && !byKey) {
    if (required)
      ctx.addIssue({
        code: 'custom',
        path: [`${role}Id`],
        message: `identify the ${role} by ${role}Id, or by ${role}ProjectKey + ${role}Key`,
      })
    return false
  }
  if (id !== undefined && byKey) {
    ctx.addIssue({
      code: 'custom',
      path: [`${role}Id`],
      message: `identify the ${role} by ${role}Id or by ${role}ProjectKey + ${role}Key, not both`,
    })
  } else if (byKey && (projectKey === undefined || key === undefined)) {
    const missing = projectKey === undefined ? `${role}ProjectKey` : `${role}Key`
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `${role}ProjectKey and ${role}Key go together`,
    })
  }
  return true
}

const endpoints = {
  predecessorId: NonEmptyId.optional(),
  predecessorProjectKey: NonEmptyId.optional(),
  predecessorKey: TaskKey.optional(),
  successorId: NonEmptyId.optional(),
  successorProjectKey: NonEmptyId.optional(),
  successorKey: TaskKey.optional(),
}

export const CreateDependencyBody = z
  .strictObject({
    ...endpoints,
    lagDays: z
      .number()
      .int('must be a whole number of days')
      .min(0, 'must not be negative (leads are not supported)')
      .max(L.lagDays, `at most ${L.lagDays} days`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    refRule(ctx, body, 'predecessor', true)
    refRule(ctx, body, 'successor', true)
  })
export type CreateDependencyBody = z.infer<typeof CreateDependencyBody>

/**
 * A create as the planner may send it: the lag any number of days the spec allows ("number").
 * Our own board takes whole days from 0 to 3650 (CreateDependencyBody, which the forms check a
 * typed lag against); another board may hold 2.5, -1 or 5000, and undo of a delete, or the
 * restore after a failed lag change, must give back exactly the lag the board held.
 */
export const SendDependencyBody = z
  .strictObject({
    ...endpoints,
    lagDays: z.number().finite('must be a number of days').optional(),
  })
  .superRefine((body, ctx) => {
    refRule(ctx, body, 'predecessor', true)
    refRule(ctx, body, 'successor', true)
  })
export type SendDependencyBody = z.infer<typeof SendDependencyBody>

export const DeleteDependencyBody = z
  .strictObject({ id: NonEmptyId.optional(), ...endpoints })
  .superRefine((body, ctx) => {
    const hasPredecessor = refRule(ctx, body, 'predecessor', body.id === undefined)
    const hasSuccessor = refRule(ctx, body, 'successor', body.id === undefined)
    if (body.id !== undefined && (hasPredecessor || hasSuccessor)) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: 'give the dependency id or its two tasks, not both',
      })
    }
  })
export type DeleteDependencyBody = z.infer<typeof DeleteDependencyBody>

/** How the spec writes a key (`WEB-12`): decimal digits, no sign, no leading zero. */
const DECIMAL_KEY = /^[1-9][0-9]*$/

/**
 * A task key in a query, where it arrives as text: decimal digits only, so that `0x10`, `0b11`,
 * `1e1`, `+16`, ` 16` or `016` are refused rather than read as some other key. A number (the
 * planner's own calls) passes as it is.
 */
export const TaskKeyParam = z
  .union([z.number(), z.string()])
  .transform((value, ctx) => {
    if (typeof value === 'number') return value
    if (DECIMAL_KEY.test(value)) return Number(value)
    ctx.addIssue({
      code: 'custom',
      message:
        'must be a task key in decimal digits, like 12 (no sign, spaces, leading zero, exponent, or 0x/0o/0b prefix)',
    })
    return z.NEVER
  })
  .pipe(TaskKey)

/** Query of GET /api/v1/dependencies. `taskKey` arrives as a string in a query. */
export const ListDependenciesQuery = z
  .strictObject({
    taskId: NonEmptyId.optional(),
    taskProjectKey: NonEmptyId.optional(),
    taskKey: TaskKeyParam.optional(),
  })
  .superRefine((query, ctx) => {
    refRule(ctx, query, 'task', false)
  })
export type ListDependenciesQuery = z.infer<typeof ListDependenciesQuery>
