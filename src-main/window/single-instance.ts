// One planner per user-data folder: two would write the same journal, profiles and local board
// at once. Electron's single-instance lock is per user-data folder; a second launch quits and
// the first comes to the front. Kept apart from Electron (structural types) so a test can drive
// it; browser mode has its own lock (web/data-dir-lock.ts).

/** The part of Electron's `app` this needs. */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean
  quit(): void
  on(event: 'second-instance', listener: () => void): unknown
}

/** The part of a BrowserWindow that is brought to the front. */
export interface FocusableWindow {
  isDestroyed(): boolean
  isMinimized(): boolean
  restore(): void
  show(): void
  focus(): void
}

/**
 * Whether this process is the folder's planner. If not, it quits and the caller starts nothing;
 * if so, every later launch calls `onSecondLaunch` here (bring the window to the front).
 */
export function claimSingleInstance(app: SingleInstanceApp, onSecondLaunch: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', onSecondLaunch)
  return true
}

/** Restores and focuses the window; false when there is none left to show (make one). */
export function bringToFront(window: FocusableWindow | undefined): boolean {
  if (!window || window.isDestroyed()) return false
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
  return true
}
