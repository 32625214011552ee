// The arrow menu's "Change lag" opens the dependency's panel with the keyboard in "Lag (days)".
// The panel cannot tell that from the focus alone (a click on the menu item hands the focus back
// to the arrow like any other item), so the item asks for it here and the panel takes the ask
// when it opens (./dependency-panel.tsx).
import type { PlannerStore } from '../state'

let wantedFor: string | null = null

/** Selects the dependency; its panel opens with "Lag (days)" focused. */
export function changeLagOf(store: PlannerStore, id: string): void {
  if (store.getState().selectedDependencyId === id) {
    // Its panel is open already: no selection to wait for.
    document.querySelector<HTMLInputElement>('.dependency-panel input[type="number"]')?.focus()
    return
  }
  wantedFor = id
  store.getState().selectDependency(id)
}

/** Whether "Lag (days)" was asked for `id`'s panel; the ask is used up either way. */
export function takeLagFocusAsk(id: string | null): boolean {
  const asked = id !== null && wantedFor === id
  wantedFor = null
  return asked
}
