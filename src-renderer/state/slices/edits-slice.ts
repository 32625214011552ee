// Edits on their way to the board: the journal's pending count (from `edits:changed`), the
// optimistic batches still waiting for main's answer, this renderer's writes that no snapshot
// shows yet, and the messages that tell the user what happened. The batch rules are in
// ../edit-batches.ts; ../actions/apply-edit.ts drives them.
import { idTable } from '../../../src-shared/api/id-table'
import type { PendingEdits } from '../../../src-shared/ipc/contract'
import type { EditsData, MessageKind } from '../edit-batches'
import { addMessages, EMPTY_EDITS } from '../edit-batches'
import type { SliceCreator } from '../store'

export interface EditsSlice {
  edits: EditsData
  /**
   * The last thing done that shows only on the chart (an undo, a redo, a dependency added or
   * deleted), in words for screen readers; `seq` tells a repeat of the same words apart.
   */
  announcement: { text: string; seq: number } | null
  announce(text: string): void
  pendingChanged(pending: PendingEdits): void
  /** Returns the message's id. */
  addMessage(kind: MessageKind, text: string): number
  dismissMessage(id: number): void
}

export const createEditsSlice: SliceCreator<EditsSlice> = (set, get) => ({
  edits: EMPTY_EDITS,
  announcement: null,

  announce: (text) => set((s) => ({ announcement: { text, seq: (s.announcement?.seq ?? 0) + 1 } })),

  pendingChanged: (pending) =>
    set((s) => {
      // Another board's journal: its marks and counts are not this board's.
      if (pending.profileId !== s.board.profileId) return {}
      let written = s.edits.written
      // An empty journal has sent (or dropped) everything it held: nothing is queued any more.
      if (pending.count === 0 && Object.values(written).some((w) => w.queued)) {
        written = idTable(Object.entries(written).map(([id, w]) => [id, { ...w, queued: false }]))
      }
      return {
        edits: {
          ...s.edits,
          pendingCount: pending.count,
          pendingBatches: pending.batches,
          pendingTaskIds: pending.taskIds,
          nextRetryAt: pending.nextRetryAt,
          problems: pending.problems,
          written,
        },
      }
    }),

  addMessage: (kind, text) => {
    const id = get().edits.nextId
    set((s) => ({ edits: addMessages(s.edits, [{ kind, text }]) }))
    return id
  },

  dismissMessage: (id) =>
    set((s) => ({
      edits: { ...s.edits, messages: s.edits.messages.filter((m) => m.id !== id) },
    })),
})
