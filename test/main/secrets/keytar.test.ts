// The real keychain through keytar: 100 set/get/delete round trips. It needs a reachable Secret
// Service (CI runs it under dbus-run-session with an unlocked gnome-keyring, see .ci/run). Where
// there is none each test is skipped with the reason, unless TASKBOARD_REQUIRE_KEYRING=1, which
// CI sets so that a broken keyring setup fails the build instead of silently skipping.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { ProfileService } from '../../../src-main/profiles/profile-service'
import { KeytarSecretStore } from '../../../src-main/secrets/keytar-secret-store'

// A service name of its own so that a developer's real keys are never touched.
const store = new KeytarSecretStore(`taskboard-planner-test-${process.pid}`)
const status = await store.check()
const required = process.env['TASKBOARD_REQUIRE_KEYRING'] === '1'
// The default reporter hides skip notes; say it once where everyone sees it.
if (!status.ok && !required) console.warn(`keytar.test.ts skipped: ${status.reason}`)

describe('KeytarSecretStore on the real keychain', () => {
  beforeEach((ctx) => {
    if (status.ok) return
    if (required) throw new Error(`TASKBOARD_REQUIRE_KEYRING=1 but ${status.reason}`)
    ctx.skip(`no usable keychain: ${status.reason}`)
  })

  it('does 100 set/get/delete round trips', async () => {
    for (let i = 0; i < 100; i++) {
      const account = `board:roundtrip-${i}`
      const secret = `tb_${randomBytes(9).toString('hex')}_${randomBytes(32).toString('base64url')}`
      await store.set(account, secret)
      expect(await store.get(account)).toBe(secret)
      expect(await store.delete(account)).toBe(true)
      expect(await store.get(account)).toBeNull()
    }
  })

  it('overwrites a secret and reports deleting a missing one', async () => {
    await store.set('board:overwrite', 'first')
    await store.set('board:overwrite', 'second')
    expect(await store.get('board:overwrite')).toBe('second')
    expect(await store.delete('board:overwrite')).toBe(true)
    expect(await store.delete('board:overwrite')).toBe(false)
  })

  it('keeps a board key in the keychain and out of the user-data folder', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'taskboard-userdata-'))
    try {
      const profiles = new ProfileService(join(userData, 'boards.json'), store)
      const key = `tb_KEYRINGtest${randomBytes(8).toString('hex')}_canary`
      const board = await profiles.add({ name: 'K', baseUrl: 'https://k.example.com', apiKey: key })
      expect(board).toMatchObject({ hasKey: true, maskedKey: `tb_…${key.slice(-4)}` })
      expect(await profiles.apiKeyFor(board.id)).toBe(key)
      for (const file of readdirSync(userData)) {
        expect(readFileSync(join(userData, file), 'utf8')).not.toContain(key)
      }
      await profiles.remove(board.id)
      expect(await store.get(`board:${board.id}`)).toBeNull()
    } finally {
      rmSync(userData, { recursive: true, force: true })
    }
  })
})
