// What the sync knows about the board so far: every task loaded, every value seen, the lists the
// caller gave, and the highest task key seen per project. Splits can only name values known here.
// On a refresh it also holds the board as the last sync left it (`prior`): where its tasks lay
// tells the strategy where to cut before any page does. It is never counted as loaded, never
// names a value, and never proves anything.
import { canBeListed, unsetFieldsOf } from '../../src-shared/api'
import type { ListTasksFilters, Task, UnsetField } from '../../src-shared/api'
import { parseInstant } from '../../src-shared/schedule/days'
import { DIMENSIONS, FIXED_VALUES } from './dimensions'
import type { DimensionName } from './dimensions'
import type { Slice } from './slice'
import { TaskIndex } from './task-index'
import type { TaskSet } from './task-index'

export interface KnownValues {
  projectKeys?: string[]
  statuses?: string[]
  assignees?: string[]
  tags?: string[]
  /**
   * True when `projectKeys` and `statuses` are the board's whole lists (the local board knows
   * them; a user may give them): a split by them then leaves nothing out. A loaded task with a
   * value outside them is reported.
   */
  complete?: boolean
}

const LEARNED = ['projectKey', 'status', 'assignedUserEmail', 'tag'] as const
type Learned = (typeof LEARNED)[number]
const GIVEN: Record<Learned, keyof Omit<KnownValues, 'complete'>> = {
  projectKey: 'projectKeys',
  status: 'statuses',
  assignedUserEmail: 'assignees',
  tag: 'tags',
}

// A value with a comma (or a lone surrogate) cannot be named in a comma-separated filter.
const nameable = canBeListed

export class BoardKnowledge {
  readonly maxKey = new Map<string, number>()
  /** Values outside a list given as complete, by filter. */
  readonly contradicted = new Map<DimensionName, Set<string>>()
  private readonly seen = new Map<DimensionName, Set<string>>()
  private readonly given = new Map<DimensionName, Set<string>>()
  /** Loaded tasks, indexed so that a slice's loaded tasks are counted without a scan. */
  private readonly loaded = new TaskIndex()
  /** The first copy of each loaded task, by id. */
  private readonly byId = new Map<string, Task>()
  /** A later copy with a later updatedAt, by id (see keepIfNewer). */
  private readonly newer = new Map<string, Task>()
  /** The tasks of the last sync's snapshot, indexed as the loaded ones are. */
  private readonly prior: TaskIndex | undefined
  /** Fields some task was sent without (see UnsetField): no longer ones every task has. */
  private readonly unset = new Set<UnsetField>()
  /** Tasks read again with another updatedAt: changed while the sync ran. */
  private readonly changed = new Set<string>()

  constructor(
    private readonly known: KnownValues = {},
    prior: readonly Task[] = [],
  ) {
    if (prior.length > 0) {
      this.prior = new TaskIndex()
      for (const task of prior) this.prior.add(task)
    }
    for (const name of LEARNED) {
      this.seen.set(name, new Set())
      const list = known[GIVEN[name]]
      if (!list) continue
      this.given.set(name, new Set(list))
    }
  }

  /** Adds a page's tasks; returns how many were new. */
  add(page: readonly Task[]): number {
    let added = 0
    for (const task of page) {
      for (const field of unsetFieldsOf(task)) this.unset.add(field)
      if (this.byId.has(task.id)) {
        this.keepIfNewer(task)
        continue
      }
      added += 1
      this.byId.set(task.id, task)
      this.loaded.add(task)
      this.maxKey.set(task.projectKey, Math.max(this.maxKey.get(task.projectKey) ?? 0, task.key))
      for (const name of LEARNED) {
        const seen = this.seen.get(name) as Set<string>
        for (const value of DIMENSIONS[name].of(task)) {
          if (seen.has(value)) continue
          seen.add(value)
          if (this.givenAsComplete(name) && !this.given.get(name)?.has(value)) {
            const values = this.contradicted.get(name) ?? new Set()
            this.contradicted.set(name, values.add(value))
          }
        }
      }
    }
    return added
  }

