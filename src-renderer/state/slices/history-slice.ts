// Undo and redo: what the user did on this board, newest last, as plain data. Each entry holds
// the step that undoes it and the step that does it again; running either is ../actions/undo-redo.ts
// (task edits go back as inverse batches, dependencies are deleted or created again, a created
// task is retired to a status of the user's choice). A new edit clears what could be redone.
// Switching boards starts a new history: the steps name tasks of the board they were made on.
import type { UpdateTaskItem } from '../../../src-shared/api'
import type { Command } from '../commands/types'
import type { SliceCreator } from '../store'

export interface DependencyEnds {
  predecessorId: string
  successorId: string
}

/**
 * The dependency between two tasks as a step expects to find it on the board: with this lag, or
 * none (null). What the user's action (or the undo before a redo) left there; anything else was
 * changed elsewhere since, and the user is asked before the step writes over it.
 */
export type ExpectedDependency = { lagDays: number } | null

export type UndoStep =
  /** A task edit (moves, field edits, links): sent as one batch; undone by its inverse. */
  | { kind: 'tasks'; command: Command }
  | ({ kind: 'createDependency'; lagDays: number; expected: ExpectedDependency } & DependencyEnds)
  | ({ kind: 'deleteDependency'; expected: ExpectedDependency } & DependencyEnds)
  /** A lag change: delete, then create with this lag (the interface has no dependency update). */
  | ({ kind: 'setLag'; lagDays: number; expected: ExpectedDependency } & DependencyEnds)
  /**
   * A create, undone only by asking: the interface has no task delete, so the tasks are moved
   * to a status the user picks.
   */
  | { kind: 'retireCreated'; taskIds: string[] }

export interface HistoryEntry {
  id: number
  profileId: string
  /** What it did, for "Undo move 3 tasks" and messages. */
  label: string
  undo: UndoStep
  /** null when it cannot be done again (a create, which the interface cannot repeat safely). */
  redo: UndoStep | null
  /**
   * The tasks of an edit main queued (the board could not be reached): it has not landed yet,
   * and may never (refused later, held back as a conflict, discarded). Cleared once the
   * journal has sent everything.
   */
  queued?: readonly string[]
}

export interface HistoryData {
  past: readonly HistoryEntry[]
  future: readonly HistoryEntry[]
  /** An undo or redo is running: further ones wait (each must see the board the last one left). */
  busy: boolean
  nextId: number
}

export interface HistorySlice {
  history: HistoryData
  /** Records a new action of the user; what could be redone is dropped. */
  recordHistory(entry: {
    label: string
    undo: UndoStep
    redo: UndoStep | null
    queued?: readonly string[]
    /**
     * The board the action was made on, where it began before an await: an answer that comes
     * after a board switch is not a step of the board now shown (its tasks are not there).
     */
    madeOn?: string
  }): void
  /**
   * Drops the steps of queued edits that did not land: refused or held back as a conflict
   * later (one step per problem, `unlanded`: the items each problem holds), or discarded (every
   * one: `unlanded` undefined). Undoing one wrote its "before" values over whatever the board
   * holds, unchecked, and redoing a discarded one sent it after all.
   */
  dropUnlandedSteps(profileId: string, unlanded?: readonly (readonly UpdateTaskItem[])[]): void
  /** The journal sent everything it held: every queued step still here landed. */
  landQueuedSteps(profileId: string): void
  /**
   * After `entry`'s step ran: takes it out of `from` and puts it on the other list (an undone
   * entry that cannot be done again is dropped). `since` is the history's nextId when the step
   * began: entries recorded since (edits made while it ran) came after it, so an undone entry is
   * then dropped (those edits cleared what could be redone) and a redone one goes back before
   * them. The newest entry is not always the one that ran.
   */
  settleEntry(entry: HistoryEntry, from: 'past' | 'future', since: number): void
  setHistoryBusy(busy: boolean): void
  /** Drops a board's entries: it moved to another address, where its steps mean nothing. */
  forgetHistoryOf(profileId: string): void
}

