// Loaded tasks indexed by every filter a slice's query uses, so that the strategy's questions
// ("how many loaded tasks does this query return?", "how many of the slice's own tasks have
// this assignee?") cost a few bit operations per 32 loaded tasks, not a scan of the board with a
// string-comparing predicate. Every full page leads to several such questions; at 50,000 tasks
// answering them by scanning made the sync's own bookkeeping cost more than the service's
// replies (14 s of engine time in bench/sync/engine.ts, 76 % of the planner's main thread in
// bench/board/refresh.ts before that).
//
// Each task gets an ordinal when it is loaded; each filter value a bitset of the ordinals of
// the tasks that have it (assignees as the board spelled them: see dimensions.ts). Due and start
// days are read once per task and kept in day order for range filters. The answers are exact:
// test/main/sync/task-index.test.ts holds them to `matchesFilters` and `owns` (slice.ts), which
// read a task the way the list endpoint does.
import type { DayRange, ListTasksFilters, Task } from '../../src-shared/api'
import { DIMENSIONS } from './dimensions'
import type { DimensionName } from './dimensions'
import type { Exclusion } from './slice'

/** Value filters: a bitset per value. */
const VALUE_FILTERS = [
  'projectKey',
  'status',
  'assignedUserEmail',
  'priority',
  'tag',
  'type',
  'pinToTop',
] as const satisfies readonly DimensionName[]
export type ValueFilter = (typeof VALUE_FILTERS)[number]
type DayFilter = 'startDate' | 'dueDate'
const DAY_FILTERS: readonly DayFilter[] = ['startDate', 'dueDate']

/** A growable bitset of task ordinals. */
class Bits {
  words = new Uint32Array(64)

  set(ordinal: number): void {
    const word = ordinal >>> 5
    if (word >= this.words.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.words.length * 2))
      grown.set(this.words)
      this.words = grown
    }
    this.words[word] = (this.words[word] as number) | (1 << (ordinal & 31))
  }
}

/** Tasks of one filter's day, in day order, for range questions. */
class DayOrder {
  private readonly byDay = new Map<string, number[]>()
  /** Days with tasks, sorted as they come (a board has a few thousand at most). */
  private readonly days: string[] = []
  /** How many tasks fall before each of `days`; rebuilt after new tasks come. */
  private before: number[] | undefined

  add(day: string, ordinal: number): void {
    const group = this.byDay.get(day)
    if (group) group.push(ordinal)
    else {
      this.byDay.set(day, [ordinal])
      this.days.splice(firstAtLeast(this.days, day), 0, day)
    }
    this.before = undefined
  }

  /** How many tasks have a day in `range`, and a way to list their ordinals. */
  within(range: DayRange): { count: number; ordinals: () => number[] } {
    const { days } = this
    const before = (this.before ??= this.count())
    const low = firstAtLeast(days, range.from)
    const high = Math.max(low, firstAtLeast(days, nextAfter(range.to)))
    return {
      count: (before[high] as number) - (before[low] as number),
      ordinals: () => days.slice(low, high).flatMap((d) => this.byDay.get(d) ?? []),
    }
  }

  private count(): number[] {
    const before = [0]
    for (const day of this.days)
      before.push((before.at(-1) as number) + (this.byDay.get(day)?.length ?? 0))
    return before
  }
}

/** Some of the loaded tasks (an answer of the index), as a bitset over their ordinals. */
export class TaskSet {
  private counted: number | undefined

  constructor(
    private readonly index: TaskIndex,
    readonly words: Uint32Array,
  ) {}

  get size(): number {
    this.counted ??= popcount(this.words)
    return this.counted
  }

  /** How many of them have `value` for the filter `name`. */
  countWith(name: ValueFilter, value: string): number {
    const bits = this.index.bitsOf(name, value)
    return bits ? popcountAnd(this.words, bits.words) : 0
  }

  /** How many of them have any of `values` for the filter `name` (a task with two counts once). */
  countWithAny(name: ValueFilter, values: readonly string[]): number {
    const union = new Uint32Array(this.words.length)
    for (const value of values) {
      const bits = this.index.bitsOf(name, value)
      if (bits) orInto(union, bits.words)
    }
    return popcountAnd(this.words, union)
  }

  /** How many of them have a value for the filter `name` at all. */
  countHaving(name: DimensionName): number {
    return popcountAnd(this.words, this.index.havingBits(name).words)
  }

  /** Their days for a date filter, those that have one, unsorted. */
  days(name: DayFilter): string[] {
    const days: string[] = []
    const own = this.index.dayList(name)
    forEachOrdinal(this.words, (i) => {
      const day = own[i] as string
      if (day !== '') days.push(day)
    })
    return days
  }

  tasks(): Task[] {
    const tasks: Task[] = []
    const all = this.index.tasks()
    forEachOrdinal(this.words, (i) => tasks.push(all[i] as Task))
    return tasks
  }
}

export class TaskIndex {
  private readonly all: Task[] = []
  private readonly values = new Map<DimensionName, Map<string, Bits>>(
    VALUE_FILTERS.map((name) => [name, new Map()]),
  )
  /** Per filter, the tasks with any value for it (what an exclusion of 'all' removes). */
  private readonly having = new Map<DimensionName, Bits>(
    [...VALUE_FILTERS, ...DAY_FILTERS].map((name) => [name, new Bits()]),
  )
  private readonly dayOf = new Map<DayFilter, string[]>(DAY_FILTERS.map((name) => [name, []]))
  private readonly dayOrder = new Map<DayFilter, DayOrder>(
    DAY_FILTERS.map((name) => [name, new DayOrder()]),
  )

