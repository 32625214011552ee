// React's view of the store: `usePlanner(selector)` re-renders a component when the selected
// value changes (by Object.is). A selector that builds a new object or array each time must go
// through `usePlannerShallow`, or React sees a new value on every render.
// The store comes from the nearest <PlannerStoreContext value={store}> (tests, previews) or,
// without one, the app's own store.
import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { createPlannerStore } from './store'
import type { PlannerState, PlannerStore } from './store'

export const PlannerStoreContext = createContext<PlannerStore | null>(null)

let appStore: PlannerStore | undefined

/** The window's store, made on first use. */
export function plannerStore(): PlannerStore {
  return (appStore ??= createPlannerStore())
}

export function usePlannerStore(): PlannerStore {
  return useContext(PlannerStoreContext) ?? plannerStore()
}

export function usePlanner<T>(selector: (state: PlannerState) => T): T {
  return useStore(usePlannerStore(), selector)
}

export function usePlannerShallow<T>(selector: (state: PlannerState) => T): T {
  return useStore(usePlannerStore(), useShallow(selector))
}
