// One thing highlighted at a time: selecting an arrow drops the selected tasks, and selecting a
// task drops the arrow, so Delete and Esc act on what the user sees highlighted.
import { describe, expect, it } from 'vitest'
import { createPlannerStore } from '../../src-renderer/state/store'

describe('selected dependency', () => {
  it('replaces the task selection, and a task click replaces it', () => {
    const store = createPlannerStore()
    const rows = ['t1', 't2']
    store.getState().clickTask('t1', { shift: false, ctrl: false }, rows)
    store.getState().selectDependency('d1')
    expect(store.getState().selection.selectedIds).toEqual([])
    expect(store.getState().selectedDependencyId).toBe('d1')
    store.getState().clickTask('t2', { shift: false, ctrl: false }, rows)
    expect(store.getState().selectedDependencyId).toBeNull()
    expect(store.getState().selection.selectedIds).toEqual(['t2'])
    store.getState().selectDependency('d1')
    store.getState().selectTasks(['t1'])
    expect(store.getState().selectedDependencyId).toBeNull()
  })

  it('deselecting the arrow leaves the tasks as they are', () => {
    const store = createPlannerStore()
    store.getState().selectDependency('d1')
    store.getState().selectDependency(null)
    expect(store.getState().selectedDependencyId).toBeNull()
    expect(store.getState().selection.selectedIds).toEqual([])
  })
})
