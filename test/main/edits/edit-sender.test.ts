// The edit sender against a scripted board: journal first, queued when the board cannot be
// reached (whatever part of the send fails), later batches behind earlier ones, retries on their
// own, refusals kept as problems when nobody waits for them. The conflict check against a real
// board is in test/main/services/edit-write-path.test.ts.
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../src-main/api'
import {
  EditJournal,
  JOURNAL_FORMAT,
  JournalTooNewError,
} from '../../../src-main/edits/edit-journal'
import { openEditJournal } from '../../../src-main/edits/open-journal'
import { EditSender } from '../../../src-main/edits/edit-sender'
import type { BoardWriter, EditSenderOptions } from '../../../src-main/edits/edit-sender'
import type { Task, UpdatedTaskInfo, UpdateTaskItem } from '../../../src-shared/api'
import { sampleTask } from '../api/fixtures'
import { IpcFailure } from '../../../src-shared/ipc'
import type { PendingEdits } from '../../../src-shared/ipc'

let dir: string
let journal: EditJournal
let sender: EditSender | undefined
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tb-journal-'))
  journal = new EditJournal(join(dir, 'edits.db'))
})
afterEach(() => {
  sender?.close()
  journal.close()
  rmSync(dir, { recursive: true, force: true })
})

const info = (tasks: UpdateTaskItem[]): UpdatedTaskInfo[] =>
  tasks.map((t) => ({ id: t.id!, projectKey: 'WEB', key: 1, title: 't', url: 'u' }))
const refused = new ApiError('NETWORK', 'Could not reach the board: connection refused')

/** A board that lists nothing and takes updates through `update`. */
function board(update: (tasks: UpdateTaskItem[]) => Promise<UpdatedTaskInfo[]>): BoardWriter {
  return { listTasks: async () => [], updateTasks: update }
}

function makeSender(writer: BoardWriter, options: Partial<EditSenderOptions> = {}) {
  const changes: PendingEdits[] = []
  sender = new EditSender({
    journal,
    writer: async () => writer,
    onChange: (p) => changes.push(p),
    log: () => {},
    backoffMs: () => 60_000,
    ...options,
  })
  return { sender, changes }
}

const task = (id: string, updatedAt: string): Task => sampleTask({ id, updatedAt })

