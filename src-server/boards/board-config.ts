// A board's definitions (projects, statuses, members, custom properties) read from the database.
import type { PropertyType, StatusCategory } from '../../src-shared/api'
import type { Db } from '../db/database'

export interface PropertyDefinition {
  type: PropertyType
  options: string[]
}

export interface BoardConfig {
  id: number
  name: string
  projects: Map<string, { name: string }>
  /** In board order; the first is where new tasks start. */
  statuses: Map<string, StatusCategory>
  defaultStatus: string
  members: Map<string, { name: string; role: 'owner' | 'member' }>
  properties: Map<string, PropertyDefinition>
}

export function findBoardByName(db: Db, name: string): { id: number; name: string } | undefined {
  const row = db.prepare('SELECT id, name FROM boards WHERE name = ?').raw(true).get(name) as
    [number, string] | undefined
  return row ? { id: row[0], name: row[1] } : undefined
}

// Board definitions never change after import (a re-import creates a new board), so one read
// per board and database is enough. Tests and the CLI that import boards add new ids only.
const cache = new WeakMap<Db, Map<number, BoardConfig>>()

export function loadBoardConfig(db: Db, boardId: number): BoardConfig {
  let boards = cache.get(db)
  if (!boards) cache.set(db, (boards = new Map()))
  let config = boards.get(boardId)
  if (!config) boards.set(boardId, (config = readBoardConfig(db, boardId)))
  return config
}

function readBoardConfig(db: Db, boardId: number): BoardConfig {
  const board = db.prepare('SELECT name FROM boards WHERE id = ?').raw(true).get(boardId) as
    [string] | undefined
  if (!board) throw new Error(`Board ${boardId} does not exist.`)
  const projects = db
    .prepare('SELECT key, name FROM projects WHERE board_id = ?')
    .raw(true)
    .all(boardId) as [string, string][]
  const statuses = db
    .prepare('SELECT name, category FROM statuses WHERE board_id = ? ORDER BY position')
    .raw(true)
    .all(boardId) as [string, StatusCategory][]
  const members = db
    .prepare('SELECT email, name, role FROM members WHERE board_id = ?')
    .raw(true)
    .all(boardId) as [string, string, 'owner' | 'member'][]
  const properties = db
    .prepare('SELECT name, type, options_json FROM property_definitions WHERE board_id = ?')
    .raw(true)
    .all(boardId) as [string, PropertyType, string][]
  return {
    id: boardId,
    name: board[0],
    projects: new Map(projects.map(([key, name]) => [key, { name }])),
    statuses: new Map(statuses),
    defaultStatus: statuses[0]?.[0] ?? '',
    members: new Map(members.map(([email, name, role]) => [email, { name, role }])),
    properties: new Map(
      properties.map(([name, type, options]) => [
        name,
        { type, options: JSON.parse(options) as string[] },
      ]),
    ),
  }
}
