// What a batch can leave for the user to settle, besides conflicts (find-conflicts.ts):
//
// - a refusal: the board said no to the edit itself (or the planner failed sending it, a bug);
// - an update the board answered as a success without naming some of the tasks sent. The
//   spec's answer lists the updated tasks and says nothing of the others: a board may leave out
//   a task the edit did not change, or one it skipped. Which it was is read back: a task that
//   holds the edit is done; one that does not (or cannot be found) becomes a problem holding the
//   board's version, settled as a conflict (Keep mine sends it again, Take theirs drops it).
//   Sending the whole batch again instead would get the same answer for ever, with every later
//   edit of the board waiting behind it (edit-sender.ts).
import type { Task, UpdateTaskItem } from '../../src-shared/api'
import { applyUpdate } from '../../src-shared/api/apply-update'
import { codeOf } from '../../src-shared/ipc'
import type { NewProblem, PendingBatch } from './edit-journal'
import { differingFields, holdsEdit, readTasks } from './find-conflicts'
import type { TaskLister } from './find-created-tasks'

/**
 * Reads the unconfirmed items' tasks back: one problem per item the board does not hold (none
 * for those it holds: done). Throws what the read throws (nothing is known then).
 */
export async function unconfirmedProblems(
  lister: TaskLister,
  unconfirmed: readonly UpdateTaskItem[],
  known: ReadonlyMap<string, Task>,
): Promise<NewProblem[]> {
  const baseOf = (item: UpdateTaskItem) => (item.id === undefined ? undefined : known.get(item.id))
  // Looked for where the task was and where the edit puts it (a move, another status): a board
  // that applied the edit files the task under its new fields.
  const { found } = await readTasks(
    lister,
    unconfirmed.flatMap((item) => {
      const base = baseOf(item)
      return base ? [base, applyUpdate(base, item)] : []
    }),
  )
  return unconfirmed.flatMap((item) => {
    const base = baseOf(item)
    const now = base ? found.get(base.id) : undefined
    return base && now && holdsEdit(now, base, item) ? [] : [notHeld(item, base, now)]
  })
}

function notHeld(item: UpdateTaskItem, base: Task | undefined, now: Task | undefined): NewProblem {
  const title =
    base?.title ?? (item.id ? `The task with id ${item.id}` : `${item.projectKey}-${item.key}`)
  const fields = base && now ? differingFields(now, applyUpdate(base, item)) : []
  const which = fields.length > 0 ? ` (${fields.join(', ')})` : ''
  const problem: NewProblem = {
    kind: 'refused',
    message: `${title}: the board answered your change as saved without naming the task, and read back it does not hold the change${which}, so your change was not saved.`,
    tasks: [item],
  }
  if (!base || item.id === undefined) return problem
  return {
    ...problem,
    conflict: {
      taskId: item.id,
      title: base.title,
      fields,
      changedBy: now?.updatedBy ?? '',
      changedAt: now?.updatedAt ?? '',
      theirs: now ?? null,
    },
  }
}

/** A batch the board refused (or the planner failed to send: said as a bug, never as the board's answer). */
export function refusalProblem(
  batch: PendingBatch,
  error: unknown,
  /** The items the board did not take (the others were saved, or are conflicts of their own). */
  refused: readonly UpdateTaskItem[] = batch.tasks,
): NewProblem {
  const message = error instanceof Error ? error.message : String(error)
  const what = `An edit of ${batch.tasks.length} task${batch.tasks.length === 1 ? '' : 's'} made at ${batch.createdAt}`
  const bug = codeOf(error) === undefined
  // The rest were saved, or are held back as conflicts of their own: say how many this is.
  const part =
    refused.length < batch.tasks.length
      ? ` (${refused.length} of its ${batch.tasks.length} tasks: the others were saved or are held back as conflicts)`
      : ''
  return {
    kind: bug ? 'failed' : 'refused',
    message: bug
      ? `${what} was not sent: the planner failed while sending it (a bug): ${message}`
      : `${what} was refused by the board${part}: ${message}`,
    tasks: [...refused],
  }
}
