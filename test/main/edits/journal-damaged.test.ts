// A journal file damaged in part (a bad disk sector, a copy cut short) opens as a database, so it
// was used as it was: every query failed (each edit answered as a planner failure, the start-up
// retry an unhandled rejection), or the rows on the damaged page were silently gone. It is now
// checked at open: a damaged file is set aside, what can still be read of it is carried over to
// a new journal, and the planner says so.
import {
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
  closeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { EditJournal } from '../../../src-main/edits/edit-journal'
import { openEditJournal } from '../../../src-main/edits/open-journal'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-journal-damaged-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const PAGE = 4096

function journalOf(batches: number): string {
  const path = join(dir, 'edits.db')
  const journal = new EditJournal(path)
  for (let i = 0; i < batches; i++)
    journal.append('p', [{ id: `t${i}`, title: `edit ${i} ${'x'.repeat(200)}` }])
  journal.addProblem('p', { kind: 'failed', message: 'an old problem', tasks: [] })
  journal.close()
  // Into the main file (a closed journal may leave its pages in the WAL), where damage lands.
  const db = new Database(path)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return path
}

function damagePage(path: string, page: number): void {
  const fd = openSync(path, 'r+')
  writeSync(fd, Buffer.alloc(PAGE, 0xa5), 0, PAGE, page * PAGE)
  closeSync(fd)
}

it.each([3, 10, 20])('sets a file damaged at page %i aside and keeps what it can read', (page) => {
  const path = journalOf(400)
  expect(readFileSync(path).length).toBeGreaterThan((page + 1) * PAGE)
  damagePage(path, page)
  const { journal, setAside } = openEditJournal(path)
  try {
    expect(setAside).toBeDefined()
    expect(setAside!.reason).toMatch(/damaged/i)
    expect(existsSync(setAside!.keptAs)).toBe(true)
    // What is carried over is the file's own batches, in order, and the journal works.
    const titles = journal.pending('p').map((b) => b.tasks[0]!.title!)
    const order = titles.map((t) => Number(t.split(' ')[1]))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(setAside!.carried).toBe(titles.length)
    // Nearly every batch: those the damaged page held or led to are lost (a page holds about 15).
    expect(titles.length).toBeGreaterThan(300)
    journal.append('p', [{ id: 'new', title: 'after' }])
    expect(journal.pending('p').at(-1)!.tasks[0]!.title).toBe('after')
  } finally {
    journal.close()
  }
})

it('opens an undamaged journal as it is', () => {
  const path = journalOf(50)
  const { journal, setAside } = openEditJournal(path)
  expect(setAside).toBeUndefined()
  expect(journal.pending('p')).toHaveLength(50)
  expect(journal.problems('p').map((p) => p.message)).toEqual(['an old problem'])
  journal.close()
})
