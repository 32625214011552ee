// The planner's client for the whole task-board interface. Requests are checked against the
// contract's schemas before they leave (a mistake is caught here, with the field named, and never
// costs a request); answers are validated before anyone trusts them. Every failure is an ApiError.
import { z } from 'zod'
import {
  SendDependencyBody,
  CreateDependencyResponse,
  CreateTasksBody,
  DeleteDependencyBody,
  ListDependenciesQuery,
  ListDependenciesResponse,
  ListTasksResponse,
  SERVICE_LIMITS,
  SuccessResponse,
  UpdateTaskItem,
  UpdateTasksResponse,
  describeIssues,
  parseListQuery,
  toFieldIssues,
  toListQuery,
} from '../../src-shared/api'
import type {
  CreateTaskItem,
  Dependency,
  DescriptionType,
  ListTasksFilters,
  Task,
  UpdatedTaskInfo,
} from '../../src-shared/api'
import type { ConnectionTest } from '../../src-shared/ipc/contract'
import { ApiError } from './api-error'
import { chunkByWeight, createWeight, sendChunks } from './batches'
import { HttpTransport } from './http-transport'
import type { TransportOptions } from './http-transport'

export interface ApiClientOptions extends TransportOptions {
  /** Items per create or update request (a create counts subtasks too). */
  batchLimit?: number
  /**
   * The format of `description` in every list this client makes, unless a call asks for
   * another; the board's default (text) when absent.
   */
  descriptionType?: DescriptionType
}

export type ConnectionTestResult = z.infer<typeof ConnectionTest>

