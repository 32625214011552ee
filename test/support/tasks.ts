// Small builders for request bodies, so tests state only what matters to them.
import type { CreateTaskItem } from '../../src-shared/api'
import { ListTasksResponse } from '../../src-shared/api'
import type { Task } from '../../src-shared/api'
import type { TestService } from './service'

export function newTask(fields: Partial<CreateTaskItem> = {}): CreateTaskItem {
  return {
    title: 'A task',
    projectKey: 'WEB',
    descriptionType: 'text',
    descriptionContent: '',
    ...fields,
  }
}

export async function createTasks(service: TestService, ...items: CreateTaskItem[]): Promise<void> {
  const response = await service.call('POST', '/api/v1/tasks', { tasks: items })
  if (response.status !== 200) throw new Error(`create failed: ${JSON.stringify(response.body)}`)
}

/** Lists through HTTP and validates the response against the contract. */
export async function listTasks(service: TestService, query = ''): Promise<Task[]> {
  const response = await service.call('GET', `/api/v1/tasks${query ? `?${query}` : ''}`)
  if (response.status !== 200) throw new Error(`list failed: ${JSON.stringify(response.body)}`)
  return ListTasksResponse.parse(response.body).tasks
}

export async function taskByTitle(service: TestService, title: string): Promise<Task> {
  const task = (await listTasks(service)).find((t) => t.title === title)
  if (!task) throw new Error(`no task titled ${title}`)
  return task
}

export const titles = (tasks: Task[]) => tasks.map((t) => t.title)
