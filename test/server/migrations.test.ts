import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src-server/db/migrations'
import { openDatabase, schemaVersion } from '../../src-server'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))
const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tb-migrate-'))
  dirs.push(dir)
  return join(dir, 'board.db')
}

describe('migrations', () => {
  it('are numbered 1, 2, 3... with no gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1))
  })

  it.each(MIGRATIONS.map((m) => [m.version, m.name] as const))(
    'migration %i (%s) applies on top of the previous ones and is recorded',
    (version) => {
      const path = tempDb()
      openDatabase(path, { migrations: MIGRATIONS.filter((m) => m.version < version) }).close()
      const db = openDatabase(path, { migrations: MIGRATIONS.filter((m) => m.version <= version) })
      expect(schemaVersion(db)).toBe(version)
      expect(db.prepare('PRAGMA foreign_key_check').raw(true).all()).toEqual([])
      expect(db.prepare('PRAGMA integrity_check').raw(true).get()).toEqual(['ok'])
      db.close()
    },
  )

  it('reopening applies nothing twice and keeps data', () => {
    const path = tempDb()
    const first = openDatabase(path)
    first.prepare("INSERT INTO boards (name, created_at) VALUES ('B', '2026-01-01')").run()
    first.close()
    const second = openDatabase(path)
    expect(second.prepare('SELECT name FROM boards').raw(true).all()).toEqual([['B']])
    expect(schemaVersion(second)).toBe(MIGRATIONS.length)
    second.close()
  })

  it('opens files durably: WAL journal, synchronous FULL, foreign keys on', () => {
    const db = openDatabase(tempDb())
    const pragma = (name: string) => db.prepare(`PRAGMA ${name}`).raw(true).get()
    expect(pragma('journal_mode')).toEqual(['wal'])
    expect(pragma('synchronous')).toEqual([2])
    expect(pragma('foreign_keys')).toEqual([1])
    db.close()
  })

  it('refuses a database from a newer version of the program', () => {
    const path = tempDb()
    const db = openDatabase(path)
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`)
    db.close()
    expect(() => openDatabase(path)).toThrow(/newer than this program knows/)
  })
})
