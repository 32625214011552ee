// The state both task forms keep besides the draft: which fields the user has touched (a rule is
// shown once its field is touched, or for every field after a first Save/Create), and the tag
// still being typed. Plain functions, so the rules are tested without a DOM.
import type { DraftPropertyValue, TaskDraft } from './draft'
import type { TaskFieldChanges } from './to-request'
import type { FieldErrors } from './validate'
import { tagProblem, tagsProblem } from './validate'

/**
 * The error keys a change of these draft fields can produce. With the draft `before` it, only
 * the properties and subtask fields whose value changed count (the patch holds all of them): a
 * new blank subtask row, or an edit of one property, showed every other one's rule at once.
 */
export function touchedBy(
  patch: Partial<TaskDraft>,
  before?: TaskDraft,
  /** Each date as itself (what the user edited), not both (whose rule to show). */
  datesApart = false,
): string[] {
  const keys: string[] = []
  for (const field of Object.keys(patch) as (keyof TaskDraft)[]) {
    if (field === 'properties') {
      for (const [name, value] of Object.entries(patch.properties ?? {}))
        if (!before || !Object.is(before.properties[name], value)) keys.push(`property:${name}`)
    } else if (field === 'subtasks') {
      for (const s of patch.subtasks ?? []) {
        const was = before?.subtasks.find((b) => b.key === s.key)
        if (before && !was) continue
        if (!was || was.title !== s.title) keys.push(`subtask:${s.key}`)
        if (!was || was.assignedUserEmail !== s.assignedUserEmail)
          keys.push(`subtask:${s.key}:assignee`)
        if (!was || was.dueDate !== s.dueDate) keys.push(`subtask:${s.key}:due`)
      }
    } else if ((field === 'startDate' || field === 'dueDate') && !datesApart) {
      // The order rule is reported on the start: either date can break it.
      keys.push('startDate', 'dueDate')
    } else keys.push(field)
  }
  return keys
}

/** The errors to show: all of them after an attempt to send, else those of touched fields. */
export function shownErrors(
  errors: FieldErrors,
  touched: ReadonlySet<string>,
  attempted: boolean,
): FieldErrors {
  if (attempted) return errors
  return Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field)))
}

/** Focuses the first field that shows a rule, so keyboard users land on what to fix. */
export function focusFirstInvalid(root: HTMLElement | null): void {
  root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}

/** The tags with the typed text added, or a reason the typed text is not a tag. */
export function withPendingTag(
  tags: readonly string[],
  pending: string,
): { tags: string[] } | { problem: string } {
  const text = pending.trim()
  if (text === '') return { tags: [...tags] }
  const problem = tagProblem(text)
  if (problem) return { problem: `"${text.slice(0, 40)}": ${problem}` }
  if (tags.includes(text)) return { tags: [...tags] }
  // The typed tag is sent with the others: the list's own rules (how many) hold for it too.
  const merged = [...tags, text]
  const listProblem = tagsProblem(merged)
  return listProblem ? { problem: listProblem } : { tags: merged }
}

/**
 * The errors that stop a Save of the details panel: those of fields the save sends. A task from
 * another board may hold values our rules refuse (a tag with a comma, a title past 500
 * characters, a milestone with a parent) that the user never touched and the save does not send;
 * they are shown, but blocked every save of the task, and on a field a milestone does not show
 * (Parent) Save did nothing without a word. The start-after-due rule, reported on the start,
 * stops a save that sends either date.
 */
export function blockingErrors(errors: FieldErrors, changes: TaskFieldChanges): FieldErrors {
  const sent = (field: string): boolean => {
    if (field.startsWith('property:'))
      return Object.hasOwn(changes.properties ?? {}, field.slice('property:'.length))
    if (field === 'startDate') return 'startDate' in changes || 'dueDate' in changes
    if (SENT_AS_NAMED.has(field)) return field in changes
    return true // a rule of a field not listed here stops the save, as before
  }
  return Object.fromEntries(Object.entries(errors).filter(([field]) => sent(field)))
}

/** Error keys that are also the name of the update field that sends them. */
const SENT_AS_NAMED: ReadonlySet<string> = new Set([
  'title',
  'projectKey',
  'status',
  'assignedUserEmail',
  'tags',
  'descriptionContent',
  'dueDate',
  'parentId',
  'milestoneId',
])

/**
 * The draft after the task changed while its panel was open (a sync brought another user's
 * change in, or the user dragged the bar): each field the user left as the panel showed it
 * (`shown`, the draft of the version shown until now) takes the task's new value (`now`); a
 * field the user changed keeps the user's value. Custom properties one by one. Before, the panel
 * went on showing the old values of fields it would not send.
 */
export function followTask(
  draft: TaskDraft,
  shown: TaskDraft,
  now: TaskDraft,
  /**
   * Fields the user edited (touchedBy's keys, dates apart): theirs, even when set back to the
   * same value.
   */
  touched: ReadonlySet<string> = new Set(),
): TaskDraft {
  const next: TaskDraft = { ...draft }
  const fields = Object.keys(draft) as (keyof TaskDraft)[]
  for (const field of fields) {
    if (field === 'properties' || field === 'subtasks' || touched.has(field)) continue
    if (sameDraftValue(draft[field], shown[field])) Object.assign(next, { [field]: now[field] })
  }
  const properties: Record<string, DraftPropertyValue> = { ...draft.properties }
  for (const name of new Set([...Object.keys(shown.properties), ...Object.keys(now.properties)])) {
    const mine = Object.hasOwn(draft.properties, name) ? draft.properties[name] : undefined
    const was = Object.hasOwn(shown.properties, name) ? shown.properties[name] : undefined
    if (touched.has(`property:${name}`) || !sameDraftValue(mine, was)) continue
    if (Object.hasOwn(now.properties, name))
      Object.defineProperty(properties, name, {
        value: now.properties[name],
        enumerable: true,
        writable: true,
        configurable: true,
      })
    else delete properties[name]
  }
  next.properties = properties
  return next
}

function sameDraftValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => Object.is(item, b[i]))
  return Object.is(a, b)
}
