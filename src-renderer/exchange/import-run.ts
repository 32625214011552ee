// Running an import plan against the board: tasks:create in batches (main finds each created task
// and never re-sends one whose outcome it could not establish: those are reported as "created,
// not yet seen"), then, once a sync has brought the subtasks' ids, deps:create for each link.
// Progress is reported after every request; Cancel is honoured between requests, never inside
// one, so what was sent is always known.
import type { Task } from '../../src-shared/api'
import type { ImportPlan, PlanSkip, PlanTask } from '../../src-shared/exchange/import-plan'
import { createBatches, planTasks, toCreateItem } from '../../src-shared/exchange/import-plan'
import type { PlannerApi } from '../../src-shared/ipc'
import type { PlannerStore } from '../state'
import { loadBoard } from '../state'

export const IMPORT_BATCH = 50

export interface ImportProgress {
  phase: 'tasks' | 'dependencies'
  done: number
  total: number
}

export interface ImportReport {
  /** "APP-12 Design review (row 4)". */
  created: string[]
  skipped: PlanSkip[]
  /** Sent, but main could not find them afterwards: never sent again. */
  unseen: string[]
  dependencies: string[]
  cancelled: boolean
  notes: string[]
}

export interface ImportControl {
  onProgress(progress: ImportProgress): void
  cancelled(): boolean
}

type Found = { id: string; projectKey: string; key: number }

/** Subtasks of `parent` on the board, matched to the plan's children by title, in key order. */
function matchChildren(
  parent: PlanTask,
  parentId: string,
  tasks: readonly Task[],
  ids: Map<string, Found>,
): void {
  const onBoard = tasks.filter((t) => t.parentId === parentId).sort((a, b) => a.key - b.key)
  for (const child of parent.children) {
    // Trimmed: a board may trim the titles it stores (a CSV keeps spaces at the ends).
    const i = onBoard.findIndex((t) => t.title.trim() === child.item.title.trim())
    if (i < 0) continue
    const [task] = onBoard.splice(i, 1)
    ids.set(child.ref, { id: task!.id, projectKey: task!.projectKey, key: task!.key })
    if (child.children.length > 0) matchChildren(child, task!.id, tasks, ids)
  }
}

