// Loaded tasks indexed by the filters a slice's query uses, so that finding the loaded matches of
// a query reads only the tasks of its narrowest filter, not the whole board. Every strategy
// decision asks this several times; at 50,000 tasks a scan per question made the sync's own
// bookkeeping cost more than the service's replies (bench/board/refresh.ts profiled 76 % of the
// main thread there). The index only narrows: `matchesFilters` still has the last word.
import type { ListTasksFilters, Task } from '../../src-shared/api'
import { dayOf } from './days'
import { DIMENSIONS } from './dimensions'
import type { DimensionName } from './dimensions'
import { matchesFilters } from './slice'

/** Value filters indexed per value (a task is listed under each of its values). */
const INDEXED: readonly DimensionName[] = [
  'projectKey',
  'status',
  'assignedUserEmail',
  'priority',
  'tag',
  'type',
  'pinToTop',
]

export class TaskIndex {
  private readonly all: Task[] = []
  private readonly byValue = new Map<DimensionName, Map<string, Task[]>>(
    INDEXED.map((name) => [name, new Map()]),
  )
  private readonly byDueDay = new Map<string, Task[]>()
  /** Due days in order with how many tasks fall before each; rebuilt after new tasks come. */
  private dueDays: { days: string[]; before: number[] } | undefined

  add(task: Task): void {
    this.all.push(task)
    for (const name of INDEXED) {
      const buckets = this.byValue.get(name) as Map<string, Task[]>
      for (const value of DIMENSIONS[name].of(task)) push(buckets, value, task)
    }
    const due = dayOf(task.dueDate)
    if (due !== '') {
      push(this.byDueDay, due, task)
      this.dueDays = undefined
    }
  }

  get size(): number {
    return this.all.length
  }

  tasks(): readonly Task[] {
    return this.all
  }

  /** Loaded tasks the query of `filters` returns. */
  matching(filters: ListTasksFilters): Task[] {
    return this.narrowest(filters).filter((task) => matchesFilters(task, filters))
  }

  /** The smallest indexed group of tasks that holds every match of `filters`. */
  private narrowest(filters: ListTasksFilters): readonly Task[] {
    let best: { size: number; tasks: () => readonly Task[] } = {
      size: this.all.length,
      tasks: () => this.all,
    }
    for (const name of INDEXED) {
      const dimension = DIMENSIONS[name]
      if (dimension.kind !== 'values') continue
      const wanted = dimension.get(filters)
      if (!wanted) continue
      const values = name === 'assignedUserEmail' ? wanted.map((v) => v.toLowerCase()) : wanted
      const buckets = this.byValue.get(name) as Map<string, Task[]>
      const groups = values.map((v) => buckets.get(v) ?? [])
      const size = groups.reduce((sum, group) => sum + group.length, 0)
      // A task with two of the tags is in two groups: listed once.
      const tasks = () =>
        groups.length === 1 ? (groups[0] as Task[]) : [...new Set(groups.flat())]
      if (size < best.size) best = { size, tasks }
    }
    const range = filters.dueDate
    if (range) {
      const { days, before } = this.sortedDueDays()
      const low = firstAtLeast(days, range.from)
      const high = firstAtLeast(days, nextAfter(range.to))
      const size = (before[high] as number) - (before[low] as number)
      if (size < best.size)
        best = {
          size,
          tasks: () => days.slice(low, high).flatMap((d) => this.byDueDay.get(d) ?? []),
        }
    }
    return best.tasks()
  }

  private sortedDueDays(): { days: string[]; before: number[] } {
    if (!this.dueDays) {
      const days = [...this.byDueDay.keys()].sort()
      const before = [0]
      for (const day of days)
        before.push((before.at(-1) as number) + (this.byDueDay.get(day)?.length ?? 0))
      this.dueDays = { days, before }
    }
    return this.dueDays
  }
}

function push(map: Map<string, Task[]>, key: string, task: Task): void {
  const group = map.get(key)
  if (group) group.push(task)
  else map.set(key, [task])
}

/** Index of the first of the sorted `days` at or after `day` (days.length when none). */
function firstAtLeast(days: readonly string[], day: string): number {
  let low = 0
  let high = days.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((days[middle] as string) < day) low = middle + 1
    else high = middle
  }
  return low
}

/** A string just above every `YYYY-MM-DD` day equal to `day` (for an inclusive upper bound). */
const nextAfter = (day: string) => `${day}\uffff`
