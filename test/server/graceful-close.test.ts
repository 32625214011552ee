// Stopping the service (Ctrl+C, SIGTERM) while a request is under way: the request gets its
// answer, and only then does the service close. Before, every open connection was cut at once:
// a create the board had made reached its client as a reset connection, an unknown outcome.
import net from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { listen } from '../../src-server/cli/serve'
import type { RunningService } from '../../src-server/cli/serve'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

let service: TestService
let running: RunningService
afterEach(async () => {
  await service.close()
})

it('answers a request under way before it closes, and ends its connection', async () => {
  service = await startTestService()
  running = await listen(service.db, '127.0.0.1', 0)
  const { port } = new URL(running.url)
  const body = JSON.stringify({
    tasks: [
      {
        title: 'Made while closing',
        projectKey: 'OPS',
        descriptionType: 'text',
        descriptionContent: '',
      },
    ],
  })
  const socket = net.connect(Number(port), '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise((resolve) => socket.once('close', resolve))
  // Headers and half the body: the request is under way when the service is told to stop.
  socket.write(
    `POST /api/v1/tasks HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${service.key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
      body.slice(0, 20),
  )
  await new Promise((resolve) => setTimeout(resolve, 50))
  const started = Date.now()
  const closed = running.close()
  await new Promise((resolve) => setTimeout(resolve, 50))
  socket.write(body.slice(20))
  await ended
  await closed
  const answer = Buffer.concat(chunks).toString()
  expect(answer).toMatch(/^HTTP\/1\.1 200/)
  expect(answer).toMatch(/\r\nconnection: close\r\n/i)
  // The close did not wait out a keep-alive; the task was made.
  expect(Date.now() - started).toBeLessThan(4_000)
  const listed = await service.call('GET', '/api/v1/tasks?projectKey=OPS')
  expect(JSON.stringify(listed.body)).toContain('Made while closing')
})

it('cuts a request that stalls once the close grace has passed', async () => {
  // A client that sends half its body and stops held the close until its request timeout (30 s):
  // the planner's embedded board gave up on it, and a SIGTERM waited.
  service = await startTestService()
  running = await listen(service.db, '127.0.0.1', 0, { connections: { closeGraceMs: 300 } })
  const { port } = new URL(running.url)
  const socket = net.connect(Number(port), '127.0.0.1')
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.on('error', () => undefined)
  const ended = new Promise((resolve) => socket.once('close', resolve))
  socket.write(
    `POST /api/v1/tasks HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${service.key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"tasks":`,
  )
  await new Promise((resolve) => setTimeout(resolve, 50))
  const started = Date.now()
  await running.close()
  await ended
  expect(Date.now() - started).toBeLessThan(5_000)
})
