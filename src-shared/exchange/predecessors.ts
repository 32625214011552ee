// The predecessor column of CSV files: each finish-to-start dependency as the predecessor's
// `<PROJECT>-<KEY>` with its lag, `APP-3+2d` (2 days of lag), `APP-4` (none), `APP-5-1d` (a lead),
// several separated by `;` or `,`. People edit this column by hand in spreadsheets, so reading is
// forgiving about spaces and case, and says exactly which part it could not read.
import type { Dependency } from '../api'

export interface PredecessorRef {
  projectKey: string
  key: number
  lagDays: number
}

/** `APP-3+2d`; `APP-3` for no lag. */
export function formatPredecessor(ref: PredecessorRef): string {
  const lag = ref.lagDays === 0 ? '' : ref.lagDays > 0 ? `+${ref.lagDays}d` : `${ref.lagDays}d`
  return `${ref.projectKey}-${ref.key}${lag}`
}

/** The cell for one task: its predecessors in a stable order (project key, key). */
export function predecessorCell(taskId: string, dependencies: readonly Dependency[]): string {
  return cellOf(dependencies.filter((d) => d.successorId === taskId))
}

/**
 * Every task's cell, by its id, with the dependencies read once: asked per task, scanning every
 * dependency for every task, an export of 50,000 tasks and as many dependencies took about
 * 2.5e9 steps and froze the window.
 */
export function predecessorCells(dependencies: readonly Dependency[]): (taskId: string) => string {
  const bySuccessor = new Map<string, Dependency[]>()
  for (const d of dependencies) {
    const list = bySuccessor.get(d.successorId)
    if (list) list.push(d)
    else bySuccessor.set(d.successorId, [d])
  }
  return (taskId) => cellOf(bySuccessor.get(taskId) ?? [])
}

function cellOf(predecessors: readonly Dependency[]): string {
  return predecessors
    .map((d) => ({
      projectKey: d.predecessorProjectKey,
      key: d.predecessorKey,
      lagDays: d.lagDays,
    }))
    .sort((a, b) =>
      a.projectKey < b.projectKey ? -1 : a.projectKey > b.projectKey ? 1 : a.key - b.key,
    )
    .map(formatPredecessor)
    .join('; ')
}

// A project key is whatever comes before the last "-<digits>" that a lag may follow: a board's
// keys may hold "-" or "." (MY-PROJ-12), which [A-Za-z0-9_] refused, so a file the planner
// exported could not be read back. A lag may have a fraction (another board's 2.5 days). A lead
// needs its "d" (the export always writes one): without it `V-2-7`, task 7 of project V-2, read
// as task 2 of project V with a lead of 7 days.
const ONE =
  /^([^\s;,]+?)-(\d+)\s*(?:(?:(\+)\s*(\d+(?:\.\d+)?)\s*d?)|(?:(-)\s*(\d+(?:\.\d+)?)\s*d))?$/i

export type ParsedPredecessors =
  { ok: true; refs: PredecessorRef[] } | { ok: false; problem: string }

export function parsePredecessors(cell: string): ParsedPredecessors {
  const refs: PredecessorRef[] = []
  for (const raw of cell.split(/[;,]/)) {
    const part = raw.trim()
    if (part === '') continue
    const match = ONE.exec(part)
    if (!match) {
      return {
        ok: false,
        problem: `"${part}" is not a predecessor like APP-3 or APP-3+2d`,
      }
    }
    const [, projectKey, key, , lagDays, lead, leadDays] = match
    const lag = lead ? -Number(leadDays) : lagDays === undefined ? 0 : Number(lagDays)
    refs.push({ projectKey: projectKey!, key: Number(key), lagDays: lag || 0 })
  }
  return { ok: true, refs }
}