  /**
   * A task read again with a later updatedAt (edited while the sync ran, or listed twice): the
   * sync's result holds the newest copy (the one held when the two cannot be ordered: a reply
   * may bring an older copy after a newer one). Its planning keeps reading the first one (which slices
   * a task lies in is decided once; an edit during a sync is reported by no query anyway).
   */
  private keepIfNewer(task: Task): void {
    if (task.updatedAt !== this.byId.get(task.id)?.updatedAt) this.changed.add(task.id)
    const held = this.newer.get(task.id) ?? this.byId.get(task.id)
    if (!held || held.updatedAt === task.updatedAt) return
    if (isLater(task.updatedAt, held.updatedAt)) this.newer.set(task.id, task)
  }

  /** Whether a task was read again with another updatedAt (edited while the sync ran). */
  changedDuringSync(id: string): boolean {
    return this.changed.has(id)
  }

  /** A task of this id was loaded. */
  has(id: string): boolean {
    return this.byId.has(id)
  }

  get size(): number {
    return this.loaded.size
  }

  tasks(): Task[] {
    if (this.newer.size === 0) return [...this.loaded.tasks()]
    return [...this.loaded.tasks()].map((task) => this.newer.get(task.id) ?? task)
  }

  /** Loaded tasks that the query of `filters` returns (counted, not listed, where that will do). */
  loadedMatching(filters: ListTasksFilters): TaskSet {
    return this.loaded.select(filters)
  }

  /** Tasks of the last snapshot that the query of `filters` returned then; none without one. */
  priorMatching(filters: ListTasksFilters): TaskSet | undefined {
    return this.prior?.select(filters)
  }

  /** Loaded tasks the slice is responsible for. */
  loadedOwned(slice: Slice): TaskSet {
    return this.loaded.selectOwned(slice.filters, slice.without)
  }

  matching(filters: ListTasksFilters): Task[] {
    return this.loadedMatching(filters).tasks()
  }

  owned(slice: Slice): Task[] {
    return this.loadedOwned(slice).tasks()
  }

  /** Values known now: fixed ones, the caller's lists and every value seen, nameable only. */
  values(name: DimensionName): string[] {
    const fixed = FIXED_VALUES[name]
    if (fixed) return [...fixed]
    const all = new Set([...(this.given.get(name) ?? []), ...(this.seen.get(name) ?? [])])
    return [...all].filter(nameable).sort()
  }

  /** Whether every task of the board has one of `values(name)`: a split by them is complete. */
  exhaustive(name: DimensionName): boolean {
    // Until a board sends a task without one (a NULL in its store that its filter returns for
    // neither value): a split then keeps a rest for such tasks.
    if (name === 'type' || name === 'pinToTop') return !this.unset.has(name)
    return this.givenAsComplete(name) && [...(this.given.get(name) ?? [])].every(nameable)
  }

  /** Whether the caller gave this list as the board's whole list. */
  givenAsComplete(name: DimensionName): boolean {
    return (
      this.known.complete === true &&
      (name === 'projectKey' || name === 'status') &&
      this.given.has(name)
    )
  }
}

const NUMBER = /^\d+(\.\d+)?$/

/**
 * Whether updatedAt `a` is later than `b`. The spec gives updatedAt no form: a timestamp, or a
 * count (epoch seconds or milliseconds, NaN to Date.parse) compared as a number. Two values that
 * cannot be ordered keep the copy held (a reply may bring an older copy after a newer one).
 */
function isLater(a: string, b: string): boolean {
  // ISO timestamps only: Date.parse reads "32" as the year 2032, and a counter going from 99
  // to 100 then kept the older copy.
  const at = parseInstant(a)
  const heldAt = parseInstant(b)
  if (at !== undefined && heldAt !== undefined) return at > heldAt
  if (NUMBER.test(a) && NUMBER.test(b)) return Number(a) > Number(b)
  return false
}
