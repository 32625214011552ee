// Before an update batch goes out, the tasks it edits are read again and compared with what the
// user saw (their updatedAt). A task changed elsewhere meanwhile is a conflict: reported with who
// changed it, when, the fields that differ and the board's version, and not overwritten. The list
// endpoint has no id filter, so tasks are read with narrow queries built from their last known
// project, status, type and dates (readTasks, also used to learn a task's new updatedAt after
// the planner's own write).
import { isDeepStrictEqual } from 'node:util'
import { canBeListed, entryOf, SERVICE_LIMITS } from '../../src-shared/api'
import { applyUpdate } from '../../src-shared/api/apply-update'
import type { DayRange, ListTasksFilters, Task, UpdateTaskItem } from '../../src-shared/api'
import { ANY_VERSION } from '../../src-shared/ipc'
import type { EditConflict } from '../../src-shared/ipc'
import { dayOfTaskDate, parseInstant } from '../../src-shared/schedule/days'
import type { TaskLister } from './find-created-tasks'

/** Task fields an update can change, by the update field that changes them. */
const COMPARED: (keyof Task)[] = [
  'title',
  'description',
  'status',
  'assignedUserEmail',
  'priority',
  'pinToTop',
  'tags',
  'startDate',
  'dueDate',
  'properties',
  'milestoneId',
  'parentId',
]

/**
 * The days a board may file a task date under for a day filter: the day as written and the UTC
 * day of its instant. They differ for a date written with an offset (`2026-06-08T00:00+02:00`
 * is 7 June in UTC), and the spec does not say which a board's filter reads; asking for one
 * only, a task filed under the other was taken as moved away ("gone") and the edit held back.
 */
const filedDays = (timestamp: string) => [timestamp.slice(0, 10), dayOfTaskDate(timestamp)]

function rangeOf(days: string[]): DayRange {
  const sorted = [...days].sort()
  return { from: sorted[0] as string, to: sorted.at(-1) as string }
}

/**
 * Groups known tasks into list queries that should each return them all: by project, status,
 * type and which date they have; `byDay` also by the days their date may be filed under, the
 * narrowest query a task can be asked for.
 */
function queriesFor(tasks: Task[], byDay = false): { filters: ListTasksFilters; tasks: Task[] }[] {
  const groups = new Map<string, Task[]>()
  for (const task of tasks) {
    const by = task.dueDate ? 'due' : task.startDate ? 'start' : 'none'
    const days =
      byDay && by !== 'none' ? filedDays(by === 'due' ? task.dueDate : task.startDate) : []
    const key = JSON.stringify([task.projectKey, task.status, task.type, by, [...days].sort()])
    groups.set(key, [...(groups.get(key) ?? []), task])
  }
  return [...groups.values()].map((group) => {
    const [first] = group as [Task]
    // A project or status the list filter cannot name (a comma in it) is left out: the query is
    // wider, and a task missing from its complete answer has still moved away.
    const filters: ListTasksFilters = { type: first.type }
    if (canBeListed(first.projectKey)) filters.projectKey = [first.projectKey]
    if (canBeListed(first.status)) filters.status = [first.status]
    if (first.dueDate) filters.dueDate = rangeOf(group.flatMap((t) => filedDays(t.dueDate)))
    else if (first.startDate)
      filters.startDate = rangeOf(group.flatMap((t) => filedDays(t.startDate)))
    return { filters, tasks: group }
  })
}

/**
 * Reads `tasks` again from the board, by their last known fields. `found` holds those the
 * queries returned; `gone` those missing from a complete answer (their project, status, type or
 * dates changed elsewhere). A task in neither was in a full answer and is not known either way.
 *
 * A task missing from a group's answer is asked for again by its own days before it counts as
 * gone: "at most 100" lets a board answer fewer tasks than match (one that pages by 50 answered
 * half of a busy group, and the rest read as moved away: false conflicts held every edit of
 * them back), and a full answer of a wide group left its other tasks unchecked.
 */
export async function readTasks(
  lister: TaskLister,
  tasks: readonly Task[],
): Promise<{ found: Map<string, Task>; gone: Set<string> }> {
  const found = new Map<string, Task>()
  const gone = new Set<string>()
  // Each query once (a group on one day asks the same in both rounds), its answer shared.
  const answers = new Map<string, Promise<Map<string, Task>>>()
  const ask = (filters: ListTasksFilters) => {
    const asked = JSON.stringify(filters)
    let answer = answers.get(asked)
    if (!answer) {
      answer = lister.listTasks(filters).then((list) => new Map(list.map((t) => [t.id, t])))
      answers.set(asked, answer)
    }
    return answer
  }
  const groups = queriesFor([...tasks])
  const firstAnswers = await atMostAtOnce(groups, READS_AT_ONCE, (query) => ask(query.filters))
  groups.forEach((query, i) => {
    for (const task of query.tasks) {
      const now = firstAnswers[i]!.get(task.id)
      if (now) found.set(task.id, now)
    }
  })
  // A task asked for twice (where it was and where an edit puts it) and found once is found.
  const days = queriesFor(
    tasks.filter((task) => !found.has(task.id)),
    true,
  )
  const dayAnswers = await atMostAtOnce(days, READS_AT_ONCE, (query) => ask(query.filters))
  days.forEach((query, i) => {
    const remote = dayAnswers[i]!
    // Complete by the spec's page of 100. A board that pages by fewer and holds more than a
    // page of one project, status and type on one day still reads as "moved" here: no query
    // the interface offers is narrower (docs/planner-main.md, the edit journal).
    const complete = remote.size < SERVICE_LIMITS.listPage
    for (const task of query.tasks) {
      const now = remote.get(task.id)
      if (now) found.set(task.id, now)
      else if (complete && !found.has(task.id)) gone.add(task.id)
    }
  })
  return { found, gone }
}

