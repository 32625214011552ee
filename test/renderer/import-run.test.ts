// Running an import whose batch the board refuses for one row: the report names that row as the
// refused one, and the rows refused with it as not created because of it (the board's message
// names the item by its place in the batch, not by the file's line).
import { describe, expect, it } from 'vitest'
import { refusedTask, runImport } from '../../src-renderer/exchange/import-run'
import type { CreateTaskItem } from '../../src-shared/api'
import type { ImportPlan, PlanTask } from '../../src-shared/exchange/import-plan'
import { createPlannerStore } from '../../src-renderer/state'
import { fakePlannerApi, snapshot, task } from './state/fixtures'

const row = (line: number, title: string): PlanTask => ({
  ref: String(line),
  item: { title, descriptionType: 'text', descriptionContent: '' },
  children: [],
  source: `row ${line}`,
})

describe('runImport, a refused batch', () => {
  it('names the row the board refused, and the rows refused with it', async () => {
    const store = createPlannerStore()
    store.getState().snapshotReceived(snapshot([task('t1')]))
    const fake = fakePlannerApi({
      'tasks:create': () => ({
        ok: false,
        error: {
          code: 'INVALID_REQUEST',
          message: 'tasks[1].assignedUserEmail: zed@example.com is not a member of this board',
        },
      }),
      'board:sync': () => ({ ok: true, value: snapshot([task('t1')]) }),
    })
    const plan: ImportPlan = {
      roots: [row(2, 'Plan'), row(3, 'Build'), row(4, 'Ship')],
      links: [],
      skipped: [],
      notes: [],
    }
    const report = await runImport(store, fake.api, plan, 'WEB', {
      onProgress: () => {},
      cancelled: () => false,
    })
    expect(report.created).toEqual([])
    expect(report.skipped).toEqual([
      {
        source: 'row 2',
        reason:
          'not created: the board refused its batch of 3 for row 3 (tasks[1].assignedUserEmail: zed@example.com is not a member of this board)',
      },
      {
        source: 'row 3',
        reason:
          'the board refused it: tasks[1].assignedUserEmail: zed@example.com is not a member of this board',
      },
      {
        source: 'row 4',
        reason:
          'not created: the board refused its batch of 3 for row 3 (tasks[1].assignedUserEmail: zed@example.com is not a member of this board)',
      },
    ])
  })

  it('a batch main sent in parts that failed part-way: rows before it created, the rest not', async () => {
    const store = createPlannerStore()
    store.getState().snapshotReceived(snapshot([task('t1')]))
    const made = task('n1', { title: 'Plan', projectKey: 'WEB', key: 7 })
    const fake = fakePlannerApi({
      'tasks:create': () => ({
        ok: true,
        value: {
          created: [{ index: 0, id: 'n1', projectKey: 'WEB', key: 7, task: made }],
          unknown: [],
          notCreated: {
            items: [
              { index: 1, title: 'Build' },
              { index: 2, title: 'Ship' },
            ],
            message: 'Invalid request: no such project (Of the 3 tasks in the request, …)',
          },
        },
      }),
      'board:sync': () => ({ ok: true, value: snapshot([task('t1'), made]) }),
    })
    const plan: ImportPlan = {
      roots: [row(2, 'Plan'), row(3, 'Build'), row(4, 'Ship')],
      links: [],
      skipped: [],
      notes: [],
    }
    const report = await runImport(store, fake.api, plan, 'WEB', {
      onProgress: () => {},
      cancelled: () => false,
    })
    expect(report.created).toEqual(['WEB-7 Plan (row 2)'])
    expect(report.unseen).toEqual([])
    expect(report.skipped.map((s) => s.source)).toEqual(['row 3', 'row 4'])
    expect(report.skipped[0]!.reason).toMatch(/^not created: Invalid request: no such project/)
  })

  it('names a subtask row the board refused, not its top-level row', () => {
    const parent = row(2, 'Release')
    const child = row(3, 'Notes')
    const grandchild = row(4, 'Changelog')
    parent.children = [child]
    child.children = [grandchild]
    const batch = [row(1, 'Other'), parent]
    const message =
      'tasks[1].subtasks[0].subtasks[0].assignedUserEmail: zed@example.com is not a member'
    expect(refusedTask(message, batch)?.source).toBe('row 4')
    expect(refusedTask('tasks[1].subtasks[0].title: must not be blank', batch)?.source).toBe(
      'row 3',
    )
    expect(refusedTask('tasks[0].title: must not be blank', batch)?.source).toBe('row 1')
    expect(refusedTask('the board is busy', batch)).toBeUndefined()
  })
})

describe('runImport, tasks linked to a milestone of the same file', () => {
  // The contract's schema of a create item is recursive (subtasks), which its inferred type loses.
  const itemsOf = (request: { tasks: unknown[] }) => request.tasks as CreateTaskItem[]

  /** Build (row 2, linked to row 4's milestone), Docs (row 3), Launch (row 4, the milestone). */
  async function importWith(milestoneMade: boolean) {
    const store = createPlannerStore()
    store.getState().snapshotReceived(snapshot([task('t1')]))
    const launch = task('m7', { title: 'Launch', projectKey: 'WEB', key: 7, type: 'milestone' })
    const fake = fakePlannerApi({
      'tasks:create': (request) =>
        itemsOf(request)[0]!.title === 'Launch' && !milestoneMade
          ? { ok: false, error: { code: 'INVALID_REQUEST', message: 'tasks[0].title: taken' } }
          : {
              ok: true,
              value: {
                created: itemsOf(request).map((t, index) => ({
                  index,
                  id: t.title === 'Launch' ? 'm7' : `n${index}`,
                  projectKey: 'WEB',
                  key: 8 + index,
                  task: launch,
                })),
                unknown: [],
              },
            },
      'board:sync': () => ({ ok: true, value: snapshot([task('t1'), launch]) }),
    })
    const milestone = row(4, 'Launch')
    milestone.item.type = 'milestone'
    const plan: ImportPlan = {
      roots: [{ ...row(2, 'Build'), milestoneRef: '4' }, row(3, 'Docs'), milestone],
      links: [],
      skipped: [],
      notes: [],
    }
    const report = await runImport(store, fake.api, plan, 'WEB', {
      onProgress: () => {},
      cancelled: () => false,
    })
    const sent = fake
      .callsOf('tasks:create')
      .map((r) => itemsOf(r).map((t) => [t.title, t.milestoneId]))
    return { sent, report }
  }

  it('makes the milestone first, then links the task to the milestone’s new id', async () => {
    const { sent, report } = await importWith(true)
    expect(sent).toEqual([
      [['Launch', undefined]],
      [
        ['Build', 'm7'],
        ['Docs', undefined],
      ],
    ])
    expect(report.skipped).toEqual([])
  })

  it('makes the task without it when the milestone was not made, and says so', async () => {
    const { sent, report } = await importWith(false)
    expect(sent[1]).toEqual([
      ['Build', undefined],
      ['Docs', undefined],
    ])
    expect(report.skipped).toContainEqual({
      source: 'milestone of row 2',
      reason:
        'its milestone (row 4) is not on the board (not created, or not yet seen); the task is created without it',
    })
  })
})
