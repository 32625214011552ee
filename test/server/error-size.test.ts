// An error answer quotes what was sent (a status name, unknown field names), and once quoted it
// at any length: a 1 MB status came back as a 2 MB answer, 200,000 unknown fields as 3.4 MB.
// Quoted text is now cut at 2,000 characters and at most 100 field issues are listed; the
// message still says how many problems there were.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'
import { newTask } from '../support/tasks'

let service: TestService
beforeAll(async () => {
  service = await startTestService()
})
afterAll(() => service.close())

it('a huge status is quoted cut short, saying how much was left out', async () => {
  const status = 'x'.repeat(1_000_000)
  const { status: code, body } = await service.call('POST', '/api/v1/tasks', {
    tasks: [newTask({ status })],
  })
  expect(code).toBe(400)
  const answer = body as { message: string; issues: { message: string }[] }
  expect(JSON.stringify(answer).length).toBeLessThan(10_000)
  expect(answer.message).toMatch(
    /^Invalid request: tasks\[0\]\.status: "x+… \(\d+ more characters\)$/,
  )
})

it('a body of 5,000 unknown fields is answered in a few kilobytes, at most 100 issues', async () => {
  const body: Record<string, string> = { predecessorId: 'a', successorId: 'b' }
  for (let i = 0; i < 5_000; i += 1) body[`field${i}`] = 'v'
  const answer = await service.call('POST', '/api/v1/dependencies', body)
  expect(answer.status).toBe(400)
  const json = answer.body as { error: string; message: string; issues?: unknown[] }
  expect(json.error).toBe('INVALID_REQUEST')
  expect(json.issues?.length ?? 0).toBeLessThanOrEqual(100)
  expect(JSON.stringify(json).length).toBeLessThan(30_000)
})
