// API keys: `tb_<id>_<secret>`. Shown once at creation; only a SHA-256 digest is stored. The id
// part finds the row, the digest is compared in constant time, so neither a timing side channel
// nor a stolen database reveals a usable key.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/database'
import { prepared } from '../db/statements'

export const KEY_PREFIX = 'tb_'
const KEY_PATTERN = /^tb_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/

export interface KeyInfo {
  id: string
  board: string
  ownerEmail: string
  masked: string
  createdAt: string
  revokedAt: string | null
}

export interface Principal {
  boardId: number
  actorEmail: string
  keyId: string
}

export class KeyError extends Error {}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function randomAlphanumeric(length: number): string {
  // Rejection sampling keeps every character equally likely.
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62]
    }
  }
  return out
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest()
}

export function maskKey(last4: string): string {
  return `${KEY_PREFIX}…${last4}`
}

/** Creates a key for `boardId`, acting as `ownerEmail` (who must be an owner of the board). */
export function createApiKey(
  db: Db,
  boardId: number,
  ownerEmail: string,
  now: Date = new Date(),
): { id: string; key: string } {
  const role = prepared(db, 'SELECT role FROM members WHERE board_id = ? AND email = ?')
    .raw(true)
    .get(boardId, ownerEmail.toLowerCase()) as [string] | undefined
  if (!role) throw new KeyError(`${ownerEmail} is not a member of this board.`)
  if (role[0] !== 'owner')
    throw new KeyError(
      `${ownerEmail} is not an owner of this board; only owners can create API keys.`,
    )
  const id = randomAlphanumeric(12)
  const key = `${KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`
  prepared(
    db,
    'INSERT INTO api_keys (id, board_id, owner_email, digest, last4, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    id,
    boardId,
    ownerEmail.toLowerCase(),
    digest(key).toString('hex'),
    key.slice(-4),
    now.toISOString(),
  )
  return { id, key }
}

export function listApiKeys(db: Db): KeyInfo[] {
  const rows = prepared(
    db,
    `SELECT k.id, b.name, k.owner_email, k.last4, k.created_at, k.revoked_at
       FROM api_keys k JOIN boards b ON b.id = k.board_id ORDER BY k.created_at, k.id`,
  )
    .raw(true)
    .all() as [string, string, string, string, string, string | null][]
  return rows.map(([id, board, ownerEmail, last4, createdAt, revokedAt]) => ({
    id,
    board,
    ownerEmail,
    masked: maskKey(last4),
    createdAt,
    revokedAt,
  }))
}

export function revokeApiKey(db: Db, id: string, now: Date = new Date()): void {
  const result = prepared(
    db,
    'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  ).run(now.toISOString(), id)
  if (result.changes === 0) {
    const exists = prepared(db, 'SELECT 1 FROM api_keys WHERE id = ?').raw(true).get(id)
    throw new KeyError(exists ? `Key ${id} is already revoked.` : `No key has the id ${id}.`)
  }
}

/**
 * Reads `Authorization: Bearer <key>`. Returns the principal, or a reason the request is refused
 * (the same words for an unknown and a wrong key, so the answer does not help a guesser).
 */
export function authenticate(db: Db, header: string | undefined): Principal | string {
  if (header === undefined || header === '')
    return 'Missing Authorization header; send "Authorization: Bearer <API key>".'
  // Exactly the spec's form: "Bearer", one space, the key. HTTP lets a scheme's case vary, but
  // a service that compares the header as the spec writes it refuses "bearer": taking it here
  // would hide a client that sends it.
  const match = /^Bearer (\S+)$/.exec(header)
  if (!match) return 'Malformed Authorization header; expected "Bearer <API key>".'
  const key = match[1] as string
  const parts = KEY_PATTERN.exec(key)
  if (!parts) return 'The API key is not valid.'
  const row = prepared(
    db,
    `SELECT k.digest, k.board_id, k.owner_email, k.revoked_at,
              (SELECT role FROM members m WHERE m.board_id = k.board_id AND m.email = k.owner_email)
       FROM api_keys k WHERE k.id = ?`,
  )
    .raw(true)
    .get(parts[1]) as [string, number, string, string | null, string | null] | undefined
  // Compare against a dummy digest when the id is unknown, so both paths cost the same.
  const stored = Buffer.from(row?.[0] ?? '0'.repeat(64), 'hex')
  const matches = timingSafeEqual(stored, digest(key)) && row !== undefined
  if (!matches) return 'The API key is not valid.'
  if (row[3] !== null) return 'The API key has been revoked; generate a new one.'
  if (row[4] !== 'owner')
    return 'The API key belongs to someone who is no longer an owner of this board.'
  return { boardId: row[1], actorEmail: row[2], keyId: parts[1] as string }
}
