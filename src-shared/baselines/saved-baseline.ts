// A baseline: every task's dates of one board at one moment, under a name the user gave. The
// interface has no history endpoint, so this is the planner's own history: main keeps baselines
// per board in a JSON file on this computer (src-main/baselines), checked with these schemas on
// the way in over IPC and again when the file is read back.
import { z } from 'zod'
import { idTableSchema } from '../api/id-table-schema'

export const BASELINE_NAME_MAX = 60
/** A few snapshots per board are what people compare against; it also bounds the file. */
export const BASELINES_PER_BOARD_MAX = 20
/** Tasks one baseline can hold (a 50,000-task board fits; IPC bodies stay under 8 MB). */
export const BASELINE_TASKS_MAX = 60_000

// Control characters (C0, DEL, C1) and the line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** What is wrong with a baseline name, or undefined when it can be used (after trimming). */
export function baselineNameProblem(name: string): string | undefined {
  const trimmed = name.normalize('NFC').trim()
  if (trimmed === '') return 'Give the baseline a name.'
  // Characters as the user counts them: code points (an emoji is one, not two UTF-16 units).
  const length = [...trimmed].length
  if (length > BASELINE_NAME_MAX)
    return `A baseline name has at most ${BASELINE_NAME_MAX} characters (this one has ${length}).`
  if (CONTROL.test(trimmed)) return 'A baseline name cannot hold line breaks or control characters.'
  return undefined
}

export const BaselineName = z.string().superRefine((name, ctx) => {
  const problem = baselineNameProblem(name)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** One task's dates as the board had them ('' when it had none). */
export const BaselineTaskDates = z.strictObject({
  startDate: z.string().max(64),
  dueDate: z.string().max(64),
})
export type BaselineTaskDates = z.infer<typeof BaselineTaskDates>

/**
 * Task id -> its dates, in a table with no prototype. The spec makes an id any string, and a
 * record schema drops a "__proto__" key: that task had no baseline bar and no slip, while the
 * save said it was counted. So the entries are read as they are (as SeenVersions reads them).
 */
export const BaselineTasks = idTableSchema({
  notAnObject: 'expected an object of task IDs and the dates of each',
  maxKeyLength: 1_000,
  keyProblem: 'a task ID must be 1 to 1,000 characters',
  value: BaselineTaskDates,
}).refine(
  (tasks) => Object.keys(tasks).length <= BASELINE_TASKS_MAX,
  `A baseline holds at most ${BASELINE_TASKS_MAX} tasks.`,
)

export const BaselineContent = z.strictObject({ name: BaselineName, tasks: BaselineTasks })
export type BaselineContent = z.infer<typeof BaselineContent>

export const SavedBaseline = z.strictObject({
  ...BaselineContent.shape,
  /** When it was saved (ISO time). */
  savedAt: z.string(),
})
export type SavedBaseline = z.infer<typeof SavedBaseline>

/** What the list shows of a baseline: no dates (a 50,000-task baseline is megabytes). */
export const BaselineSummary = z.strictObject({
  name: z.string(),
  savedAt: z.string(),
  taskCount: z.number().int().nonnegative(),
})
export type BaselineSummary = z.infer<typeof BaselineSummary>
