// The toolbar's Theme choice: System (follows the OS), Light or Dark. Main keeps it across
// restarts (appearance:get/set); the page shows a new choice at once, before main has it stored.
import { useEffect, useId, useState } from 'react'
import type { ThemeChoice } from '../../src-shared/ipc'
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { usePlannerStore } from '../state'
import { applyTheme } from './apply-theme'

const CHOICES: readonly (readonly [ThemeChoice, string])[] = [
  ['system', 'System'],
  ['light', 'Light'],
  ['dark', 'Dark'],
]

export function ThemeControl({ api }: { api: PlannerApi }): React.JSX.Element {
  const store = usePlannerStore()
  const [theme, setTheme] = useState<ThemeChoice>('system')
  const id = useId()
  useEffect(() => {
    let live = true
    void api.calls.appearanceGet(undefined).then((result) => {
      // No stored choice to be had: System, which the page already shows.
      if (!live || !result.ok) return
      setTheme(result.value.theme)
      applyTheme(result.value.theme)
    })
    return () => {
      live = false
    }
  }, [api])
  const choose = (next: ThemeChoice) => {
    setTheme(next)
    applyTheme(next)
    void api.calls.appearanceSet({ theme: next }).then((result) => {
      if (!result.ok)
        store
          .getState()
          .addMessage(
            'warning',
            `The theme could not be kept for next time: ${result.error.message}`,
          )
    })
  }
  return (
    // The label stands beside the select, not around it: a wrapping label would add the chosen
    // option to the select's name ("Theme System").
    <span className="theme-control">
      <label htmlFor={id}>Theme</label>{' '}
      <select id={id} value={theme} onChange={(event) => choose(event.target.value as ThemeChoice)}>
        {CHOICES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </span>
  )
}
