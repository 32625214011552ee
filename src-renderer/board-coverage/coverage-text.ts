// Words for the coverage report (how complete the loaded board is): the status bar's one short
// line, and the Details panel's sentences. Pure functions; the panel renders them as text only,
// since descriptions carry user data (project keys, status names).
import type { CoverageReport, TruncatedSlice } from '../../src-shared/ipc'

const count = (n: number): string => n.toLocaleString('en-US')
const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many)

/** The status bar's line: "1,234 tasks, complete" or "4,999+ tasks · 3 parts of the board may hide tasks". */
export function coverageLine(coverage: CoverageReport | null): {
  text: string
  /** Incomplete: the line warns and a Details button goes with it. */
  warning: boolean
} {
  if (!coverage) return { text: 'Not loaded yet', warning: false }
  const tasks = count(coverage.knownTasks)
  if (coverage.complete)
    return {
      text: `${tasks} ${plural(coverage.knownTasks, 'task', 'tasks')}, complete`,
      warning: false,
    }
  const parts = coverage.truncated.length
  // Incomplete with no part named should not happen; still say something true.
  if (parts === 0) return { text: `${tasks}+ tasks · the board may hide tasks`, warning: true }
  const which = `${count(parts)} ${plural(parts, 'part', 'parts')} of the board`
  return { text: `${tasks}+ tasks · ${which} may hide tasks`, warning: true }
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** A clause with one full stop at its end (its case untouched: it may start with a key). */
function withStop(text: string): string {
  const trimmed = text.trim()
  return trimmed === '' || /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

/** `head: reason. Help.` — the reason follows a colon, so only the head and help get capitals. */
function explain(head: string, reason: string, help: string): string {
  const because = withStop(reason)
  const sentence = because === '' ? withStop(head) : `${head}: ${because}`
  const helps = withStop(help)
  return helps === '' ? sentence : `${sentence} ${capitalise(helps)}`
}

/** "Tasks with no due date in project WEB, status To Do: <reason>. <help>" */
export function sliceSentence(slice: TruncatedSlice): string {
  return explain(capitalise(slice.description.trim()), slice.reason, slice.help)
}

export interface SliceGroup {
  /** Shared by every slice of the group. */
  reason: string
  help: string
  slices: TruncatedSlice[]
}

/**
 * Slices grouped by identical reason and help, in first-seen order, so a board with many
 * crowded parts reads as a few explanations, each with its list of parts.
 */
export function groupSlices(truncated: readonly TruncatedSlice[]): SliceGroup[] {
  const groups = new Map<string, SliceGroup>()
  for (const slice of truncated) {
    const key = `${slice.reason}\u0000${slice.help}`
    const group = groups.get(key) ?? { reason: slice.reason, help: slice.help, slices: [] }
    groups.set(key, group)
    group.slices.push(slice)
  }
  return [...groups.values()]
}

/** The lead sentence of a group of parts: "Tasks in each of these 12 parts: <reason>. <help>" */
export function groupSentence(group: SliceGroup): string {
  const head = `Tasks in each of these ${count(group.slices.length)} parts of the board`
  return explain(head, group.reason, group.help)
}

/** A slice's description alone, as a list item under its group's sentence. */
export const sliceLabel = (slice: TruncatedSlice): string => capitalise(slice.description.trim())

/** The panel's opening words: what was loaded, with how many requests, and why it may be short. */
export function coverageIntro(coverage: CoverageReport): string {
  const loaded =
    `Loaded ${count(coverage.knownTasks)} ${plural(coverage.knownTasks, 'task', 'tasks')} ` +
    `with ${count(coverage.requests)} list ${plural(coverage.requests, 'request', 'requests')}.`
  if (coverage.complete) return `${loaded} Every part of the board was listed in full.`
  const parts = coverage.truncated.length
  if (parts === 0) return `${loaded} The board may hide more tasks.`
  const these = plural(parts, 'this part', `these ${count(parts)} parts`)
  // The 100-task page is the reason only where every part came back full; a part whose short
  // answer left out tasks the board listed elsewhere is there for its own reason (its sentence).
  return coverage.truncated.every((slice) => slice.returned >= 100)
    ? `${loaded} The board's list returns at most 100 tasks and cannot page, so ${these} of the board may hide more tasks:`
    : `${loaded} ${capitalise(these)} of the board may hide more tasks:`
}
