import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  describeConflict,
  findConflicts,
  holdsEdit,
  readTasks,
} from '../../../src-main/edits/find-conflicts'
import { buildTask } from '../../support/task-builder'
import { toListQuery } from '../../../src-shared/api'
import { ANY_VERSION } from '../../../src-shared/ipc'
import type { ListTasksFilters, Task } from '../../../src-shared/api'
import { startTestService } from '../../support/service'
import type { TestService } from '../../support/service'
import { createTasks, listTasks, newTask, taskByTitle } from '../../support/tasks'

let service: TestService
let snapshot: Task[]
let clock = '2026-03-01T10:00:00.000Z'
const queries: string[] = []
const lister = {
  listTasks: async (filters: ListTasksFilters) => {
    queries.push(toListQuery(filters).toString())
    return listTasks(service, toListQuery(filters).toString())
  },
}

beforeEach(async () => {
  clock = '2026-03-01T10:00:00.000Z'
  service = await startTestService({ clock: () => new Date(clock) })
  await createTasks(
    service,
    newTask({ title: 'A', status: 'To Do', dueDate: '2026-03-03' }),
    newTask({ title: 'B', status: 'To Do', dueDate: '2026-03-09' }),
    newTask({ title: 'C', status: 'To Do', startDate: '2026-03-05' }),
    newTask({ title: 'D', status: 'To Do' }),
  )
  snapshot = await listTasks(service)
  queries.length = 0
})
afterEach(() => service.close())

const byTitle = (title: string) => snapshot.find((t) => t.title === title)!
const known = () => new Map(snapshot.map((t) => [t.id, t]))
const seenAll = () => Object.fromEntries(snapshot.map((t) => [t.id, t.updatedAt]))

describe('a status the list filter cannot name', () => {
  // The spec forbids no comma in a status; a query cannot name one in its comma list. The check
  // threw before anything was sent, and the user's edit was dropped as refused by the board.
  it('is left out of the query, and the task is still found', async () => {
    const task = { ...byTitle('A'), status: 'Blocked, waiting' }
    const asked: string[] = []
    const board = {
      listTasks: async (filters: ListTasksFilters) => {
        asked.push(toListQuery(filters).toString())
        return [task]
      },
    }
    const conflicts = await findConflicts(
      board,
      [{ id: task.id, title: 'A!' }],
      { [task.id]: task.updatedAt },
      new Map([[task.id, task]]),
    )
    expect(conflicts).toEqual([])
    expect(asked).toEqual([expect.not.stringContaining('status=')])
  })
})

describe('a task date written with an offset', () => {
  // 8 June 00:00 at +02:00 is 7 June in UTC. The spec does not say which day a board's day
  // filter files it under; asked for the written day only, a board that files by the UTC day
  // answered without it, and the task was taken as moved away: the edit was held back.
  for (const filedUnder of ['2026-06-08', '2026-06-07']) {
    it(`is found again by a board that files it under ${filedUnder}`, async () => {
      const task = { ...byTitle('A'), dueDate: '2026-06-08T00:00:00.000+02:00' }
      const board = {
        listTasks: async (filters: ListTasksFilters) => {
          const range = filters.dueDate
          const inRange = range !== undefined && range.from <= filedUnder && filedUnder <= range.to
          return inRange ? [task] : []
        },
      }
      const conflicts = await findConflicts(
        board,
        [{ id: task.id, title: 'A!' }],
        { [task.id]: task.updatedAt },
        new Map([[task.id, task]]),
      )
      expect(conflicts).toEqual([])
    })
  }
})