describe('edit sender', () => {
  it('journals a batch before anything is sent, answers sent, and forgets it once taken', async () => {
    const inJournal: number[] = []
    const { sender } = makeSender(
      board(async (tasks) => {
        inJournal.push(journal.pending('p').length)
        return info(tasks)
      }),
    )
    const answer = await sender.submit('p', [{ id: 'a', title: 'x' }], {}, [])
    expect(answer).toMatchObject({ status: 'sent', updated: [{ id: 'a' }], conflicts: [] })
    expect(inJournal).toEqual([1])
    expect(sender.pending('p')).toMatchObject({ profileId: 'p', count: 0, taskIds: [] })
  })

  it('answers queued, keeping the batch, when the conflict check cannot reach the board', async () => {
    let updates = 0
    const writer: BoardWriter = {
      listTasks: async () => {
        throw refused
      },
      updateTasks: async (tasks) => {
        updates += 1
        return info(tasks)
      },
    }
    const { sender } = makeSender(writer)
    const answer = await sender.submit('p', [{ id: 'a', dueDate: '2026-03-04' }], { a: 'v1' }, [
      task('a', 'v1'),
    ])
    expect(answer).toMatchObject({ status: 'queued', reason: refused.message })
    expect(updates).toBe(0)
    expect(sender.pending('p')).toMatchObject({ count: 1, taskIds: ['a'] })
  })

  it('answers queued when the key cannot be had (keychain locked), keeping the batch', async () => {
    const { sender } = makeSender(
      board(async (t) => info(t)),
      {
        writer: async () => {
          throw new IpcFailure('KEYCHAIN_UNAVAILABLE', 'The keychain is locked.')
        },
      },
    )
    const answer = await sender.submit('p', [{ id: 'a', title: 'x' }], {}, [])
    expect(answer).toMatchObject({ status: 'queued', reason: 'The keychain is locked.' })
    expect(sender.pending('p').count).toBe(1)
  })

  it.each([
    [
      'a newer planner’s settings',
      new IpcFailure('INTERNAL', 'boards.json was written by a newer planner.'),
    ],
    [
      'a board missing from unreadable settings',
      new IpcFailure('NOT_FOUND', 'No board with id p.'),
    ],
    ['a file error', Object.assign(new Error('EBUSY: resource busy or locked'), { code: 'EBUSY' })],
  ])(
    'keeps waiting edits when the planner cannot open the board (%s): not the edit’s fault',
    async (_, failure) => {
      let opens = 0
      const sent: string[] = []
      makeSender(
        board(async (t) => info(t)),
        {
          writer: async () => {
            opens += 1
            if (opens === 1) throw refused
            if (opens === 2) throw failure
            return board(async (tasks) => {
              sent.push(tasks[0]!.title!)
              return info(tasks)
            })
          },
        },
      )
      const answer = await sender!.submit('p', [{ id: 'a', title: 'x' }], {}, [])
      expect(answer.status).toBe('queued')
      // A retry that fails on the planner's side: the edit stays, with the reason, no problem.
      const after = await sender!.retry('p')
      expect(after).toMatchObject({ count: 1, problems: [] })
      expect(after.batches[0]!.lastError).toContain(failure.message)
      await sender!.retry('p')
      expect(sent).toEqual(['x'])
      expect(sender!.pending('p').count).toBe(0)
    },
  )

  it('keeps later batches behind a waiting one and sends them all in order once the board is back', async () => {
    const sent: string[] = []
    let reachable = false
    const { sender, changes } = makeSender(
      board(async (tasks) => {
        if (!reachable) throw refused
        sent.push(tasks[0]!.title!)
        return info(tasks)
      }),
    )
    expect((await sender.submit('p', [{ id: 'a', title: 'first' }], {}, [])).status).toBe('queued')
    expect((await sender.submit('p', [{ id: 'a', title: 'second' }], {}, [])).status).toBe('queued')
    expect(sender.pending('p').batches).toMatchObject([
      { tasks: 1, attempts: 2, lastError: refused.message },
      { tasks: 1, attempts: 0 },
    ])
    reachable = true
    expect((await sender.submit('p', [{ id: 'a', title: 'third' }], {}, [])).status).toBe('sent')
    expect(sent).toEqual(['first', 'second', 'third'])
    expect(changes.at(-1)).toMatchObject({ profileId: 'p', count: 0 })
  })

  it('checks an edit made on top of one still waiting (an undo made offline) against what that one saw', async () => {
    const seenTask = sampleTask({ id: 'a', updatedAt: '2026-02-01T10:00:00.000Z' })
    let onBoard = seenTask
    let reachable = false
    const written: UpdateTaskItem[][] = []
    const { sender } = makeSender({
      listTasks: async () => {
        if (!reachable) throw refused
        return [onBoard]
      },
      updateTasks: async (tasks) => {
        if (!reachable) throw refused
        written.push(tasks)
        return info(tasks)
      },
    })
    const edit = [{ id: 'a', dueDate: '2026-03-06' }]
    const undo = [{ id: 'a', dueDate: seenTask.dueDate }]
    expect((await sender.submit('p', edit, { a: seenTask.updatedAt }, [seenTask])).status).toBe(
      'queued',
    )
    // The renderer sends no version for a task it wrote itself.
    expect((await sender.submit('p', undo, {}, [seenTask])).status).toBe('queued')
    // Someone else moves the task meanwhile; then the board is back.
    onBoard = {
      ...seenTask,
      dueDate: '2026-03-10T00:00:00.000Z',
      updatedAt: '2026-02-05T00:00:00.000Z',
      updatedBy: 'bob@example.com',
    }
    reachable = true
    const after = await sender.retry('p')
    expect(written).toEqual([])
    expect(after.problems.map((p) => p.kind)).toEqual(['conflict', 'conflict'])
  })

  it('tries a waiting batch again on its own, after the backoff', async () => {
    let reachable = false
    const sent: string[] = []
    const { sender } = makeSender(
      board(async (tasks) => {
        if (!reachable) throw refused
        sent.push(tasks[0]!.title!)
        return info(tasks)
      }),
      { backoffMs: () => 30 },
    )
    await sender.submit('p', [{ id: 'a', title: 'offline edit' }], {}, [])
    expect(sender.pending('p').nextRetryAt).toBeDefined()
    reachable = true
    await expect.poll(() => sent, { timeout: 2_000 }).toEqual(['offline edit'])
    expect(sender.pending('p').count).toBe(0)
  })

  it('does not ask again before the Retry-After the board gave', async () => {
    const busy = new ApiError('RATE_LIMITED', 'The board is busy.', { retryAfterMs: 90_000 })
    const { sender } = makeSender(
      board(async () => {
        throw busy
      }),
      { backoffMs: () => 30 },
    )
    await sender.submit('p', [{ id: 'a', title: 'x' }], {}, [])
    const next = Date.parse(sender.pending('p').nextRetryAt!)
    expect(next - Date.now()).toBeGreaterThan(85_000)
  })

  it('answers queued when the board is slow, and still lands the edit', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { sender } = makeSender(
      board(async (tasks) => {
        await gate
        return info(tasks)
      }),
      { answerWithinMs: 20 },
    )
    const answer = await sender.submit('p', [{ id: 'a', title: 'x' }], {}, [])
    expect(answer.status).toBe('queued')
    release()
    await expect.poll(() => sender.pending('p').count).toBe(0)
  })

  it('rejects with the board reason when the board refuses the edit, and forgets it', async () => {
    const { sender } = makeSender(
      board(async () => {
        throw new ApiError('INVALID_REQUEST', 'tasks[0].status: no such status')
      }),
    )
    await expect(sender.submit('p', [{ id: 'a', status: 'Nope' }], {}, [])).rejects.toThrow(
      'no such status',
    )
    expect(sender.pending('p')).toMatchObject({ count: 0, problems: [] })
  })

  it('keeps a later refusal of a queued batch as a problem, never dropping it silently', async () => {
    let board_ = 'down'
    const { sender, changes } = makeSender(
      board(async (tasks) => {
        if (board_ === 'down') throw refused
        if (tasks[0]!.title === 'bad') throw new ApiError('NOT_FOUND', 'The task was deleted.')
        return info(tasks)
      }),
    )
    await sender.submit('p', [{ id: 'a', title: 'bad' }], {}, [])
    board_ = 'up'
    const answer = await sender.submit('p', [{ id: 'b', title: 'good' }], {}, [])
    expect(answer.status).toBe('sent')
    const pending = sender.pending('p')
    expect(pending.count).toBe(0)
    expect(pending.problems).toMatchObject([
      { kind: 'refused', tasks: [{ id: 'a', title: 'bad' }] },
    ])
    expect(pending.problems[0]!.message).toContain('The task was deleted.')
    expect(changes.at(-1)?.problems).toHaveLength(1)
  })

  it('says a failure without a code is a bug, not a refusal and not "saved"', async () => {
    let board_ = 'down'
    const { sender } = makeSender(
      board(async (tasks) => {
        if (board_ === 'down') throw refused
        throw new TypeError('cannot read properties of undefined')
        return info(tasks)
      }),
    )
    await sender.submit('p', [{ id: 'a', title: 'x' }], {}, [])
    board_ = 'buggy'
    await sender.retry('p')
    expect(sender.pending('p').problems).toMatchObject([{ kind: 'failed' }])
    expect(sender.pending('p').problems[0]!.message).toContain('a bug')
    await expect(sender.submit('p', [{ id: 'b', title: 'y' }], {}, [])).rejects.toBeInstanceOf(
      TypeError,
    )
  })

  it('keeps the problem when Keep mine cannot journal the edit again (one write, not two)', async () => {
    const { sender } = makeSender(board(async (t) => info(t)))
    const problem = journal.addProblem('p', {
      kind: 'refused',
      message: 'refused',
      tasks: [{ id: 'a', title: 'mine' }],
    })
    const append = journal.append.bind(journal)
    journal.append = () => {
      throw new Error('SQLITE_FULL: database or disk is full')
    }
    await expect(sender.resolve('p', problem.id, 'mine')).rejects.toThrow(/disk is full/)
    journal.append = append
    expect(sender.pending('p').problems.map((p) => p.id)).toEqual([problem.id])
    expect(await sender.resolve('p', problem.id, 'mine')).toMatchObject({ status: 'sent' })
    expect(sender.pending('p').problems).toEqual([])
  })

  it('shows a problem row it cannot read back, rather than dropping it', () => {
    journal.addProblem('p', { kind: 'failed', message: 'readable', tasks: [] })
    const db = new Database(join(dir, 'edits.db'))
    db.prepare('INSERT INTO edit_problems (id, profile_id, problem_json) VALUES (?, ?, ?)').run(
      'odd',
      'p',
      '{"kind":"from-a-newer-planner"',
    )
    db.close()
    const problems = journal.problems('p')
    expect(problems.map((p) => p.kind)).toEqual(['failed', 'unreadable'])
    expect(problems[1]!.message).toContain('from-a-newer-planner')
    expect(journal.removeProblem('p', 'odd')).toBeDefined()
    expect(journal.problems('p')).toHaveLength(1)
  })

  it('learns the versions of the part a board applied before refusing the rest of a batch', async () => {
    // Applied in chunk 1, refused in chunk 2: the applied task's next edit read as someone
    // else's change (the planner had not learned its own write).
    const before = task('a', 'v1')
    const after = { ...before, title: 'mine', updatedAt: 'v2' }
    const writer: BoardWriter = {
      listTasks: async () => [after],
      updateTasks: async () => {
        throw new ApiError('INVALID_REQUEST', 'tasks[1].status: no such status', {
          status: 400,
          batch: { completed: 1, failedFrom: 1, failedTo: 2, total: 2 },
        })
      },
    }
    const { sender } = makeSender(writer)
    await expect(
      sender.submit(
        'p',
        [
          { id: 'a', title: 'mine' },
          { id: 'b', status: 'Nope' },
        ],
        { a: 'v1' },
        [before, task('b', 'v1')],
      ),
    ).rejects.toThrow(/no such status/)
    expect(journal.versions('p', ['a']).get('a')?.updatedAt).toBe('v2')
    // The window is told which tasks the board took, so it keeps them and rolls back the rest.
    const refusal = await sender
      .submit(
        'p',
        [
          { id: 'a', title: 'mine' },
          { id: 'b', status: 'Nope' },
        ],
        {},
        [after],
      )
      .catch((error: unknown) => error)
    expect((refusal as IpcFailure).toIpcError()).toMatchObject({ applied: ['a'] })
  })

  it('reads back which tasks a board applied of a single request it refused', async () => {
    // The spec does not say a board applies a batch all or nothing. One that applied task a and
    // refused task b: a was rolled back in the window and its next edit read as someone else's.
    const before = task('a', 'v1')
    const after = { ...before, title: 'mine', updatedAt: 'v2' }
    const writer: BoardWriter = {
      listTasks: async () => [after, task('b', 'v1')],
      updateTasks: async () => {
        throw new ApiError('INVALID_REQUEST', 'tasks[1].status: no such status', { status: 400 })
      },
    }
    const { sender } = makeSender(writer)
    const refusal = await sender
      .submit(
        'p',
        [
          { id: 'a', title: 'mine' },
          { id: 'b', status: 'Nope' },
        ],
        { a: 'v1', b: 'v1' },
        [before, task('b', 'v1')],
      )
      .catch((error: unknown) => error)
    expect((refusal as IpcFailure).toIpcError()).toMatchObject({ applied: ['a'] })
    expect(journal.versions('p', ['a']).get('a')?.updatedAt).toBe('v2')
  })

  it('a refusal met in the background names only the tasks the board did not take', async () => {
    // Kept as a problem (nobody waits for the answer): every task was listed, so the window took
    // the saved ones for unsaved too, and dropped their undo steps.
    const before = task('a', 'v1')
    const writer: BoardWriter = {
      listTasks: async () => [{ ...before, title: 'mine', updatedAt: 'v2' }, task('b', 'v1')],
      updateTasks: async () => {
        throw new ApiError('INVALID_REQUEST', 'tasks[1].status: no such status', { status: 400 })
      },
    }
    const { sender } = makeSender(writer)
    journal.append(
      'p',
      [
        { id: 'a', title: 'mine' },
        { id: 'b', status: 'Nope' },
      ],
      { a: 'v1', b: 'v1' },
      [before, task('b', 'v1')],
    )
    await sender.retry('p')
    const [problem] = journal.problems('p')
    expect(problem?.tasks.map((t) => t.id)).toEqual(['b'])
    expect(problem?.message).toMatch(/refused by the board \(1 of its 2 tasks: the others/)
  })

  it('a refusal does not list again a task held back as a conflict', async () => {
    // The refusal's problem listed the whole batch: the conflicted task twice, and counted as
    // refused, so "Send again" could send what the conflict check had held back.
    const a = task('a', 'v1')
    const b = task('b', 'v1')
    const writer: BoardWriter = {
      listTasks: async () => [{ ...a, title: 'theirs', updatedAt: 'v3' }, b],
      updateTasks: async () => {
        throw new ApiError('INVALID_REQUEST', 'tasks[0].status: no such status', { status: 400 })
      },
    }
    const { sender } = makeSender(writer)
    journal.append(
      'p',
      [
        { id: 'a', title: 'mine' },
        { id: 'b', status: 'Nope' },
      ],
      { a: 'v1', b: 'v1' },
      [a, b],
    )
    await sender.retry('p')
    const problems = journal.problems('p')
    expect(problems.map((p) => [p.kind, p.tasks.map((t) => t.id)])).toEqual([
      ['conflict', ['a']],
      ['refused', ['b']],
    ])
  })

  it('sends what a previous run left at start, oldest first, board by board', async () => {
    journal.append('p', [{ id: 'a', title: 'one' }])
    journal.append('q', [{ id: 'z', title: 'other board' }])
    journal.append('p', [{ id: 'a', title: 'two' }])
    const sent: string[] = []
    const writers = (profile: string) =>
      board(async (tasks) => {
        sent.push(`${profile}:${tasks[0]!.title}`)
        return info(tasks)
      })
    makeSender(
      board(async (t) => info(t)),
      { writer: async (p) => writers(p) },
    )
    await sender!.retryAll()
    expect(sent).toEqual(['p:one', 'p:two', 'q:other board'])
  })

  it('drops the waiting batches of one board only when asked to discard', async () => {
    const { sender } = makeSender(
      board(async () => {
        throw refused
      }),
    )
    await sender.submit('p', [{ id: 'a', title: 'x' }], {}, [])
    await sender.submit('q', [{ id: 'b', title: 'y' }], {}, [])
    expect((await sender.discard('p')).count).toBe(0)
    expect(sender.pending('q').count).toBe(1)
  })
})

