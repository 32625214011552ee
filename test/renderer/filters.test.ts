// The Filters panel's logic as a user meets it: what typing into a field shows, the count, what a
// saved view brings back, and what is sent to main when saving.
import { describe, expect, it } from 'vitest'
import type { PropertyType } from '../../src-shared/api'
import { VIEW_SORTS, VIEW_ZOOMS } from '../../src-shared/filters'
import type { SavedView } from '../../src-shared/filters'
import { draftOf, EMPTY_DRAFT, readDraft } from '../../src-renderer/filters/filter-draft'
import { filterTasks, selectFilterOutcome } from '../../src-renderer/filters/filter-outcome'
import { boardVocabulary } from '../../src-shared/board/vocabulary'
import { saveView } from '../../src-renderer/filters/views-actions'
import { createPlannerStore, SORT_CHOICES, ZOOMS } from '../../src-renderer/state'
import { buildModel, windowInput } from '../../src-renderer/timeline/view/timeline-model'
import { fakePlannerApi, snapshot, task } from './state/fixtures'

const types = new Map<string, PropertyType>([
  ['Points', 'Number'],
  ['Release', 'Date'],
  ['Blocked', 'Checkbox'],
])

const dated = { startDate: '2026-03-02T00:00:00.000Z', dueDate: '2026-03-03T00:00:00.000Z' }
const board = [
  task('p1', { title: 'Parent', status: 'In Progress', ...dated }),
  task('c2', {
    ...dated,
    parentId: 'p1',
    status: 'Done',
    tags: ['ui'],
    assignedUserEmail: 'ada@example.com',
    properties: { Points: 3, Blocked: true },
  }),
  task('t3', { status: 'Done', tags: ['backend'], properties: { Points: 5 } }),
  task('t4', { status: 'To Do', projectKey: 'APP', dueDate: '2026-03-04T00:00:00.000Z' }),
]

function storeWithBoard() {
  const store = createPlannerStore()
  store.getState().snapshotReceived(snapshot(board))
  store.getState().viewsListed('local', [])
  return store
}

describe('what the user types', () => {
  it('reads half-typed lists, one-ended ranges and property values as the interface would', () => {
    const read = readDraft(
      {
        ...EMPTY_DRAFT,
        status: 'Done, ',
        tag: ' ui ,backend',
        dueTo: '2026-03-04',
        properties: { Points: '3,', Release: '2026-01-01,2026-02-01', Blocked: 'false' },
      },
      types,
    )
    expect(read.filters).toEqual({
      status: ['Done'],
      tag: ['ui', 'backend'],
      dueDate: { from: '2026-03-04', to: '2026-03-04' },
      properties: { Points: '3', Release: '2026-01-01,2026-02-01', Blocked: 'false' },
    })
    expect(read.problems).toEqual({})
    expect(read.count).toBe(6)
  })

  it('a saved "unchecked" filter on a property no loaded task has matches every task, as the board', () => {
    // The board reads an unset checkbox as unchecked; read as Text, it matched nothing.
    const tasks = [task('a'), task('b')]
    const outcome = filterTasks(
      tasks,
      { ...EMPTY_DRAFT, properties: { Archived: 'false' } },
      boardVocabulary(tasks),
    )
    expect(outcome.matched).toBe(2)
  })

  it('says that a filter on a property no loaded task has matches nothing ("true" too)', () => {
    const tasks = [task('a'), task('b')]
    const outcome = filterTasks(
      tasks,
      { ...EMPTY_DRAFT, properties: { Gone: 'x', Flagged: 'true', Archived: 'false' } },
      boardVocabulary(tasks),
    )
    expect(outcome.matched).toBe(0)
    expect(outcome.unknownProperties).toEqual(['Gone', 'Flagged'])
    expect(outcome.problems['prop:Gone']).toMatch(/No loaded task has a property named Gone/)
    expect(outcome.problems['prop:Flagged']).toMatch(/No loaded task has a property named Flagged/)
    expect(outcome.problems['prop:Archived']).toBeUndefined()
  })

  it('says why a part cannot apply, and applies the rest', () => {
    const read = readDraft(
      {
        ...EMPTY_DRAFT,
        status: 'Done',
        startFrom: '2026-05-01',
        startTo: '2026-04-01',
        properties: { Points: 'three' },
      },
      types,
    )
    expect(read.filters).toEqual({ status: ['Done'] })
    expect(read.problems.startDate).toMatch(/starts \(2026-05-01\) after it ends/)
    expect(read.problems['prop:Points']).toMatch(/^Points must be JSON numbers/)
  })

  it('a saved view reads back into the same filters', () => {
    const filters = readDraft(
      {
        ...EMPTY_DRAFT,
        assignedUserEmail: 'ada@example.com',
        pinToTop: 'false',
        startFrom: '2026-01-01',
        startTo: '2026-01-31',
        properties: { Release: '2026-01-02,' },
      },
      types,
    ).filters
    expect(readDraft(draftOf(filters), types).filters).toEqual(filters)
  })

  it('the zoom levels a view stores are the timeline’s', () => {
    expect([...VIEW_ZOOMS]).toEqual([...ZOOMS])
  })

  it('the row orders a view stores are the Sort control’s', () => {
    expect([...VIEW_SORTS]).toEqual([...SORT_CHOICES])
  })
})

