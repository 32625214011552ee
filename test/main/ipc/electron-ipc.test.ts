// The Electron wiring, with fakes of ipcMain and of the invoking frame (Electron cannot launch here).
import { describe, expect, it } from 'vitest'
import { isTrustedSender, registerIpc, sendEvent } from '../../../src-main/ipc/electron-ipc'
import type { InvokeEvent, IpcMainLike } from '../../../src-main/ipc/electron-ipc'
import { createIpcRouter } from '../../../src-main/ipc/ipc-router'
import type { IpcHandlers } from '../../../src-main/ipc/ipc-router'
import { buildPlannerApi, CHANNEL_METHODS, CHANNELS } from '../../../src-shared/ipc'

class FakeIpcMain implements IpcMainLike {
  handlers = new Map<string, (event: InvokeEvent, payload: unknown) => Promise<unknown>>()
  handle(channel: string, listener: (event: InvokeEvent, payload: unknown) => Promise<unknown>) {
    this.handlers.set(channel, listener)
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel)
  }
}

const PENDING = { profileId: 'p', count: 0, batches: [], taskIds: [], problems: [] }
const window = { webContentsId: () => 7, origins: ['app://planner'] }
const mainFrame = { url: 'app://planner/index.html' }
const trusted: InvokeEvent = { sender: { id: 7, mainFrame }, senderFrame: mainFrame }

const handlers = Object.fromEntries(
  Object.keys(CHANNELS).map((c) => [c, async () => []]),
) as unknown as IpcHandlers

describe('Electron IPC wiring', () => {
  it('registers exactly the contract channels and removes them again', () => {
    const ipcMain = new FakeIpcMain()
    const unregister = registerIpc(ipcMain, createIpcRouter(handlers), window)
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.keys(CHANNELS).sort())
    unregister()
    expect(ipcMain.handlers.size).toBe(0)
  })

  it('answers the planner window and refuses other senders', async () => {
    const ipcMain = new FakeIpcMain()
    registerIpc(ipcMain, createIpcRouter(handlers), window)
    const list = ipcMain.handlers.get('boards:list')!
    expect(await list(trusted, undefined)).toEqual({ ok: true, value: [] })
    const subframe = { url: 'app://planner/index.html' }
    const cases: InvokeEvent[] = [
      { sender: { id: 8, mainFrame }, senderFrame: mainFrame }, // another window
      { sender: { id: 7, mainFrame }, senderFrame: subframe }, // an iframe
      {
        sender: { id: 7, mainFrame: { url: 'https://evil.example/' } },
        senderFrame: { url: 'https://evil.example/' },
      },
      { sender: { id: 7, mainFrame }, senderFrame: null }, // frame gone
    ]
    cases[2]!.senderFrame = cases[2]!.sender.mainFrame as { url: string }
    for (const event of cases) {
      expect(await list(event, undefined)).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN_SENDER' },
      })
    }
  })

  it('checks origins by scheme and host', () => {
    const dev = { webContentsId: () => 7, origins: ['http://localhost:5173'] }
    const at = (url: string): InvokeEvent => {
      const frame = { url }
      return { sender: { id: 7, mainFrame: frame }, senderFrame: frame }
    }
    expect(isTrustedSender(at('http://localhost:5173/'), dev)).toBe(true)
    expect(isTrustedSender(at('http://localhost:5174/'), dev)).toBe(false)
    expect(isTrustedSender(at('not a url'), dev)).toBe(false)
  })

  it('validates events before sending and never sends to a destroyed window', () => {
    const sent: [string, unknown][] = []
    const target = { send: (c: string, p: unknown) => sent.push([c, p]), isDestroyed: () => false }
    sendEvent(target, 'edits:changed', PENDING)
    expect(sent).toEqual([['edits:changed', PENDING]])
    expect(() => sendEvent(target, 'edits:changed', { count: 'x' } as never)).toThrow()
    sendEvent({ ...target, isDestroyed: () => true }, 'edits:changed', PENDING)
    expect(sent).toHaveLength(1)
  })
})

describe('the renderer API built from the contract', () => {
  it('has one named method per channel and passes only payloads to listeners', async () => {
    const invoked: [string, unknown][] = []
    let emit: (payload: unknown) => void = () => {}
    const api = buildPlannerApi(
      async (channel, request) => {
        invoked.push([channel, request])
        return { ok: true, value: null }
      },
      (_event, listener) => {
        emit = listener
        return () => {}
      },
    )
    expect(Object.keys(api.calls).sort()).toEqual(Object.values(CHANNEL_METHODS).sort())
    expect('invoke' in api.calls).toBe(false)
    await api.calls.boardSync({ cachedFirst: true })
    expect(invoked).toEqual([['board:sync', { cachedFirst: true }]])
    const seen: unknown[] = []
    api.events['edits:changed']((payload) => seen.push(payload))
    emit({ count: 1, batches: [] })
    expect(seen).toEqual([{ count: 1, batches: [] }])
    expect(Object.isFrozen(api.calls)).toBe(true)
  })
})
