// The renderer's only way to main: the preload's `window.planner` inside Electron, or the same
// API over HTTP to the browser-mode bridge (token from the page, events over one EventSource).
import { buildPlannerApi } from '../src-shared/ipc'
import type { EventName, IpcResult, PlannerApi } from '../src-shared/ipc'

declare global {
  interface Window {
    planner?: PlannerApi
  }
}

const TOKEN_HEADER = 'x-planner-token'

function httpPlannerApi(token: string): PlannerApi {
  let source: EventSource | undefined
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  const invoke = async (channel: string, request: unknown): Promise<IpcResult<unknown>> => {
    try {
      const response = await fetch(`/ipc/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify({ payload: request }),
      })
      return callAnswer(response.status, await response.json().catch(() => undefined))
    } catch (error) {
      return {
        ok: false,
        error: { code: 'INTERNAL', message: `The planner is not reachable: ${String(error)}` },
      }
    }
  }
  const subscribe = (event: EventName, listener: (payload: unknown) => void) => {
    source ??= new EventSource(`/events?token=${encodeURIComponent(token)}`)
    let set = listeners.get(event)
    if (!set) {
      const handlers = new Set<(payload: unknown) => void>()
      listeners.set(event, (set = handlers))
      source.addEventListener(event, (message) => {
        const payload: unknown = JSON.parse((message as MessageEvent<string>).data)
        handlers.forEach((handler) => handler(payload))
      })
    }
    set.add(listener)
    return () => {
      set.delete(listener)
    }
  }
  return buildPlannerApi(invoke, subscribe)
}

/**
 * The bridge's answer as an IPC result. The bridge itself refuses some calls before they reach
 * main (a stale token after the planner restarted, a body it cannot read): those answers are
 * not IPC results, and read as one they showed "Could not load the board: undefined".
 */
export function callAnswer(status: number, body: unknown): IpcResult<unknown> {
  if (typeof body === 'object' && body !== null && 'ok' in body) {
    const result = body as IpcResult<unknown>
    if (result.ok === true) return result
    if (result.ok === false && typeof result.error?.message === 'string') return result
  }
  const said =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : `HTTP ${status}`
  if (status === 403)
    return {
      ok: false,
      error: {
        code: 'FORBIDDEN_SENDER',
        message: `The planner refused this page (${said.replace(/\.$/, '')}). If the planner was started again, open the address it printed.`,
      },
    }
  return {
    ok: false,
    error: {
      code: 'INTERNAL',
      message: `The planner answered the call with an error (${said.replace(/\.$/, '')}).`,
    },
  }
}

let api: PlannerApi | undefined

/** The planner API for this page; throws when the page was opened outside the planner. */
export function plannerApi(): PlannerApi {
  if (api) return api
  if (window.planner) return (api = window.planner)
  const token = launchToken()
  if (!token) throw new Error(NOT_OPENED_BY_PLANNER)
  return (api = httpPlannerApi(token))
}

export const NOT_OPENED_BY_PLANNER =
  'Open the address the planner printed when it started (it ends in ?token=…, a key for this launch): copy it from the terminal where you ran npm run web.'

/** Whether this page can reach the planner (the desktop window, or browser mode's token). */
export function canReachPlanner(): boolean {
  return window.planner !== undefined || launchToken() !== undefined
}

const TOKEN_KEY = 'planner-token'

/**
 * Browser mode's launch token. The page is opened at `/?token=…`; kept in the address, the
 * token showed in the address bar (and every screenshot of it), bookmarks and every history
 * entry of the page. It is taken out of the address once read (the first visit stays in the
 * history; the token is good for this launch only), and kept for this tab only
 * (sessionStorage), so that a reload still works.
 */
function launchToken(): string | undefined {
  const given = document.querySelector<HTMLMetaElement>('meta[name="planner-token"]')?.content
  if (given) {
    try {
      sessionStorage.setItem(TOKEN_KEY, given)
      forgetTokenInAddress()
    } catch {
      // No session storage (a locked-down browser): the address keeps the token, and a
      // reload works as before.
    }
    return given
  }
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? undefined
  } catch {
    return undefined
  }
}

function forgetTokenInAddress(): void {
  const address = new URL(window.location.href)
  if (!address.searchParams.has('token')) return
  address.searchParams.delete('token')
  window.history.replaceState(
    window.history.state,
    '',
    address.pathname + address.search + address.hash,
  )
}
