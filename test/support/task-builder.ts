// A complete Task as the list endpoint returns it, for tests that need one without a board.
import type { Task } from '../../src-shared/api'

export function buildTask(id: string, fields: Partial<Task> = {}): Task {
  return {
    id,
    parentId: '',
    projectKey: 'WEB',
    key: Number(id.replace(/\D/g, '')) || 1,
    title: `Task ${id}`,
    description: '',
    coverImageUrl: '',
    assignedUserEmail: '',
    startDate: '',
    dueDate: '',
    status: 'To Do',
    tags: [],
    pinToTop: false,
    priority: '',
    type: 'task',
    milestoneId: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: 'olivia.owner@example.com',
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: 'olivia.owner@example.com',
    startedAt: '',
    startedBy: '',
    endedAt: '',
    endedBy: '',
    properties: {},
    ...fields,
  }
}
