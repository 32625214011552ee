// What the engine knows about the board's values: the fixed ones, the caller's lists, and every
// value seen on a loaded task. A split can only name values it knows.
import type { ListTasksFilters, Task } from '../../src-shared/api'
import { DIMENSIONS, FIXED_VALUES } from './dimensions'
import type { DimensionName } from './dimensions'
import { inScope, matchesFilters } from './match'
import type { PlanContext } from './plan'

export interface KnownValues {
  projectKeys?: string[]
  statuses?: string[]
  assignees?: string[]
  tags?: string[]
  /**
   * True when `projectKeys` and `statuses` are the board's whole lists (the local board knows
   * them): splits by them then leave nothing out. Otherwise tasks of a project or status never
   * seen can hide behind a full page, and the coverage report says so.
   */
  complete?: boolean
}

const LEARNED = ['projectKey', 'status', 'assignedUserEmail', 'tag'] as const
type Learned = (typeof LEARNED)[number]
const HINT: Record<Learned, 'projectKeys' | 'statuses' | 'assignees' | 'tags'> = {
  projectKey: 'projectKeys',
  status: 'statuses',
  assignedUserEmail: 'assignees',
  tag: 'tags',
}
const valuesOf = new Map(DIMENSIONS.map((d) => [d.name, d.of]))

// A value with a comma cannot be named in a comma-separated filter.
const nameable = (value: string) => value !== '' && !value.includes(',')

export class BoardValues implements PlanContext {
  readonly maxKey = new Map<string, number>()
  /** Lists given as complete that a loaded task contradicted. */
  readonly contradicted = new Set<DimensionName>()
  private readonly seen = new Map<DimensionName, Set<string>>()
  private readonly given = new Map<DimensionName, Set<string>>()
  /** Loaded tasks by project, all and undated, so that counting a slice reads only its own. */
  private readonly loaded = new Map<string, { all: Task[]; undated: Task[] }>()
  private readonly ids = new Set<string>()

  constructor(private readonly known: KnownValues = {}) {
    for (const name of LEARNED) {
      this.seen.set(name, new Set())
      const list = known[HINT[name]]
      if (!list) continue
      this.given.set(
        name,
        new Set(name === 'assignedUserEmail' ? list.map((v) => v.toLowerCase()) : list),
      )
    }
  }

  add(task: Task): void {
    if (this.ids.has(task.id)) return
    this.ids.add(task.id)
    const project = this.loaded.get(task.projectKey) ?? { all: [], undated: [] }
    this.loaded.set(task.projectKey, project)
    project.all.push(task)
    if (task.dueDate === '') project.undated.push(task)
    this.maxKey.set(task.projectKey, Math.max(this.maxKey.get(task.projectKey) ?? 0, task.key))
    for (const name of LEARNED) {
      for (const value of valuesOf.get(name)?.(task) ?? []) {
        this.seen.get(name)?.add(value)
        if (this.givenAsComplete(name) && !this.given.get(name)?.has(value)) {
          this.contradicted.add(name)
        }
      }
    }
  }

  /** Loaded tasks that the query of `filters` returns, counting only `scope`. */
  matching(filters: ListTasksFilters, scope: 'all' | 'undated'): Task[] {
    const projects = filters.projectKey ?? [...this.loaded.keys()]
    return projects.flatMap((key) => {
      const project = this.loaded.get(key)
      if (!project) return []
      const tasks = scope === 'all' ? project.all : project.undated
      return tasks.filter((task) => inScope(task, scope) && matchesFilters(task, filters))
    })
  }

  values(name: DimensionName): string[] {
    const fixed = FIXED_VALUES[name]
    if (fixed) return [...fixed]
    const all = new Set([...(this.given.get(name) ?? []), ...(this.seen.get(name) ?? [])])
    return [...all].filter(nameable).sort()
  }

  exhaustive(name: DimensionName): boolean {
    if (name === 'type' || name === 'pinToTop') return true
    return this.givenAsComplete(name) && [...(this.given.get(name) ?? [])].every(nameable)
  }

  private givenAsComplete(name: DimensionName): boolean {
    return (
      this.known.complete === true &&
      (name === 'projectKey' || name === 'status') &&
      this.given.has(name)
    )
  }
}
