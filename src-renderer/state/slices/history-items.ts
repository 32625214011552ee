// Helpers of the history (history-slice.ts): which tasks an entry writes, whether a problem's
// items are the ones a step sent or an "Apply all" step held back, and its queued or gone steps.
import type { UpdateTaskItem } from '../../../src-shared/api'
import type { TaskPatch } from '../commands/types'
import type { HistoryData, HistoryEntry } from './history-slice'

/** The same item, field for field. */
export const sameItem = (a: object, b: object) =>
  JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))

/** `heldBack` less the items in `settled` (field for field). */
export const withoutHeld = (heldBack: readonly TaskPatch[], settled: readonly TaskPatch[]) =>
  heldBack.filter((item) => !settled.some((s) => sameItem(item, s)))

/** The entry with `heldBack` as given (none when empty). */
export function withHeldBack(entry: HistoryEntry, heldBack: readonly TaskPatch[]): HistoryEntry {
  const { heldBack: _held, ...rest } = entry
  return heldBack.length > 0 ? { ...rest, heldBack } : rest
}

/** The tasks an entry's steps write (a dependency step writes none). */
export function touchedTasks(entry: HistoryEntry): string[] {
  return [entry.undo, entry.redo].flatMap((step) => {
    if (!step) return []
    if (step.kind === 'retireCreated') return [...step.taskIds, ...(step.subtaskIds ?? [])]
    if (step.kind !== 'tasks') return []
    const { command } = step
    switch (command.kind) {
      case 'updateFields':
        return command.updates.map((u) => u.id)
      case 'setDates':
        return command.dates.map((d) => d.id)
      case 'moveTasks':
        return [...command.ids]
      case 'resizeTask':
      case 'scheduleTask':
        return [command.id]
    }
  })
}

/** Whether the entry's edit sent these items (each as the entry sent it for that task). */
export function holds(entry: HistoryEntry, items: readonly UpdateTaskItem[]): boolean {
  const redo = entry.redo
  if (redo?.kind !== 'tasks' || redo.command.kind !== 'updateFields') return false
  const sent = new Map(redo.command.updates.map((u) => [u.id, JSON.stringify(sorted(u))]))
  return items.every(
    (item) => item.id !== undefined && sent.get(item.id) === JSON.stringify(sorted(item)),
  )
}

const sorted = (item: object) =>
  Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))

/** The history without the entries `gone`; {} when none is there. */
export function withoutSteps(
  history: HistoryData,
  gone: ReadonlySet<number>,
): { history?: HistoryData } {
  const past = history.past.filter((e) => !gone.has(e.id))
  const future = history.future.filter((e) => !gone.has(e.id))
  if (past.length === history.past.length && future.length === history.future.length) return {}
  // What could be redone was undone after a step now gone: it no longer follows.
  return {
    history: { ...history, past, future: past.length < history.past.length ? [] : future },
  }
}

/** The ids of the entries whose edits main holds queued (not landed yet), done or undone. */
export function queuedSteps(history: HistoryData, profileId: string): number[] {
  return [...history.past, ...history.future]
    .filter((e) => e.profileId === profileId && e.queued !== undefined)
    .map((e) => e.id)
}
