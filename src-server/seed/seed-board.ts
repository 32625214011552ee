// A realistic, deterministic board for demos, tests and benchmarks: several projects,
// milestones with linked tasks, parents with subtasks, acyclic dependencies with lags,
// statuses that follow the dates, assignees, tags, custom property values, some tasks
// without dates and some pinned. The same seed and anchor always give the same board.
import type { CreateTaskItem, PropertyValue } from '../../src-shared/api'
import { loadBoardConfig } from '../boards/board-config'
import type { BoardConfig } from '../boards/board-config'
import { analyze } from '../db/database'
import type { Db } from '../db/database'
import { prepared } from '../db/statements'
import { writeTransaction } from '../db/write-lock'
import { createTasks } from '../store/create-tasks'
import type { WriteContext } from '../store/write-context'
import { createRandom } from './random'
import type { Random } from './random'

export interface SeedOptions {
  tasks: number
  seed?: number
  /** Day the schedule is centred on (`YYYY-MM-DD`); also the creation time of every task. */
  anchor?: string
  /** Share of tasks that get a predecessor (0-1). */
  dependencyRate?: number
}

export interface SeedResult {
  tasks: number
  milestones: number
  dependencies: number
}

const DAY = 86_400_000
const VERBS = [
  'Design',
  'Build',
  'Review',
  'Test',
  'Document',
  'Refactor',
  'Migrate',
  'Measure',
  'Ship',
  'Plan',
  'Fix',
  'Polish',
]
const NOUNS = [
  'login page',
  'checkout flow',
  'search index',
  'onboarding',
  'billing export',
  'push notifications',
  'dashboard',
  'API gateway',
  'settings screen',
  'audit log',
  'release notes',
  'offline mode',
  'image pipeline',
  'backup job',
  'error tracking',
]
/** The tags seeded tasks carry (bench/server filters by them). */
export const SEED_TAGS = [
  'ui',
  'backend',
  'infra',
  'bug',
  'research',
  'quick-win',
  'customer',
  'security',
  'performance',
  'a11y',
]
const DESCRIPTIONS = [
  '',
  'Acceptance criteria:\n\n- works on all supported browsers\n- covered by tests',
  'See the **design review** notes before starting.',
  'Follow-up from the last retrospective.',
]
const MILESTONE_NAMES = [
  'Alpha',
  'Beta',
  'Release candidate',
  'Launch',
  'Security review',
  'Public preview',
  'GA',
]

function day(anchorTime: number, offset: number): string {
  return new Date(anchorTime + offset * DAY).toISOString().slice(0, 10)
}

/** Tasks that started well before the anchor are mostly done; future ones are still to do. */
function statusFor(board: BoardConfig, random: Random, start: number | undefined): string {
  const category =
    start === undefined || start >= 0
      ? 'todo'
      : start < -20
        ? random.chance(0.85)
          ? 'done'
          : 'started'
        : random.pick(['todo', 'started', 'started', 'done'])
  const names = [...board.statuses].filter(([, c]) => c === category).map(([name]) => name)
  if (names.length === 0) return board.defaultStatus
  return random.chance(0.85) ? (names[0] as string) : random.pick(names)
}

function propertyValues(
  board: BoardConfig,
  random: Random,
  anchorTime: number,
): Record<string, PropertyValue> {
  const values: Record<string, PropertyValue> = {}
  const members = [...board.members.keys()]
  for (const [name, definition] of board.properties) {
    if (!random.chance(0.45)) continue
    switch (definition.type) {
      case 'Number':
        values[name] = random.pick([1, 2, 3, 5, 8, 13])
        break
      case 'Select':
        values[name] = random.pick(definition.options)
        break
      case 'Multi-Select':
        values[name] = random.sample(
          definition.options,
          random.int(1, Math.min(3, definition.options.length)),
        )
        break
      case 'Person':
        values[name] = random.pick(members)
        break
      case 'URL':
        values[name] = `https://specs.example.com/${random.int(100, 999)}`
        break
      case 'Email':
        values[name] = `contact${random.int(1, 40)}@example.com`
        break
      case 'Checkbox':
      case 'Toggle':
        values[name] = random.chance(0.3)
        break
      case 'Date':
        values[name] = day(anchorTime, random.int(-60, 120))
        break
      case 'Text':
        values[name] = random.pick([
          'needs sign-off',
          'low risk',
          'blocked on vendor',
          'see thread',
        ])
        break
    }
  }
  return values
}

