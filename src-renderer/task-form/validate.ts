// Inline validation of a draft with the service's rules and words, so bad input is named before
// anything is sent: the request schemas' field checks (src-shared/api/fields.ts: Title, TagName,
// Tags, DescriptionContent, IsoDateInput), the limits of src-shared/api/limits.ts (a description's
// nesting measured as the service measures it), the property
// value rules of src-server/store/property-values.ts (its checks live in src-shared) and the link
// rules of ./links.ts. What only the board knows (is this e-mail a member, is this a status of the
// board) is left to the board, which names it in its answer.
import { entryOf } from '../../src-shared/api/id-table'
import { toCanonicalTimestamp } from '../../src-shared/api/dates'
import { descriptionNestingProblem } from '../../src-shared/api/description-nesting'
import { DescriptionContent, Tags, TagName, Title } from '../../src-shared/api/fields'
import { SERVICE_LIMITS as L } from '../../src-shared/api/limits'
import type { Task } from '../../src-shared/api/resources'
import { characterCount, isEmailAddress, isHttpUrl } from '../../src-shared/api/value-checks'
import type { PropertyShape } from '../../src-shared/board/vocabulary'
import type { DraftPropertyValue, TaskDraft } from './draft'
import { INCOMPLETE_DATE, isBlankValue, timestampForDay } from './draft'
import { milestoneProblem, parentProblem } from './links'

/** Field name (as the draft names it; `property:<Name>`, `subtask:<key>`) to the rule broken. */
export type FieldErrors = Record<string, string>

