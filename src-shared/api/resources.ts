// Resources as the service returns them. Response schemas are loose: a server may add fields,
// and a client must keep working when it does.
import { z } from 'zod'
import { isCalendarDate } from './dates'
import { TaskType } from './enums'

// Values seen, kept: a board's dates repeat (a sync reads each task several times over).
const readDates = new Map<string, string | null>()
const READ_DATES_KEPT = 50_000

/**
 * An ISO 8601 / RFC 3339 date or timestamp in the forms a board may well send besides the
 * canonical one: a space or a lower-case `t` between day and time, a lower-case `z`, a decimal
 * comma, an offset without its colon or minutes (`+00`, `+0530`).
 */
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})(?:[Tt ]([01]\d|2[0-3])(:[0-5]\d(?::(?:[0-5]\d|60)(?:[.,]\d+)?)?)\s?([Zz]|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?)?$/

/**
 * A task's start or due date as a board sends it, read into the form the planner keeps: '' for
 * none, else an ISO 8601 date or timestamp in the extended form (`YYYY-MM-DD`, or that day then
 * `T` and a time, with `Z` or a `±hh:mm` offset when it has one). The other spellings RFC 3339
 * and ISO 8601 allow (see TIMESTAMP) are written that way: refused, one such date failed its
 * page and with it the whole sync. The sync cuts the board by the calendar day written first
 * and the timeline reads the instant; a value with neither (the basic form `20240209T000000Z`,
 * `2024-1-9`, `soon`) could be placed on no day, so the page is refused naming the field,
 * instead of the sync stopping on it later. Undefined for such a value.
 */
export function readTaskDate(value: string): string | undefined {
  if (value === '') return ''
  let read = readDates.get(value)
  if (read === undefined) {
    read = normalisedDate(value)
    if (readDates.size >= READ_DATES_KEPT) readDates.clear()
    readDates.set(value, read)
  }
  return read ?? undefined
}

function normalisedDate(value: string): string | null {
  const parts = TIMESTAMP.exec(value)
  let read: string = value
  if (parts) {
    const [, day, hour, rest, zone] = parts
    const offset =
      zone === undefined
        ? ''
        : zone === 'Z' || zone === 'z'
          ? 'Z'
          : zone.length === 3
            ? `${zone}:00`
            : zone.includes(':')
              ? zone
              : `${zone.slice(0, 3)}:${zone.slice(3)}`
    read = hour === undefined ? day! : `${day}T${hour}${rest!.replace(',', '.')}${offset}`
  } else if (value[10] !== 'T') return null
  const readable = isCalendarDate(read.slice(0, 10)) && !Number.isNaN(Date.parse(read))
  return readable ? read : null
}

/** Whether a board's task date can be read (see readTaskDate). */
export function isReadableTaskDate(value: string): boolean {
  return readTaskDate(value) !== undefined
}

const TaskDate = z.string().transform((value, context) => {
  const read = readTaskDate(value)
  if (read !== undefined) return read
  context.addIssue({
    code: 'custom',
    message: 'must be "" or an ISO 8601 date or timestamp starting YYYY-MM-DD',
  })
  return z.NEVER
})

// As the interface gives it. A board's answers pass nullsAsNoValue (responses.ts) first, which
// reads a field with a plain "no value" as that value when a board sends null or leaves it out,
// a numeric-string key as the number and a priority the spec does not name as none; the schema
// itself stays strict (the planner's own snapshots and messages are checked with it).
/**
 * A task's custom properties, name to value, kept as the board sent them: a record schema would
 * copy them into a new object and drop a property named "__proto__" (the spec lets a board name
 * its properties anything). Readers take own entries only (entryOf).
 */
const TaskProperties = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { message: 'expected an object of property names and values' },
)

export const Task = z.looseObject({
  id: z.string(),
  parentId: z.string(),
  projectKey: z.string(),
  key: z.number().int(),
  title: z.string(),
  description: z.string(),
  coverImageUrl: z.string(),
  assignedUserEmail: z.string(),
  startDate: TaskDate,
  dueDate: TaskDate,
  status: z.string(),
  tags: z.array(z.string()),
  pinToTop: z.boolean(),
  priority: z.enum(['low', 'medium', 'high', '']),
  // Older servers did not send these two; the current interface always does.
  type: TaskType.default('task'),
  milestoneId: z.string().default(''),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
  startedAt: z.string(),
  startedBy: z.string(),
  endedAt: z.string(),
  endedBy: z.string(),
  properties: TaskProperties,
})
export type Task = z.infer<typeof Task>

export const Dependency = z.looseObject({
  id: z.string(),
  predecessorId: z.string(),
  predecessorKey: z.number().int(),
  predecessorProjectKey: z.string(),
  predecessorTitle: z.string(),
  predecessorUrl: z.string(),
  successorId: z.string(),
  successorKey: z.number().int(),
  successorProjectKey: z.string(),
  successorTitle: z.string(),
  successorUrl: z.string(),
  // The spec types a lag as a number, not a whole one: a board may keep half days. The planner
  // schedules in whole days (the schedule index drops the fraction) and writes whole lags only.
  lagDays: z.number(),
  createdAt: z.string(),
})
export type Dependency = z.infer<typeof Dependency>

export const UpdatedTaskInfo = z.looseObject({
  id: z.string(),
  projectKey: z.string(),
  key: z.number().int(),
  title: z.string(),
  url: z.string(),
})
export type UpdatedTaskInfo = z.infer<typeof UpdatedTaskInfo>