describe('the planner\u2019s own write, as another board writes its dates back', () => {
  it('is no conflict when the board holds the same instant written without milliseconds', async () => {
    // The write reached the board, its answer was lost; the retry reads the task back. This
    // board writes `…T00:00:00Z` where the planner sent `…T00:00:00.000Z`: the same date.
    const seen = { ...byTitle('A'), dueDate: '2026-03-03T00:00:00Z' }
    const now = {
      ...seen,
      dueDate: '2026-03-10T00:00:00Z',
      updatedAt: '2026-03-01T11:00:00Z',
      updatedBy: 'planner@example.com',
    }
    const board = { listTasks: async () => [now] }
    const edit = [{ id: seen.id, dueDate: '2026-03-10T00:00:00.000Z' }]
    expect(
      await findConflicts(board, edit, { [seen.id]: seen.updatedAt }, new Map([[seen.id, seen]])),
    ).toEqual([])
  })
})

describe('finding conflicts before an update', () => {
  it('finds none when nothing changed, with one query per project/status/type group', async () => {
    const edits = ['A', 'B', 'C'].map((t) => ({ id: byTitle(t).id, title: `${t}!` }))
    expect(await findConflicts(lister, edits, seenAll(), known())).toEqual([])
    expect(queries).toEqual([
      'projectKey=WEB&status=To+Do&dueDate=2026-03-03%2C2026-03-09&type=task',
      'projectKey=WEB&status=To+Do&startDate=2026-03-05&type=task',
    ])
  })

  it('reports a task edited elsewhere, naming who, when and which fields', async () => {
    clock = '2026-03-02T08:00:00.000Z'
    await service.call('PATCH', '/api/v1/tasks', {
      tasks: [{ id: byTitle('B').id, title: 'B (renamed)', priority: 'high' }],
    })
    const conflicts = await findConflicts(
      lister,
      [
        { id: byTitle('A').id, title: 'x' },
        { id: byTitle('B').id, dueDate: '2026-03-10' },
      ],
      seenAll(),
      known(),
    )
    expect(conflicts).toEqual([
      {
        taskId: byTitle('B').id,
        title: 'B',
        fields: ['title', 'priority'],
        changedBy: 'olivia.owner@example.com',
        changedAt: '2026-03-02T08:00:00.000Z',
        theirs: expect.objectContaining({ title: 'B (renamed)', priority: 'high' }),
      },
    ])
    expect(describeConflict(conflicts[0]!)).toBe(
      'B was changed on the board by olivia.owner@example.com at 2026-03-02T08:00:00.000Z (title, priority), so your change was not sent.',
    )
  })

  it('finds none for a write elsewhere that changed nothing (only updatedAt moved)', async () => {
    // A board may move updatedAt on any update item, even one that sets what is already there.
    clock = '2026-03-02T08:00:00.000Z'
    await service.call('PATCH', '/api/v1/tasks', { tasks: [{ id: byTitle('B').id, title: 'B' }] })
    expect((await taskByTitle(service, 'B')).updatedAt).toBe('2026-03-02T08:00:00.000Z')
    const edit = [{ id: byTitle('B').id, dueDate: '2026-03-10' }]
    expect(await findConflicts(lister, edit, seenAll(), known())).toEqual([])
  })

  it('but still asks when what main holds is newer than what the user saw', async () => {
    // The user saw an older version; main's copy (the same fields as the board now) came later.
    const edit = [{ id: byTitle('B').id, dueDate: '2026-03-10' }]
    const seen = { ...seenAll(), [byTitle('B').id]: '2000-01-01T00:00:00.000Z' }
    const conflicts = await findConflicts(lister, edit, seen, known())
    expect(conflicts.map((c) => [c.taskId, c.fields])).toEqual([[byTitle('B').id, []]])
  })

  it('reports a task that left its last known slice (its status changed elsewhere)', async () => {
    await service.call('PATCH', '/api/v1/tasks', {
      tasks: [{ id: byTitle('A').id, status: 'Done' }],
    })
    const [conflict] = await findConflicts(
      lister,
      [{ id: byTitle('A').id, title: 'x' }],
      seenAll(),
      known(),
    )
    expect(conflict).toMatchObject({ taskId: byTitle('A').id, theirs: null })
    expect(describeConflict(conflict!)).toContain('A was moved or changed on the board')
    // Missing from its own day too before it counts as moved; that day asked once.
    expect(queries).toEqual(['projectKey=WEB&status=To+Do&dueDate=2026-03-03&type=task'])
  })

  it('lets a task the user chose to write over anyway through, even one no longer where it was', async () => {
    await service.call('PATCH', '/api/v1/tasks', {
      tasks: [{ id: byTitle('A').id, status: 'Done' }],
    })
    const edit = [{ id: byTitle('A').id, title: 'x' }]
    // Main's own version of the task (after an earlier write) would flag it again.
    const ours = new Map([[byTitle('A').id, byTitle('A').updatedAt]])
    expect(await findConflicts(lister, edit, {}, known(), ours)).toHaveLength(1)
    queries.length = 0
    expect(
      await findConflicts(lister, edit, { [byTitle('A').id]: ANY_VERSION }, known(), ours),
    ).toEqual([])
    expect(queries).toEqual([])
  })

  it('checks only tasks the renderer says it saw', async () => {
    expect(await findConflicts(lister, [{ id: byTitle('A').id, title: 'x' }], {}, known())).toEqual(
      [],
    )
    expect(queries).toEqual([])
  })

  it('takes the version the planner read back after its own write as no conflict', async () => {
    clock = '2026-03-02T08:00:00.000Z'
    await service.call('PATCH', '/api/v1/tasks', { tasks: [{ id: byTitle('A').id, title: 'A2' }] })
    const [ours] = (await listTasks(service)).filter((t) => t.id === byTitle('A').id)
    const edit = [{ id: byTitle('A').id, title: 'A3' }]
    expect(await findConflicts(lister, edit, seenAll(), known())).toHaveLength(1)
    const mine = new Map([[ours!.id, ours!.updatedAt]])
    expect(await findConflicts(lister, edit, seenAll(), known(), mine)).toEqual([])
  })

  it('compares values structurally: properties in another key order are the same', async () => {
    clock = '2026-03-02T08:00:00.000Z'
    await service.call('PATCH', '/api/v1/tasks', { tasks: [{ id: byTitle('A').id, title: 'A2' }] })
    const seen = new Map(known())
    const a = seen.get(byTitle('A').id)!
    const reordered = Object.fromEntries(Object.entries(a.properties).reverse())
    seen.set(a.id, { ...a, properties: reordered })
    const [conflict] = await findConflicts(lister, [{ id: a.id, title: 'x' }], seenAll(), seen)
    expect(conflict?.fields).toEqual(['title'])
  })
})

