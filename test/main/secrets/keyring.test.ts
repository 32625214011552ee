// The real keychain through @napi-rs/keyring: 100 set/get/delete round trips, persistence across
// processes, and no silent fallback to a store that does not persist. It needs a reachable Secret
// Service (CI runs it under dbus-run-session with an unlocked gnome-keyring, see .ci/run). Where
// there is none each test is skipped with the reason, unless TASKBOARD_REQUIRE_KEYRING=1, which
// CI sets so that a broken keyring setup fails the build instead of silently skipping.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { ProfileService } from '../../../src-main/profiles/profile-service'
import { KeyringSecretStore } from '../../../src-main/secrets/keyring-secret-store'

// A service name of its own so that a developer's real keys are never touched.
const store = new KeyringSecretStore(`taskboard-planner-test-${process.pid}`)
const status = await store.check()
const required = process.env['TASKBOARD_REQUIRE_KEYRING'] === '1'
// The default reporter hides skip notes; say it once where everyone sees it.
if (!status.ok && !required) console.warn(`keyring.test.ts skipped: ${status.reason}`)

describe('KeyringSecretStore on the real keychain', () => {
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

/** The store in another process, with `env`: what it prints, parsed. */
function inChild(env: NodeJS.ProcessEnv, ...args: string[]): unknown {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'fixtures/keychain-child.ts'), ...args],
    { env, encoding: 'utf8' },
  )
  return JSON.parse(out)
}

describe('KeyringSecretStore persistence', () => {
  it('keeps a key for another process (a restart of the planner)', (ctx) => {
    if (!status.ok) {
      if (required) throw new Error(`TASKBOARD_REQUIRE_KEYRING=1 but ${status.reason}`)
      ctx.skip(`no usable keychain: ${status.reason}`)
    }
    return (async () => {
      await store.set('board:persist', 'tb_persisted_secret')
      try {
        expect(inChild(process.env, 'get', store.service, 'board:persist')).toBe(
          'tb_persisted_secret',
        )
      } finally {
        await store.delete('board:persist')
      }
    })()
  })

  it('fails closed without a Secret Service instead of using a keyring that does not persist', () => {
    // No session bus to be found: the binding's default would fall back to the kernel keyring,
    // which forgets keys at logout; the store must refuse instead.
    const empty = mkdtempSync(join(tmpdir(), 'no-bus-'))
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: empty }
      delete env['DBUS_SESSION_BUS_ADDRESS']
      delete env['DISPLAY']
      const check = inChild(env, 'check', `taskboard-planner-test-nobus-${process.pid}`)
      expect(check).toMatchObject({ ok: false })
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
