// `taskboard`: import boards, manage keys, seed tasks, serve the interface, start a demo.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createApiKey, KeyError, listApiKeys, revokeApiKey } from '../auth/api-keys'
import { findBoardByName, loadBoardConfig } from '../boards/board-config'
import { BoardFileError, importBoard } from '../boards/import-board'
import { openDatabase } from '../db/database'
import type { Db } from '../db/database'
import { useServiceBusyTimeout } from '../db/write-lock'
import demoBoard from '../demo/demo-board.json'
import { seedBoard } from '../seed/seed-board'
import { DEFAULT_LIST_ORDER, isListOrder, LIST_ORDERS } from '../store/list-order'
import type { ListOrder } from '../store/list-order'
import { isPropertyNullMode, PROPERTY_NULL_MODES } from '../store/write-context'
import type { PropertyNullMode } from '../store/write-context'
import { closeOnSignals, listen } from './serve'
import { usage, UsageError } from './usage-error'

type Options = Record<string, string | boolean | undefined>

function parse(
  args: string[],
  options: Record<string, { type: 'string' }>,
  positionals = 0,
): { values: Options; positionals: string[] } {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true })
    if (parsed.positionals.length !== positionals)
      throw new UsageError(`expected ${positionals} argument(s), got ${parsed.positionals.length}`)
    return parsed
  } catch (error) {
    throw error instanceof UsageError ? error : new UsageError((error as Error).message)
  }
}

function required(values: Options, name: string): string {
  const value = values[name]
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`)
  return value
}

function integer(
  value: string | boolean | undefined,
  name: string,
  fallback: number,
  min = 0,
  max = 1_000_000,
): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`)
  return n
}

function listOrder(value: string | boolean | undefined): ListOrder | undefined {
  if (value === undefined) return undefined
  if (!isListOrder(value))
    throw new UsageError(`--list-order must be one of ${LIST_ORDERS.join(', ')}`)
  return value
}

function propertyNull(value: string | boolean | undefined): PropertyNullMode | undefined {
  if (value === undefined) return undefined
  if (!isPropertyNullMode(value))
    throw new UsageError(`--property-null must be one of ${PROPERTY_NULL_MODES.join(', ')}`)
  return value
}

/** Says so when a choice is not the default, so nobody mistakes the service for the usual one. */
const choicesNote = (order: ListOrder | undefined, nulls: PropertyNullMode | undefined) => {
  const notes = [
    ...(order === undefined || order === DEFAULT_LIST_ORDER ? [] : [`list order: ${order}`]),
    ...(nulls === undefined || nulls === 'remove' ? [] : [`property null: ${nulls}`]),
  ]
  return notes.length === 0 ? '' : ` (${notes.join('; ')})`
}

function openAt(path: string): Db {
  mkdirSync(dirname(resolve(path)), { recursive: true })
  return openDatabase(path)
}

function boardId(db: Db, name: string): number {
  const board = findBoardByName(db, name)
  if (!board)
    throw new UsageError(
      `no board named "${name}" in this database; import one with "taskboard board import"`,
    )
  return board.id
}

function firstOwner(db: Db, id: number): string {
  const owner = [...loadBoardConfig(db, id).members].find(([, m]) => m.role === 'owner')
  if (!owner) throw new KeyError('The board has no owner.')
  return owner[0]
}

function withDb<T>(path: string, work: (db: Db) => T): T {
  const db = openAt(path)
  try {
    return work(db)
  } finally {
    db.close()
  }
}

const dbOption = { db: { type: 'string' as const } }

