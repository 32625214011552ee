import { describe, expect, it } from 'vitest'
import {
  barLabel,
  barName,
  initials,
  taskName,
} from '../../../src-renderer/timeline/view/task-names'
import {
  buildModel,
  commandFromDrag,
  windowInput,
} from '../../../src-renderer/timeline/view/timeline-model'
import type { Dependency, Task } from '../../../src-shared/api'
import { buildTask } from '../../support/task-builder'

const NOW = Date.parse('2026-03-04T12:00:00.000Z')

function task(id: string, fields: Partial<Task> = {}): Task {
  return buildTask(id, {
    startDate: '2026-03-02T00:00:00.000Z',
    dueDate: '2026-03-04T00:00:00.000Z',
    ...fields,
  })
}

const dep = (id: string, from: string, to: string, lagDays = 0): Dependency => ({
  id,
  predecessorId: from,
  predecessorKey: 1,
  predecessorProjectKey: 'WEB',
  predecessorTitle: '',
  predecessorUrl: '',
  successorId: to,
  successorKey: 2,
  successorProjectKey: 'WEB',
  successorTitle: '',
  successorUrl: '',
  lagDays,
  createdAt: '',
})

describe('timeline model', () => {
  it('turns a drop into one command: a move of every dragged task, or a resize of one edge', () => {
    expect(
      commandFromDrag([
        { id: 'a', startDeltaDays: 2, endDeltaDays: 2 },
        { id: 'b', startDeltaDays: 2, endDeltaDays: 2 },
      ]),
    ).toEqual({ kind: 'moveTasks', ids: ['a', 'b'], days: 2 })
    expect(commandFromDrag([{ id: 'a', startDeltaDays: 0, endDeltaDays: 3 }])).toEqual({
      kind: 'resizeTask',
      id: 'a',
      edge: 'end',
      days: 3,
    })
    expect(commandFromDrag([{ id: 'a', startDeltaDays: -1, endDeltaDays: 0 }])).toEqual({
      kind: 'resizeTask',
      id: 'a',
      edge: 'start',
      days: -1,
    })
    expect(commandFromDrag([{ id: 'a', startDeltaDays: 0, endDeltaDays: 0 }])).toBeUndefined()
  })

  it('labels bars with title, assignee initials and status', () => {
    expect(initials('ada.lovelace@example.com')).toBe('AL')
    expect(
      barLabel(
        task('t1', {
          title: 'Design',
          assignedUserEmail: 'grace.hopper@example.com',
          status: 'In Progress',
        }),
      ),
    ).toBe('\u2068Design\u2069 · GH · \u2068In Progress\u2069')
  })

  it('keeps a title’s right-to-left text and bidi controls inside the title on the bar', () => {
    const label = barLabel(
      task('t1', { title: 'Spoof\u202E', assignedUserEmail: 'ada@example.com', status: 'To Do' }),
    )
    // The override ends with its title (a PDI closes it), before the initials and status.
    expect(label).toBe('\u2068Spoof\u202E\u2069 · A · \u2068To Do\u2069')
  })

  it('gives the adapter the window rows plus the far ends of their links', () => {
    const tasks = Array.from({ length: 40 }, (_, i) =>
      task(`t${i + 1}`, {
        key: i + 1,
        dueDate: `2026-03-${String(5 + (i % 20)).padStart(2, '0')}T00:00:00.000Z`,
      }),
    )
    const model = buildModel(tasks, [], 'week', NOW)
    const first = model.layout.rowIndexById.get('t1')!
    const far = model.layout.rowIndexById.get('t40')!
    const input = windowInput(model, [dep('d1', 't1', 't40', 2)], first, first + 5, new Set(['t1']))
    expect(input.firstRow).toBe(first)
    expect(input.rowCount).toBe(6)
    expect(input.links).toEqual([{ id: 'd1', fromId: 't1', toId: 't40', lagDays: 2 }])
    expect(input.bars.find((b) => b.id === 't40')?.row).toBe(far)
    expect(input.bars.find((b) => b.id === 't1')).toMatchObject({ selected: true, kind: 'bar' })
  })

  it('counts the links that cross the window with neither end in it instead of handing them over', () => {
    const tasks = Array.from({ length: 40 }, (_, i) => task(`t${i + 1}`, { key: i + 1 }))
    const model = buildModel(tasks, [], 'week', NOW)
    const row = (id: string) => model.layout.rowIndexById.get(id)!
    const first = row('t10')
    const last = row('t20')
    const crossing = [dep('x1', 't1', 't40'), dep('x2', 't2', 't39')]
    const touching = dep('d1', 't15', 't40')
    const outside = dep('o1', 't1', 't2')
    const input = windowInput(model, [...crossing, touching, outside], first, last, new Set())
    expect(input.links.map((l) => l.id)).toEqual(['d1'])
    expect(input.passing).toBe(2)
    // Only the far end of a link that is handed over comes along as an anchor.
    const anchors = input.bars.filter((b) => b.row < first || b.row > last).map((b) => b.id)
    expect(anchors).toEqual(['t40'])
  })

  it('shows a parent as a locked summary bar over its subtasks, and collapsed groups as one summary', () => {
    const tasks = [
      task('p1', { startDate: '', dueDate: '' }),
      task('c1', { parentId: 'p1' }),
      task('c2', { parentId: 'p1', dueDate: '2026-03-20T00:00:00.000Z' }),
    ]
    const model = buildModel(tasks, [], 'day', NOW)
    const parentRow = model.layout.rowIndexById.get('p1')!
    const input = windowInput(model, [], 0, model.layout.rows.length - 1, new Set())
    expect(input.bars.find((b) => b.id === 'p1')).toMatchObject({
      kind: 'summary',
      locked: true,
      row: parentRow,
      // No dates of its own: the plan does not judge its dependencies, nor do its arrows.
      dependencyEnd: null,
    })
    // With dates of its own, its arrows start and end at those, not at its summary's ends.
    const dated = [{ ...tasks[0]!, startDate: '2026-03-02T00:00:00.000Z' }, ...tasks.slice(1)]
    const datedModel = buildModel(dated, [], 'day', NOW)
    const datedInput = windowInput(datedModel, [], 0, datedModel.layout.rows.length - 1, new Set())
    expect(datedInput.bars.find((b) => b.id === 'p1')?.dependencyEnd).toEqual({
      startMs: Date.parse('2026-03-02T00:00:00.000Z'),
      endMs: Date.parse('2026-03-03T00:00:00.000Z'),
      milestone: false,
    })
    const collapsed = buildModel(tasks, ['group:project:WEB'], 'day', NOW)
    expect(windowInput(collapsed, [], 0, collapsed.layout.rows.length - 1, new Set()).bars).toEqual(
      [expect.objectContaining({ id: 'group:project:WEB', kind: 'summary', locked: true })],
    )
  })

  it('locks the bar of a task whose start is later in the day than its midnight due', () => {
    // One day on the chart, yet the board refuses it moved (start after due by instants): its
    // drag, or a multi-move with it, lost the whole batch.
    const tasks = [
      task('t1', { startDate: '2026-03-02T09:00:00.000Z', dueDate: '2026-03-02T00:00:00.000Z' }),
      task('t2', { startDate: '2026-03-02T00:00:00.000Z', dueDate: '2026-03-02T00:00:00.000Z' }),
    ]
    const model = buildModel(tasks, [], 'day', NOW)
    const bars = windowInput(model, [], 0, model.layout.rows.length - 1, new Set()).bars
    expect(bars.find((b) => b.id === 't1')?.locked).toBe(true)
    expect(bars.find((b) => b.id === 't2')?.locked).toBeFalsy()
  })

  it('keeps the time scale around today and every task', () => {
    const model = buildModel(
      [task('t1', { startDate: '2025-06-01T00:00:00.000Z' })],
      [],
      'month',
      NOW,
    )
    expect(model.scale.xOfMs(Date.parse('2025-06-01T00:00:00.000Z'))).toBeGreaterThan(0)
    expect(model.scale.todayX(NOW)).toBeLessThan(model.scale.width)
  })
})