/** List requests of one read-back in flight at once (the sync's own concurrency). */
const READS_AT_ONCE = 4

/** `work` on each item, at most `limit` at once; the answers in the items' order. */
async function atMostAtOnce<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next
      next += 1
      results[i] = await work(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/**
 * The conflicts of an update batch. A task is checked when the planner knows it and knows which
 * versions of it the user's edit was made on: `seen` (what the user saw) and `ours` (what the
 * planner read back after its own last write of the task). A task seen as ANY_VERSION is not
 * checked (the user chose to write over the board's version). Any other updatedAt on the board is
 * someone else's change, unless the board holds exactly what this edit makes (`holdsEdit`: the
 * planner's own write, not noted as sent). Values are compared structurally.
 */
export async function findConflicts(
  lister: TaskLister,
  edits: readonly UpdateTaskItem[],
  seen: Readonly<Record<string, string>>,
  known: ReadonlyMap<string, Task>,
  ours: ReadonlyMap<string, string> = new Map(),
): Promise<EditConflict[]> {
  const accepted = (id: string) =>
    [entryOf(seen, id), ours.get(id)].filter((v): v is string => v !== undefined)
  // The user chose to write over whatever the board has now (ANY_VERSION): nothing to check.
  const checked = edits.flatMap((edit) => {
    const task = edit.id === undefined ? undefined : known.get(edit.id)
    const versions = task ? accepted(task.id) : []
    return task && versions.length > 0 && !versions.includes(ANY_VERSION) ? [task] : []
  })
  if (checked.length === 0) return []
  const { found, gone } = await readTasks(lister, checked)
  const conflicts: EditConflict[] = []
  for (const task of checked) {
    const now = found.get(task.id)
    if (!now) {
      if (gone.has(task.id))
        conflicts.push({
          taskId: task.id,
          title: task.title,
          fields: ['status', 'dueDate', 'startDate'],
          changedBy: '',
          changedAt: '',
          theirs: null,
        })
      continue
    }
    // A version the edit was made on, unless its values changed under the same updatedAt (a
    // board that keeps whole seconds: another user's edit within the second the user saw).
    if (
      accepted(task.id).includes(now.updatedAt) &&
      (task.updatedAt !== now.updatedAt || differingFields(now, task).length === 0)
    )
      continue
    const own = edits.find((edit) => edit.id === task.id)
    if (own && holdsEdit(now, task, own)) continue
    const fields = differingFields(now, task)
    // A write elsewhere that changed nothing (a board may move updatedAt on any update item):
    // no conflict, but only where `task` is the version the user saw (or the planner's own last
    // write). Main's snapshot may be newer than what the renderer showed; compared with that,
    // "nothing differs" would not mean the user saw it.
    if (fields.length === 0 && accepted(task.id).includes(task.updatedAt)) continue
    conflicts.push({
      taskId: task.id,
      title: task.title,
      fields,
      changedBy: now.updatedBy,
      changedAt: now.updatedAt,
      theirs: now,
    })
  }
  return conflicts
}

/**
 * The board's task is exactly what the edit makes of the task the user saw: the planner's own
 * write, applied by the board but never noted as sent (its answer was lost, or the planner
 * stopped first), so the retry is no one else's change to guard. Any field that differs from
 * that (someone else's change since) keeps it a conflict. A description the edit sets is not
 * compared: the board converts it.
 */
export function holdsEdit(now: Task, seen: Task, edit: UpdateTaskItem): boolean {
  const expected = applyUpdate(seen, edit)
  return COMPARED.every((field) => {
    if (field === 'description' && edit.descriptionContent !== undefined) return true
    if (field === 'assignedUserEmail')
      return now.assignedUserEmail.toLowerCase() === expected.assignedUserEmail.toLowerCase()
    // A board may trim a title and keep tags in its own order, once each: still the edit.
    if (field === 'title') return now.title.trim() === expected.title.trim()
    if (field === 'tags') return sameTagSet(now.tags, expected.tags)
    return sameValue(field, now[field], expected[field])
  })
}

function sameTagSet(a: readonly string[], b: readonly string[]): boolean {
  const mine = new Set(b.map((tag) => tag.trim()))
  const theirs = new Set(a.map((tag) => tag.trim()))
  return mine.size === theirs.size && [...mine].every((tag) => theirs.has(tag))
}

/** The fields an update can change in which `now` differs from `other`. */
export function differingFields(now: Task, other: Task): string[] {
  return COMPARED.filter((field) => !sameValue(field, now[field], other[field]))
}

/**
 * Values compared structurally; dates by the instant they name, since a board may write back
 * the planner's `…T00:00:00.000Z` as `…T00:00:00Z` or with an offset (the planner's own write
 * then looked like someone else's change).
 */
function sameValue(field: keyof Task, a: unknown, b: unknown): boolean {
  if (
    (field === 'startDate' || field === 'dueDate') &&
    typeof a === 'string' &&
    typeof b === 'string'
  ) {
    if (a === b) return true
    const [at, bt] = [parseInstant(a), parseInstant(b)]
    return at !== undefined && at === bt
  }
  return isDeepStrictEqual(a, b)
}

/** A conflict in words: who changed what, when, and what happened to the user's edit. */
export function describeConflict(conflict: EditConflict): string {
  if (!conflict.theirs)
    return `${conflict.title} was moved or changed on the board since you last loaded it (it is no longer where it was), so your change was not sent.`
  const who = conflict.changedBy || 'someone'
  const what = conflict.fields.length > 0 ? ` (${conflict.fields.join(', ')})` : ''
  return `${conflict.title} was changed on the board by ${who} at ${conflict.changedAt}${what}, so your change was not sent.`
}
