// Electron's side of the IPC contract, kept thin: a handler per channel that hands the call to
// the router, after checking the sender is the planner's own window, main frame, expected origin.
import { CHANNELS, EVENTS } from '../../src-shared/ipc'
import type { EventName, EventPayload } from '../../src-shared/ipc'
import type { IpcRouter } from './ipc-router'
import { dropReplyJson } from './reply-json'

/** The parts of Electron's IpcMainInvokeEvent the sender check reads. */
export interface InvokeEvent {
  sender: { id: number; mainFrame: unknown }
  senderFrame: { url: string } | null
}

export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: InvokeEvent, payload: unknown) => Promise<unknown>,
  ): void
  removeHandler(channel: string): void
}

export interface TrustedWindow {
  webContentsId(): number | undefined
  /** Origins the planner's page is served from: the app protocol, the dev server. */
  origins: readonly string[]
}

export function isTrustedSender(event: InvokeEvent, window: TrustedWindow): boolean {
  const frame = event.senderFrame
  if (!frame || frame !== event.sender.mainFrame) return false
  if (event.sender.id !== window.webContentsId()) return false
  try {
    const url = new URL(frame.url)
    // Custom schemes have an opaque origin ('null'); compare protocol + host instead.
    const origin = `${url.protocol}//${url.host}`
    return window.origins.includes(origin)
  } catch {
    return false
  }
}

export function registerIpc(
  ipcMain: IpcMainLike,
  router: IpcRouter,
  window: TrustedWindow,
): () => void {
  const channels = Object.keys(CHANNELS)
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, payload) => {
      const result = await router.dispatch(channel, payload, isTrustedSender(event, window))
      // Electron structured-clones the object itself; the JSON kept for a JSON reply can go.
      dropReplyJson(result)
      return result
    })
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel))
}

export interface EventTarget {
  send(channel: string, payload: unknown): void
  isDestroyed(): boolean
}

/** Sends a main -> renderer event, validated against the contract first. */
export function sendEvent<E extends EventName>(
  target: EventTarget | undefined,
  name: E,
  payload: EventPayload<E>,
): void {
  if (!target || target.isDestroyed()) return
  target.send(name, EVENTS[name].parse(payload))
}
