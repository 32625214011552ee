import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApiKey, importBoard, listApiKeys, revokeApiKey } from '../../src-server'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

let service: TestService
beforeEach(async () => {
  service = await startTestService()
})
afterEach(() => service.close())

const get = (authorization?: string) =>
  service.app.inject({
    method: 'GET',
    url: '/api/v1/tasks',
    headers: authorization === undefined ? {} : { authorization },
  })

describe('API keys', () => {
  it('accepts the key shown at creation', async () => {
    expect((await get(`Bearer ${service.key}`)).statusCode).toBe(200)
  })

  it.each([
    [undefined, 'Missing Authorization header; send "Authorization: Bearer <API key>".'],
    ['Basic abc', 'Malformed Authorization header; expected "Bearer <API key>".'],
    ['Bearer tb_notakey', 'The API key is not valid.'],
  ])('refuses %s with 401 and a message', async (header, message) => {
    const response = await get(header)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: true, message })
  })

  it.each(['bearer', 'BEARER', 'Bearer  '])(
    'takes only the form the spec writes: "Bearer <key>", not "%s <key>"',
    async (scheme) => {
      // A service that compares the header as the spec writes it refuses these; ours taking
      // them hid a client that sent them.
      const response = await get(
        `${scheme.trimEnd() === scheme ? `${scheme} ` : scheme}${service.key}`,
      )
      expect(response.statusCode).toBe(401)
      expect(response.json().message).toMatch(/Malformed Authorization header/)
    },
  )

  it('refuses a key whose secret part was altered, with the same words as an unknown key', async () => {
    const last = service.key.at(-1) === 'A' ? 'B' : 'A'
    const response = await get(`Bearer ${service.key.slice(0, -1)}${last}`)
    expect(response.statusCode).toBe(401)
    expect(response.json().message).toBe('The API key is not valid.')
  })

  it('stores only a digest and a masked form', () => {
    const rows = service.db.prepare('SELECT * FROM api_keys').raw(true).all()
    // The secret is base64url, which may itself hold '_' (splitting on '_' once gave '').
    const secret = /^tb_[A-Za-z0-9]{12}_(.{43})$/.exec(service.key)?.[1]
    expect(secret).toHaveLength(43)
    expect(JSON.stringify(rows)).not.toContain(secret)
    const [info] = listApiKeys(service.db)
    expect(info!.masked).toBe(`tb_…${service.key.slice(-4)}`)
  })

  it('refuses a revoked key from then on', async () => {
    const [info] = listApiKeys(service.db)
    revokeApiKey(service.db, info!.id)
    const response = await get(`Bearer ${service.key}`)
    expect(response.statusCode).toBe(401)
    expect(response.json().message).toBe('The API key has been revoked; generate a new one.')
    expect(() => revokeApiKey(service.db, info!.id)).toThrow('already revoked')
  })

  it('lets only owners create keys, and binds each key to its board', async () => {
    expect(() => createApiKey(service.db, service.boardId, 'max.member@example.com')).toThrow(
      'not an owner',
    )
    const other = importBoard(service.db, {
      name: 'Other',
      projects: [{ key: 'X', name: 'X' }],
      statuses: [{ name: 'Open', category: 'todo' }],
      members: [{ email: 'boss@example.com', name: 'Boss', role: 'owner' }],
    })
    const { key } = createApiKey(service.db, other.id, 'boss@example.com')
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/v1/tasks',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: {
        tasks: [
          { title: 'Mine', projectKey: 'X', descriptionType: 'text', descriptionContent: '' },
        ],
      },
    })
    expect(response.statusCode).toBe(200)
    const otherList = await service.app.inject({
      method: 'GET',
      url: '/api/v1/tasks',
      headers: { authorization: `Bearer ${key}` },
    })
    expect(
      otherList
        .json()
        .tasks.map((t: { title: string; createdBy: string }) => [t.title, t.createdBy]),
    ).toEqual([['Mine', 'boss@example.com']])
    expect((await get(`Bearer ${service.key}`)).json().tasks).toEqual([])
  })
})
