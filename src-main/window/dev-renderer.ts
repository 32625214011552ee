// Where the window's page comes from. electron-vite's dev server sets ELECTRON_RENDERER_URL; a
// packaged app must never obey it, nor a remote-debugging switch: either hands a page of
// someone else's choosing the planner's IPC, and with it every board and its key (the fuses
// set in electron-builder.yml close the other doors of this kind).

/** The dev server's address, in an unpackaged run only. */
export function devRendererUrl(
  env: Readonly<Record<string, string | undefined>>,
  isPackaged: boolean,
): string | undefined {
  if (isPackaged) return undefined
  const url = env['ELECTRON_RENDERER_URL']
  return url === undefined || url === '' ? undefined : url
}

/** Command-line switches that open the app's pages to another program. */
export const DEBUGGING_SWITCHES = ['remote-debugging-port', 'remote-debugging-pipe', 'inspect']

/** The switch a packaged app refuses to run with, if any was given. */
export function refusedSwitch(
  hasSwitch: (name: string) => boolean,
  isPackaged: boolean,
): string | undefined {
  return isPackaged ? DEBUGGING_SWITCHES.find((name) => hasSwitch(name)) : undefined
}
