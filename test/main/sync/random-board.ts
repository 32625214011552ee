// Random boards for the sync property test: a board definition (1-4 projects, up to 40
// statuses, members, tags) and tasks drawn from small value pools so that values collide, with
// undated tasks, a crowd due on one day, and a crowd identical in every filtered field.
import { createApiKey, importBoard } from '../../../src-server'
import type { Db } from '../../../src-server'
import type { CreateTaskItem } from '../../../src-shared/api'
import type { KnownValues } from '../../../src-main/sync'

export interface BoardShape {
  seed: number
  /** Tasks drawn at random, besides the two crowds. */
  tasks: number
  projects: number
  statuses: number
  members: number
  tags: number
  /** Distinct due days the random tasks use. */
  days: number
  undatedRate: number
  /** Chance that an optional field (assignee, priority, tags, start) is empty. */
  emptyRate: number
  /** Tasks due on one day. */
  sameDay: number
  /** Tasks identical in every filtered field; undated or not. */
  identical: number
  identicalUndated: boolean
}

export interface CreatedBoard {
  boardId: number
  key: string
  /** The board's whole lists, as the local board could give them. */
  known: KnownValues
  total: number
}

const OWNER = 'owner@example.com'
const PRIORITIES = ['low', 'medium', 'high'] as const
const TIMES = ['T00:00:00.000Z', 'T08:15:00.000Z', 'T23:59:59.999Z']

function random(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] as T }
}

const day = (offset: number) =>
  new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10)

export function boardDefinition(shape: BoardShape, name: string) {
  return {
    name,
    projects: Array.from({ length: shape.projects }, (_, i) => ({
      key: `P${i}`,
      name: `Project ${i}`,
    })),
    statuses: Array.from({ length: shape.statuses }, (_, i) => ({
      name: `Status ${i}`,
      category: (['todo', 'started', 'done'] as const)[i % 3],
    })),
    members: [
      { email: OWNER, name: 'Owner', role: 'owner' as const },
      ...Array.from({ length: shape.members - 1 }, (_, i) => ({
        email: `m${i}@example.com`,
        name: `Member ${i}`,
        role: 'member' as const,
      })),
    ],
  }
}

export function taskItems(shape: BoardShape): CreateTaskItem[] {
  const r = random(shape.seed)
  const definition = boardDefinition(shape, 'x')
  const projects = definition.projects.map((p) => p.key)
  const statuses = definition.statuses.map((s) => s.name)
  const members = definition.members.map((m) => m.email)
  const tags = Array.from({ length: shape.tags }, (_, i) => `tag${i}`)
  const draw = (dueOffset?: number, undated?: boolean): CreateTaskItem => {
    const milestone = r.next() < 0.05
    const item: CreateTaskItem = {
      title: 'T',
      projectKey: r.pick(projects),
      // Skewed, so a few statuses hold most tasks.
      status: statuses[Math.floor(statuses.length * r.next() ** 2)] as string,
      descriptionType: 'text',
      descriptionContent: '',
      ...(milestone ? { type: 'milestone' as const } : {}),
    }
    const dated = undated === undefined ? r.next() >= shape.undatedRate : !undated
    const offset = dueOffset ?? r.int(shape.days)
    if (dated) item.dueDate = day(offset) + r.pick(TIMES)
    if (milestone) return item
    const filled = () => r.next() >= shape.emptyRate
    if (filled()) item.assignedUserEmail = r.pick(members)
    if (filled()) item.priority = r.pick(PRIORITIES)
    if (filled() && tags.length > 0) {
      item.tags = [...new Set(Array.from({ length: 1 + r.int(3) }, () => r.pick(tags)))]
    }
    if (filled())
      item.startDate = dated ? `${day(offset - r.int(10))}T00:00:00.000Z` : day(r.int(40))
    if (r.next() < 0.1) item.pinToTop = true
    return item
  }
  const items = Array.from({ length: shape.tasks }, () => draw())
  const crowdDay = r.int(shape.days)
  for (let i = 0; i < shape.sameDay; i += 1) items.push(draw(crowdDay, false))
  const twin = draw(shape.identicalUndated ? undefined : crowdDay, shape.identicalUndated)
  for (let i = 0; i < shape.identical; i += 1) items.push({ ...twin })
  // Shuffle, so the crowds interleave with the rest in creation order.
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = r.int(i + 1)
    ;[items[i], items[j]] = [items[j] as CreateTaskItem, items[i] as CreateTaskItem]
  }
  return items
}

/** Imports the board, gives it a key, and creates its tasks over HTTP in batches of 1000. */
export async function createBoard(
  db: Db,
  baseUrl: string,
  shape: BoardShape,
  name: string,
): Promise<CreatedBoard> {
  const definition = boardDefinition(shape, name)
  const { id: boardId } = importBoard(db, definition)
  const { key } = createApiKey(db, boardId, OWNER)
  const items = taskItems(shape)
  for (let i = 0; i < items.length; i += 1000) {
    const response = await fetch(`${baseUrl}/api/v1/tasks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tasks: items.slice(i, i + 1000) }),
    })
    if (!response.ok) throw new Error(`create failed: ${await response.text()}`)
  }
  const known: KnownValues = {
    projectKeys: definition.projects.map((p) => p.key),
    statuses: definition.statuses.map((s) => s.name),
    assignees: definition.members.map((m) => m.email),
    tags: Array.from({ length: shape.tags }, (_, i) => `tag${i}`),
    complete: true,
  }
  return { boardId, key, known, total: items.length }
}
