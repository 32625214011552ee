import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EditJournal } from '../../../src-main/edits/edit-journal'
import { EditQueuedError, EditSender } from '../../../src-main/edits/edit-sender'
import type { UpdatedTaskInfo, UpdateTaskItem } from '../../../src-shared/api'

let dir: string
let journal: EditJournal
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-journal-'))
  journal = new EditJournal(join(dir, 'edits.db'))
})
afterEach(() => {
  journal.close()
  rmSync(dir, { recursive: true, force: true })
})

const failure = (ipcCode: string, message = ipcCode) =>
  Object.assign(new Error(message), { ipcCode })
const info = (tasks: UpdateTaskItem[]): UpdatedTaskInfo[] =>
  tasks.map((t) => ({ id: t.id!, projectKey: 'WEB', key: 1, title: 't', url: 'u' }))

describe('edit sender', () => {
  it('journals a batch before sending and removes it once acknowledged', async () => {
    const seenInJournal: number[] = []
    const sender = new EditSender(journal, async (profile, tasks) => {
      seenInJournal.push(journal.pending(profile).length)
      return info(tasks)
    })
    expect(await sender.submit('p', [{ id: 'a', title: 'x' }])).toHaveLength(1)
    expect(seenInJournal).toEqual([1])
    expect(sender.pending('p')).toEqual({ count: 0, batches: [] })
  })

  it('keeps a batch that failed for a passing reason, and queues later ones behind it in order', async () => {
    const sent: string[] = []
    let reachable = false
    const changes: number[] = []
    const sender = new EditSender(
      journal,
      async (_profile, tasks) => {
        if (!reachable) throw failure('NETWORK', 'connection refused')
        sent.push(tasks[0]!.title!)
        return info(tasks)
      },
      (_profile, pending) => changes.push(pending.count),
    )
    const first = sender.submit('p', [{ id: 'a', title: 'first' }])
    await expect(first).rejects.toBeInstanceOf(EditQueuedError)
    await expect(first).rejects.toMatchObject({ ipcCode: 'EDIT_QUEUED', causeCode: 'NETWORK' })
    expect(sender.pending('p').batches[0]).toMatchObject({
      tasks: 1,
      lastError: 'connection refused',
    })
    await expect(sender.submit('p', [{ id: 'a', title: 'second' }])).rejects.toBeInstanceOf(
      EditQueuedError,
    )
    expect(sender.pending('p').count).toBe(2)
    reachable = true
    await sender.submit('p', [{ id: 'a', title: 'third' }])
    expect(sent).toEqual(['first', 'second', 'third'])
    expect(sender.pending('p').count).toBe(0)
    expect(changes.at(-1)).toBe(0)
  })

  it('drops a batch the board refuses for good and reports that refusal to its sender only', async () => {
    const dropped: string[] = []
    const sender = new EditSender(
      journal,
      async (_p, tasks) => {
        if (tasks[0]!.title === 'bad')
          throw failure('INVALID_REQUEST', 'tasks[0].status: no such status')
        return info(tasks)
      },
      () => {},
      (batch) => dropped.push(batch.tasks[0]!.title!),
    )
    await expect(sender.submit('p', [{ id: 'a', title: 'bad' }])).rejects.toThrow('no such status')
    expect(sender.pending('p').count).toBe(0)
    // A refused batch left over from an earlier run does not fail the next submit.
    journal.append('p', [{ id: 'b', title: 'bad' }])
    await expect(sender.submit('p', [{ id: 'c', title: 'good' }])).resolves.toHaveLength(1)
    expect(dropped).toEqual(['bad'])
  })

  it('replays what a previous run left, oldest first, per board', async () => {
    journal.append('p', [{ id: 'a', title: 'one' }])
    journal.append('q', [{ id: 'z', title: 'other board' }])
    journal.append('p', [{ id: 'a', title: 'two' }])
    const sent: string[] = []
    const sender = new EditSender(journal, async (profile, tasks) => {
      sent.push(`${profile}:${tasks[0]!.title}`)
      return info(tasks)
    })
    await sender.replay('p')
    expect(sent).toEqual(['p:one', 'p:two'])
    expect(sender.pending('q').count).toBe(1)
  })
})
