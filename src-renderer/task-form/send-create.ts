// What the New task dialog's Create does once the draft passed its rules: the one create batch,
// then the new task shown (and linked to its parent, a separate update) or the board's refusal
// handed back for the dialog to show. Plain code, so it is tested without a DOM.
import type { CreateTaskItem } from '../../src-shared/api/task-bodies'
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { applyEdit } from '../state'
import type { PlannerStore } from '../state'
import { createTasks } from '../state/actions/create-tasks'

export interface SendCreateOptions {
  /** The existing task the new one is to be a subtask of ('' for none). */
  parentId: string
  /** Is the dialog that sent it still on screen (not closed with Esc or Cancel meanwhile)? */
  stillOpen: () => boolean
}

/**
 * Sends the create; the board's refusal when the dialog is open to show it (with what was typed,
 * to fix and send again). Esc and Cancel work while "Creating…" (a slow board must not hold the
 * user in a modal), but cannot call back a request already sent: once the dialog is gone, its
 * outcome goes to the messages. Before, a refusal was set on the closed dialog and lost, and the
 * user took the task as made.
 */
export async function sendCreate(
  store: PlannerStore,
  api: PlannerApi,
  item: CreateTaskItem,
  { parentId, stillOpen }: SendCreateOptions,
): Promise<{ failure?: string }> {
  const outcome = await createTasks(store, api, [item])
  const open = stillOpen()
  if (outcome.status === 'rejected') {
    if (open) return { failure: `The board did not create the task: ${outcome.message}` }
    store
      .getState()
      .addMessage(
        'error',
        `"${item.title}" was not created: the board refused it (${outcome.message}). Open New task to try again.`,
      )
    return {}
  }
  // Only this create's own dialog: one the user opened since is theirs, with what they typed.
  if (open) store.getState().closeCreate()
  const made = outcome.tasks[0]
  if (made && !open) {
    store
      .getState()
      .addMessage(
        'info',
        `"${item.title}" was created as ${made.projectKey}-${made.key}: closing the dialog does not call back a create already sent.`,
      )
  }
  if (!made) {
    // Created, not yet seen: the subtask link is an update of the new task, which cannot be
    // named until the board lists it. Said, not dropped without a word.
    if (parentId) {
      const parent = store.getState().board.tasksById[parentId]
      const parentName = parent ? `${parent.projectKey}-${parent.key}` : 'its parent'
      store
        .getState()
        .addMessage(
          'warning',
          `"${item.title}" is not yet a subtask of ${parentName}: the board has not listed it yet. Set its Parent once it shows.`,
        )
    }
    return {}
  }
  store.getState().revealTask(made.id)
  if (parentId) {
    void applyEdit(store, api, {
      kind: 'updateFields',
      updates: [{ id: made.id, parentId }],
    })
  }
  return {}
}
