// What follows a page, slice by slice (the integration tests check whole boards).
import { describe, expect, it } from 'vitest'
import { BoardValues } from '../../../src-main/sync/known-values'
import { planAfter, planDeferred } from '../../../src-main/sync/plan'
import { ROOT_SLICE } from '../../../src-main/sync/slice'
import type { Slice } from '../../../src-main/sync/slice'
import type { Task } from '../../../src-shared/api'

let keys = 0
const page = (dues: string[]): Task[] =>
  dues.map(
    (due) =>
      ({ projectKey: 'WEB', key: ++keys, dueDate: due ? `${due}T09:00:00.000Z` : '' }) as Task,
  )
const repeat = (n: number, due: string) => Array.from({ length: n }, () => due)
const filters = (slices: Slice[]) =>
  slices.map((s) => ({ filters: s.filters, scope: s.scope, page: !!s.page }))

describe('planAfter', () => {
  const ctx = new BoardValues()

  it('asks nothing more after a page that is not full', () => {
    expect(planAfter(ROOT_SLICE, page(repeat(99, '2026-03-01')), ctx).slices).toEqual([])
  })

  it('continues a full page from the day of its last task', () => {
    const next = planAfter(ROOT_SLICE, page([...repeat(60, ''), ...repeat(40, '2026-03-01')]), ctx)
    expect(filters(next.slices)).toEqual([
      { filters: { dueDate: { from: '2026-03-01', to: '9999-12-31' } }, scope: 'all', page: false },
    ])
  })

  it('splits off a day that fills the page, and continues after it', () => {
    const slice: Slice = {
      ...ROOT_SLICE,
      filters: { dueDate: { from: '2026-02-01', to: '2026-06-30' } },
    }
    const next = planAfter(slice, page(repeat(100, '2026-03-01')), ctx)
    expect(filters(next.slices)).toEqual([
      { filters: { dueDate: { from: '2026-03-01', to: '2026-03-01' } }, scope: 'all', page: true },
      { filters: { dueDate: { from: '2026-03-02', to: '2026-06-30' } }, scope: 'all', page: false },
    ])
  })

  it('narrows even when a service sends days outside the range', () => {
    const slice: Slice = {
      ...ROOT_SLICE,
      filters: { dueDate: { from: '2026-05-01', to: '9999-12-31' } },
    }
    const next = planAfter(
      slice,
      page([...repeat(50, '2026-01-01'), ...repeat(50, '2026-01-02')]),
      ctx,
    )
    expect(next.slices.map((s) => s.filters.dueDate)).toEqual([
      { from: '2026-05-01', to: '2026-05-01' },
      { from: '2026-05-02', to: '9999-12-31' },
    ])
  })

  it('parts more than 100 undated tasks into exhaustive slices: type first', () => {
    const next = planAfter(ROOT_SLICE, page(repeat(100, '')), ctx)
    expect(next.slices.map((s) => s.filters)).toEqual([{ type: 'task' }, { type: 'milestone' }])
  })

  it('has nothing left to ask of an undated slice once a dated task shows on its page', () => {
    const slice: Slice = { ...ROOT_SLICE, scope: 'undated' }
    expect(planAfter(slice, page([...repeat(99, ''), '2026-01-01']), ctx).slices).toEqual([])
  })

  it('leaves a full undated slice to be split once the board is idle', () => {
    const slice: Slice = { ...ROOT_SLICE, scope: 'undated' }
    const full = page(repeat(100, ''))
    expect(planAfter(slice, full, ctx)).toMatchObject({ slices: [], deferred: [{ page: full }] })
  })

  it('names a slice that no filter splits further', () => {
    const slice: Slice = { ...ROOT_SLICE, scope: 'undated', next: 8, page: page(repeat(100, '')) }
    const next = planDeferred([slice], ctx)
    expect(next.truncated).toEqual([
      {
        query: '',
        description:
          'no due date: the page is full and no filter splits it further; more tasks may share all these values',
        returned: 100,
      },
    ])
  })

  describe('splitting undated pages without asking what they already tell', () => {
    const undated = (n: number, fields: Partial<Task>, first = 1): Task[] =>
      Array.from({ length: n }, (_, i) => ({
        ...({ id: `u${first + i}`, projectKey: 'WEB', key: first + i, dueDate: '' } as Task),
        ...({ type: 'task', pinToTop: false, status: 'Backlog', tags: [] } as Partial<Task>),
        ...({ assignedUserEmail: '', priority: '', startDate: '' } as Partial<Task>),
        ...fields,
      }))

    it('gives a child that every task of a full page matches that very page', () => {
      const full = undated(100, {})
      const next = planAfter(ROOT_SLICE, full, new BoardValues())
      expect(filters(next.slices)).toEqual([
        { filters: { type: 'task' }, scope: 'all', page: true },
        { filters: { type: 'milestone' }, scope: 'all', page: false },
      ])
      expect(next.slices[0]?.page).toEqual(full)
    })

    it('splits at once a child whose share of the page promises many pages, and asks the rest', () => {
      // Keys 1-100 of a project that reaches key 1,000: the slice holds about 1,000 undated tasks.
      const ctx = new BoardValues()
      ctx.add({ ...undated(1, {}, 1000)[0], dueDate: '2026-01-01T00:00:00.000Z' } as Task)
      const full = [...undated(98, {}), ...undated(2, { pinToTop: true }, 99)]
      const slice: Slice = { ...ROOT_SLICE, filters: { type: 'task' }, page: full }
      const next = planAfter(slice, full, ctx)
      expect(next.slices.map((s) => [s.filters, s.guessed, s.page?.length])).toEqual([
        [{ type: 'task', pinToTop: false }, true, 98],
        [{ type: 'task', pinToTop: true }, undefined, undefined],
      ])
    })
  })
})
