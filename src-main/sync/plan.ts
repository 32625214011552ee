// What to ask next after a slice returned its page. Pure: the driver does the asking.
//
// The list returns the first 100 matches by due date (undated first), then creation. So a full
// page whose last task is due on day D holds every match due before D, and the same filters
// from D on return the next page: continuing along dueDate covers the dated tasks with no gaps
// and almost no overlap. What that cannot reach is split along the other filters:
// - a page whose last task has no due date: more than 100 undated tasks. Exhaustive filters
//   (type, pinToTop, and project and status when the caller gave the board's lists) cut the
//   slice into slices that each continue by due date (split.ts); after those, the dated part
//   continues as one slice and the undated part is split on its own;
// - a page of 100 tasks due the same day: that day is split on its own.
// A split by a filter whose field can be empty (assignee, priority, tag, start date) also keeps
// a "rest" branch for tasks in none of its buckets; the query cannot say "none of", so the rest
// keeps the parent's filters and is split along the next filters instead (cover.ts). Those
// splits wait until the board is idle: by then the pages asked so far size them far better.
// Without the board's lists, projects and statuses are split by the values seen, and the tasks
// with one never seen are reported rather than chased: no query could show that there are none.
import type { Task } from '../../src-shared/api'
import { coverNow, planCover } from './cover'
import { ALL_DAYS, dayOf, nextDay } from './days'
import { OPTIONAL_FROM } from './dimensions'
import type { ValueDimension } from './dimensions'
import { joinPlans, PAGE, plan } from './plan-types'
import type { Plan, PlanContext } from './plan-types'
import { truncatedSlice } from './slice'
import type { Slice } from './slice'
import { firstOpen, splitUndated, splitValues, stillFull } from './split'

export { PAGE } from './plan-types'
export type { Plan, PlanContext } from './plan-types'

export function planAfter(slice: Slice, page: readonly Task[], ctx: PlanContext): Plan {
  if (!slice.guessed && page.length < PAGE) return plan([])
  const last = page[page.length - 1] as Task
  if (slice.scope === 'undated') {
    // Undated tasks come first: a dated one on the page means none is missing.
    if (!slice.guessed && last.dueDate !== '') return plan([])
    return plan([], { deferred: [{ ...slice, page: [...page] }] })
  }
  if (slice.guessed || last.dueDate === '') return splitUndated(slice, page, ctx)
  const range = slice.filters.dueDate
  if (range && range.from === range.to) {
    // A day with 100 or more tasks: split along the other filters once the board is idle.
    return plan([], { deferred: [{ ...slice, page: [...page] }] })
  }
  return continueByDueDate(slice, page)
}

/**
 * Splits the slices left for when the board is idle (they all hold a page). Rest branches wait
 * one more round while anything else is split: their sizes are read from loaded tasks, so the
 * buckets beside them (and those split again after coming back full) must have loaded theirs.
 */
export function planDeferred(slices: readonly Slice[], ctx: PlanContext): Plan {
  const plans: Plan[] = []
  const cover: Slice[] = []
  for (const slice of slices) {
    const page = slice.page ?? []
    if (slice.guessed && !stillFull(slice, ctx)) {
      plans.push(plan([{ ...slice, page: undefined, guessed: undefined }]))
    } else if (slice.guessed && slice.scope === 'all') {
      plans.push(splitUndated(slice, page, ctx))
    } else {
      const open = firstOpen(slice)
      if (!open) plans.push(leaf(slice, page))
      else if (open.index >= OPTIONAL_FROM) cover.push(slice)
      else plans.push(splitValues(slice, page, ctx, open.index, open.dimension as ValueDimension))
    }
  }
  const [now, later] = coverNow(cover, plans.length > 0)
  plans.push(planCover(now, ctx), plan([], { deferred: later }))
  return joinPlans(plans)
}

const leaf = (slice: Slice, page: readonly Task[]): Plan =>
  plan([], {
    truncated: [
      truncatedSlice(
        slice,
        page.length,
        'the page is full and no filter splits it further; more tasks may share all these values',
      ),
    ],
  })

function continueByDueDate(slice: Slice, page: readonly Task[]): Plan {
  const range = slice.filters.dueDate ?? ALL_DAYS
  // Clamped, so that every step narrows even if a service sent days outside the range.
  const lastDay = dayOf((page[page.length - 1] as Task).dueDate)
  const day = lastDay < range.from ? range.from : lastDay > range.to ? range.to : lastDay
  const first = (page[0] as Task).dueDate
  const due = (from: string, to: string, page?: readonly Task[]): Slice => ({
    ...slice,
    filters: { ...slice.filters, dueDate: { from, to } },
    page: page ? [...page] : undefined,
  })
  const narrows = slice.filters.dueDate ? day > range.from : true
  if (narrows && (first === '' || dayOf(first) < day)) return plan([due(day, range.to)])
  // The whole page is due on one day: split that day on its own, continue after it.
  const slices = [due(day, day, page)]
  if (day < range.to) slices.push(due(nextDay(day), range.to))
  return plan(slices)
}
