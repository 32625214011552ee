// The browser-mode page reads every bridge answer as an IPC result, including the bridge's own
// refusals (a stale token after a restart), which are not: the user reads what to do, never
// "undefined".
import { describe, expect, it } from 'vitest'
import { callAnswer } from '../../src-renderer/bridge'

describe('bridge answers', () => {
  it('passes IPC results through', () => {
    expect(callAnswer(200, { ok: true, value: 3 })).toEqual({ ok: true, value: 3 })
    const refused = { ok: false, error: { code: 'NOT_FOUND', message: 'No such task.' } }
    expect(callAnswer(200, refused)).toEqual(refused)
  })

  it('words the bridge’s own refusals as errors with a message', () => {
    const stale = callAnswer(403, { error: 'Missing or wrong planner token.' })
    expect(stale).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
    expect(!stale.ok && stale.error.message).toMatch(
      /Missing or wrong planner token.*open the address it printed/,
    )
    const broken = callAnswer(500, { error: 'The planner bridge failed.' })
    expect(!broken.ok && broken.error.message).toMatch(/The planner bridge failed/)
    const empty = callAnswer(502, undefined)
    expect(!empty.ok && empty.error.message).toMatch(/HTTP 502/)
    expect(callAnswer(200, { ok: false })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
  })
})
