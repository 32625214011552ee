// Resources as the service returns them. Response schemas are loose: a server may add fields,
// and a client must keep working when it does.
import { z } from 'zod'
import { TaskType } from './enums'

export const Task = z.looseObject({
  id: z.string(),
  parentId: z.string(),
  projectKey: z.string(),
  key: z.number().int(),
  title: z.string(),
  description: z.string(),
  coverImageUrl: z.string(),
  assignedUserEmail: z.string(),
  startDate: z.string(),
  dueDate: z.string(),
  status: z.string(),
  tags: z.array(z.string()),
  pinToTop: z.boolean(),
  priority: z.enum(['low', 'medium', 'high', '']),
  // Older servers did not send these two; the current interface always does.
  type: TaskType.default('task'),
  milestoneId: z.string().default(''),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
  startedAt: z.string(),
  startedBy: z.string(),
  endedAt: z.string(),
  endedBy: z.string(),
  properties: z.record(z.string(), z.unknown()),
})
export type Task = z.infer<typeof Task>

export const Dependency = z.looseObject({
  id: z.string(),
  predecessorId: z.string(),
  predecessorKey: z.number().int(),
  predecessorProjectKey: z.string(),
  predecessorTitle: z.string(),
  predecessorUrl: z.string(),
  successorId: z.string(),
  successorKey: z.number().int(),
  successorProjectKey: z.string(),
  successorTitle: z.string(),
  successorUrl: z.string(),
  lagDays: z.number().int(),
  createdAt: z.string(),
})
export type Dependency = z.infer<typeof Dependency>

export const UpdatedTaskInfo = z.looseObject({
  id: z.string(),
  projectKey: z.string(),
  key: z.number().int(),
  title: z.string(),
  url: z.string(),
})
export type UpdatedTaskInfo = z.infer<typeof UpdatedTaskInfo>
