// Property: GET /api/v1/tasks with any combination of filters returns exactly the tasks a
// reference filter, written here independently of the service, picks from the unfiltered list,
// in list order (by default due date, tasks without one first, then creation; each run picks one
// of the service's list orders, and `random` is compared as a set). Boards are random (statuses, assignees, priorities, tags, pins, dates with
// zones, milestones and their links, every custom property type) and created over HTTP.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LIST_ORDERS } from '../../src-server'
import type { ListOrder } from '../../src-server'
import demoBoard from '../../src-server/demo/demo-board.json'
import { PRIORITIES, toListQuery } from '../../src-shared/api'
import type { DayRange, ListTasksFilters, Priority, Task } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

// ---------------------------------------------------------------------------------------------
// Value pools. Small, so that filters hit; with case, spaces, '+', '%', '&' and non-ASCII to
// exercise the query string; and with edge days (leap day, year ends, years 0050 and 9999).

const PROJECTS = demoBoard.projects.map((p) => p.key)
const STATUSES = demoBoard.statuses.map((s) => s.name)
const MEMBERS = demoBoard.members.map((m) => m.email)
const TAGS = ['alpha', 'beta', 'Beta', 'gamma delta', 'x+y', '100%', 'ünï']
const AREAS = ['Frontend', 'Backend', 'Design', 'Infra']
const PLATFORMS = ['Web', 'iOS', 'Android', 'Desktop']
const NUMBERS = [0, 1, 2, 3, 5, 8, 13, -1, 0.5, 0.3, 0.1 + 0.2, 1e21, 2 ** 53 + 2]
const URLS = [
  'https://example.com/spec',
  'http://example.com/a?b=1&c=2',
  'https://example.com/%7Euser',
  'https://EXAMPLE.com/spec',
]
const EMAILS = ['ada@example.com', 'Ada@Example.com', 'x.y+z@example.org']
const TEXTS = ['hello', 'Hello', 'a b', 'x+y&z=1', '100%', 'ünïcödé', ' padded ', '']
const DAYS = ['0050-06-15', '2024-02-28', '2024-02-29', '2024-03-01', '2024-12-31', '2025-01-01']
const LAST_DAY = '9999-12-31'
/** Times of day; the zoned ones move the UTC day forward or back. */
const TIMES = [
  '',
  'T00:00:00Z',
  'T12:00:00.000Z',
  'T23:59:59.999Z',
  'T23:30:00-02:00',
  'T00:30+01:00',
]
const FILTER_DAYS = [...DAYS, LAST_DAY, '2024-01-01', '2024-02-27', '2024-03-02', '2030-06-01']

/** An e-mail written in one of several cases (assignee and Person match case-insensitively). */
const anyCase = (email: string) =>
  fc.constantFrom(
    email,
    email.toUpperCase(),
    email.replace(/^./, (c) => c.toUpperCase()),
  )
const memberEmail = fc.constantFrom(...MEMBERS).chain(anyCase)

const dateInput = fc.oneof(
  fc.tuple(fc.constantFrom(...DAYS), fc.constantFrom(...TIMES)).map(([d, t]) => d + t),
  // The last representable day: only times that stay inside year 9999.
  fc.constantFrom(LAST_DAY, `${LAST_DAY}T23:59:59.999Z`, `${LAST_DAY}T00:30+01:00`),
)

// ---------------------------------------------------------------------------------------------
// The board.

interface TaskSpec {
  projectKey: string
  type: 'task' | 'milestone'
  status?: string
  assignee?: string
  priority?: Priority
  pinToTop?: boolean
  tags?: string[]
  startDate?: string
  dueDate?: string
  /** Index into the board's milestones (taken modulo their number). */
  milestone?: number
  properties?: Record<string, unknown>
}

/** Absent a third of the time (fast-check's optional record keys are present most of the time). */
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 })
/** Drops the keys whose value is undefined. */
const compact = <T extends object>(record: T): T =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T

