// What an import will do, whatever the file it came from (CSV or MS Project XML): the tasks to
// create as a forest (a summary task's children become its subtasks), the finish-to-start links
// between them, and every row or link left out with the reason, so the final report can say what
// happened to each line of the file.
import type { CreateTaskItem } from '../api'
import {
  CreateTaskItem as CreateTaskItemSchema,
  SERVICE_LIMITS,
  toCanonicalTimestamp,
  toFieldIssues,
} from '../api'

/** One task to create. `ref` names it within the file (a row number, an MS Project UID). */
export interface PlanTask {
  ref: string
  /** Without projectKey: the user picks the project after the preview. */
  item: Omit<CreateTaskItem, 'projectKey' | 'subtasks'>
  children: PlanTask[]
  /** Where it came from, for messages: "row 4", "task 12 (UID 14)". */
  source: string
  /**
   * The milestone of this file it belongs to, by its `ref` (a milestone on the board already is
   * `item.milestoneId`): the board's id of it exists only once the import has made it.
   */
  milestoneRef?: string
}

/**
 * A dependency to make once the tasks exist. Either end is a task of this file (`ref`) or a task
 * already on the board (`existing`: project key + key, from a CSV predecessor such as APP-3).
 */
export interface PlanLink {
  predecessor: { ref: string } | { existing: { projectKey: string; key: number } }
  successorRef: string
  lagDays: number
  /** "APP-3+2d of row 4", "Related Task 1a → Related Task 1b". */
  label: string
}

export interface PlanSkip {
  source: string
  reason: string
}

export interface ImportPlan {
  roots: PlanTask[]
  links: PlanLink[]
  /** Rows, tasks or links that will not be imported, each with why. */
  skipped: PlanSkip[]
  /** Things done differently from the file that the user should know (not skips). */
  notes: string[]
}

/** Every task of the plan, parents before their children. */
export function planTasks(plan: Pick<ImportPlan, 'roots'>): PlanTask[] {
  const out: PlanTask[] = []
  const stack = [...plan.roots].reverse()
  while (stack.length > 0) {
    const task = stack.pop()!
    out.push(task)
    for (let i = task.children.length - 1; i >= 0; i--) stack.push(task.children[i]!)
  }
  return out
}

/**
 * The create item of a plan task in a project, with its subtree as nested subtasks. `milestoneId`
 * gives the board's id of a milestone of the file once it is made (a task whose milestone has no
 * id is sent without it: the board would refuse the whole request for an id it does not have).
 */
export function toCreateItem(
  task: PlanTask,
  projectKey: string,
  milestoneId: (ref: string) => string | undefined = () => undefined,
): CreateTaskItem {
  const item: CreateTaskItem = { ...task.item, projectKey }
  const milestone = task.milestoneRef === undefined ? undefined : milestoneId(task.milestoneRef)
  if (milestone !== undefined) item.milestoneId = milestone
  if (task.children.length > 0)
    item.subtasks = task.children.map((child) => toCreateItem(child, projectKey, milestoneId))
  return item
}

/**
 * Roots in batches of at most `maxTasks` tasks each (a root's whole subtree stays in its batch,
 * so a batch larger than that holds one big tree). Progress and Cancel act between batches.
 */
export function createBatches(roots: readonly PlanTask[], maxTasks: number): PlanTask[][] {
  const batches: PlanTask[][] = []
  let current: PlanTask[] = []
  let size = 0
  for (const root of roots) {
    const n = planTasks({ roots: [root] }).length
    if (current.length > 0 && size + n > maxTasks) {
      batches.push(current)
      current = []
      size = 0
    }
    current.push(root)
    size += n
  }
  if (current.length > 0) batches.push(current)
  return batches
}

/** Why the board would refuse a dependency with this lag (its create rules), or undefined. */
export function lagProblem(lagDays: number): string | undefined {
  if (!Number.isInteger(lagDays)) return `a lag of ${lagDays} days is not a whole number of days`
  if (lagDays < 0) return `a lead of ${-lagDays} day(s): the board takes no negative lag`
  if (lagDays > SERVICE_LIMITS.lagDays)
    return `a lag of ${lagDays} days is over the board's ${SERVICE_LIMITS.lagDays}`
  return undefined
}

/**
 * Why the board would refuse to create `item` (the interface's create rules: the shared zod
 * schema, with a stand-in project since the user picks it later, and a start after the due
 * date, compared as instants as the service compares them), one sentence each; empty when none.
 * One refused item sinks its whole create request, so every importer checks each before any is
 * sent.
 */
export function createItemProblems(item: PlanTask['item']): string[] {
  const problems: string[] = []
  const checked = CreateTaskItemSchema.safeParse({ ...item, projectKey: 'P' })
  if (!checked.success)
    for (const issue of toFieldIssues(checked.error))
      problems.push(issue.path ? `${issue.path}: ${issue.message}` : issue.message)
  const start = item.startDate ? toCanonicalTimestamp(item.startDate) : undefined
  const due = item.dueDate ? toCanonicalTimestamp(item.dueDate) : undefined
  if (start && due && start > due)
    problems.push(`startDate: the start (${start}) is after the due date (${due})`)
  return problems
}
