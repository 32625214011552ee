import { describeIssues, toFieldIssues } from '../../src-shared/api'
import type { Db } from '../db/database'
import { writeTransaction } from '../db/write-lock'
import { BoardFile } from './board-file'

export class BoardFileError extends Error {}

/** Validates a parsed board file and creates the board. Throws BoardFileError on bad input. */
export function importBoard(
  db: Db,
  input: unknown,
  now: Date = new Date(),
): { id: number; name: string } {
  const parsed = BoardFile.safeParse(input)
  if (!parsed.success)
    throw new BoardFileError(describeIssues(toFieldIssues(parsed.error), 'Invalid board file'))
  const board = parsed.data
  return writeTransaction(db, () => {
    const exists = db.prepare('SELECT 1 FROM boards WHERE name = ?').raw(true).get(board.name)
    if (exists)
      throw new BoardFileError(`A board named "${board.name}" already exists in this database.`)
    const { lastInsertRowid } = db
      .prepare('INSERT INTO boards (name, created_at) VALUES (?, ?)')
      .run(board.name, now.toISOString())
    const id = Number(lastInsertRowid)
    const addProject = db.prepare('INSERT INTO projects (board_id, key, name) VALUES (?, ?, ?)')
    for (const p of board.projects) addProject.run(id, p.key, p.name)
    const addStatus = db.prepare(
      'INSERT INTO statuses (board_id, name, category, position) VALUES (?, ?, ?, ?)',
    )
    board.statuses.forEach((s, position) => addStatus.run(id, s.name, s.category, position))
    const addMember = db.prepare(
      'INSERT INTO members (board_id, email, name, role) VALUES (?, ?, ?, ?)',
    )
    for (const m of board.members) addMember.run(id, m.email.toLowerCase(), m.name, m.role)
    const addProperty = db.prepare(
      'INSERT INTO property_definitions (board_id, name, type, options_json) VALUES (?, ?, ?, ?)',
    )
    for (const p of board.properties)
      addProperty.run(id, p.name, p.type, JSON.stringify(p.options ?? []))
    return { id, name: board.name }
  })
}
