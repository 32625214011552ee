// Guards for every web contents the app creates: no new windows, no navigation away from the
// planner, no <webview>, no permission grants. Links open in the system browser, https only.
// Written against small interfaces so it is unit-tested with fakes (Electron cannot launch here).

export interface NavigationEvent {
  preventDefault(): void
}

export interface GuardedContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: NavigationEvent, url: string) => void,
  ): void
  on(event: 'will-attach-webview', listener: (event: NavigationEvent) => void): void
}

export interface GuardDeps {
  /** Origins the planner's own pages come from (scheme://host). */
  appOrigins: readonly string[]
  openExternal(url: string): void
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return undefined
  }
}

/** Opens `url` in the system browser when it is https; anything else is dropped. */
export function openIfHttps(url: string, deps: GuardDeps): void {
  if (originOf(url) === undefined) return
  // The URL as parsed, not as given: what the check saw is what the system browser gets.
  const parsed = new URL(url)
  if (parsed.protocol === 'https:') deps.openExternal(parsed.href)
}

export function guardContents(contents: GuardedContents, deps: GuardDeps): void {
  contents.setWindowOpenHandler(({ url }) => {
    openIfHttps(url, deps)
    return { action: 'deny' }
  })
  const stayHome = (event: NavigationEvent, url: string) => {
    const origin = originOf(url)
    if (origin !== undefined && deps.appOrigins.includes(origin)) return
    event.preventDefault()
    openIfHttps(url, deps)
  }
  contents.on('will-navigate', stayHome)
  contents.on('will-redirect', stayHome)
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void
  setPermissionCheckHandler(handler: () => boolean): void
}

/** The planner needs no camera, notifications, clipboard-read, geolocation...: deny all. */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}

export interface DownloadSession {
  on(
    event: 'will-download',
    listener: (event: NavigationEvent, item: { getURL(): string }) => void,
  ): void
}

/**
 * Exports (PNG, PDF, CSV) are blobs the planner's own page made and "downloads"; Electron saves
 * them through the OS save dialog. Any other download (a link to elsewhere) is cancelled.
 */
export function allowOwnDownloads(session: DownloadSession, appOrigins: readonly string[]): void {
  session.on('will-download', (event, item) => {
    const url = item.getURL()
    if (!appOrigins.some((origin) => url.startsWith(`blob:${origin}/`))) event.preventDefault()
  })
}
