// The one way into main's services, Electron-free so browser mode uses it too. Every call:
// known channel? trusted sender? payload valid for the channel? Then the handler runs, and
// whatever happens the caller gets a value `{ok, value} | {ok: false, error}`: nothing throws
// across IPC.
import { describeIssues, toFieldIssues } from '../../src-shared/api'
import { CHANNELS, IpcFailure } from '../../src-shared/ipc'
import type { IpcErrorCode } from '../../src-shared/ipc'
import type { Channel, ChannelResponse, IpcError, IpcResult } from '../../src-shared/ipc'
import type { z } from 'zod'

/** What a handler receives: the request after its schema has parsed it (defaults applied). */
export type ParsedRequest<C extends Channel> = z.output<(typeof CHANNELS)[C]['request']>

export type IpcHandlers = {
  [C in Channel]: (request: ParsedRequest<C>) => Promise<ChannelResponse<C>>
}

export interface IpcRouter {
  dispatch(channel: string, payload: unknown, trusted: boolean): Promise<IpcResult<unknown>>
}

const fail = (code: IpcErrorCode, message: string): { ok: false; error: IpcError } => ({
  ok: false,
  error: { code, message },
})

export function createIpcRouter(
  handlers: IpcHandlers,
  log: (error: unknown) => void = console.error,
): IpcRouter {
  return {
    async dispatch(channel, payload, trusted) {
      if (!trusted)
        return fail('FORBIDDEN_SENDER', 'This request did not come from the planner window.')
      if (!Object.hasOwn(CHANNELS, channel))
        return fail('INVALID_REQUEST', `There is no channel "${channel}".`)
      const name = channel as Channel
      let parsed: ReturnType<(typeof CHANNELS)[Channel]['request']['safeParse']>
      try {
        parsed = CHANNELS[name].request.safeParse(payload)
      } catch (error) {
        // A request too deep to check (subtasks within subtasks, thousands deep) overflows the
        // stack inside the schema: it is refused as invalid, not left to fail with no answer.
        if (!(error instanceof RangeError)) throw error
        return fail('INVALID_REQUEST', `Invalid ${name} request: it is nested too deeply.`)
      }
      if (!parsed.success) {
        return fail(
          'INVALID_REQUEST',
          describeIssues(toFieldIssues(parsed.error), `Invalid ${name} request`),
        )
      }
      try {
        const handler = handlers[name] as (request: unknown) => Promise<unknown>
        return { ok: true, value: await handler(parsed.data) }
      } catch (error) {
        // Only an IpcFailure is an answer; anything else is a bug in the planner, logged and said
        // as such (never mistaken for the board's answer or the user's mistake).
        if (error instanceof IpcFailure) return { ok: false, error: error.toIpcError() }
        log(error)
        return fail(
          'INTERNAL',
          `The planner failed unexpectedly while handling ${name}; nothing more was sent.`,
        )
      }
    },
  }
}