async function run(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv
  if (command === 'board' && sub === 'import') {
    const { values, positionals } = parse(rest, dbOption, 1)
    const file = positionals[0] as string
    let input: unknown
    try {
      input = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      throw new BoardFileError(`Cannot read ${file} as JSON: ${(error as Error).message}`)
    }
    const board = withDb(required(values, 'db'), (db) => importBoard(db, input))
    console.log(board.name)
  } else if (command === 'key' && sub === 'create') {
    const { values } = parse(rest, {
      ...dbOption,
      board: { type: 'string' },
      owner: { type: 'string' },
    })
    const boardName = required(values, 'board')
    const key = withDb(required(values, 'db'), (db) => {
      const id = boardId(db, boardName)
      return createApiKey(db, id, (values['owner'] as string | undefined) ?? firstOwner(db, id)).key
    })
    console.log(key)
  } else if (command === 'key' && sub === 'list') {
    const { values } = parse(rest, dbOption)
    const keys = withDb(required(values, 'db'), listApiKeys)
    if (keys.length === 0) console.log('No keys.')
    for (const k of keys)
      console.log(
        [
          k.id,
          k.masked,
          k.board,
          k.ownerEmail,
          k.createdAt,
          k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
        ].join('\t'),
      )
  } else if (command === 'key' && sub === 'revoke') {
    const { values } = parse(rest, { ...dbOption, id: { type: 'string' } })
    const keyId = required(values, 'id')
    withDb(required(values, 'db'), (db) => revokeApiKey(db, keyId))
    console.log(`Revoked ${values['id'] as string}.`)
  } else if (command === 'seed') {
    const { values } = parse(sub === undefined ? [] : [sub, ...rest], {
      ...dbOption,
      board: { type: 'string' },
      tasks: { type: 'string' },
      seed: { type: 'string' },
      anchor: { type: 'string' },
    })
    const tasks = integer(required(values, 'tasks'), 'tasks', 0, 0, 1_000_000)
    const seed = integer(values['seed'], 'seed', 1, -2_147_483_648, 4_294_967_295)
    const anchor = values['anchor'] as string | undefined
    if (anchor !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(anchor))
      throw new UsageError('--anchor must be a date YYYY-MM-DD')
    const boardName = required(values, 'board')
    const result = withDb(required(values, 'db'), (db) => {
      const id = boardId(db, boardName)
      return seedBoard(db, id, firstOwner(db, id), { tasks, seed, ...(anchor ? { anchor } : {}) })
    })
    console.log(
      `Seeded ${result.tasks} tasks (${result.milestones} milestones) and ${result.dependencies} dependencies.`,
    )
  } else if (command === 'serve') {
    const { values } = parse(sub === undefined ? [] : [sub, ...rest], {
      ...dbOption,
      host: { type: 'string' },
      port: { type: 'string' },
      'list-order': { type: 'string' },
      'property-null': { type: 'string' },
    })
    const port = integer(values['port'], 'port', 4830, 0, 65535)
    const order = listOrder(values['list-order'])
    const nulls = propertyNull(values['property-null'])
    const db = openAt(required(values, 'db'))
    useServiceBusyTimeout(db)
    const service = await listen(db, (values['host'] as string | undefined) ?? '127.0.0.1', port, {
      listOrder: order,
      propertyNull: nulls,
    })
    closeOnSignals(service, db)
    console.log(`Board service listening on ${service.url}${choicesNote(order, nulls)}`)
  } else if (command === 'demo') {
    const { values } = parse(sub === undefined ? [] : [sub, ...rest], {
      ...dbOption,
      port: { type: 'string' },
      tasks: { type: 'string' },
      'list-order': { type: 'string' },
      'property-null': { type: 'string' },
    })
    const port = integer(values['port'], 'port', 0, 0, 65535)
    const tasks = integer(values['tasks'], 'tasks', 300, 0, 100_000)
    const order = listOrder(values['list-order'])
    const nulls = propertyNull(values['property-null'])
    // Without --db the demo's database is temporary: its folder goes when the demo stops.
    const temporary =
      values['db'] === undefined ? mkdtempSync(join(tmpdir(), 'taskboard-demo-')) : undefined
    const path = (values['db'] as string | undefined) ?? join(temporary as string, 'demo.db')
    const db = openAt(path)
    let board = findBoardByName(db, demoBoard.name)
    if (!board) {
      board = importBoard(db, demoBoard)
      const monday = new Date()
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7))
      seedBoard(db, board.id, firstOwner(db, board.id), {
        tasks,
        seed: 7,
        anchor: monday.toISOString().slice(0, 10),
      })
    }
    const { key } = createApiKey(db, board.id, firstOwner(db, board.id))
    useServiceBusyTimeout(db)
    const service = await listen(db, '127.0.0.1', port, { listOrder: order, propertyNull: nulls })
    closeOnSignals(service, db, () => {
      if (temporary) rmSync(temporary, { recursive: true, force: true })
      process.exit(0)
    })
    const kept = temporary ? ' (temporary: removed when the demo stops; --db keeps one)' : ''
    console.log(
      `Demo board "${board.name}" at ${service.url}${choicesNote(order, nulls)}\nDatabase: ${path}${kept}\nAPI key: ${key}`,
    )
  } else if (command === 'help' || command === '--help' || command === '-h') {
    console.log(usage)
  } else {
    throw new UsageError(
      command === undefined
        ? 'no command given'
        : `unknown command "${[command, sub].filter(Boolean).join(' ')}"`,
    )
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`taskboard: ${error.message}\n\n${usage}`)
    process.exit(2)
  }
  const known = error instanceof BoardFileError || error instanceof KeyError
  process.stderr.write(
    `taskboard: ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`,
  )
  process.exit(1)
})