const propertiesArb = fc
  .record({
    'Story Points': optional(fc.constantFrom(...NUMBERS)),
    Area: optional(fc.constantFrom(...AREAS)),
    Platforms: optional(fc.array(fc.constantFrom(...PLATFORMS), { maxLength: 4 })),
    Reviewer: optional(memberEmail),
    Spec: optional(fc.constantFrom(...URLS)),
    Blocked: optional(fc.boolean()),
    'Customer Facing': optional(fc.boolean()),
    'Release Date': optional(dateInput),
    Contact: optional(fc.constantFrom(...EMAILS)),
    Notes: optional(fc.constantFrom(...TEXTS)),
  })
  .map((properties): Record<string, unknown> => compact(properties))

const taskSpecArb = (type: 'task' | 'milestone'): fc.Arbitrary<TaskSpec> =>
  fc
    .record({
      projectKey: fc.constantFrom(...PROJECTS),
      type: fc.constant(type),
      status: optional(fc.constantFrom(...STATUSES)),
      assignee: optional(memberEmail),
      // '' is no priority on create: a task with none leaves the field out (only updates clear).
      priority: optional(fc.constantFrom<Priority>(...PRIORITIES)),
      pinToTop: optional(fc.boolean()),
      tags: optional(fc.array(fc.constantFrom(...TAGS), { maxLength: 3 })),
      startDate: optional(dateInput),
      dueDate: optional(dateInput),
      milestone: optional(fc.nat({ max: 5 })),
      properties: optional(propertiesArb),
    })
    .map(compact)

interface BoardSpec {
  /** Created first, so tasks can link to them. They also carry fields the rule says to ignore. */
  milestones: TaskSpec[]
  /** Mostly tasks; a few unlinked milestones among them. */
  tasks: TaskSpec[]
}

const boardArb: fc.Arbitrary<BoardSpec> = fc.record({
  milestones: fc.array(taskSpecArb('milestone'), { maxLength: 3 }),
  tasks: fc.array(
    fc.oneof(
      { weight: 9, arbitrary: taskSpecArb('task') },
      { weight: 1, arbitrary: taskSpecArb('milestone') },
    ),
    { maxLength: 60, size: 'medium' },
  ),
})

const timeOf = (input: string) => Date.parse(/T/.test(input) ? input : `${input}T00:00:00Z`)

/** The create body of one task; a task's dates are put in order (start after due is refused). */
function createItem(
  spec: TaskSpec,
  index: number,
  milestoneIds: string[],
): Record<string, unknown> {
  const item: Record<string, unknown> = {
    title: `${spec.type} ${index}`,
    projectKey: spec.projectKey,
    descriptionType: 'text',
    descriptionContent: '',
    type: spec.type,
  }
  if (spec.status !== undefined) item.status = spec.status
  if (spec.assignee !== undefined) item.assignedUserEmail = spec.assignee
  if (spec.priority !== undefined) item.priority = spec.priority
  if (spec.pinToTop !== undefined) item.pinToTop = spec.pinToTop
  if (spec.tags !== undefined) item.tags = spec.tags
  let { startDate, dueDate } = spec
  if (spec.type === 'task' && startDate && dueDate && timeOf(startDate) > timeOf(dueDate))
    [startDate, dueDate] = [dueDate, startDate]
  if (startDate !== undefined) item.startDate = startDate
  if (dueDate !== undefined) item.dueDate = dueDate
  if (spec.milestone !== undefined && spec.type === 'task' && milestoneIds.length > 0)
    item.milestoneId = milestoneIds[spec.milestone % milestoneIds.length]
  // Ignored for a milestone, so even an id that names nothing must not matter.
  if (spec.milestone !== undefined && spec.type === 'milestone') item.milestoneId = 'ignored'
  if (spec.properties !== undefined) item.properties = spec.properties
  return item
}

/** The canonical form the service stores a date in: UTC, milliseconds, 'Z'. */
const canonical = (input: string | undefined) =>
  input === undefined ? '' : new Date(timeOf(input)).toISOString()