describe('edit journal', () => {
  it('sets an unreadable row aside as a problem instead of sending it or throwing', () => {
    journal.append('p', [{ id: 'a', title: 'fine' }])
    const raw = new Database(join(dir, 'edits.db'))
    raw.prepare("UPDATE pending_edits SET tasks_json = '{not json' WHERE seq = 1").run()
    raw.close()
    journal.append('p', [{ id: 'b', title: 'later' }])
    expect(journal.pending('p').map((b) => b.tasks[0]!.title)).toEqual(['later'])
    expect(journal.problems('p')).toMatchObject([{ kind: 'unreadable' }])
    expect(journal.problems('p')[0]!.message).toContain('{not json')
  })

  it('keeps an unreadable batch whole, not only the start of it in a message', () => {
    // A long batch a planner could not read back (another version wrote it) lost all but its
    // first 500 characters: the acknowledged edit could not be rebuilt, even after an upgrade.
    const long = 'x'.repeat(5_000)
    journal.append('p', [{ id: 'a', title: long }])
    const raw = new Database(join(dir, 'edits.db'))
    raw
      .prepare("UPDATE pending_edits SET tasks_json = json_set(tasks_json, '$[0].newerField', 1)")
      .run()
    raw.close()
    expect(journal.pending('p')).toEqual([])
    const [kept] = journal.setAsideRows('p')
    expect(JSON.parse(kept!.tasksJson)).toEqual([{ id: 'a', title: long, newerField: 1 }])
  })

  it.runIf(existsSync('/proc/self/fd'))(
    'closes a file it cannot open as a journal, so that it can be set aside (Windows)',
    () => {
      const path = join(dir, 'not-a-journal.db')
      writeFileSync(path, 'this is no SQLite file, but long enough to have a header '.repeat(10))
      const { journal: fresh, setAside } = openEditJournal(path)
      expect(setAside?.reason).toMatch(/not a database/)
      fresh.close()
      const open = readdirSync('/proc/self/fd').flatMap((fd) => {
        try {
          return [readlinkSync(`/proc/self/fd/${fd}`)]
        } catch {
          return []
        }
      })
      expect(open).not.toContain(setAside!.keptAs)
    },
  )

  it('refuses a journal a newer planner wrote, leaving its waiting edits as they are', () => {
    journal.append('p', [{ id: 'a', title: 'kept' }])
    journal.close()
    const raw = new Database(join(dir, 'edits.db'))
    raw.pragma(`user_version = ${JOURNAL_FORMAT + 1}`)
    raw.close()
    expect(() => new EditJournal(join(dir, 'edits.db'))).toThrow(JournalTooNewError)
    const again = new Database(join(dir, 'edits.db'))
    expect(again.prepare('SELECT count(*) AS n FROM pending_edits').get()).toMatchObject({ n: 1 })
    again.pragma('user_version = 1')
    again.close()
    journal = new EditJournal(join(dir, 'edits.db'))
    expect(journal.pending('p').map((b) => b.tasks[0]!.title)).toEqual(['kept'])
  })
})
