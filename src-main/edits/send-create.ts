// Sending a create batch, and saying where it stopped. The client sends a batch in parts when the
// board's batch limit calls for it (src-main/api/batches.ts); a part that fails stops the rest,
// and the parts before it stay created. Those must be reported as created (looked for, as every
// create is), not the whole batch as refused: the user would create them a second time.
import type { CreateTaskItem } from '../../src-shared/api'
import type { CreateTasksResult } from '../../src-shared/ipc'
import { ApiError } from '../api'

export interface CreateStop {
  /** Items [0, createdUpTo) were made: confirmed by the board, or sent with an unknown outcome. */
  createdUpTo: number
  /** Items [0, lookUpTo) may be on the board (the refused part too: a board may apply some). */
  lookUpTo: number
  /** The board's refusal, to show for the items not made, or to throw when none was made. */
  error: ApiError
}

/** Undefined when every part went through, or when a single request's outcome is unknown. */
export async function sendCreate(
  client: { createTasks(items: CreateTaskItem[]): Promise<void> },
  tasks: CreateTaskItem[],
): Promise<CreateStop | undefined> {
  try {
    await client.createTasks(tasks)
    return undefined
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const batch = error.batch
    if (!batch) {
      // One request: refused whole, or its outcome unknown (then every item is looked for).
      if (error.code === 'OUTCOME_UNKNOWN') return undefined
      throw error
    }
    const unknown = error.code === 'OUTCOME_UNKNOWN'
    return {
      createdUpTo: unknown ? batch.failedTo : batch.completed,
      lookUpTo: batch.failedTo,
      error,
    }
  }
}

/**
 * What the renderer is told: the tasks found, those sent but not found ("created, not yet seen"),
 * and, where a part failed, the items of the refused part not found and those never sent.
 * `found` covers items [0, stop.lookUpTo). Nothing made at all throws the board's refusal, as a
 * single request's does.
 */
export function reportCreate(
  tasks: readonly CreateTaskItem[],
  found: CreateTasksResult,
  stop: CreateStop | undefined,
): CreateTasksResult {
  if (!stop) return found
  if (stop.createdUpTo === 0 && found.created.length === 0) throw stop.error
  const made = (index: number) => index < stop.createdUpTo
  const notMade = (index: number) => ({ index, title: tasks[index]!.title })
  const neverSent = tasks.slice(stop.lookUpTo).map((_, at) => notMade(stop.lookUpTo + at))
  return {
    created: found.created,
    unknown: found.unknown.filter((u) => made(u.index)),
    notCreated: {
      items: [
        ...found.unknown.filter((u) => !made(u.index)).map((u) => notMade(u.index)),
        ...neverSent,
      ],
      message: stop.error.message,
    },
  }
}