/** What the list must show for the filterable fields of a created item (the milestone rule). */
function expectedFields(item: Record<string, unknown>) {
  const milestone = item.type === 'milestone'
  const properties = { ...((item.properties as Record<string, unknown> | undefined) ?? {}) }
  if (typeof properties.Reviewer === 'string')
    properties.Reviewer = properties.Reviewer.toLowerCase()
  if (Array.isArray(properties.Platforms)) properties.Platforms = [...new Set(properties.Platforms)]
  if (typeof properties['Release Date'] === 'string')
    properties['Release Date'] = canonical(properties['Release Date'])
  return {
    projectKey: item.projectKey,
    type: item.type,
    status: item.status ?? 'Backlog',
    assignedUserEmail: milestone ? '' : String(item.assignedUserEmail ?? '').toLowerCase(),
    priority: milestone ? '' : (item.priority ?? ''),
    pinToTop: milestone ? false : (item.pinToTop ?? false),
    tags: milestone ? [] : [...new Set((item.tags as string[] | undefined) ?? [])],
    startDate: milestone ? '' : canonical(item.startDate as string | undefined),
    dueDate: canonical(item.dueDate as string | undefined),
    milestoneId: milestone ? '' : (item.milestoneId ?? ''),
    properties: milestone ? {} : properties,
  }
}

/** The titles in the order `order` lists them; undefined for `random`, which has none. */
function referenceOrder(
  order: ListOrder,
  tasks: Task[],
  creation: Map<string, number>,
): string[] | undefined {
  const created = (t: Task) => creation.get(t.title)!
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const compare: Record<Exclude<ListOrder, 'random'>, (a: Task, b: Task) => number> = {
    due: (a, b) => text(a.dueDate, b.dueDate) || created(a) - created(b),
    created: (a, b) => created(a) - created(b),
    'created-desc': (a, b) => created(b) - created(a),
    'updated-desc': (a, b) => text(b.updatedAt, a.updatedAt) || created(b) - created(a),
  }
  return order === 'random' ? undefined : [...tasks].sort(compare[order]).map((t) => t.title)
}

async function createBoard(
  service: TestService,
  board: BoardSpec,
  order: ListOrder,
): Promise<Task[]> {
  const post = async (items: Record<string, unknown>[]) => {
    if (items.length === 0) return
    const response = await service.call('POST', '/api/v1/tasks', { tasks: items })
    expect(response, JSON.stringify(response.body)).toEqual({
      status: 200,
      body: { success: true },
    })
  }
  const milestoneItems = board.milestones.map((spec, i) => ({
    ...createItem(spec, i, []),
    title: `first milestone ${i}`,
  }))
  await post(milestoneItems)
  const milestones = await service.call('GET', '/api/v1/tasks?type=milestone')
  const milestoneIds = (milestones.body.tasks as Task[]).map((t) => t.id)
  expect(milestoneIds).toHaveLength(board.milestones.length)
  const taskItems = board.tasks.map((spec, i) => createItem(spec, i, milestoneIds))
  await post(taskItems)

  const listed = await service.call('GET', '/api/v1/tasks')
  expect(listed.status).toBe(200)
  const tasks = listed.body.tasks as Task[]
  const items = [...milestoneItems, ...taskItems]
  expect(tasks).toHaveLength(items.length)
  // The list's order, as the service's order option names it.
  const creation = new Map(items.map((item, i) => [item.title as string, i]))
  const expected = referenceOrder(order, tasks, creation)
  if (expected)
    expect(
      tasks.map((t) => t.title),
      order,
    ).toEqual(expected)
  // The unfiltered list is the reference's input: check it shows what was created.
  tasks.forEach((task) => {
    const i = creation.get(task.title)!
    const { projectKey, type, status, assignedUserEmail, priority, pinToTop, tags } = task
    const { startDate, dueDate, milestoneId, properties } = task
    expect({
      projectKey,
      type,
      status,
      assignedUserEmail,
      priority,
      pinToTop,
      tags,
      startDate,
      dueDate,
      milestoneId,
      properties,
    }).toEqual(expectedFields(items[i] as Record<string, unknown>))
  })
  return tasks
}

// ---------------------------------------------------------------------------------------------
// Filters, abstract until the board exists (milestone ids are known only then).

