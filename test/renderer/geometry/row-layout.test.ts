// Rows shared by the tree and the chart: pinned band, project groups, subtasks depth-first,
// collapsing, summaries, the Unscheduled tray, and bad data (orphans, cycles, repeats).
import { describe, expect, it } from 'vitest'
import * as rl from '../../../src-renderer/timeline/geometry/row-layout'
import { at, dateless, ms, task } from './builders'

const { layoutRows, PINNED_GROUP_ID, projectGroupId } = rl

/** Rows as short strings: group ids as they are, tasks as id@depth. */
function shape(layout: rl.RowLayout): string[] {
  return layout.rows.map((r) => (r.kind === 'group' ? r.id : `${r.id}@${r.depth}`))
}

function taskRow(layout: rl.RowLayout, id: string): rl.TaskRow {
  const row = layout.rows[layout.rowIndexById.get(id) ?? -1]
  if (row?.kind !== 'task') throw new Error(`no task row ${id}`)
  return row
}

describe('project groups and order', () => {
  it('one group per project in project key order, each with its tasks', () => {
    const layout = layoutRows([
      task('w1', { projectKey: 'WEB' }),
      task('a1', { projectKey: 'API' }),
      task('o1', { projectKey: 'OPS' }),
      task('a2', { projectKey: 'API' }),
    ])
    expect(shape(layout)).toEqual([
      projectGroupId('API'),
      'a1@0',
      'a2@0',
      projectGroupId('OPS'),
      'o1@0',
      projectGroupId('WEB'),
      'w1@0',
    ])
    const header = layout.rows[0]
    expect(header).toMatchObject({ kind: 'group', projectKey: 'API', pinned: false })
    expect(header).toMatchObject({ collapsed: false, hasChildren: true, depth: 0 })
  })

  it('orders by start (or due) first, then key', () => {
    const layout = layoutRows([
      task('late', { key: 1, startDate: at('2026-03-10'), dueDate: at('2026-03-12') }),
      task('k3', { key: 3 }),
      task('k2', { key: 2 }),
      task('dueOnly', { key: 9, startDate: '', dueDate: at('2026-03-01') }),
      task('timed', { key: 8, startDate: at('2026-03-02', '09:30') }),
    ])
    expect(shape(layout)).toEqual([
      projectGroupId('WEB'),
      'dueOnly@0',
      'k2@0',
      'k3@0',
      'timed@0',
      'late@0',
    ])
  })

  it('puts subtasks under their parent depth-first, ordered the same way', () => {
    const layout = layoutRows([
      task('p', { key: 1, startDate: at('2026-03-01') }),
      task('c2', { key: 3, parentId: 'p', startDate: at('2026-03-05') }),
      task('c1', { key: 2, parentId: 'p', startDate: at('2026-03-03') }),
      task('g1', { key: 4, parentId: 'c2' }),
      task('q', { key: 5, startDate: at('2026-03-02') }),
    ])
    expect(shape(layout)).toEqual([projectGroupId('WEB'), 'p@0', 'c1@1', 'c2@1', 'g1@2', 'q@0'])
    expect(taskRow(layout, 'p')).toMatchObject({ hasChildren: true, parentId: '' })
    expect(taskRow(layout, 'c2')).toMatchObject({ hasChildren: true, parentId: 'p' })
    expect(taskRow(layout, 'g1')).toMatchObject({ hasChildren: false, parentId: 'c2' })
  })

  it('a subtask from another project stays under its parent and keeps its own project', () => {
    const layout = layoutRows([
      task('p', { projectKey: 'WEB' }),
      task('c', { projectKey: 'API', parentId: 'p' }),
    ])
    expect(shape(layout)).toEqual([projectGroupId('WEB'), 'p@0', 'c@1'])
    expect(taskRow(layout, 'c').projectKey).toBe('API')
  })
})