describe("a task's accessible name (its bar and its tree row)", () => {
  it('says the key and title first, then status, dates and assignee as the chart shows them', () => {
    const base = task('t', {
      projectKey: 'APP',
      key: 12,
      title: 'Login page',
      status: 'In Progress',
      assignedUserEmail: 'ada.lovelace@example.com',
    })
    expect(taskName(base)).toBe(
      'APP-12 Login page AL, In Progress, 2026-03-02 to 2026-03-04, assigned to ada.lovelace@example.com',
    )
    expect(taskName({ ...base, assignedUserEmail: '', startDate: '' })).toBe(
      'APP-12 Login page, In Progress, due 2026-03-04',
    )
    expect(taskName({ ...base, assignedUserEmail: '', dueDate: '' })).toBe(
      'APP-12 Login page, In Progress, starts 2026-03-02',
    )
    expect(
      taskName({ ...base, assignedUserEmail: '', type: 'milestone', startDate: '', title: 'Beta' }),
    ).toBe('APP-12 Beta, milestone, due 2026-03-04')
  })

  it('on a bar, starts with what the bar shows, then says its key and dates', () => {
    const shown = task('t', { projectKey: 'APP', key: 3, title: 'Shown', status: 'To Do' })
    expect(barName(shown)).toBe('Shown · To Do, APP-3, 2026-03-02 to 2026-03-04')
    // The visible label, less its invisible isolates, is the name's start (label in name).
    expect(barName(shown).startsWith(barLabel(shown).replace(/[\u2068\u2069]/g, ''))).toBe(true)
    const model = buildModel([shown], [], 'day', NOW)
    const input = windowInput(model, [], 0, model.layout.rows.length - 1, new Set())
    expect(input.bars.map((b) => b.name)).toEqual([barName(shown)])
  })

  it('says the days the bar is drawn on when a board writes its dates with an offset', () => {
    // 8 June 00:00 at +02:00 is 7 June, 22:00 UTC: the bar ends on 7 June, and so does its name.
    const offset = task('o', {
      projectKey: 'APP',
      key: 4,
      title: 'Offset',
      status: 'To Do',
      startDate: '2026-06-01T09:00:00-05:00',
      dueDate: '2026-06-08T00:00:00.000+02:00',
    })
    expect(barName(offset)).toBe('Offset · To Do, APP-4, 2026-06-01 to 2026-06-07')
  })
})