type PropertyFilterSpec = Partial<Record<string, string>>

interface FilterSpec {
  projectKey?: string[]
  status?: string[]
  assignedUserEmail?: string[]
  priority?: Priority
  pinToTop?: boolean
  tag?: string[]
  startDate?: DayRange
  dueDate?: DayRange
  type?: 'task' | 'milestone'
  /** Index into the milestones, or -1 for an id that is not on the board. */
  milestone?: number
  properties?: PropertyFilterSpec
}

const someOf = <T>(pool: fc.Arbitrary<T>) => fc.array(pool, { minLength: 1, maxLength: 3 })
const dayRangeArb: fc.Arbitrary<DayRange> = fc
  .tuple(fc.constantFrom(...FILTER_DAYS), fc.option(fc.constantFrom(...FILTER_DAYS)))
  .map(([a, b]) => {
    const other = b ?? a
    return a <= other ? { from: a, to: other } : { from: other, to: a }
  })
/** Numbers written as the pool writes them, or as `5.0` / `5e0`: the filter is numeric. */
const numberText = fc
  .tuple(fc.constantFrom(...NUMBERS, 4, 0.25), fc.nat({ max: 2 }))
  .map(([n, form]) =>
    form === 1 && Number.isInteger(n) && Math.abs(n) < 1e21
      ? `${n}.0`
      : form === 2
        ? n.toExponential()
        : String(n),
  )

const propertyFilterParts = {
  'Story Points': someOf(numberText).map((v) => v.join(',')),
  Area: someOf(fc.constantFrom(...AREAS, 'Nope')).map((v) => v.join(',')),
  Platforms: someOf(fc.constantFrom(...PLATFORMS, 'Nope')).map((v) => v.join(',')),
  Reviewer: someOf(fc.oneof(memberEmail, fc.constant('stranger@example.com'))).map((v) =>
    v.join(','),
  ),
  Spec: someOf(fc.constantFrom(...URLS)).map((v) => v.join(',')),
  Blocked: fc.constantFrom('true', 'false'),
  'Customer Facing': fc.constantFrom('true', 'false'),
  'Release Date': dayRangeArb.map((r) => (r.from === r.to ? r.from : `${r.from},${r.to}`)),
  Contact: someOf(fc.constantFrom(...EMAILS)).map((v) => v.join(',')),
  Notes: someOf(fc.constantFrom(...TEXTS.filter((t) => t !== ''), 'nothing')).map((v) =>
    v.join(','),
  ),
}