describe('the filtered board', () => {
  it('counts matches, keeps a matching subtask’s parent dimmed, and clears', () => {
    const store = storeWithBoard()
    expect(selectFilterOutcome(store.getState())).toMatchObject({ matched: 4, total: 4 })
    store.getState().setFilterField('tag', 'ui')
    const outcome = selectFilterOutcome(store.getState())
    expect(outcome.shown.map((t) => t.id)).toEqual(['p1', 'c2'])
    expect(outcome.matched).toBe(1)
    expect([...outcome.contextIds]).toEqual(['p1'])
    const model = { ...buildModel(outcome.shown, [], 'week', Date.now()), ...outcome }
    const { bars } = windowInput(model, [], 0, model.layout.rows.length - 1, new Set())
    expect(bars.find((b) => b.id === 'p1')?.className).toContain('filter-context')
    expect(bars.find((b) => b.id === 'c2')?.className ?? '').not.toContain('filter-context')
    store.getState().clearFilters()
    expect(selectFilterOutcome(store.getState()).matched).toBe(4)
  })

  it('a keystroke that does not change the matches keeps the timeline’s input as it was', () => {
    const store = storeWithBoard()
    store.getState().setFilterField('tag', 'ui')
    const shown = selectFilterOutcome(store.getState()).shown
    store.getState().setFilterField('tag', 'ui, back')
    expect(selectFilterOutcome(store.getState()).shown).toBe(shown)
    store.getState().setFilterField('tag', 'ui, backend')
    expect(selectFilterOutcome(store.getState()).shown.map((t) => t.id)).toEqual(['p1', 'c2', 't3'])
  })

  it('custom properties filter with the types the board’s values show', () => {
    const store = storeWithBoard()
    store.getState().setPropertyFilter('Points', '5')
    expect(selectFilterOutcome(store.getState()).shown.map((t) => t.id)).toEqual(['t3'])
    store.getState().setPropertyFilter('Points', '')
    store.getState().setPropertyFilter('Blocked', 'false')
    expect(selectFilterOutcome(store.getState()).matched).toBe(3)
  })

  it('a parent id that is a name of every object ("constructor") names no parent', () => {
    const store = createPlannerStore()
    const odd = ['constructor', 'toString', '__proto__'].map((parentId, i) =>
      task(`o${i}`, { parentId, tags: ['ui'] }),
    )
    store.getState().snapshotReceived(snapshot([...board, ...odd]))
    store.getState().setFilterField('tag', 'ui')
    const outcome = selectFilterOutcome(store.getState())
    expect(outcome.shown.map((t) => t.id)).toEqual(['p1', 'c2', 'o0', 'o1', 'o2'])
    expect([...outcome.contextIds]).toEqual(['p1'])
  })

  it('re-filters an edited task without being asked', () => {
    const store = storeWithBoard()
    store.getState().setFilterField('status', 'To Do')
    expect(selectFilterOutcome(store.getState()).matched).toBe(1)
    store.getState().snapshotReceived(snapshot(board.map((t) => ({ ...t, status: 'To Do' }))))
    expect(selectFilterOutcome(store.getState()).matched).toBe(4)
  })
})

describe('saved views', () => {
  const saved: SavedView = {
    name: 'Done work',
    filters: { status: ['Done'] },
    zoom: 'month',
    collapsedIds: ['p1'],
    savedAt: '2026-11-24T10:00:00.000Z',
  }

  it('saving sends the filters that apply, the zoom, the collapsed rows and Sort, for this board', async () => {
    const store = storeWithBoard()
    const fake = fakePlannerApi({ 'views:save': () => ({ ok: true, value: [saved] }) })
    store.getState().setFilterField('status', 'Done')
    store.getState().setFilterField('startFrom', '2026-02-01')
    store.getState().setFilterField('startTo', '2026-01-01')
    store.getState().setZoom('month')
    store.getState().setCollapsed('p1', true)
    // The reversed start range does not apply: saved without it, and said (it was left out
    // silently).
    expect(await saveView(store, fake.api, '  Done work ')).toEqual({
      ok: true,
      message: 'View “Done work” saved, without the filters that do not apply: Start date.',
    })
    expect(fake.callsOf('views:save')).toEqual([
      {
        profileId: 'local',
        view: {
          name: 'Done work',
          filters: { status: ['Done'] },
          zoom: 'month',
          collapsedIds: ['p1'],
          sort: 'start',
        },
      },
    ])
    expect(store.getState().filters).toMatchObject({ views: [saved], activeView: 'Done work' })
  })

  it('a bad name is refused before anything is sent', async () => {
    const store = storeWithBoard()
    const fake = fakePlannerApi()
    expect(await saveView(store, fake.api, '   ')).toEqual({
      ok: false,
      message: 'Give the view a name.',
    })
    expect(fake.calls).toEqual([])
  })

  it('switching to a view brings back its filters, zoom and collapsed rows', () => {
    const store = storeWithBoard()
    store.getState().setFilterField('tag', 'ui')
    store.getState().applyView(saved)
    const state = store.getState()
    expect(state.view.zoom).toBe('month')
    expect(state.view.collapsedIds).toEqual(['p1'])
    expect(selectFilterOutcome(state).filters).toEqual({ status: ['Done'] })
    expect(state.filters.activeView).toBe('Done work')
    state.setFilterField('status', 'To Do')
    expect(store.getState().filters.activeView).toBeNull()
  })

  it('another board starts with no filters', () => {
    const store = storeWithBoard()
    store.getState().setFilterField('tag', 'ui')
    store.getState().viewsListed('other', [])
    expect(store.getState().filters.draft).toEqual(EMPTY_DRAFT)
  })

  it('another board starts with no filters as soon as its load begins, and keeps what is typed then', () => {
    // The old board's filters applied to the new board until its saved views were listed, and
    // what the user typed meanwhile was thrown away when they were.
    const store = storeWithBoard()
    store.getState().setFilterField('tag', 'ui')
    store.getState().syncStarted('other')
    expect(store.getState().filters.draft).toEqual(EMPTY_DRAFT)
    store.getState().setFilterField('status', 'Done')
    store.getState().viewsListed('other', [])
    expect(store.getState().filters.draft.status).toBe('Done')
  })
})