const TASKS = '/api/v1/tasks'
const DEPENDENCIES = '/api/v1/dependencies'
/** Update items before chunking: any number of them; each chunk then respects the limit. */
const UpdateItems = z.strictObject({ tasks: z.array(UpdateTaskItem) })

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export class ApiClient {
  readonly batchLimit: number
  private readonly http: HttpTransport
  private readonly descriptionType: DescriptionType | undefined

  constructor(options: ApiClientOptions) {
    this.http = new HttpTransport(options)
    this.descriptionType = options.descriptionType
    this.batchLimit = options.batchLimit ?? SERVICE_LIMITS.batchItems
    if (!Number.isInteger(this.batchLimit) || this.batchLimit < 1) {
      throw new RangeError(`batchLimit must be a positive whole number, not ${this.batchLimit}`)
    }
  }

  /** At most 100 tasks (the interface has no paging; the sync engine splits queries). */
  async listTasks(filters: ListTasksFilters = {}): Promise<Task[]> {
    let query: URLSearchParams
    try {
      // Throws on anything the spec does not allow (a list for priority, a bad date, ...).
      query = toListQuery({ descriptionType: this.descriptionType, ...filters })
    } catch (error) {
      if (error instanceof TypeError) throw new ApiError('INVALID_REQUEST', error.message)
      throw error
    }
    // The same strict reading the board applies, so a bad filter fails here with its name.
    const checked = parseListQuery(query)
    if (!checked.ok) throw new ApiError('INVALID_REQUEST', checked.message)
    const answer = await this.http.send({
      method: 'GET',
      path: TASKS,
      query,
      schema: ListTasksResponse,
      what: 'list tasks',
    })
    return answer.tasks
  }

  /**
   * Creates the tasks, in chunks of at most `batchLimit` tasks counting subtasks. Each chunk is
   * one POST, atomic on the board; a failed chunk stops the rest and the error's `batch` says
   * which items were created. A chunk whose outcome is unknown is OUTCOME_UNKNOWN, never re-sent.
   * The board does not return created tasks: find them with a list query.
   */
  async createTasks(items: CreateTaskItem[]): Promise<void> {
    if (items.length === 0) return
    const body = checked(CreateTasksBody, { tasks: items })
    const chunks = chunkByWeight(body.tasks, this.batchLimit, createWeight)
    await sendChunks(chunks, items.length, 'created', async (tasks) => {
      await this.http.send({
        method: 'POST',
        path: TASKS,
        body: { tasks },
        schema: SuccessResponse,
        what: `create ${plural(tasks.length, 'task')}`,
      })
      return []
    })
  }

  /**
   * Updates the tasks with PUT, in sequential chunks of at most `batchLimit`; the answers come
   * back concatenated in request order. Updates carry absolute values, so a retry (here, or by
   * the edit journal after a failure) re-applies the same state.
   */
  async updateTasks(items: UpdateTaskItem[]): Promise<UpdatedTaskInfo[]> {
    if (items.length === 0) return []
    const body = checked(UpdateItems, { tasks: items })
    const chunks = chunkByWeight(body.tasks, this.batchLimit)
    return sendChunks(chunks, items.length, 'updated', async (tasks) => {
      const answer = await this.http.send({
        method: 'PUT',
        path: TASKS,
        body: { tasks },
        schema: UpdateTasksResponse,
        what: `update ${plural(tasks.length, 'task')}`,
      })
      const unconfirmed = unconfirmedUpdates(tasks, answer.tasks)
      if (unconfirmed.length > 0) {
        const names = unconfirmed.map(nameOfItem)
        throw new ApiError(
          'INVALID_RESPONSE',
          `The board answered the update of ${plural(tasks.length, 'task')} without naming ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''} among the updated tasks: it may not have changed ${names.length === 1 ? 'it' : 'them'}. Refresh to see the board as it is.`,
          { status: 200, attempts: 1, unconfirmed },
        )
      }
      return answer.tasks
    })
  }

  /** All dependencies of the board, or those of one task (as predecessor or successor). */
  async listDependencies(query: ListDependenciesQuery = {}): Promise<Dependency[]> {
    const valid = checked(ListDependenciesQuery, query, 'Invalid query')
    const params = new URLSearchParams()
    for (const [name, value] of Object.entries(valid)) {
      if (value !== undefined) params.set(name, String(value))
    }
    const answer = await this.http.send({
      method: 'GET',
      path: DEPENDENCIES,
      query: params,
      schema: ListDependenciesResponse,
      what: 'list dependencies',
    })
    return answer.dependencies
  }

  /** Never re-sent once it may have reached the board: OUTCOME_UNKNOWN then (list to check). */
  async createDependency(body: SendDependencyBody): Promise<Dependency> {
    const answer = await this.http.send({
      method: 'POST',
      path: DEPENDENCIES,
      body: checked(SendDependencyBody, body),
      schema: CreateDependencyResponse,
      what: 'create a dependency',
    })
    return answer.dependency
  }

  async deleteDependency(body: DeleteDependencyBody): Promise<void> {
    try {
      await this.http.send({
        method: 'DELETE',
        path: DEPENDENCIES,
        body: checked(DeleteDependencyBody, body),
        schema: SuccessResponse,
        what: 'delete a dependency',
      })
    } catch (error) {
      // A retry that finds nothing to delete: the attempt that failed to answer most likely
      // deleted it. Either way the dependency is gone, which is what was asked.
      if (error instanceof ApiError && error.code === 'NOT_FOUND' && error.attempts > 1) return
      throw error
    }
  }

  /** One cheap, validated request (the board's milestones), asked once: a person is waiting. */
  async testConnection(): Promise<ConnectionTestResult> {
    try {
      const answer = await this.http.send({
        method: 'GET',
        path: TASKS,
        query: toListQuery({ type: 'milestone' }),
        schema: ListTasksResponse,
        what: 'list milestones',
        maxAttempts: 1,
      })
      const count = answer.tasks.length
      const milestones =
        count >= SERVICE_LIMITS.listPage ? `${count}+ milestones` : plural(count, 'milestone')
      return {
        ok: true,
        message: `Connected to ${this.http.origin}: the key works and the board lists ${milestones}.`,
      }
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, message: error.message }
      throw error
    }
  }
}

/** Parses a request with the contract's schema; a failure names the item and field. */
/**
 * The items of an update that the board's answer does not name (by id, or by project key and
 * key, as each was sent), in words. The spec's answer lists the updated tasks; one it leaves out
 * may not have been changed, and the planner must not take it as saved.
 */
function unconfirmedUpdates(
  sent: readonly UpdateTaskItem[],
  answer: readonly UpdatedTaskInfo[],
): UpdateTaskItem[] {
  const ids = new Set(answer.map((t) => t.id))
  const keys = new Set(answer.map((t) => `${t.projectKey}-${t.key}`))
  return sent.filter((item) =>
    item.id !== undefined ? !ids.has(item.id) : !keys.has(`${item.projectKey}-${item.key}`),
  )
}

const nameOfItem = (item: UpdateTaskItem) =>
  item.id !== undefined ? `the task with id ${item.id}` : `${item.projectKey}-${item.key}`

function checked<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issues = toFieldIssues(result.error)
  throw new ApiError('INVALID_REQUEST', describeIssues(issues, prefix), { issues })
}