describe('collapsing', () => {
  const tasks = [
    task('p', { key: 1 }),
    task('c', { key: 2, parentId: 'p' }),
    task('g', { key: 3, parentId: 'c' }),
    task('q', { key: 4 }),
    task('o', { key: 5, projectKey: 'OPS' }),
  ]

  it('a collapsed parent keeps its row and hides all its descendants', () => {
    const layout = layoutRows(tasks, { collapsedTasks: new Set(['p']) })
    expect(shape(layout)).toEqual([
      projectGroupId('OPS'),
      'o@0',
      projectGroupId('WEB'),
      'p@0',
      'q@0',
    ])
    expect(taskRow(layout, 'p')).toMatchObject({ collapsed: true, hasChildren: true })
    expect(layout.rowIndexById.has('c')).toBe(false)
    expect(layout.rowIndexById.has('g')).toBe(false)
  })

  it('collapsing a middle level hides only below it; a leaf cannot be collapsed', () => {
    const layout = layoutRows(tasks, { collapsedTasks: new Set(['c', 'q']) })
    expect(shape(layout)).toEqual([
      projectGroupId('OPS'),
      'o@0',
      projectGroupId('WEB'),
      'p@0',
      'c@1',
      'q@0',
    ])
    expect(taskRow(layout, 'q').collapsed).toBe(false)
  })

  it('a collapsed group keeps its header only', () => {
    const layout = layoutRows(tasks, { collapsedGroups: new Set([projectGroupId('WEB')]) })
    expect(shape(layout)).toEqual([projectGroupId('OPS'), 'o@0', projectGroupId('WEB')])
    expect(layout.rows[2]).toMatchObject({ kind: 'group', collapsed: true })
  })
})

describe('summaries', () => {
  it('a parent spans all its descendants, hidden or not, but not its own dates', () => {
    const tasks = [
      task('p', { startDate: at('2026-01-01'), dueDate: at('2026-12-31') }),
      task('c1', { parentId: 'p', startDate: at('2026-03-02'), dueDate: at('2026-03-04') }),
      task('c2', { parentId: 'p', startDate: at('2026-03-03'), dueDate: at('2026-03-05') }),
      task('g', { parentId: 'c2', startDate: at('2026-02-27'), dueDate: at('2026-03-01') }),
      task('m', { parentId: 'p', type: 'milestone', startDate: '', dueDate: at('2026-03-20') }),
    ]
    for (const collapsedTasks of [new Set<string>(), new Set(['p'])]) {
      const layout = layoutRows(tasks, { collapsedTasks })
      expect(taskRow(layout, 'p').summary).toEqual({
        startMs: ms('2026-02-27'),
        endMs: ms('2026-03-21'),
      })
    }
    const open = layoutRows(tasks)
    expect(taskRow(open, 'c2').summary).toEqual({
      startMs: ms('2026-02-27'),
      endMs: ms('2026-03-02'),
    })
    expect(taskRow(open, 'c1').summary).toBeUndefined()
    expect(taskRow(open, 'c1').extent).toMatchObject({ kind: 'bar', startMs: ms('2026-03-02') })
  })

  it('a group header spans every dated task of the group', () => {
    const layout = layoutRows([
      task('a', { startDate: at('2026-03-02'), dueDate: at('2026-03-04') }),
      task('b', { startDate: at('2026-04-01'), dueDate: at('2026-04-30') }),
      task('c', { parentId: 'b', startDate: at('2026-05-01'), dueDate: at('2026-05-02') }),
    ])
    expect(layout.rows[0]).toMatchObject({
      summary: { startMs: ms('2026-03-02'), endMs: ms('2026-05-03') },
    })
  })
})

