import { z } from 'zod'

export const PRIORITIES = ['low', 'medium', 'high'] as const
export const Priority = z.enum(PRIORITIES)
export type Priority = z.infer<typeof Priority>

export const TASK_TYPES = ['task', 'milestone'] as const
export const TaskType = z.enum(TASK_TYPES)
export type TaskType = z.infer<typeof TaskType>

export const DESCRIPTION_TYPES = ['text', 'markdown', 'html'] as const
export const DescriptionType = z.enum(DESCRIPTION_TYPES)
export type DescriptionType = z.infer<typeof DescriptionType>

/** The ten custom property types of the spec. */
export const PROPERTY_TYPES = [
  'Text',
  'Number',
  'Date',
  'Email',
  'URL',
  'Checkbox',
  'Toggle',
  'Select',
  'Multi-Select',
  'Person',
] as const
export const PropertyType = z.enum(PROPERTY_TYPES)
export type PropertyType = z.infer<typeof PropertyType>

/** Status categories: which statuses count as started or completed. */
export const STATUS_CATEGORIES = ['todo', 'started', 'done'] as const
export const StatusCategory = z.enum(STATUS_CATEGORIES)
export type StatusCategory = z.infer<typeof StatusCategory>

/** Update fields a milestone ignores (the spec's milestone rule). */
export const MILESTONE_IGNORED_ON_UPDATE = [
  'priority',
  'assignedUserEmail',
  'tags',
  'startDate',
  'pinToTop',
  'properties',
  'milestoneId',
  'milestoneProjectKey',
  'milestoneKey',
] as const

/** Create fields a milestone ignores: the update list, and subtasks (a milestone has none). */
export const MILESTONE_IGNORED_ON_CREATE = [...MILESTONE_IGNORED_ON_UPDATE, 'subtasks'] as const
