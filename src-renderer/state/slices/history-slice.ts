// Undo and redo: what the user did on this board, newest last, as plain data. Each entry holds
// the step that undoes it and the step that does it again; running either is ../actions/undo-redo.ts
// (task edits go back as inverse batches, dependencies are deleted or created again, a created
// task is retired to a status of the user's choice). A new edit clears what could be redone.
// Switching boards starts a new history: the steps name tasks of the board they were made on.
import type { UpdateTaskItem } from '../../../src-shared/api'
import type { Command, TaskPatch } from '../commands/types'
import type { SliceCreator } from '../store'
import {
  holds,
  sameItem,
  touchedTasks,
  withHeldBack,
  withoutHeld,
  withoutSteps,
} from './history-items'

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
   * to a status the user picks. Only these: `taskIds`, the tasks the create's answer named, and
   * `subtaskIds`, its subtasks once a sync identified them (the answer does not name them).
   * Whatever else is under them now (a colleague's task moved there) is not theirs to move.
   */
  | {
      kind: 'retireCreated'
      taskIds: string[]
      subtaskIds?: string[]
      /**
       * The subtasks asked for, by title, under each created task's id: how undo finds them
       * when no sync named them (the one after the create failed or was superseded).
       */
      subtaskTitles?: Record<string, CreatedSubtaskTitles[]>
    }

/** A subtask a create asked for, by title, with its own subtasks. */
export interface CreatedSubtaskTitles {
  title: string
  subtasks: CreatedSubtaskTitles[]
}

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
  /**
   * What the edit would have written to tasks main held back as conflicts (changed on the board
   * meanwhile). Not part of the step until the user chooses Keep mine for one: its change is
   * then added to the step (./../actions/edit-journal.ts), so that undo puts it back too.
   */
  heldBack?: readonly TaskPatch[]
}

export interface HistoryData {
  past: readonly HistoryEntry[]
  future: readonly HistoryEntry[]
  /** An undo or redo is running: further ones wait (each must see the board the last one left). */
  busy: boolean
  nextId: number
  /**
   * Problems (their ids) main held back from an undo or a redo: that batch is no step of its
   * own (the entry it ran describes it, and stays where it was). Keep mine of one records
   * nothing, and leaves what can be redone.
   */
  undoProblems: readonly string[]
}

