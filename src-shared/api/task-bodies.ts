// Request bodies of the task endpoints. Request schemas are strict: an unknown field is a
// mistake the sender should hear about, not something to drop silently.
import { z } from 'zod'
import { DescriptionType, PRIORITIES, TaskType } from './enums'
import type { Priority } from './enums'
import {
  ClearableDate,
  DescriptionContent,
  IsoDateInput,
  NonEmptyId,
  PropertyValues,
  Tags,
  TaskKey,
  Title,
} from './fields'
import { SERVICE_LIMITS as L } from './limits'

export interface CreateTaskItem {
  title: string
  projectKey: string
  descriptionType: DescriptionType
  descriptionContent: string
  status?: string | undefined
  assignedUserEmail?: string | undefined
  priority?: Priority | undefined
  pinToTop?: boolean | undefined
  tags?: string[] | undefined
  startDate?: string | undefined
  dueDate?: string | undefined
  properties?: Record<string, z.infer<typeof PropertyValues>[string]> | undefined
  subtasks?: CreateTaskItem[] | undefined
  type?: TaskType | undefined
  milestoneId?: string | undefined
  milestoneProjectKey?: string | undefined
  milestoneKey?: number | undefined
}

export const CreateTaskItem: z.ZodType<CreateTaskItem> = z
  .strictObject({
    title: Title,
    projectKey: NonEmptyId,
    descriptionType: DescriptionType,
    descriptionContent: DescriptionContent,
    status: z.string().optional(),
    // Only an update clears: on create, '' is no e-mail and no priority (the spec's create table).
    assignedUserEmail: z.string().min(1, 'must be the e-mail of a board member').optional(),
    priority: z.enum(PRIORITIES, { error: 'must be low, medium or high' }).optional(),
    pinToTop: z.boolean().optional(),
    tags: Tags.optional(),
    startDate: IsoDateInput.optional(),
    dueDate: IsoDateInput.optional(),
    properties: PropertyValues.optional(),
    get subtasks() {
      return z.array(CreateTaskItem).optional()
    },
    type: TaskType.optional(),
    milestoneId: NonEmptyId.optional(),
    milestoneProjectKey: NonEmptyId.optional(),
    milestoneKey: TaskKey.optional(),
  })
  .superRefine((item, ctx) => milestoneLinkRule(ctx, item))

export const CreateTasksBody = z.strictObject({
  tasks: z.array(CreateTaskItem).min(1, 'must hold at least one task'),
})
export type CreateTasksBody = z.infer<typeof CreateTasksBody>

export const UpdateTaskItem = z
  .strictObject({
    id: NonEmptyId.optional(),
    projectKey: NonEmptyId.optional(),
    key: TaskKey.optional(),
    title: Title.optional(),
    descriptionType: DescriptionType.optional(),
    descriptionContent: DescriptionContent.optional(),
    status: z.string().optional(),
    assignedUserEmail: z.string().optional(),
    priority: z
      .enum([...PRIORITIES, ''], { error: 'must be low, medium or high, or "" to clear it' })
      .optional(),
    pinToTop: z.boolean().optional(),
    tags: Tags.optional(),
    startDate: ClearableDate.optional(),
    dueDate: ClearableDate.optional(),
    properties: PropertyValues.optional(),
    milestoneId: z.string().optional(),
    milestoneProjectKey: NonEmptyId.optional(),
    milestoneKey: TaskKey.optional(),
    parentId: z.string().optional(),
    parentProjectKey: NonEmptyId.optional(),
    parentKey: TaskKey.optional(),
  })
  .superRefine((item, ctx) => {
    const byKey = item.projectKey !== undefined || item.key !== undefined
    if (item.id === undefined && !byKey) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: 'identify the task by id, or by projectKey + key',
      })
    } else if (item.id !== undefined && byKey) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: 'identify the task by id or by projectKey + key, not both',
      })
    } else {
      pairRule(ctx, item.projectKey, item.key, 'projectKey', 'key')
    }
    if ((item.descriptionType === undefined) !== (item.descriptionContent === undefined)) {
      const missing = item.descriptionType === undefined ? 'descriptionType' : 'descriptionContent'
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'descriptionType and descriptionContent go together',
      })
    }
    milestoneLinkRule(ctx, item)
    pairRule(ctx, item.parentProjectKey, item.parentKey, 'parentProjectKey', 'parentKey')
    if (item.parentId !== undefined && item.parentKey !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['parentId'],
        message: 'give parentId or parentProjectKey + parentKey, not both',
      })
    }
  })
export type UpdateTaskItem = z.infer<typeof UpdateTaskItem>

export const UpdateTasksBody = z.strictObject({
  tasks: z
    .array(UpdateTaskItem)
    .min(1, 'must hold at least one task')
    .max(L.batchItems, `at most ${L.batchItems} tasks per request`),
})
export type UpdateTasksBody = z.infer<typeof UpdateTasksBody>

/** A milestone is named by milestoneId or by milestoneProjectKey + milestoneKey, one way only. */
function milestoneLinkRule(
  ctx: z.RefinementCtx,
  item: { milestoneId?: unknown; milestoneProjectKey?: unknown; milestoneKey?: unknown },
): void {
  pairRule(ctx, item.milestoneProjectKey, item.milestoneKey, 'milestoneProjectKey', 'milestoneKey')
  if (item.milestoneId !== undefined && item.milestoneKey !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['milestoneId'],
      message: 'give milestoneId or milestoneProjectKey + milestoneKey, not both',
    })
  }
}

function pairRule(
  ctx: z.RefinementCtx,
  first: unknown,
  second: unknown,
  firstName: string,
  secondName: string,
): void {
  if ((first === undefined) !== (second === undefined)) {
    const missing = first === undefined ? firstName : secondName
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: `${firstName} and ${secondName} go together`,
    })
  }
}
