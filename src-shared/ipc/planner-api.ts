// The renderer's API, as both the preload and the browser-mode bridge expose it: one named
// method per channel (never a generic invoke(channel)) and one subscription per event. Imports
// no schemas, so the sandboxed preload can bundle it.
import { CHANNEL_METHODS, EVENT_NAMES } from './channel-names'
import type {
  Channel,
  ChannelRequest,
  ChannelResponse,
  EventName,
  EventPayload,
  IpcResult,
} from './contract'

type MethodName<C extends Channel> = (typeof CHANNEL_METHODS)[C]

export type PlannerCalls = {
  [C in Channel as MethodName<C>]: (
    request: ChannelRequest<C>,
  ) => Promise<IpcResult<ChannelResponse<C>>>
}

export type PlannerEvents = {
  [E in EventName]: (listener: (payload: EventPayload<E>) => void) => () => void
}

export interface PlannerApi {
  calls: PlannerCalls
  events: PlannerEvents
}

/** Builds the API from two transport functions; the names come from the contract. */
export function buildPlannerApi(
  invoke: (channel: Channel, request: unknown) => Promise<IpcResult<unknown>>,
  subscribe: (event: EventName, listener: (payload: unknown) => void) => () => void,
): PlannerApi {
  const calls = Object.fromEntries(
    (Object.entries(CHANNEL_METHODS) as [Channel, string][]).map(([channel, method]) => [
      method,
      (request: unknown) => invoke(channel, request),
    ]),
  ) as PlannerCalls
  const events = Object.fromEntries(
    EVENT_NAMES.map((name) => [
      name,
      (listener: (payload: unknown) => void) => subscribe(name, listener),
    ]),
  ) as PlannerEvents
  return { calls: Object.freeze(calls), events: Object.freeze(events) }
}