export interface HistorySlice {
  history: HistoryData
  /**
   * Records a new action of the user; what could be redone is dropped. Returns the entry's id;
   * undefined when it was not recorded (made on another board).
   */
  recordHistory(entry: {
    label: string
    undo: UndoStep
    redo: UndoStep | null
    queued?: readonly string[]
    heldBack?: readonly TaskPatch[]
    /**
     * The board the action was made on, where it began before an await: an answer that comes
     * after a board switch is not a step of the board now shown (its tasks are not there).
     */
    madeOn?: string
  }): number | undefined
  /**
   * Keep mine of a task an edit's batch held back as a conflict has landed: `updates` (mine)
   * and `inverse` (the board's version it wrote over) join that edit's step while it can still
   * be undone; otherwise they are a step of their own. Returns whether anything was recorded.
   */
  keptMine(kept: {
    profileId: string
    /** The problem settled, and its items as main holds them (what the edit would write). */
    problemId: string
    held: readonly TaskPatch[]
    label: string
    updates: readonly TaskPatch[]
    inverse: readonly TaskPatch[]
    queued: boolean
  }): boolean
  /** Main held back these problems from an undo or a redo (see `undoProblems`). */
  undoHeldBack(problemIds: readonly string[]): void
  /**
   * Take theirs settled a problem: its items (`held`) are no longer to be added to the step
   * that held them back, whatever a later edit of the same task writes.
   */
  tookTheirs(profileId: string, problemId: string, held: readonly TaskPatch[]): void
  /** A sync identified subtasks that create entry `entryId` made: its undo moves them too. */
  createdSubtasksFound(entryId: number, subtaskIds: readonly string[]): void
  /**
   * Drops the steps of queued edits that did not land: refused or held back as a conflict
   * later (one step per problem, `unlanded`: the items each problem holds). Undoing one wrote
   * its "before" values over whatever the board holds, unchecked.
   */
  dropUnlandedSteps(profileId: string, unlanded: readonly (readonly UpdateTaskItem[])[]): void
  /**
   * Drops the steps of discarded edits: those named (queued when the discard was asked for:
   * main reports its empty journal before it answers, which marks them landed), and any still
   * queued, whether done or undone. Redoing one sent the discarded edit after all.
   */
  dropDiscardedSteps(profileId: string, queuedBefore: readonly number[]): void
  /**
   * The journal sent everything it held: every queued step still here landed, undone ones
   * included (else a later discard took a landed step for a discarded one).
   */
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

/** Entries kept; the oldest go first. */
export const HISTORY_LIMIT = 200

export const EMPTY_HISTORY: HistoryData = {
  past: [],
  future: [],
  busy: false,
  nextId: 1,
  undoProblems: [],
}

export const createHistorySlice: SliceCreator<HistorySlice> = (set, get) => ({
  history: EMPTY_HISTORY,

  recordHistory: ({ madeOn, ...entry }) => {
    const s = get()
    if (madeOn !== undefined && madeOn !== s.board.profileId) return undefined
    // A board switch starts a new history (see the top).
    const past = s.history.past.filter((e) => e.profileId === s.board.profileId)
    const added: HistoryEntry = { ...entry, id: s.history.nextId, profileId: s.board.profileId }
    set({
      history: {
        ...s.history,
        past: [...past, added].slice(-HISTORY_LIMIT),
        future: [],
        nextId: s.history.nextId + 1,
      },
    })
    return added.id
  },

  keptMine: ({ profileId, problemId, held, label, updates, inverse, queued }) => {
    const s = get()
    if (s.history.undoProblems.includes(problemId)) {
      // Held back from an undo or redo: the entry it ran describes the change. A step of its
      // own would clear what can be redone, and do the undo's values again as a new edit.
      set({
        history: {
          ...s.history,
          undoProblems: s.history.undoProblems.filter((id) => id !== problemId),
        },
      })
      return false
    }
    if (s.board.profileId !== profileId || updates.length === 0) return false
    const ids = new Set(updates.map((u) => u.id))
    // The step that held back exactly these items (field for field: a task id alone also
    // matched a step whose held-back item was settled with Take theirs, or another edit's).
    const index =
      held.length === 0
        ? -1
        : s.history.past.findLastIndex(
            (e) =>
              e.profileId === profileId &&
              held.every((item) => (e.heldBack ?? []).some((h) => sameItem(h, item))),
          )
    const entry = index < 0 ? undefined : s.history.past[index]
    const past = [...s.history.past]
    if (entry) past[index] = withHeldBack(entry, withoutHeld(entry.heldBack ?? [], held))
    // Joined only while no later step changed those tasks: undoing that step first would
    // put back the value mine wrote over, and this one the later step's.
    const later = s.history.past
      .slice(index + 1)
      .some((e) => touchedTasks(e).some((id) => ids.has(id)))
    if (
      !queued &&
      !later &&
      entry?.undo.kind === 'tasks' &&
      entry.undo.command.kind === 'updateFields' &&
      entry.redo?.kind === 'tasks' &&
      entry.redo.command.kind === 'updateFields'
    ) {
      past[index] = withHeldBack(
        {
          ...entry,
          undo: {
            kind: 'tasks',
            command: { kind: 'updateFields', updates: [...entry.undo.command.updates, ...inverse] },
          },
          redo: {
            kind: 'tasks',
            command: { kind: 'updateFields', updates: [...entry.redo.command.updates, ...updates] },
          },
        },
        withoutHeld(entry.heldBack ?? [], held),
      )
      set({ history: { ...s.history, past } })
      return true
    }
    if (entry) set({ history: { ...s.history, past } })
    // Its edit's step is gone (undone, or never recorded: every task was held back), or a
    // later step changed the task since.
    return (
      get().recordHistory({
        label,
        undo: { kind: 'tasks', command: { kind: 'updateFields', updates: [...inverse] } },
        redo: { kind: 'tasks', command: { kind: 'updateFields', updates: [...updates] } },
        ...(queued ? { queued: updates.map((u) => u.id) } : {}),
        madeOn: profileId,
      }) !== undefined
    )
  },

  undoHeldBack: (problemIds) =>
    set((s) => {
      if (problemIds.length === 0) return {}
      // Not cut at a count (an undo of 250 tasks held back 250 problems, and the oldest were
      // cut): ids of problems no longer open (settled, discarded) go instead.
      const open = new Set(s.edits.problems.map((p) => p.id))
      const kept = s.history.undoProblems.filter((id) => open.has(id))
      return { history: { ...s.history, undoProblems: [...kept, ...problemIds] } }
    }),

  tookTheirs: (profileId, problemId, held) =>
    set((s) => {
      const settle = (e: HistoryEntry) =>
        e.profileId === profileId && e.heldBack ? withHeldBack(e, withoutHeld(e.heldBack, held)) : e
      return {
        history: {
          ...s.history,
          past: s.history.past.map(settle),
          future: s.history.future.map(settle),
          undoProblems: s.history.undoProblems.filter((id) => id !== problemId),
        },
      }
    }),

  createdSubtasksFound: (entryId, subtaskIds) =>
    set((s) => {
      if (subtaskIds.length === 0) return {}
      const found = (e: HistoryEntry): HistoryEntry => {
        if (e.id !== entryId || e.undo.kind !== 'retireCreated') return e
        const known = e.undo.subtaskIds ?? []
        const added = subtaskIds.filter((id) => !known.includes(id))
        return { ...e, undo: { ...e.undo, subtaskIds: [...known, ...added] } }
      }
      return {
        history: {
          ...s.history,
          past: s.history.past.map(found),
          future: s.history.future.map(found),
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
      return withoutSteps(s.history, gone)
    }),

  dropDiscardedSteps: (profileId, queuedBefore) =>
    set((s) => {
      const named = new Set(queuedBefore)
      const gone = new Set<number>()
      for (const e of [...s.history.past, ...s.history.future]) {
        if (e.profileId === profileId && (e.queued !== undefined || named.has(e.id))) gone.add(e.id)
      }
      return withoutSteps(s.history, gone)
    }),

  landQueuedSteps: (profileId) =>
    set((s) => {
      const queued = (e: HistoryEntry) => e.profileId === profileId && e.queued !== undefined
      if (!s.history.past.some(queued) && !s.history.future.some(queued)) return {}
      const landed = (e: HistoryEntry): HistoryEntry => {
        if (!queued(e)) return e
        const { queued: _landed, ...rest } = e
        return rest
      }
      return {
        history: {
          ...s.history,
          past: s.history.past.map(landed),
          future: s.history.future.map(landed),
        },
      }
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