export interface ValidateContext {
  mode: 'create' | 'update'
  tasksById: Readonly<Record<string, Task>>
  properties: readonly PropertyShape[]
  /** The task being edited (update mode). */
  task?: Task
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : (result.error?.issues[0]?.message ?? 'is not valid')

export const propertyField = (name: string) => `property:${name}`

export function validateDraft(draft: TaskDraft, context: ValidateContext): FieldErrors {
  const errors: FieldErrors = {}
  const put = (field: string, message: string | undefined) => {
    if (message !== undefined && errors[field] === undefined) errors[field] = message
  }
  const milestone = draft.type === 'milestone'
  put('title', firstIssue(Title.safeParse(draft.title)))
  if (draft.projectKey.trim() === '') put('projectKey', 'must not be empty')
  else if (draft.projectKey.includes(',')) put('projectKey', 'cannot contain a comma')
  if (context.mode === 'update' && draft.status.trim() === '') put('status', 'must not be blank')
  if (!milestone) {
    put('assignedUserEmail', memberProblem(draft.assignedUserEmail))
    put('tags', tagsProblem(draft.tags))
  }
  put('descriptionContent', firstIssue(DescriptionContent.safeParse(draft.descriptionContent)))
  put(
    'descriptionContent',
    descriptionNestingProblem(
      draft.descriptionType,
      draft.descriptionContent,
      L.descriptionNesting,
    ),
  )
  // A milestone's start date is hidden and not sent (the milestone rule): its rule would stop
  // Create or Save with no field on screen to say why.
  if (!milestone) put('startDate', dateProblem(draft.startDate))
  put('dueDate', dateProblem(draft.dueDate))
  if (!milestone && !errors.startDate && !errors.dueDate) {
    const start = toCanonicalTimestamp(
      timestampForDay(draft.startDate, context.task?.startDate ?? ''),
    )
    const due = toCanonicalTimestamp(timestampForDay(draft.dueDate, context.task?.dueDate ?? ''))
    if (start && due && start > due)
      put('startDate', `the start (${start}) is after the due date (${due})`)
  }
  if (!milestone) {
    put('milestoneId', milestoneProblem(context.tasksById, draft.type, draft.milestoneId))
    for (const shape of context.properties) {
      put(propertyField(shape.name), propertyProblem(shape, entryOf(draft.properties, shape.name)))
    }
  }
  if (context.mode === 'create' && milestone && draft.parentId !== '')
    put('parentId', 'a milestone cannot be a subtask')
  // A new task brings its inline subtasks as a level of its own.
  const newLevels = context.mode === 'create' && !milestone && draft.subtasks.length > 0 ? 2 : 1
  put('parentId', parentProblem(context.tasksById, context.task?.id, draft.parentId, newLevels))
  if (context.mode === 'create' && !milestone) {
    for (const subtask of draft.subtasks) {
      put(`subtask:${subtask.key}`, firstIssue(Title.safeParse(subtask.title)))
      put(`subtask:${subtask.key}:due`, dateProblem(subtask.dueDate))
      put(`subtask:${subtask.key}:assignee`, memberProblem(subtask.assignedUserEmail))
    }
  }
  return errors
}

/**
 * An assignee: the service checks only that it is a member of the board (write-context.ts,
 * checkAssignee), which only the board knows. A member's e-mail need not look like one on the
 * open internet (ops@localhost), so only text that cannot be an e-mail at all is named here.
 */
function memberProblem(value: string): string | undefined {
  if (value === '') return undefined
  return mayBeMember(value) ? undefined : 'must be the e-mail of a board member'
}

const mayBeMember = (value: string) => value.includes('@')

function dateProblem(day: string): string | undefined {
  if (day === '') return undefined
  if (day === INCOMPLETE_DATE) return 'is not a whole date: finish it, or clear it'
  return toCanonicalTimestamp(day) === undefined
    ? 'must be an ISO 8601 date (YYYY-MM-DD) or date-time with a zone'
    : undefined
}

/** The first broken tag rule, naming the tag. */
export function tagsProblem(tags: readonly string[]): string | undefined {
  for (const tag of tags) {
    const problem = tagProblem(tag)
    if (problem) return `"${tag.slice(0, 40)}": ${problem}`
  }
  return firstIssue(Tags.safeParse(tags))
}

export function tagProblem(tag: string): string | undefined {
  return firstIssue(TagName.safeParse(tag))
}

/** A property value against its type, as the service checks it (property-values.ts). */
export function propertyProblem(
  shape: PropertyShape,
  value: DraftPropertyValue | undefined,
): string | undefined {
  if (isBlankValue(value)) return undefined
  const expect = (what: string) => `a ${shape.type} property takes ${what}`
  switch (shape.type) {
    case 'Text':
      if (typeof value !== 'string') return expect('a string')
      // Characters as the service counts them (code points: an emoji is one).
      return characterCount(value) > L.propertyTextLength
        ? `at most ${L.propertyTextLength} characters`
        : undefined
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value)
        ? undefined
        : expect('a finite number')
    case 'Date':
      return typeof value === 'string' && toCanonicalTimestamp(value) !== undefined
        ? undefined
        : expect('an ISO date (YYYY-MM-DD) or date-time')
    case 'Email':
      if (typeof value !== 'string') return expect('an e-mail address')
      if (characterCount(value) > L.propertyEmailLength)
        return `at most ${L.propertyEmailLength} characters`
      return isEmailAddress(value) ? undefined : expect('an e-mail address')
    case 'URL':
      if (typeof value !== 'string') return expect('an http(s) URL')
      if (characterCount(value) > L.propertyUrlLength)
        return `at most ${L.propertyUrlLength} characters`
      return isHttpUrl(value) ? undefined : expect('an http(s) URL')
    case 'Checkbox':
    case 'Toggle':
      return typeof value === 'boolean' ? undefined : expect('true or false')
    case 'Select':
      return typeof value === 'string' ? undefined : expect('one option as a string')
    case 'Multi-Select':
      if (!Array.isArray(value)) return expect('an array of options')
      return value.length > L.multiSelectValues
        ? `at most ${L.multiSelectValues} values`
        : undefined
    case 'Person':
      // Membership, as for an assignee (property-values.ts): the board names a non-member.
      return typeof value === 'string' && mayBeMember(value)
        ? undefined
        : expect('the e-mail of a board member')
  }
}