describe('task ids that name members of every object', () => {
  it('checks a task only when what the user saw of it was sent', async () => {
    // The spec makes a task ID any string. "constructor" is not in an empty `seen`, though a
    // plain object finds Object's constructor under that name: the edit was checked against
    // the board as if the user had seen a version of the task.
    const task = { ...snapshot[0]!, id: 'constructor' }
    const asked: string[] = []
    const fake = {
      listTasks: (filters: ListTasksFilters) => {
        asked.push(toListQuery(filters).toString())
        return Promise.resolve([task])
      },
    }
    const edits = [{ id: 'constructor', title: 'x' }]
    expect(await findConflicts(fake, edits, {}, new Map([[task.id, task]]))).toEqual([])
    expect(asked).toEqual([])
  })
})

describe('whether the board holds an edit (its answer lost, or not naming the task)', () => {
  it('takes a board’s trimmed title and its own order of the tags as the edit', () => {
    // A board that normalises what it stores made the planner read its own write as someone
    // else's change, or as not saved.
    const seen = buildTask('t1', { title: 'Old', tags: ['a'] })
    const edit = { id: 't1', title: ' New title ', tags: ['ui', 'api', 'ui'] }
    const now = { ...seen, title: 'New title', tags: ['api', 'ui'] }
    expect(holdsEdit(now, seen, edit)).toBe(true)
    expect(holdsEdit({ ...now, title: 'Other' }, seen, edit)).toBe(false)
    expect(holdsEdit({ ...now, tags: ['api'] }, seen, edit)).toBe(false)
  })
})

