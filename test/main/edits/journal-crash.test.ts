// Kill the planner mid-send; on restart the journal completes the batch and the board ends up
// exactly as the user left it.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EditJournal } from '../../../src-main/edits/edit-journal'
import { EditSender } from '../../../src-main/edits/edit-sender'
import { listen } from '../../../src-server/cli/serve'
import type { RunningService } from '../../../src-server/cli/serve'
import type { Task } from '../../../src-shared/api'
import { startTestService } from '../../support/service'
import type { TestService } from '../../support/service'
import { createTasks, listTasks, newTask } from '../../support/tasks'

const FIXTURE = join(import.meta.dirname, 'fixtures', 'send-and-hang.ts')
let dir: string
let service: TestService
let running: RunningService
let tasks: Task[]

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-crash-'))
  service = await startTestService()
  running = await listen(service.db, '127.0.0.1', 0)
  await createTasks(
    service,
    ...Array.from({ length: 6 }, (_, i) =>
      newTask({ title: `t${i}`, startDate: '2026-03-02', dueDate: '2026-03-04' }),
    ),
  )
  tasks = await listTasks(service)
})
afterAll(async () => {
  await running.close()
  await service.close()
  rmSync(dir, { recursive: true, force: true })
})

async function killMidSend(journalPath: string, mode: string, batch: unknown[]): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      FIXTURE,
      journalPath,
      running.url,
      service.key,
      mode,
      JSON.stringify(batch),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (mode === 'before-send' ? out.includes('SENDING') : out.includes('ACKED')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`child exited early (${code}): ${out}`)))
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
  return out
}

async function restartAndReplay(journalPath: string): Promise<number> {
  const journal = new EditJournal(journalPath)
  try {
    const sender = new EditSender({
      journal,
      writer: async () => ({
        listTasks: async () => [],
        updateTasks: async (batch) => {
          const response = await service.call('PUT', '/api/v1/tasks', { tasks: batch })
          if (response.status !== 200) throw new Error(response.body.message)
          return response.body.tasks
        },
      }),
    })
    const left = sender.pending('local').count
    await sender.retry('local')
    expect(sender.pending('local').count).toBe(0)
    sender.close()
    return left
  } finally {
    journal.close()
  }
}

describe('edit journal across a crash', () => {
  it.each(['before-send', 'after-ack'])(
    'completes a batch whose process was killed %s',
    async (mode) => {
      const journalPath = join(dir, `${mode}.db`)
      const moved = tasks.slice(0, 3).map((t, i) => ({
        id: t.id,
        startDate: `2026-03-1${i}T09:00:00.000Z`,
        dueDate: `2026-03-2${i}T17:00:00.000Z`,
        title: `${mode}-${i}`,
      }))
      const out = await killMidSend(journalPath, mode, moved)
      if (mode === 'after-ack') expect(out).toContain('ACKED 200')
      expect(await restartAndReplay(journalPath)).toBe(3)
      const now = await listTasks(service)
      for (const edit of moved) {
        expect(now.find((t) => t.id === edit.id)).toMatchObject({
          title: edit.title,
          startDate: edit.startDate,
          dueDate: edit.dueDate,
        })
      }
    },
  )
})
