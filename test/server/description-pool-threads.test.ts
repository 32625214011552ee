// The converter pool's threads after a refusal (src-server/description/pool.ts): nothing keeps
// converting for a request already answered, and a stopped thread is replaced at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { descriptionPool, DescriptionPool, POOL_SIZE } from '../../src-server/description/pool'
import { SERVICE_LIMITS } from '../../src-shared/api'
import { startTestService } from '../support/service'
import type { TestService } from '../support/service'

/** `_a` repeated: marked takes seconds (9-24 s) over it, with no check able to tell. */
const SLOW_MARKDOWN = '_a'.repeat(SERVICE_LIMITS.descriptionLength / 2)

describe('a request refused while its other descriptions are being converted', () => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService()
    await descriptionPool().warm()
  }, 30_000)
  afterAll(async () => {
    await service.close()
    await descriptionPool().close()
  })

  it('stops the threads still converting them, and starts new ones at once', async () => {
    // The first description is refused at once (nested too deep) while the second, on another
    // thread, was left converting with no budget, seconds after the 400 was sent.
    const pool = descriptionPool()
    expect(pool.threads).toEqual({ started: POOL_SIZE, busy: 0 })
    const task = (content: string) => ({
      title: 'A task',
      projectKey: 'WEB',
      descriptionType: 'markdown',
      descriptionContent: content,
    })
    const answer = await service.call('POST', '/api/v1/tasks', {
      tasks: [task('> '.repeat(300)), task(SLOW_MARKDOWN)],
    })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain('tasks[0].descriptionContent')
    expect(pool.threads).toEqual({ started: POOL_SIZE, busy: 0 })
    // The new thread is ready for the next conversion.
    await pool.warm()
    const after = await service.call('POST', '/api/v1/tasks', {
      tasks: [task('**after**'), task('*and after*')],
    })
    expect(after.status).toBe(200)
  }, 30_000)
})

describe('a request over its converter time', () => {
  it('has its thread replaced at once, with no other conversion waiting', async () => {
    // The thread stopped for going over budget was replaced only when the next description
    // came (which then waited ~2 s for it), while the other thread stood idle.
    const pool = new DescriptionPool(undefined, 2)
    try {
      await pool.warm()
      expect(pool.threads).toEqual({ started: 2, busy: 0 })
      await expect(
        pool.convert([{ field: 'slow', type: 'markdown', content: SLOW_MARKDOWN }], 200),
      ).rejects.toMatchObject({ field: 'slow', problem: expect.stringMatching(/more than 0.2 s/) })
      expect(pool.threads).toEqual({ started: 2, busy: 0 })
      await pool.warm()
      const [converted] = await pool.convert([
        { field: 'next', type: 'markdown', content: '**next**' },
      ])
      expect(converted?.html).toContain('<strong>next</strong>')
    } finally {
      await pool.close()
    }
  }, 30_000)
})
