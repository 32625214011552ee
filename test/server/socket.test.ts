// The same service over a real socket: what the planner and other clients actually see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../../src-server/cli/serve'
import type { RunningService } from '../../src-server/cli/serve'
import { ListTasksResponse, toListQuery } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

let service: TestService
let running: RunningService
beforeAll(async () => {
  service = await startTestService()
  running = await listen(service.db, '127.0.0.1', 0)
})
afterAll(async () => {
  await running.close()
  await service.close()
})

const request = (
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  fetch(`${running.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${service.key}`,
      'content-type': 'application/json',
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

describe('over a real socket', () => {
  it('listens on 127.0.0.1 with a port of its own', () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('creates, updates and lists tasks, with task URLs under its address', async () => {
    const created = await request('POST', '/api/v1/tasks', {
      tasks: [
        {
          title: 'Over HTTP',
          projectKey: 'OPS',
          descriptionType: 'text',
          descriptionContent: '',
          dueDate: '2026-05-05',
        },
      ],
    })
    expect(created.status).toBe(200)
    expect(created.headers.get('content-type')).toMatch(/^application\/json/)
    const listed = ListTasksResponse.parse(
      await (
        await request(
          'GET',
          `/api/v1/tasks?${toListQuery({ projectKey: ['OPS'], dueDate: { from: '2026-05-01', to: '2026-05-31' } })}`,
        )
      ).json(),
    )
    expect(listed.tasks.map((t) => t.title)).toEqual(['Over HTTP'])
    expect(listed.tasks[0]!.url).toBe(`${running.url}/tasks/${listed.tasks[0]!.id}`)
    const updated = await request('PUT', '/api/v1/tasks', {
      tasks: [{ id: listed.tasks[0]!.id, title: 'Renamed' }],
    })
    expect(((await updated.json()) as { tasks: { title: string }[] }).tasks[0]!.title).toBe(
      'Renamed',
    )
  })

  it('answers 415 for a body that is not JSON, 405 with Allow for a wrong method, 404 for unknown paths', async () => {
    const notJson = await request('POST', '/api/v1/tasks', undefined, {
      'content-type': 'text/plain',
    })
    expect(notJson.status).toBe(415)
    const wrongMethod = await request('PUT', '/api/v1/dependencies', {})
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST, DELETE')
    const unknown = await request('GET', '/api/v2/tasks')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({
      error: true,
      message: 'There is no GET /api/v2/tasks; the interface lives under /api/v1.',
    })
  })

  it('answers 413 for a body over the limit without reading it all', async () => {
    const big = await request('POST', '/api/v1/tasks', {
      tasks: [{ title: 'x'.repeat(5 * 1024 * 1024) }],
    })
    expect(big.status).toBe(413)
    expect(((await big.json()) as { message: string }).message).toContain(
      'larger than 4194304 bytes',
    )
  })
})