export async function runImport(
  store: PlannerStore,
  api: PlannerApi,
  plan: ImportPlan,
  projectKey: string,
  control: ImportControl,
): Promise<ImportReport> {
  const report: ImportReport = {
    created: [],
    skipped: [...plan.skipped],
    unseen: [],
    dependencies: [],
    cancelled: false,
    notes: [...plan.notes],
  }
  const all = planTasks(plan)
  const byRef = new Map(all.map((task) => [task.ref, task]))
  const ids = new Map<string, Found>()
  const sent = new Set<string>()
  let done = 0
  control.onProgress({ phase: 'tasks', done, total: all.length })
  for (const batch of milestonesFirst(plan.roots, all)) {
    if (control.cancelled()) {
      report.cancelled = true
      break
    }
    const since = new Date().toISOString()
    const inBatch = planTasks({ roots: batch })
    for (const task of inBatch)
      if (task.milestoneRef !== undefined && !ids.has(task.milestoneRef))
        report.skipped.push({
          source: `milestone of ${task.source}`,
          reason: `its milestone (${byRef.get(task.milestoneRef)?.source ?? task.milestoneRef}) is not on the board (not created, or not yet seen); the task is created without it`,
        })
    const answer = await api.calls.tasksCreate({
      tasks: batch.map((t) => toCreateItem(t, projectKey, (ref) => ids.get(ref)?.id)),
    })
    if (!answer.ok) {
      // A board that names the item it refused ("tasks[8].assignedUserEmail: …", as ours does)
      // points at a row of the file: say which, for it and for the rows refused with it.
      const message = answer.error.message
      const culprit = refusedTask(message, batch)
      for (const task of inBatch)
        report.skipped.push({
          source: task.source,
          reason: !culprit
            ? `the board refused the batch: ${message}`
            : task === culprit
              ? `the board refused it: ${message}`
              : `not created: the board refused its batch of ${inBatch.length} for ${culprit.source} (${message})`,
        })
    } else {
      for (const found of answer.value.created) {
        const task = batch[found.index]
        if (task) ids.set(task.ref, { id: found.id, projectKey: found.projectKey, key: found.key })
      }
      if (answer.value.unknown.length > 0) {
        const unknown = answer.value.unknown
          .map((u) => batch[u.index])
          .filter((t): t is PlanTask => !!t)
        report.unseen.push(...unknown.map((t) => `${t.item.title} (${t.source})`))
        store
          .getState()
          .noteUnseenCreates(unknown.map((t) => ({ projectKey, title: t.item.title, since })))
      }
      // A batch main sent in parts that failed part-way: the parts before it stay created.
      const notMade = new Set<PlanTask>()
      const notCreated = answer.value.notCreated
      for (const item of notCreated?.items ?? []) {
        const root = batch[item.index]
        if (!root) continue
        for (const task of planTasks({ roots: [root] })) {
          notMade.add(task)
          report.skipped.push({
            source: task.source,
            reason: `not created: ${notCreated!.message}`,
          })
        }
      }
      for (const task of inBatch) if (!notMade.has(task)) sent.add(task.ref)
    }
    done += inBatch.length
    control.onProgress({ phase: 'tasks', done, total: all.length })
  }

  // Main finds the top-level tasks it created; subtasks arrive with a sync.
  await loadBoard(store, api, { cachedFirst: false })
  const board = store.getState().board
  const tasks = board.taskIds.map((id) => board.tasksById[id]).filter((t): t is Task => !!t)
  for (const root of plan.roots) {
    const found = ids.get(root.ref)
    if (found && root.children.length > 0) matchChildren(root, found.id, tasks, ids)
  }
  for (const task of all) {
    const found = ids.get(task.ref)
    if (found)
      report.created.push(
        `${found.projectKey}-${found.key} ${task.item.title}` +
          (task.source.startsWith('row') ? ` (${task.source})` : ''),
      )
    else if (sent.has(task.ref) && !report.unseen.some((u) => u.endsWith(`(${task.source})`)))
      report.unseen.push(`${task.item.title} (${task.source})`)
    else if (!sent.has(task.ref) && report.cancelled)
      report.skipped.push({
        source: task.source,
        reason: 'the import was cancelled before it was sent',
      })
  }

  let linksDone = 0
  control.onProgress({ phase: 'dependencies', done: 0, total: plan.links.length })
  for (const link of plan.links) {
    if (report.cancelled || control.cancelled()) {
      report.cancelled = true
      report.skipped.push({
        source: link.label,
        reason: 'the import was cancelled before it was made',
      })
      continue
    }
    const successor = ids.get(link.successorRef)
    const predecessor =
      'ref' in link.predecessor ? ids.get(link.predecessor.ref) : link.predecessor.existing
    if (!successor || !predecessor) {
      report.skipped.push({
        source: link.label,
        reason: 'one of its tasks was not created or not found',
      })
    } else {
      const answer = await api.calls.depsCreate({
        predecessorProjectKey: predecessor.projectKey,
        predecessorKey: predecessor.key,
        successorId: successor.id,
        lagDays: link.lagDays,
      })
      if (answer.ok) report.dependencies.push(link.label)
      else report.skipped.push({ source: link.label, reason: answer.error.message })
    }
    linksDone += 1
    control.onProgress({ phase: 'dependencies', done: linksDone, total: plan.links.length })
  }
  if (plan.links.length > 0) await loadBoard(store, api, { cachedFirst: false })
  return report
}

/**
 * The batches, the milestones that tasks of the file link to first: a task names its milestone
 * by the board's id (import-plan's toCreateItem), which exists only once the milestone is made.
 * Milestones are always top-level (the interface's rule), so they are roots.
 */
function milestonesFirst(roots: readonly PlanTask[], all: readonly PlanTask[]): PlanTask[][] {
  const targets = new Set(
    all.flatMap((t) => (t.milestoneRef === undefined ? [] : [t.milestoneRef])),
  )
  if (targets.size === 0) return createBatches(roots, IMPORT_BATCH)
  return [
    ...createBatches(
      roots.filter((t) => targets.has(t.ref)),
      IMPORT_BATCH,
    ),
    ...createBatches(
      roots.filter((t) => !targets.has(t.ref)),
      IMPORT_BATCH,
    ),
  ]
}

/**
 * The task of the batch a refusal names by its path: `tasks[2]`, or a subtask row's
 * `tasks[2].subtasks[0].subtasks[3]` (a subtask row must not be blamed on its top-level row).
 */
export function refusedTask(message: string, batch: readonly PlanTask[]): PlanTask | undefined {
  const path = /\btasks\[(\d+)\]((?:\.subtasks\[\d+\])*)/.exec(message)
  if (!path) return undefined
  let task = batch[Number(path[1])]
  for (const step of path[2]!.matchAll(/\[(\d+)\]/g)) task = task?.children[Number(step[1])]
  return task
}
