// What follows a page, slice by slice (the integration tests check whole boards).
import { describe, expect, it } from 'vitest'
import { BoardValues } from '../../../src-main/sync/known-values'
import { planAfter } from '../../../src-main/sync/plan'
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

  it('names a slice that no filter splits further', () => {
    const slice: Slice = { ...ROOT_SLICE, scope: 'undated', next: 8 }
    const next = planAfter(slice, page(repeat(100, '')), ctx)
    expect(next.truncated).toEqual([
      {
        query: '',
        description:
          'no due date: the page is full and no filter splits it further; more tasks may share all these values',
        returned: 100,
      },
    ])
  })
})