/** Whether the entry's edit sent these items (each as the entry sent it for that task). */
function holds(entry: HistoryEntry, items: readonly UpdateTaskItem[]): boolean {
  const redo = entry.redo
  if (redo?.kind !== 'tasks' || redo.command.kind !== 'updateFields') return false
  const sent = new Map(redo.command.updates.map((u) => [u.id, JSON.stringify(sorted(u))]))
  return items.every(
    (item) => item.id !== undefined && sent.get(item.id) === JSON.stringify(sorted(item)),
  )
}

const sorted = (item: object) =>
  Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))

/** Entries kept; the oldest go first. */
export const HISTORY_LIMIT = 200

export const EMPTY_HISTORY: HistoryData = { past: [], future: [], busy: false, nextId: 1 }

export const createHistorySlice: SliceCreator<HistorySlice> = (set) => ({
  history: EMPTY_HISTORY,

  recordHistory: ({ madeOn, ...entry }) =>
    set((s) => {
      if (madeOn !== undefined && madeOn !== s.board.profileId) return {}
      // A board switch starts a new history (see the top).
      const past = s.history.past.filter((e) => e.profileId === s.board.profileId)
      const added: HistoryEntry = { ...entry, id: s.history.nextId, profileId: s.board.profileId }
      return {
        history: {
          ...s.history,
          past: [...past, added].slice(-HISTORY_LIMIT),
          future: [],
          nextId: s.history.nextId + 1,
        },
      }
    }),

  settleEntry: (entry, from, since) =>
    set((s) => {
      const { past, future, nextId } = s.history
      if (from === 'past') {
        const redoable = entry.redo !== null && nextId === since
        return {
          history: {
            ...s.history,
            past: past.filter((e) => e.id !== entry.id),
            future: redoable ? [...future, entry] : future,
          },
        }
      }
      const newer = past.findIndex((e) => e.id >= since)
      const done =
        newer < 0 ? [...past, entry] : [...past.slice(0, newer), entry, ...past.slice(newer)]
      return {
        history: {
          ...s.history,
          future: future.filter((e) => e.id !== entry.id),
          past: done.slice(-HISTORY_LIMIT),
        },
      }
    }),

  dropUnlandedSteps: (profileId, unlanded) =>
    set((s) => {
      const queued = (e: HistoryEntry) => e.profileId === profileId && e.queued !== undefined
      const gone = new Set<number>()
      if (unlanded === undefined) {
        for (const e of s.history.past) if (queued(e)) gone.add(e.id)
      } else {
        for (const items of unlanded) {
          // The step whose edit the problem holds (its items, field for field); else the
          // newest queued one touching its tasks.
          const ids = new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])))
          const candidates = s.history.past.filter(
            (e) => queued(e) && !gone.has(e.id) && e.queued!.some((id) => ids.has(id)),
          )
          const exact = candidates.filter((e) => holds(e, items))
          const step = (exact.length > 0 ? exact : candidates).at(-1)
          if (step) gone.add(step.id)
        }
      }
      const past = s.history.past.filter((e) => !gone.has(e.id))
      if (past.length === s.history.past.length) return {}
      // What could be redone was undone after a step now gone: it no longer follows.
      return { history: { ...s.history, past, future: [] } }
    }),

  landQueuedSteps: (profileId) =>
    set((s) => {
      if (!s.history.past.some((e) => e.profileId === profileId && e.queued)) return {}
      const past = s.history.past.map((e) => {
        if (e.profileId !== profileId || !e.queued) return e
        const { queued: _landed, ...landed } = e
        return landed
      })
      return { history: { ...s.history, past } }
    }),

  setHistoryBusy: (busy) => set((s) => ({ history: { ...s.history, busy } })),

  forgetHistoryOf: (profileId) =>
    set((s) => ({
      history: {
        ...s.history,
        past: s.history.past.filter((e) => e.profileId !== profileId),
        future: s.history.future.filter((e) => e.profileId !== profileId),
      },
    })),
})