describe('pinned band', () => {
  it('comes first, holds pinned tasks with their subtrees, and only them', () => {
    const layout = layoutRows([
      task('a', { projectKey: 'API', key: 1 }),
      task('pinnedWeb', { projectKey: 'WEB', key: 2, pinToTop: true }),
      task('child', { projectKey: 'WEB', key: 3, parentId: 'pinnedWeb' }),
      task('pinnedApi', { projectKey: 'API', key: 4, pinToTop: true }),
    ])
    expect(shape(layout)).toEqual([
      PINNED_GROUP_ID,
      'pinnedWeb@0',
      'child@1',
      'pinnedApi@0',
      projectGroupId('API'),
      'a@0',
    ])
    expect(layout.rows[0]).toMatchObject({ kind: 'group', pinned: true, projectKey: '' })
    expect(taskRow(layout, 'child').pinned).toBe(true)
    expect(taskRow(layout, 'a').pinned).toBe(false)
  })

  it('a pinned subtask leaves its parent for the band', () => {
    const layout = layoutRows([
      task('p', { key: 1 }),
      task('c', { key: 2, parentId: 'p', pinToTop: true }),
      task('g', { key: 3, parentId: 'c', pinToTop: true }),
    ])
    expect(shape(layout)).toEqual([PINNED_GROUP_ID, 'c@0', 'g@1', projectGroupId('WEB'), 'p@0'])
    expect(taskRow(layout, 'c').parentId).toBe('')
    // The parent shows no subtask rows but still spans its subtask.
    expect(taskRow(layout, 'p')).toMatchObject({ hasChildren: false, collapsed: false })
    expect(taskRow(layout, 'p').summary).toBeDefined()
  })

  it('collapses like a group, and is absent when nothing is pinned', () => {
    const tasks = [task('x', { pinToTop: true }), task('y')]
    const layout = layoutRows(tasks, { collapsedGroups: new Set([PINNED_GROUP_ID]) })
    expect(shape(layout)).toEqual([PINNED_GROUP_ID, projectGroupId('WEB'), 'y@0'])
    expect(shape(layoutRows([task('y')]))).toEqual([projectGroupId('WEB'), 'y@0'])
  })
})

describe('unscheduled tasks', () => {
  it('leave the rows for the tray; a dateless parent of dated subtasks keeps its row', () => {
    const layout = layoutRows([
      dateless('loose', { projectKey: 'WEB', key: 5 }),
      dateless('epic', { key: 1 }),
      task('story', { key: 2, parentId: 'epic' }),
      dateless('note', { key: 3, parentId: 'story' }),
      dateless('box', { projectKey: 'API', key: 7 }),
      dateless('inBox', { projectKey: 'API', key: 8, parentId: 'box' }),
    ])
    expect(shape(layout)).toEqual([projectGroupId('WEB'), 'epic@0', 'story@1'])
    expect(taskRow(layout, 'epic')).toMatchObject({ extent: undefined, hasChildren: true })
    expect(taskRow(layout, 'epic').summary).toEqual({
      startMs: ms('2026-03-02'),
      endMs: ms('2026-03-05'),
    })
    expect(taskRow(layout, 'story').hasChildren).toBe(false)
    expect(layout.unscheduled.map((t) => t.id)).toEqual(['box', 'inBox', 'note', 'loose'])
  })

  it('a dateless parent sorts by its summary', () => {
    const layout = layoutRows([
      task('early', { key: 1, startDate: at('2026-03-05'), dueDate: at('2026-03-06') }),
      dateless('epic', { key: 2 }),
      task('kid', { key: 3, parentId: 'epic', startDate: at('2026-03-01') }),
    ])
    expect(shape(layout)).toEqual([projectGroupId('WEB'), 'epic@0', 'kid@1', 'early@0'])
  })
})

describe('bad data', () => {
  it('a parent that is not on the board makes a top-level task', () => {
    const layout = layoutRows([task('orphan', { parentId: 'gone' })])
    expect(shape(layout)).toEqual([projectGroupId('WEB'), 'orphan@0'])
  })

  it('a parent cycle still gives every task one row', () => {
    const layout = layoutRows([
      task('a', { parentId: 'b' }),
      task('b', { parentId: 'a' }),
      task('self', { parentId: 'self' }),
    ])
    const ids = layout.rows.filter((r) => r.kind === 'task').map((r) => r.id)
    expect(ids.sort()).toEqual(['a', 'b', 'self'])
  })

  it('a task below a parent cycle stays under the parent it names: the cycle is cut at its first task', () => {
    // Cut at "below" (the first task no root reaches), "below" was a root of its own and "a"'s
    // summary left it out; an edit laid out from the last layout then disagreed (row-update).
    const layout = layoutRows([
      task('below', { key: 1, parentId: 'a' }),
      task('a', { key: 2, parentId: 'b' }),
      task('b', { key: 3, parentId: 'a' }),
    ])
    expect(taskRow(layout, 'a').depth).toBe(0)
    expect(taskRow(layout, 'b')).toMatchObject({ depth: 1, parentId: 'a' })
    expect(taskRow(layout, 'below')).toMatchObject({ depth: 1, parentId: 'a' })
  })

  it('a repeated id gets one row, the first', () => {
    const layout = layoutRows([task('a', { key: 1 }), task('a', { key: 2 })])
    expect(shape(layout)).toEqual([projectGroupId('WEB'), 'a@0'])
    expect(taskRow(layout, 'a').task.key).toBe(1)
  })
})

