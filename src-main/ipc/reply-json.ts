// A board snapshot is the one big IPC reply (46.5 MB of JSON at 50,000 tasks), and main turns it
// into JSON for the disk cache anyway. Browser mode sends replies as JSON too: rather than
// stringify the same snapshot a second time, the text made for the disk is kept beside the
// object until whoever carries the reply takes it, the bridge to send it, Electron's IPC (which
// structured-clones the object) to drop it. A value must not change once its text is kept:
// snapshots never do, every sync makes a new one.
import type { IpcResult } from '../../src-shared/ipc'

const kept = new WeakMap<object, string>()

/** JSON.stringify(value), kept for the reply that will carry this same object. */
export function stringifyForReply(value: object): string {
  const text = JSON.stringify(value)
  kept.set(value, text)
  return text
}

/** The kept text of a result's value, if any; either way none is kept afterwards. */
function take(result: IpcResult<unknown>): string | undefined {
  if (!result.ok || typeof result.value !== 'object' || result.value === null) return undefined
  const text = kept.get(result.value)
  kept.delete(result.value)
  return text
}

/** Exactly JSON.stringify(result), reusing the value's kept text instead of making it again. */
export function resultJson(result: IpcResult<unknown>): string {
  const text = take(result)
  return text === undefined ? JSON.stringify(result) : `{"ok":true,"value":${text}}`
}

/** For a transport that does not send JSON: lets the kept text go with nothing else holding it. */
export function dropReplyJson(result: IpcResult<unknown>): void {
  take(result)
}
