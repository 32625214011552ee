// Shows a theme choice on the page: <html data-theme="light|dark"> picks the palette of
// theme.css. System follows prefers-color-scheme, live (the OS, or in Electron nativeTheme, can
// change it while the planner is open). The choice itself sits on <html> too, so there is one
// source of truth and no module state to keep in step.
import type { ThemeChoice } from '../../src-shared/ipc'

const DARK_QUERY = '(prefers-color-scheme: dark)'

/** The palette a choice shows while the OS is (or is not) dark. */
export function resolveTheme(choice: ThemeChoice, osDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return osDark ? 'dark' : 'light'
  return choice
}

function currentChoice(): ThemeChoice {
  const stored = document.documentElement.dataset['themeChoice']
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

function paint(): void {
  const root = document.documentElement
  root.dataset['theme'] = resolveTheme(currentChoice(), window.matchMedia(DARK_QUERY).matches)
}

export function applyTheme(choice: ThemeChoice): void {
  document.documentElement.dataset['themeChoice'] = choice
  paint()
}

/** Paints the OS theme at once and follows its changes; the stored choice comes later. */
export function startTheme(): void {
  window.matchMedia(DARK_QUERY).addEventListener('change', paint)
  paint()
}
