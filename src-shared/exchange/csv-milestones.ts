// The milestone column of a CSV file. The export writes each task's milestone as the board's id
// (`milestoneId`); without this column a round trip dropped every task's milestone silently.
// A cell naming a row of the file (its row id, or its project key and key, APP-5) links the task
// to the milestone that row creates (import-run makes those milestones first, then sends their
// new ids); any other cell names a milestone the board has shown, by id or by key. A link that
// cannot be made is left out, with why, and the task imported without it: the board refuses a
// milestone it does not have, and with it the row's whole batch.
import type { ImportPlan, PlanTask } from './import-plan'
import { planTasks } from './import-plan'

/** A milestone the board has shown (the vocabulary's MilestoneRef). */
export interface BoardMilestone {
  id: string
  projectKey: string
  key: number
}

/**
 * Sets each imported task's milestone from its cell: `milestoneRef` for a row of the file,
 * `item.milestoneId` for one on the board. `fileRow` gives the ref of the file's row a cell names
 * (imported or not), or undefined.
 */
export function linkMilestones(
  plan: Pick<ImportPlan, 'roots' | 'skipped'>,
  milestoneCell: (task: PlanTask) => string,
  fileRow: (cell: string) => string | undefined,
  board: readonly BoardMilestone[],
): void {
  const imported = new Map(planTasks(plan).map((task) => [task.ref, task]))
  const byId = new Map(board.map((m) => [m.id, m.id]))
  // Keys as the predecessor column reads them: forgiving about case.
  const byKey = new Map(board.map((m) => [`${m.projectKey}-${m.key}`.toLowerCase(), m.id]))
  for (const task of imported.values()) {
    const cell = milestoneCell(task)
    // A milestone belongs to no milestone (the interface's rule): its cell is left out with the
    // other fields a milestone does not take, and said there.
    if (cell === '' || task.item.type === 'milestone') continue
    const source = `milestone of ${task.source}`
    const row = fileRow(cell)
    const onBoard = byId.get(cell) ?? byKey.get(cell.toLowerCase())
    if (row !== undefined) {
      const target = imported.get(row)
      if (target?.item.type === 'milestone') task.milestoneRef = row
      // The file's row is not imported, but the board has the milestone the cell names (the
      // export writes the board's id): linked to that one.
      else if (onBoard !== undefined) task.item.milestoneId = onBoard
      else if (!target)
        plan.skipped.push({
          source,
          reason: `row ${row} (${cell}), its milestone, is not imported`,
        })
      else plan.skipped.push({ source, reason: `row ${row} is a task, not a milestone` })
      continue
    }
    if (onBoard !== undefined) task.item.milestoneId = onBoard
    else
      plan.skipped.push({
        source,
        reason: `"${cell}" is no milestone of this file or of this board; the task is imported without it`,
      })
  }
}