/** Adds `options.tasks` tasks (milestones and subtasks included) to board `boardId`. */
export function seedBoard(
  db: Db,
  boardId: number,
  actor: string,
  options: SeedOptions,
): SeedResult {
  const random = createRandom(options.seed ?? 1)
  const anchor = options.anchor ?? '2026-01-05'
  const anchorTime = Date.parse(`${anchor}T00:00:00.000Z`)
  const board = loadBoardConfig(db, boardId)
  const ctx: WriteContext = { db, board, actor, now: `${anchor}T09:00:00.000Z`, newId: random.id }
  const projects = [...board.projects.keys()]
  const members = [...board.members.keys()]
  const total = Math.max(0, Math.floor(options.tasks))

  // Milestones first, so tasks can link to them: about one per 25 tasks, at least one a project.
  const milestoneCount =
    total === 0
      ? 0
      : Math.min(total, Math.max(Math.min(projects.length, total), Math.round(total / 25)))
  const milestones: CreateTaskItem[] = Array.from({ length: milestoneCount }, (_, i) => ({
    title: `${MILESTONE_NAMES[i % MILESTONE_NAMES.length]} ${Math.floor(i / MILESTONE_NAMES.length) + 1}`,
    projectKey: projects[i % projects.length] as string,
    descriptionType: 'markdown',
    descriptionContent: '',
    type: 'milestone',
    dueDate: day(anchorTime, random.int(-90, 200)),
  }))
  for (let i = 0; i < milestones.length; i += 1000) createTasks(ctx, milestones.slice(i, i + 1000))
  const milestoneIds = new Map<string, string[]>()
  for (const [id, project] of prepared(
    db,
    "SELECT id, project_key FROM tasks WHERE board_id = ? AND type = 'milestone' ORDER BY seq",
  )
    .raw(true)
    .all(boardId) as [string, string][]) {
    milestoneIds.set(project, [...(milestoneIds.get(project) ?? []), id])
  }

  const makeTask = (
    projectKey: string,
    parentStart?: number,
  ): CreateTaskItem & { startOffset?: number } => {
    const shape = random.next()
    let start: number | undefined =
      parentStart !== undefined ? parentStart + random.int(0, 10) : random.int(-180, 200)
    let length: number | undefined = random.int(1, 15)
    if (shape < 0.08) start = length = undefined // unscheduled
    const dueOnly = shape >= 0.08 && shape < 0.12
    const startOnly = shape >= 0.12 && shape < 0.14
    const item: CreateTaskItem & { startOffset?: number } = {
      title: `${random.pick(VERBS)} ${random.pick(NOUNS)}`,
      projectKey,
      descriptionType: 'markdown',
      descriptionContent: random.pick(DESCRIPTIONS),
      status: statusFor(board, random, start),
    }
    if (start !== undefined && length !== undefined) {
      if (!dueOnly) item.startDate = day(anchorTime, start)
      if (!startOnly) item.dueDate = day(anchorTime, start + length)
      item.startOffset = start
    }
    if (random.chance(0.85)) item.assignedUserEmail = random.pick(members)
    if (random.chance(0.7)) item.priority = random.pick(['low', 'medium', 'high'] as const)
    if (random.chance(0.6)) item.tags = random.sample(SEED_TAGS, random.int(1, 3))
    if (random.chance(0.02)) item.pinToTop = true
    const props = propertyValues(board, random, anchorTime)
    if (Object.keys(props).length > 0) item.properties = props
    const projectMilestones = milestoneIds.get(projectKey)
    if (projectMilestones && random.chance(0.4)) item.milestoneId = random.pick(projectMilestones)
    return item
  }

  // Top-level tasks, a fifth of them parents with 2-4 subtasks, written in batches of ~1000.
  let remaining = total - milestoneCount
  let batch: CreateTaskItem[] = []
  let batchSize = 0
  while (remaining > 0) {
    const projectKey = random.pick(projects)
    const task = makeTask(projectKey)
    remaining -= 1
    const subtaskCount =
      remaining > 0 && random.chance(0.2) ? Math.min(remaining, random.int(2, 4)) : 0
    if (subtaskCount > 0) {
      task.subtasks = Array.from({ length: subtaskCount }, () => {
        const { startOffset: _ignored, ...subtask } = makeTask(projectKey, task.startOffset)
        return subtask
      })
      remaining -= subtaskCount
    }
    const { startOffset: _unused, ...item } = task
    batch.push(item)
    batchSize += 1 + subtaskCount
    if (batchSize >= 900) {
      createTasks(ctx, batch)
      batch = []
      batchSize = 0
    }
  }
  if (batch.length > 0) createTasks(ctx, batch)

  const dependencies = seedDependencies(ctx, random, options.dependencyRate ?? 0.3)
  analyze(db)
  return { tasks: total, milestones: milestoneCount, dependencies }
}

/**
 * Links tasks to earlier tasks of the same project (sequence order), so the graph is acyclic by
 * construction; lags are 0 for half of them, else 1-5 days.
 */
function seedDependencies(ctx: WriteContext, random: Random, rate: number): number {
  const rows = prepared(
    ctx.db,
    'SELECT id, project_key, type FROM tasks WHERE board_id = ? ORDER BY seq',
  )
    .raw(true)
    .all(ctx.board.id) as [string, string, string][]
  const recentByProject = new Map<string, string[]>()
  const insert = prepared(
    ctx.db,
    'INSERT OR IGNORE INTO dependencies (id, board_id, predecessor_id, successor_id, lag_days, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
  let count = 0
  writeTransaction(ctx.db, () => {
    for (const [id, project, type] of rows) {
      const recent = recentByProject.get(project) ?? []
      if (recent.length > 0 && random.chance(type === 'milestone' ? 0.8 : rate)) {
        const predecessor = random.pick(recent.slice(-40))
        const lag = random.chance(0.5) ? 0 : random.int(1, 5)
        count += insert.run(random.id(), ctx.board.id, predecessor, id, lag, ctx.now).changes
      }
      recent.push(id)
      if (recent.length > 80) recent.shift()
      recentByProject.set(project, recent)
    }
  })
  return count
}
