import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src-server/db/migrations'
import demoBoard from '../../src-server/demo/demo-board.json'
import { importBoard, loadBoardConfig, openDatabase, schemaVersion } from '../../src-server'
import { listTasksJson } from '../../src-server/store/list-tasks'

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

  it('3 gives the tag and property rows of existing tasks their due dates, and keeps them current', () => {
    const path = tempDb()
    const old = openDatabase(path, { migrations: MIGRATIONS.filter((m) => m.version <= 2) })
    const board = importBoard(old, demoBoard)
    const insert = old.prepare(
      `INSERT INTO tasks (seq, id, board_id, project_key, key, type, title, due_date, status,
         tags_json, properties_json, created_at, created_by, updated_at, updated_by)
       VALUES (?, ?, ?, 'WEB', ?, 'task', ?, ?, 'Backlog', '["ui"]', '{"Area":"Design"}',
         '2026-01-01T00:00:00.000Z', 'o@x', '2026-01-01T00:00:00.000Z', 'o@x')`,
    )
    // Created in one order, due in the other; the third has no due date.
    const dues = ['2026-03-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '']
    dues.forEach((due, i) => {
      insert.run(i + 1, `id${i + 1}`, board.id, i + 1, `t${i + 1}`, due)
      old.prepare('INSERT INTO task_tags (tag, task_seq) VALUES (?, ?)').run('ui', i + 1)
      old
        .prepare('INSERT INTO task_property_values (name, value, task_seq) VALUES (?, ?, ?)')
        .run('Area', 'Design', i + 1)
    })
    old.close()

    const db = openDatabase(path)
    const config = loadBoardConfig(db, board.id)
    const titles = (filters: Parameters<typeof listTasksJson>[2]) =>
      (JSON.parse(listTasksJson(db, config, filters, 'u/')) as { title: string }[]).map(
        (t) => t.title,
      )
    expect(titles({ tag: ['ui'] })).toEqual(['t3', 't2', 't1'])
    expect(titles({ properties: { Area: 'Design' } })).toEqual(['t3', 't2', 't1'])
    db.prepare("UPDATE tasks SET due_date = '2026-01-15T00:00:00.000Z' WHERE seq = 1").run()
    expect(titles({ tag: ['ui'] })).toEqual(['t3', 't1', 't2'])
    expect(titles({ properties: { Area: 'Design' } })).toEqual(['t3', 't1', 't2'])
    expect(db.prepare('PRAGMA integrity_check').raw(true).get()).toEqual(['ok'])
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
