// A reply's JSON is made once: the text kept when the snapshot was written to disk is the text
// a JSON reply sends, byte for byte what JSON.stringify of the reply would give.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dropReplyJson, resultJson, stringifyForReply } from '../../../src-main/ipc/reply-json'

afterEach(() => vi.restoreAllMocks())

const snapshot = () => ({
  profileId: 'local',
  tasks: [{ id: 't1', title: 'Ünïcode "quoted" \u2028', dueDate: '' }],
  coverage: { complete: true, truncated: [] },
  fromCache: false,
})

describe('reply JSON', () => {
  it('sends the kept text once, the same bytes JSON.stringify would make', () => {
    const value = snapshot()
    const disk = stringifyForReply(value)
    const result = { ok: true as const, value }
    const expected = JSON.stringify(result)
    const stringify = vi.spyOn(JSON, 'stringify')
    const sent = resultJson(result)
    expect(sent).toBe(expected)
    expect(sent).toBe(`{"ok":true,"value":${disk}}`)
    expect(stringify).not.toHaveBeenCalled()
    // Taken by the first reply: a second one makes the text again (and says the same).
    expect(resultJson(result)).toBe(expected)
    expect(stringify).toHaveBeenCalledTimes(1)
  })

  it('stringifies values and errors that have no kept text', () => {
    const plain = { ok: true as const, value: { count: 0, batches: [] } }
    expect(resultJson(plain)).toBe(JSON.stringify(plain))
    const failed = { ok: false as const, error: { code: 'INTERNAL' as const, message: 'x' } }
    expect(resultJson(failed)).toBe(JSON.stringify(failed))
    expect(resultJson({ ok: true, value: undefined })).toBe('{"ok":true}')
  })

  it('lets a transport that does not send JSON drop the kept text', () => {
    const value = snapshot()
    stringifyForReply(value)
    dropReplyJson({ ok: true, value })
    const stringify = vi.spyOn(JSON, 'stringify')
    resultJson({ ok: true, value })
    expect(stringify).toHaveBeenCalledTimes(1)
  })
})
