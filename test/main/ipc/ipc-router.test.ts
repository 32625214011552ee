import { describe, expect, it, vi } from 'vitest'
import { createIpcRouter } from '../../../src-main/ipc/ipc-router'
import type { IpcHandlers } from '../../../src-main/ipc/ipc-router'
import { ApiError } from '../../../src-main/api/api-error'
import { CHANNELS, IpcError, IpcFailure } from '../../../src-shared/ipc'

const profile = {
  id: 'p1',
  name: 'Local',
  baseUrl: 'http://127.0.0.1:1',
  isCurrent: true,
  isLocal: true,
  hasKey: true,
  maskedKey: 'tb_…abcd',
  lists: { projectKeys: [], statuses: [] },
  exactGaps: false,
  cascadeWithoutAsking: false,
}

function handlers(overrides: Partial<IpcHandlers> = {}): IpcHandlers {
  const unexpected = async () => {
    throw new Error('not expected in this test')
  }
  const all = Object.fromEntries(
    Object.keys(CHANNELS).map((c) => [c, unexpected]),
  ) as unknown as IpcHandlers
  return { ...all, ...overrides }
}

describe('IPC router', () => {
  it('runs the handler with the parsed request and returns its value', async () => {
    const select = vi.fn(async (request: { id: string }) => ({ ...profile, id: request.id }))
    const router = createIpcRouter(handlers({ 'boards:select': select }))
    expect(await router.dispatch('boards:select', { id: 'p9' }, true)).toEqual({
      ok: true,
      value: { ...profile, id: 'p9' },
    })
    expect(select).toHaveBeenCalledWith({ id: 'p9' })
  })

  it('applies schema defaults before the handler sees the request', async () => {
    const sync = vi.fn(async () => {
      throw new IpcFailure('NO_BOARD', 'No board is selected.')
    })
    const router = createIpcRouter(handlers({ 'board:sync': sync }))
    expect(await router.dispatch('board:sync', {}, true)).toEqual({
      ok: false,
      error: { code: 'NO_BOARD', message: 'No board is selected.' },
    })
    expect(sync).toHaveBeenCalledWith({ cachedFirst: false })
  })

  it("passes on the board's own error code (serverCode) and nothing else of an API error", async () => {
    const create = vi.fn(async () => {
      throw new ApiError('CONFLICT', 'That would make a cycle.', {
        status: 409,
        serverCode: 'CYCLE_DETECTED',
        serverMessage: 'APP-3 already depends on APP-9',
        attempts: 1,
      })
    })
    const router = createIpcRouter(handlers({ 'deps:create': create }))
    const result = await router.dispatch(
      'deps:create',
      { predecessorId: 'a', successorId: 'b' },
      true,
    )
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'CONFLICT',
        message: 'That would make a cycle.',
        serverCode: 'CYCLE_DETECTED',
      },
    })
    // The value still satisfies the contract's error schema (strict: no other key crosses).
    expect(IpcError.safeParse(!result.ok && result.error).success).toBe(true)
  })

  it('answers a request nested too deeply to check as invalid, and runs nothing', async () => {
    // Subtasks in subtasks, thousands deep: checking it overflowed the stack outside the
    // router's error handling, and the call failed with no IPC answer at all.
    const create = vi.fn(async () => ({ created: [], unknown: [] }))
    const router = createIpcRouter(handlers({ 'tasks:create': create }))
    let item: Record<string, unknown> = { title: 'leaf', projectKey: 'WEB' }
    for (let depth = 0; depth < 20_000; depth++)
      item = { title: `level ${depth}`, projectKey: 'WEB', subtasks: [item] }
    const result = await router.dispatch('tasks:create', { tasks: [item] }, true)
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } })
    expect(!result.ok && result.error.message).toMatch(/nested too deeply/)
    expect(create).not.toHaveBeenCalled()
  })

  it('keeps a custom property named "__proto__" (a board names its properties freely)', async () => {
    // A record schema dropped it: the update reached main without it and answered ok, the
    // edit silently lost.
    const update = vi.fn(async () => ({ status: 'sent' as const, updated: [], conflicts: [] }))
    const router = createIpcRouter(handlers({ 'tasks:update': update }))
    const properties = JSON.parse('{"__proto__": "v", "Estimate": 3}') as Record<string, unknown>
    const result = await router.dispatch(
      'tasks:update',
      { tasks: [{ id: 't1', properties }] },
      true,
    )
    expect(result.ok).toBe(true)
    const sent = (update.mock.calls[0] as unknown as [{ tasks: { properties: object }[] }])[0]
    const got = sent.tasks[0]!.properties
    expect(Object.hasOwn(got, '__proto__')).toBe(true)
    expect(Object.getOwnPropertyDescriptor(got, '__proto__')?.value).toBe('v')
    expect(JSON.parse(JSON.stringify(got))).toEqual(JSON.parse('{"__proto__": "v", "Estimate": 3}'))
    // A bad value is still named by its property.
    const bad = await router.dispatch(
      'tasks:update',
      { tasks: [{ id: 't1', properties: { Estimate: { no: 1 } } }] },
      true,
    )
    expect(!bad.ok && bad.error.message).toMatch(/Estimate/)
  })

  it('refuses an untrusted sender before parsing or running anything', async () => {
    const list = vi.fn(async () => [])
    const router = createIpcRouter(handlers({ 'boards:list': list }))
    expect(await router.dispatch('boards:list', undefined, false)).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN_SENDER',
        message: 'This request did not come from the planner window.',
      },
    })
    expect(list).not.toHaveBeenCalled()
  })

  it('refuses unknown channels, including inherited property names', async () => {
    const router = createIpcRouter(handlers())
    for (const channel of ['shell:exec', 'toString', '__proto__']) {
      const result = await router.dispatch(channel, undefined, true)
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } })
    }
  })

  it('refuses an invalid payload with a message naming the field, without calling the handler', async () => {
    const add = vi.fn()
    const router = createIpcRouter(handlers({ 'boards:add': add }))
    const result = await router.dispatch(
      'boards:add',
      { name: 'B', baseUrl: 'https://b.example', apiKey: '', extra: 1 },
      true,
    )
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } })
    expect(!result.ok && result.error.message).toContain('Invalid boards:add request')
    expect(add).not.toHaveBeenCalled()
  })

  it('turns an unexpected exception into an INTERNAL error value and logs it', async () => {
    const log = vi.fn()
    const router = createIpcRouter(
      handlers({
        'edits:pending': async () => {
          throw new TypeError('boom')
        },
      }),
      log,
    )
    const result = await router.dispatch('edits:pending', undefined, true)
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'INTERNAL',
        message:
          'The planner failed unexpectedly while handling edits:pending; nothing more was sent.',
      },
    })
    expect(log).toHaveBeenCalledWith(expect.any(TypeError))
  })

  it('answers an error that only looks like an IPC error (a code field) as a bug, not as that code', async () => {
    const log = vi.fn()
    const router = createIpcRouter(
      handlers({
        'edits:pending': async () => {
          throw Object.assign(new Error('connection refused'), { code: 'NETWORK' })
        },
      }),
      log,
    )
    const result = await router.dispatch('edits:pending', undefined, true)
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(log).toHaveBeenCalledOnce()
  })
})
