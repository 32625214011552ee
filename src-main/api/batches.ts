// Splitting create and update batches to the board's batch limit. Each chunk is one request, and
// the board applies each request atomically (all of its items or none), but not the batch as a
// whole: when chunk 3 fails, chunks 1 and 2 stay applied, and the error says so.
import type { CreateTaskItem } from '../../src-shared/api'
import { ApiError } from './api-error'
import type { BatchProgress } from './api-error'

export interface Chunk<T> {
  /** Index in the caller's array of the chunk's first item. */
  from: number
  items: T[]
}

/** A create item with its subtasks, all of which the board counts toward the batch limit. */
export function createWeight(item: CreateTaskItem): number {
  return 1 + (item.subtasks ?? []).reduce((sum, sub) => sum + createWeight(sub), 0)
}

/**
 * Consecutive chunks, in order, each weighing at most `limit`. An item heavier than the limit
 * cannot be split (its subtasks go with it), so it is refused before anything is sent.
 */
export function chunkByWeight<T>(
  items: readonly T[],
  limit: number,
  weight: (item: T) => number = () => 1,
): Chunk<T>[] {
  const chunks: Chunk<T>[] = []
  let current: Chunk<T> | undefined
  let load = 0
  items.forEach((item, index) => {
    const w = weight(item)
    if (w > limit) {
      throw new ApiError(
        'INVALID_REQUEST',
        `Invalid request: tasks[${index}] counts ${w} tasks with its subtasks; the board takes at most ${limit} per request. Create its subtasks separately.`,
      )
    }
    if (!current || load + w > limit) {
      current = { from: index, items: [] }
      chunks.push(current)
      load = 0
    }
    current.items.push(item)
    load += w
  })
  return chunks
}

/**
 * Sends the chunks one after another and concatenates their answers in request order. A
 * failure stops the rest (later chunks are not sent) and names what was applied before it.
 *
 * A board whose batch limit is lower than ours (the spec does not give one) answers 413: the
 * request was refused whole, so it is sent again in halves, and the rest of the call in pieces
 * no larger than the half that went through (an item with its subtasks is never split).
 */
export async function sendChunks<T, R>(
  chunks: Chunk<T>[],
  total: number,
  verb: string,
  send: (items: T[]) => Promise<R[]>,
): Promise<R[]> {
  const answers: R[] = []
  const queue = [...chunks]
  let most = Infinity
  for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
    if (chunk.items.length > most) {
      queue.unshift(...split(chunk, most))
      continue
    }
    try {
      answers.push(...(await send(chunk.items)))
    } catch (error) {
      if (error instanceof ApiError && error.status === 413 && chunk.items.length > 1) {
        most = Math.ceil(chunk.items.length / 2)
        queue.unshift(...split(chunk, most))
        continue
      }
      const whole = chunk.from === 0 && chunk.items.length === total
      if (!(error instanceof ApiError) || whole) throw error
      const batch: BatchProgress = {
        completed: chunk.from,
        failedFrom: chunk.from,
        failedTo: chunk.from + chunk.items.length,
        total,
      }
      const progress = describeProgress(batch, verb, error.code === 'OUTCOME_UNKNOWN')
      throw error.with({ batch }, `${error.message} ${progress}`)
    }
  }
  return answers
}

/** The chunk in consecutive pieces of at most `most` items. */
function split<T>(chunk: Chunk<T>, most: number): Chunk<T>[] {
  const pieces: Chunk<T>[] = []
  for (let at = 0; at < chunk.items.length; at += most)
    pieces.push({ from: chunk.from + at, items: chunk.items.slice(at, at + most) })
  return pieces
}

/**
 * "(Of the 700 tasks in the request, updated: 1-200; failed: 201-400 (the board may have applied
 * some); not sent: 401-700.)"
 */
export function describeProgress(batch: BatchProgress, verb: string, unknown: boolean): string {
  const span = (from: number, to: number) => (to - from === 1 ? `${to}` : `${from + 1}-${to}`)
  const parts: string[] = []
  if (batch.completed > 0) parts.push(`${verb}: ${span(0, batch.completed)}`)
  const failed = span(batch.failedFrom, batch.failedTo)
  // The spec leaves open whether a board applies the rest of a batch it refuses in part.
  const perhaps = batch.failedTo - batch.failedFrom > 1 ? ' (the board may have applied some)' : ''
  parts.push(unknown ? `outcome unknown: ${failed}` : `failed: ${failed}${perhaps}`)
  if (batch.failedTo < batch.total) parts.push(`not sent: ${span(batch.failedTo, batch.total)}`)
  const tasks = batch.total === 1 ? 'task' : 'tasks'
  return `(Of the ${batch.total} ${tasks} in the request, ${parts.join('; ')}.)`
}
