// The words of a drop: the pushed tasks the user cannot see, named in the cascade's question,
// and a drop the calendar's ends hold back, said in a message (what-if.ts).
import { daysWithin, parseInstant } from '../../src-shared/schedule/days'
import { keyNamer } from '../dependencies/dependency-words'
import { selectFilterOutcome } from '../filters/filter-outcome'
import type { Command, PlannerState } from '../state'
import type { RowsShown } from './what-if'

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** How many pushed tasks the question names when they are not shown; the rest are counted. */
const UNSEEN_NAMED = 3
const TITLE_CHARS = 30

const shortTitle = (title: string) =>
  title.length <= TITLE_CHARS ? title : `${title.slice(0, TITLE_CHARS - 1).trimEnd()}…`

/**
 * The pushed tasks the user cannot see (the filters hide them, or they are under a collapsed
 * parent or project): "Apply all" writes them too, so the question names them, with their days.
 */
export function unseenWords(
  state: PlannerState,
  pushed: readonly { id: string; days: number }[],
  rows: RowsShown | undefined,
): string[] {
  const shown = new Set(selectFilterOutcome(state).shown.map((t) => t.id))
  const unseen = pushed.filter((m) => !shown.has(m.id) || (rows !== undefined && !rows.has(m.id)))
  if (unseen.length === 0) return []
  const { tasksById, dependencies } = state.board
  const keyOf = keyNamer(tasksById, dependencies)
  const named = unseen.slice(0, UNSEEN_NAMED).map((m) => {
    const task = tasksById[m.id]
    const days = m.days >= 0 ? plural(m.days, 'day') : `${plural(-m.days, 'day')} earlier`
    return `${keyOf(m.id)}${task ? ` ${shortTitle(task.title)}` : ''} (${days})`
  })
  const more = unseen.length - named.length
  const list =
    more > 0
      ? `${named.join(', ')} and ${more} more`
      : named.length > 1
        ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`
        : named[0]!
  return [`Not shown, also moved: ${list}`]
}

/**
 * A drop the calendar's ends hold back (every task moves by the same days, and no date may
 * leave years 0000-9999): what the message says, naming the task that holds it. Undefined when
 * the drop is not held.
 */
export function heldWords(
  tasksById: PlannerState['board']['tasksById'],
  command: Command,
): string | undefined {
  let days: number
  let ends: [string, string[]][]
  if (command.kind === 'moveTasks') {
    days = command.days
    ends = command.ids.flatMap((id) => {
      const task = tasksById[id]
      if (!task) return []
      const dates = [task.type === 'milestone' ? '' : task.startDate, task.dueDate]
      return [[id, dates.filter((d) => parseInstant(d) !== undefined)] as [string, string[]]]
    })
  } else if (command.kind === 'resizeTask') {
    const task = tasksById[command.id]
    if (!task || task.type === 'milestone') return undefined
    days = command.days
    const edge =
      command.edge === 'start' ? task.startDate || task.dueDate : task.dueDate || task.startDate
    ends = parseInstant(edge) === undefined ? [] : [[command.id, [edge]]]
  } else return undefined
  let held = days
  let holder: string | undefined
  for (const [id, dates] of ends) {
    const kept = daysWithin(held, dates)
    if (kept !== held) {
      held = kept
      holder = id
    }
  }
  if (holder === undefined) return undefined
  const task = tasksById[holder]
  const name = task ? `${keyNamer(tasksById, [])(holder)} ${shortTitle(task.title)}` : holder
  const limit =
    days > 0
      ? 'past 9999-12-31, the last day a date can hold'
      : 'before 0000-01-01, the first day a date can hold'
  const what =
    held === 0 ? 'Not moved' : `Moved ${plural(Math.abs(held), 'day')}, not ${Math.abs(days)}`
  return `${what}: ${name} would go ${limit}.`
}