describe('geometry of rows', () => {
  it('y, centerY and height follow the row height', () => {
    const tasks = [task('a'), task('b')]
    const layout = layoutRows(tasks)
    expect(layout.rowHeight).toBe(rl.ROW_HEIGHT)
    expect(layout.height).toBe(3 * rl.ROW_HEIGHT)
    expect(layout.y(2)).toBe(2 * rl.ROW_HEIGHT)
    expect(layout.centerY(2)).toBe(2.5 * rl.ROW_HEIGHT)
    const tall = layoutRows(tasks, { rowHeight: 40 })
    expect([tall.y(1), tall.centerY(1), tall.height]).toEqual([40, 60, 120])
  })

  it('rowIndexById points at the row with that id, groups included', () => {
    const layout = layoutRows([task('p', { pinToTop: true }), task('c', { parentId: 'p' })])
    layout.rows.forEach((row, index) => expect(layout.rowIndexById.get(row.id)).toBe(index))
    expect(layout.rowIndexById.size).toBe(layout.rows.length)
  })
})

describe('scale', () => {
  it('lays out 5,000 tasks in 50 projects with subtasks, every task once', () => {
    const tasks = Array.from({ length: 5_000 }, (_, i) =>
      task(`t${i}`, {
        projectKey: `P${String(i % 50).padStart(2, '0')}`,
        key: i,
        // Every fifth task is a subtask of the task 50 before it (same project).
        parentId: i >= 50 && i % 5 === 0 ? `t${i - 50}` : '',
        pinToTop: i % 997 === 0,
        startDate: at(new Date(Date.UTC(2026, 0, 1 + (i % 300))).toISOString().slice(0, 10)),
        dueDate: '',
      }),
    )
    const layout = layoutRows(tasks)
    const taskRows = layout.rows.filter((r) => r.kind === 'task')
    expect(taskRows).toHaveLength(5_000)
    expect(new Set(taskRows.map((r) => r.id)).size).toBe(5_000)
    // P00's only top-level task (t0) is pinned and takes its whole chain into the band.
    expect(layout.rows.length).toBe(5_000 + 49 + 1)
    expect(layout.rowIndexById.has(projectGroupId('P00'))).toBe(false)
    expect(taskRow(layout, 't50')).toMatchObject({ pinned: true, parentId: 't0', depth: 1 })
    // Each row's parent row comes before it, one level up.
    for (const row of taskRows) {
      if (row.parentId === '') continue
      const parent = taskRow(layout, row.parentId)
      expect(layout.rowIndexById.get(parent.id)).toBeLessThan(layout.rowIndexById.get(row.id) ?? 0)
      expect(parent.depth).toBe(row.depth - 1)
    }
  })

  it('a 20,000-deep chain of subtasks needs no recursion', () => {
    const tasks = Array.from({ length: 20_000 }, (_, i) =>
      task(`d${i}`, { parentId: i === 0 ? '' : `d${i - 1}` }),
    )
    const layout = layoutRows(tasks)
    expect(layout.rows).toHaveLength(20_001)
    expect(taskRow(layout, 'd19999').depth).toBe(19_999)
    expect(taskRow(layout, 'd0').summary).toEqual({
      startMs: ms('2026-03-02'),
      endMs: ms('2026-03-05'),
    })
  })
})
