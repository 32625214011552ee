// A saved view: a board's filters, zoom, collapsed rows and row order under a name the user gave. Main keeps
// them per board in a JSON file (src-main/views) and checks them with these schemas on the way
// in over IPC and again when it reads the file back.
import { z } from 'zod'
import { isCalendarDate } from '../api/dates'
import { idTableSchema } from '../api/id-table-schema'
import { Priority, TaskType } from '../api/enums'
import type { ListTasksFilters } from '../api/list-filters'

/** The timeline's zoom levels (src-renderer/state ZOOMS must equal this list; its tests check). */
export const VIEW_ZOOMS = ['day', 'week', 'month', 'quarter', 'year'] as const

/** The tree's sibling orders (src-renderer/state SORT_CHOICES must equal this list; tests check). */
export const VIEW_SORTS = ['board', 'start', 'due', 'key'] as const

export const VIEW_NAME_MAX = 60
/** More than any planner keeps by hand; it bounds the file. */
export const VIEWS_PER_BOARD_MAX = 200

// Control characters (C0, DEL, C1) and the line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** What is wrong with a view name, or undefined when it can be used (after trimming). */
export function viewNameProblem(name: string): string | undefined {
  const trimmed = name.normalize('NFC').trim()
  if (trimmed === '') return 'Give the view a name.'
  // Characters as the user counts them: code points (an emoji is one, not two UTF-16 units).
  const length = [...trimmed].length
  if (length > VIEW_NAME_MAX)
    return `A view name has at most ${VIEW_NAME_MAX} characters (this one has ${length}).`
  if (CONTROL.test(trimmed)) return 'A view name cannot hold line breaks or control characters.'
  return undefined
}

export const ViewName = z.string().superRefine((name, ctx) => {
  const problem = viewNameProblem(name)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

const Item = z
  .string()
  .min(1)
  .max(1_000)
  .refine((v) => !v.includes(','), 'no commas inside one value')
const Items = z.array(Item).min(1).max(1_000)
const Day = z.string().refine(isCalendarDate, 'a date YYYY-MM-DD')
const DayRangeSchema = z
  .strictObject({ from: Day, to: Day })
  .refine((r) => r.from <= r.to, 'a range that starts before it ends')

/**
 * Property name -> its filter, in a table with no prototype. A board names its properties
 * freely, and a record schema drops a "__proto__" key without a word: the view came back
 * without that filter (as BaselineTasks reads task ids).
 */
const PropertyFilters = idTableSchema({
  notAnObject: 'expected an object of property names and their filters',
  maxKeyLength: 1_000,
  keyProblem: 'a property name must be 1 to 1,000 characters',
  value: z.string().min(1).max(10_000),
  valueProblem: 'a property filter must be text of 1 to 10,000 characters',
})

/** The list endpoint's filters (ListTasksFilters), as a view stores them. */
export const ViewFilters = z.strictObject({
  projectKey: Items.optional(),
  status: Items.optional(),
  assignedUserEmail: Items.optional(),
  priority: Priority.optional(),
  tag: Items.optional(),
  pinToTop: z.boolean().optional(),
  startDate: DayRangeSchema.optional(),
  dueDate: DayRangeSchema.optional(),
  type: TaskType.optional(),
  milestoneId: Item.optional(),
  properties: PropertyFilters.optional(),
})
// A stored view's filters are list filters as they are.
export const viewFiltersAreListFilters = (f: z.infer<typeof ViewFilters>): ListTasksFilters => f

export const ViewContent = z.strictObject({
  name: ViewName,
  filters: ViewFilters,
  zoom: z.enum(VIEW_ZOOMS),
  /** Collapsed parents and project groups (the tree's only grouping so far). */
  collapsedIds: z.array(z.string().max(1_000)).max(100_000),
  /** How rows are ordered under their parent or group (Sort); views saved before lack it. */
  sort: z.enum(VIEW_SORTS).optional(),
})
export type ViewContent = z.infer<typeof ViewContent>

export const SavedView = z.strictObject({
  ...ViewContent.shape,
  /** When it was last saved (ISO time). */
  savedAt: z.string(),
})
export type SavedView = z.infer<typeof SavedView>