describe('a board whose updatedAt has whole seconds', () => {
  it('a change made within the second the user saw is still someone else’s change', async () => {
    // The same updatedAt, other values: another user's edit in the same second (or a board that
    // does not move updatedAt). It was taken as the version seen, and overwritten unasked.
    const seenTask = buildTask('t1', {
      title: 'Theirs before',
      status: 'To Do',
      updatedAt: '2026-03-01T10:00:05Z',
    })
    const now = { ...seenTask, status: 'Done', updatedBy: 'grace@example.com' }
    const found = await findConflicts(
      { listTasks: async () => [now] },
      [{ id: 't1', title: 'Mine' }],
      { t1: seenTask.updatedAt },
      new Map([['t1', seenTask]]),
    )
    expect(found.map((c) => [c.taskId, c.fields])).toEqual([['t1', ['status']]])
    // The same values: no conflict.
    const same = await findConflicts(
      { listTasks: async () => [seenTask] },
      [{ id: 't1', title: 'Mine' }],
      { t1: seenTask.updatedAt },
      new Map([['t1', seenTask]]),
    )
    expect(same).toEqual([])
  })
})

describe('a board that answers fewer tasks than match', () => {
  // "At most 100" allows a board that pages by fewer. A task missing from such a short answer
  // was taken as moved away: every edit of the rest of a busy project/status was held back as
  // a conflict with "moved or changed on the board".
  it('finds each task again by its own days before calling it moved', async () => {
    const capped = {
      listTasks: async (filters: ListTasksFilters) => (await lister.listTasks(filters)).slice(0, 1),
    }
    const edits = ['A', 'B'].map((t) => ({ id: byTitle(t).id, title: `${t}!` }))
    expect(await findConflicts(capped, edits, seenAll(), known())).toEqual([])
    // The group's query, then B's own day.
    expect(queries).toEqual([
      'projectKey=WEB&status=To+Do&dueDate=2026-03-03%2C2026-03-09&type=task',
      'projectKey=WEB&status=To+Do&dueDate=2026-03-09&type=task',
    ])
  })

  it('checks a task left out of a full answer of its group', async () => {
    // A wide group's answer of 100 other tasks said nothing of B; its edit elsewhere went
    // unchecked and was written over.
    clock = '2026-03-02T08:00:00.000Z'
    await service.call('PATCH', '/api/v1/tasks', {
      tasks: [{ id: byTitle('B').id, priority: 'high' }],
    })
    const others = Array.from({ length: 100 }, (_, i) => buildTask(`other-${i}`))
    const crowded = {
      listTasks: async (filters: ListTasksFilters) =>
        filters.dueDate && filters.dueDate.from !== filters.dueDate.to
          ? others
          : lister.listTasks(filters),
    }
    const edits = ['A', 'B'].map((t) => ({ id: byTitle(t).id, title: `${t}!` }))
    const conflicts = await findConflicts(crowded, edits, seenAll(), known())
    expect(conflicts.map((c) => [c.title, c.fields])).toEqual([['B', ['priority']]])
  })

  it('does not ask again for a task found under the other copy it was asked for by', async () => {
    // An unconfirmed edit is looked for where the task was and where the edit puts it; found
    // where it was, the other copy's day was asked for as well, one request per task.
    const a = byTitle('A')
    const { found, gone } = await readTasks(lister, [a, { ...a, status: 'Done' }])
    expect(found.get(a.id)?.title).toBe('A')
    expect(gone.size).toBe(0)
    expect(queries).toHaveLength(2)
  })
})