/** One to three property filters (an arbitrary `fc.record` with optional keys mostly has many). */
const propertyFilterArb: fc.Arbitrary<PropertyFilterSpec> = fc
  .tuple(
    fc.record(propertyFilterParts),
    fc.subarray(Object.keys(propertyFilterParts) as (keyof typeof propertyFilterParts)[], {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([all, chosen]) => Object.fromEntries(chosen.map((name) => [name, all[name]])))

const filterParts = {
  projectKey: someOf(fc.constantFrom(...PROJECTS, 'NOPE')),
  status: someOf(fc.constantFrom(...STATUSES, 'Nope')),
  assignedUserEmail: someOf(fc.oneof(memberEmail, fc.constant('stranger@example.com'))),
  priority: fc.constantFrom(...PRIORITIES),
  pinToTop: fc.boolean(),
  tag: someOf(fc.constantFrom(...TAGS, 'absent')),
  startDate: dayRangeArb,
  dueDate: dayRangeArb,
  type: fc.constantFrom('task' as const, 'milestone' as const),
  milestone: fc.integer({ min: -1, max: 3 }),
  properties: propertyFilterArb.filter(
    (p) => Object.keys(p).length > 0 && Object.keys(p).length <= 3,
  ),
}
const PART_NAMES = Object.keys(filterParts) as (keyof typeof filterParts)[]

/** A few filters at a time: all of them together would almost never match anything. */
const filterSpecArb: fc.Arbitrary<FilterSpec> = fc
  .tuple(fc.record(filterParts), fc.subarray(PART_NAMES, { minLength: 0, maxLength: 3 }))
  .map(([all, chosen]) => Object.fromEntries(chosen.map((name) => [name, all[name]])) as FilterSpec)

function toFilters(spec: FilterSpec, milestoneIds: string[]): ListTasksFilters {
  const { milestone, properties, ...rest } = spec
  const filters: ListTasksFilters = { ...rest }
  if (milestone !== undefined)
    filters.milestoneId =
      milestone < 0 || milestoneIds.length === 0
        ? 'not-a-milestone'
        : milestoneIds[milestone % milestoneIds.length]
  if (properties !== undefined) filters.properties = properties as Record<string, string>
  return filters
}

// ---------------------------------------------------------------------------------------------
// The reference filter.

const dayOf = (timestamp: string) => new Date(Date.parse(timestamp)).toISOString().slice(0, 10)
const inDays = (timestamp: unknown, range: DayRange) =>
  typeof timestamp === 'string' &&
  timestamp !== '' &&
  dayOf(timestamp) >= range.from &&
  dayOf(timestamp) <= range.to
const readRange = (raw: string): DayRange => {
  const [from, to] = raw.split(',') as [string, string | undefined]
  return { from, to: to ?? from }
}

const PROPERTY_TYPES = new Map(demoBoard.properties.map((p) => [p.name, p.type]))

function propertyMatches(name: string, raw: string, value: unknown): boolean {
  const wanted = raw.split(',')
  switch (PROPERTY_TYPES.get(name)) {
    case 'Number':
      return typeof value === 'number' && wanted.some((w) => Number(w) === value)
    case 'Checkbox':
    case 'Toggle':
      return raw === 'true' ? value === true : value !== true
    case 'Date':
      return inDays(value, readRange(raw))
    case 'Multi-Select':
      return Array.isArray(value) && value.some((v) => wanted.includes(v as string))
    case 'Person':
      return (
        typeof value === 'string' && wanted.some((w) => w.toLowerCase() === value.toLowerCase())
      )
    default:
      return typeof value === 'string' && wanted.includes(value)
  }
}

function matches(task: Task, f: ListTasksFilters): boolean {
  const lower = (s: string) => s.toLowerCase()
  return (
    (!f.projectKey || f.projectKey.includes(task.projectKey)) &&
    (!f.status || f.status.includes(task.status)) &&
    (!f.assignedUserEmail ||
      (task.assignedUserEmail !== '' &&
        f.assignedUserEmail.map(lower).includes(lower(task.assignedUserEmail)))) &&
    (f.priority === undefined || task.priority === f.priority) &&
    (f.pinToTop === undefined || task.pinToTop === f.pinToTop) &&
    (!f.tag || task.tags.some((t) => f.tag?.includes(t))) &&
    (!f.startDate || inDays(task.startDate, f.startDate)) &&
    (!f.dueDate || inDays(task.dueDate, f.dueDate)) &&
    (!f.type || task.type === f.type) &&
    (f.milestoneId === undefined || task.milestoneId === f.milestoneId) &&
    Object.entries(f.properties ?? {}).every(([name, raw]) =>
      propertyMatches(name, raw, (task.properties as Record<string, unknown>)[name]),
    )
  )
}

// ---------------------------------------------------------------------------------------------

async function checkBoard(
  board: BoardSpec,
  filterSpecs: FilterSpec[],
  order: ListOrder = 'due',
): Promise<void> {
  const service = await startTestService({ listOrder: order })
  try {
    const tasks = await createBoard(service, board, order)
    const milestoneIds = tasks.filter((t) => t.type === 'milestone').map((t) => t.id)
    for (const spec of filterSpecs) {
      const filters = toFilters(spec, milestoneIds)
      const query = toListQuery(filters).toString()
      const response = await service.call('GET', `/api/v1/tasks?${query}`)
      expect(response.status, `${query}: ${response.body?.message}`).toBe(200)
      const got = (response.body.tasks as Task[]).map((t) => `${t.projectKey}-${t.key}`)
      const want = tasks.filter((t) => matches(t, filters)).map((t) => `${t.projectKey}-${t.key}`)
      // Boards hold fewer than 100 tasks: every match comes back, `random` in no set order.
      if (order === 'random') expect(got.sort(), query).toEqual(want.sort())
      else expect(got, query).toEqual(want)
    }
  } finally {
    await service.close()
  }
}

const task = (fields: Partial<TaskSpec>): TaskSpec => ({
  projectKey: 'WEB',
  type: 'task',
  ...fields,
})

const examples: [BoardSpec, FilterSpec[]][] = [
  // Day edges: the last representable day, a zone that moves the UTC day, the leap day.
  [
    {
      milestones: [],
      tasks: [
        task({ dueDate: LAST_DAY, startDate: '2024-02-29T23:30:00-02:00' }),
        task({ dueDate: `${LAST_DAY}T23:59:59.999Z`, properties: { 'Release Date': LAST_DAY } }),
        task({ startDate: '2024-02-29', dueDate: '2024-03-01T00:30+01:00' }),
        task({
          startDate: '0050-06-15',
          properties: { 'Release Date': '0050-06-15T12:00:00.000Z' },
        }),
      ],
    },
    [
      { dueDate: { from: LAST_DAY, to: LAST_DAY } },
      { dueDate: { from: '2024-02-29', to: LAST_DAY } },
      { startDate: { from: '2024-03-01', to: '2024-03-01' } },
      { startDate: { from: '2024-02-29', to: '2024-02-29' } },
      { properties: { 'Release Date': LAST_DAY } },
      { properties: { 'Release Date': '0050-06-15' } },
      { startDate: { from: '0050-06-15', to: '2024-01-01' } },
    ],
  ],
  // Numbers, case-insensitive people, unset checkboxes, milestones.
  [
    {
      milestones: [
        {
          projectKey: 'OPS',
          type: 'milestone',
          assignee: 'ADA.LOVELACE@example.com',
          tags: ['alpha'],
        },
      ],
      tasks: [
        task({
          milestone: 0,
          properties: { 'Story Points': 0.1 + 0.2, Reviewer: 'Grace.Hopper@Example.com' },
        }),
        task({ properties: { 'Story Points': 0.3, Blocked: false, Platforms: ['Web', 'Web'] } }),
        task({
          assignee: 'Max.Member@example.com',
          properties: { 'Story Points': 5, Blocked: true },
        }),
      ],
    },
    [
      { properties: { 'Story Points': '0.3' } },
      { properties: { 'Story Points': '5.0,0.30000000000000004' } },
      { properties: { Reviewer: 'grace.hopper@example.com' } },
      { assignedUserEmail: ['MAX.MEMBER@EXAMPLE.COM'] },
      { properties: { Blocked: 'false' } },
      { milestone: 0 },
      { tag: ['alpha'] },
    ],
  ],
]

describe('GET /api/v1/tasks filters', () => {
  // Regression: the day filters bounded a range by the start of the next day, which for
  // 9999-12-31 is no four-digit-year timestamp, so nothing on the last day ever matched.
  it('match tasks on 9999-12-31', async () => {
    await checkBoard(
      {
        milestones: [],
        tasks: [
          task({ dueDate: `${LAST_DAY}T23:59:59.999Z`, properties: { 'Release Date': LAST_DAY } }),
        ],
      },
      [
        { dueDate: { from: LAST_DAY, to: LAST_DAY } },
        { properties: { 'Release Date': `2025-01-01,${LAST_DAY}` } },
      ],
    )
  })

  it('return what a reference filter picks from the unfiltered list', async () => {
    await fc.assert(
      fc.asyncProperty(
        boardArb,
        fc.array(filterSpecArb, { minLength: 8, maxLength: 8 }),
        fc.constantFrom(...LIST_ORDERS),
        checkBoard,
      ),
      {
        numRuns: 40,
        examples: examples.map(([board, filters], i): [BoardSpec, FilterSpec[], ListOrder] => [
          board,
          filters,
          LIST_ORDERS[i % LIST_ORDERS.length]!,
        ]),
      },
    )
  })
})
