// Click, Shift and Ctrl selection and arrow-key focus, through the store's selection slice.
import { describe, expect, it } from 'vitest'
import { snapshot, task } from './fixtures'
import { createPlannerStore } from './subject'

const ROWS = ['a', 'b', 'c', 'd', 'e', 'f']

function store() {
  return createPlannerStore()
}
const selected = (s: ReturnType<typeof store>) => s.getState().selection.selectedIds

describe('selection by click', () => {
  it('a plain click selects one task, and moves anchor and focus to it', () => {
    const s = store()
    s.getState().clickTask('b', {}, ROWS)
    s.getState().clickTask('d', {}, ROWS)
    expect(s.getState().selection).toEqual({ selectedIds: ['d'], anchorId: 'd', focusedId: 'd' })
  })

  it('Ctrl (or Cmd) toggles one task and keeps the others', () => {
    const s = store()
    s.getState().clickTask('b', {}, ROWS)
    s.getState().clickTask('d', { ctrl: true }, ROWS)
    s.getState().clickTask('f', { meta: true }, ROWS)
    expect(selected(s)).toEqual(['b', 'd', 'f'])
    s.getState().clickTask('d', { ctrl: true }, ROWS)
    expect(selected(s)).toEqual(['b', 'f'])
    expect(s.getState().selection.anchorId).toBe('d')
  })

  it('Shift selects the rows between the anchor and the click, either way, in row order', () => {
    const s = store()
    s.getState().clickTask('b', {}, ROWS)
    s.getState().clickTask('e', { shift: true }, ROWS)
    expect(selected(s)).toEqual(['b', 'c', 'd', 'e'])
    // The anchor stays: a second Shift-click replaces the range.
    s.getState().clickTask('a', { shift: true }, ROWS)
    expect(selected(s)).toEqual(['a', 'b'])
    expect(s.getState().selection).toMatchObject({ anchorId: 'b', focusedId: 'a' })
  })

  it('Ctrl+Shift adds the range to what is selected', () => {
    const s = store()
    s.getState().clickTask('a', {}, ROWS)
    s.getState().clickTask('d', { ctrl: true }, ROWS)
    s.getState().clickTask('f', { ctrl: true, shift: true }, ROWS)
    expect(selected(s)).toEqual(['a', 'd', 'e', 'f'])
  })

  it('Shift with no anchor, or an anchor not among the rows, acts as a plain click', () => {
    const s = store()
    s.getState().clickTask('c', { shift: true }, ROWS)
    expect(selected(s)).toEqual(['c'])
    s.getState().clickTask('e', { shift: true }, ['d', 'e'])
    expect(selected(s)).toEqual(['e'])
    expect(s.getState().selection.anchorId).toBe('e')
  })
})

describe('arrow keys over the visible rows', () => {
  it('move the focus and the selection with it, stopping at the ends', () => {
    const s = store()
    s.getState().moveFocus('down', ROWS)
    expect(s.getState().selection).toEqual({ selectedIds: ['a'], anchorId: 'a', focusedId: 'a' })
    s.getState().moveFocus('up', ROWS)
    expect(selected(s)).toEqual(['a'])
    s.getState().moveFocus('down', ROWS)
    s.getState().moveFocus('down', ROWS)
    expect(selected(s)).toEqual(['c'])
    s.getState().moveFocus('last', ROWS)
    s.getState().moveFocus('down', ROWS)
    expect(selected(s)).toEqual(['f'])
    s.getState().moveFocus('first', ROWS)
    expect(selected(s)).toEqual(['a'])
  })

  it('with Shift extend the range from the anchor; with Ctrl move the focus alone', () => {
    const s = store()
    s.getState().clickTask('c', {}, ROWS)
    s.getState().moveFocus('down', ROWS, { shift: true })
    s.getState().moveFocus('down', ROWS, { shift: true })
    expect(selected(s)).toEqual(['c', 'd', 'e'])
    s.getState().moveFocus('up', ROWS, { shift: true })
    s.getState().moveFocus('up', ROWS, { shift: true })
    s.getState().moveFocus('up', ROWS, { shift: true })
    expect(selected(s)).toEqual(['b', 'c'])
    s.getState().moveFocus('down', ROWS, { ctrl: true })
    expect(s.getState().selection).toEqual({
      selectedIds: ['b', 'c'],
      anchorId: 'c',
      focusedId: 'c',
    })
  })

  it('skip hidden rows: a focus collapsed away restarts at the near end', () => {
    const s = store()
    s.getState().clickTask('c', {}, ROWS)
    const visible = ['a', 'b', 'e', 'f'] // c and d collapsed under b
    s.getState().moveFocus('down', visible)
    expect(s.getState().selection.focusedId).toBe('a')
    s.getState().clickTask('d', {}, ROWS)
    s.getState().moveFocus('up', visible)
    expect(s.getState().selection.focusedId).toBe('f')
    s.getState().moveFocus('up', [])
    expect(s.getState().selection.focusedId).toBe('f')
  })
})

describe('selection across a refresh', () => {
  it('drops tasks that are gone and keeps the rest', () => {
    const s = store()
    s.getState().snapshotReceived(snapshot(ROWS.map((id) => task(id))))
    s.getState().clickTask('b', {}, ROWS)
    s.getState().clickTask('d', { shift: true }, ROWS)
    s.getState().hoverTask('c')
    s.getState().snapshotReceived(snapshot(['a', 'b', 'd'].map((id) => task(id))))
    expect(s.getState().selection).toEqual({
      selectedIds: ['b', 'd'],
      anchorId: 'b',
      focusedId: 'd',
    })
    expect(s.getState().view.hoverTaskId).toBeNull()
  })
})