  add(task: Task): void {
    const ordinal = this.all.length
    this.all.push(task)
    for (const name of VALUE_FILTERS) {
      const buckets = this.values.get(name) as Map<string, Bits>
      const own = DIMENSIONS[name].of(task)
      for (const value of own) {
        let bits = buckets.get(value)
        if (!bits) buckets.set(value, (bits = new Bits()))
        bits.set(ordinal)
      }
      if (own.length > 0) this.havingBits(name).set(ordinal)
    }
    for (const name of DAY_FILTERS) {
      const day = DIMENSIONS[name].of(task)[0] ?? ''
      this.dayList(name).push(day)
      if (day === '') continue
      this.havingBits(name).set(ordinal)
      this.dayOrder.get(name)?.add(day, ordinal)
    }
  }

  get size(): number {
    return this.all.length
  }

  tasks(): readonly Task[] {
    return this.all
  }

  /** Loaded tasks the query of `filters` returns (the filters the sync uses). */
  select(filters: ListTasksFilters): TaskSet {
    const words = this.everything()
    for (const name of VALUE_FILTERS) {
      const dimension = DIMENSIONS[name]
      if (dimension.kind !== 'values') continue
      const wanted = dimension.get(filters)
      if (!wanted) continue
      const union = new Uint32Array(words.length)
      for (const value of wanted) {
        const bits = this.bitsOf(name, value)
        if (bits) orInto(union, bits.words)
      }
      andInto(words, union)
    }
    for (const name of DAY_FILTERS) {
      const range = filters[name]
      if (range) this.keepWithin(words, name, range)
    }
    return new TaskSet(this, words)
  }

  /** Loaded tasks the query of `filters` returns that lack what every exclusion names. */
  selectOwned(filters: ListTasksFilters, without: readonly Exclusion[]): TaskSet {
    const words = this.select(filters).words
    for (const { name, values } of without) {
      if (values === 'all') {
        andNotInto(words, this.havingBits(name).words)
      } else if (name === 'startDate' || name === 'dueDate') {
        const own = this.dayList(name)
        const excluded = new Set(values)
        clearWhere(words, (i) => excluded.has(own[i] as string))
      } else {
        for (const value of values) {
          const bits = this.bitsOf(name, value)
          if (bits) andNotInto(words, bits.words)
        }
      }
    }
    return new TaskSet(this, words)
  }

  /** Loaded tasks the query of `filters` returns, in the order they were loaded. */
  matching(filters: ListTasksFilters): Task[] {
    return this.select(filters).tasks()
  }

  bitsOf(name: DimensionName, value: string): Bits | undefined {
    return this.values.get(name)?.get(value)
  }

  havingBits(name: DimensionName): Bits {
    return this.having.get(name) as Bits
  }

  dayList(name: DayFilter): string[] {
    return this.dayOf.get(name) as string[]
  }

  /** Every loaded task, as fresh words to narrow. */
  private everything(): Uint32Array {
    const n = this.all.length
    const words = new Uint32Array(Math.ceil(n / 32)).fill(0xffffffff)
    if (n % 32 !== 0) words[words.length - 1] = (1 << (n % 32)) - 1
    return words
  }

  /** Keeps only tasks with a day in `range`: from the day order when that is the fewer tasks. */
  private keepWithin(words: Uint32Array, name: DayFilter, range: DayRange): void {
    const inRange = (this.dayOrder.get(name) as DayOrder).within(range)
    if (inRange.count < popcount(words)) {
      const mask = new Uint32Array(words.length)
      for (const i of inRange.ordinals())
        mask[i >>> 5] = (mask[i >>> 5] as number) | (1 << (i & 31))
      andInto(words, mask)
    } else {
      const own = this.dayList(name)
      clearWhere(words, (i) => {
        const day = own[i] as string
        return day === '' || day < range.from || day > range.to
      })
    }
  }
}

function orInto(target: Uint32Array, source: Uint32Array): void {
  const n = Math.min(target.length, source.length)
  for (let i = 0; i < n; i += 1) target[i] = (target[i] as number) | (source[i] as number)
}

// A bitset shorter than the target (it grew before the last tasks came) has zeros beyond its end.
function andInto(target: Uint32Array, source: Uint32Array): void {
  const n = Math.min(target.length, source.length)
  for (let i = 0; i < n; i += 1) target[i] = (target[i] as number) & (source[i] as number)
  target.fill(0, n)
}

function andNotInto(target: Uint32Array, source: Uint32Array): void {
  const n = Math.min(target.length, source.length)
  for (let i = 0; i < n; i += 1) target[i] = (target[i] as number) & ~(source[i] as number)
}

function clearWhere(words: Uint32Array, drop: (ordinal: number) => boolean): void {
  forEachOrdinal(words, (i) => {
    if (drop(i)) words[i >>> 5] = (words[i >>> 5] as number) & ~(1 << (i & 31))
  })
}

function forEachOrdinal(words: Uint32Array, visit: (ordinal: number) => void): void {
  for (let w = 0; w < words.length; w += 1) {
    let word = words[w] as number
    while (word !== 0) {
      const low = word & -word
      visit(w * 32 + 31 - Math.clz32(low))
      word ^= low
    }
  }
}

function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

function popcount(words: Uint32Array): number {
  let count = 0
  for (let i = 0; i < words.length; i += 1) count += bitCount(words[i] as number)
  return count
}

function popcountAnd(a: Uint32Array, b: Uint32Array): number {
  const n = Math.min(a.length, b.length)
  let count = 0
  for (let i = 0; i < n; i += 1) count += bitCount((a[i] as number) & (b[i] as number))
  return count
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
