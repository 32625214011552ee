// Dependencies, end to end: create, delete and lag change, each sent over IPC and shown in the
// store as soon as its outcome is known (the arrows redraw at once, no board sync needed).
//
// - Create: the planner checks what it can know first (a task depending on itself, a dependency
//   that exists, a loop through the loaded dependencies) and says so without sending anything;
//   when the board refuses anyway, its code is put in words naming the tasks
//   (../../dependencies/dependency-words.ts).
// - Delete: the arrow goes at once and comes back if the board refuses.
// - Lag: the interface has no dependency update, so a lag change is delete-then-create. If the
//   create fails, the old dependency is created again with its old lag; if even that fails, the
//   user is told plainly which dependency was lost.
//
// Every action that the board took records an undo entry (../slices/history-slice.ts: steps as
// data, run by ./undo-redo.ts), unless asked not to ({record: false}: undo and redo themselves).
// Steps name the two tasks, not the dependency's id: a lag change or a redo makes a new id.
import type { Dependency } from '../../../src-shared/api/resources'
import type { IpcError, IpcResult } from '../../../src-shared/ipc/contract'
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import { loopPath } from '../../../src-shared/schedule'
import {
  createRefusal,
  days,
  dependencyName,
  duplicate,
  keyNamer,
  lagProblem,
  loop,
  refusalReason,
  selfReference,
} from '../../dependencies/dependency-words'
import type { KeyOf } from '../../dependencies/dependency-words'
import { addMessages } from '../edit-batches'
import type { UndoStep } from '../slices/history-slice'
import type { PlannerStore } from '../store'

export type DependencyOutcome =
  { ok: true; dependency?: Dependency } | { ok: false; message: string }

export interface NewDependency {
  predecessorId: string
  successorId: string
  lagDays: number
}

export interface DependencyActionOptions {
  /** Record an undo step (default true); undo and redo pass false. */
  record?: boolean
}

function recordStep(
  store: PlannerStore,
  options: DependencyActionOptions | undefined,
  entry: { label: string; undo: UndoStep; redo: UndoStep; madeOn: string },
): void {
  if (options?.record === false) return
  store.getState().recordHistory(entry)
}

export function namer(store: PlannerStore): KeyOf {
  const { board } = store.getState()
  return keyNamer(board.tasksById, board.dependencies)
}

function fail(store: PlannerStore, message: string): DependencyOutcome {
  store.setState((s) => ({ edits: addMessages(s.edits, [{ kind: 'error', text: message }]) }))
  return { ok: false, message }
}

/** The API never throws by contract; a broken bridge still must not leave the store wrong. */
export async function call<T>(send: () => Promise<IpcResult<T>>): Promise<IpcResult<T>> {
  try {
    return await send()
  } catch (error) {
    return { ok: false, error: { code: 'INTERNAL', message: String(error) } }
  }
}

/** A sentence inside parentheses, without its full stop. */
export const clause = (text: string) => text.replace(/\.\s*$/, '')

const sameEnds = (d: Dependency, predecessorId: string, successorId: string) =>
  d.predecessorId === predecessorId && d.successorId === successorId

function added(store: PlannerStore, dependency: Dependency): void {
  // An answer that comes after a board switch names tasks of the board left: not drawn here.
  const { tasksById } = store.getState().board
  if (!Object.hasOwn(tasksById, dependency.successorId)) return
  store.setState((s) => ({
    board: {
      ...s.board,
      dependencies: [
        ...s.board.dependencies.filter(
          (d) =>
            d.id !== dependency.id &&
            !sameEnds(d, dependency.predecessorId, dependency.successorId),
        ),
        dependency,
      ],
    },
  }))
}

/** The store shows between the two tasks what the board was just read to hold there. */
export function showBetween(
  store: PlannerStore,
  ends: { predecessorId: string; successorId: string },
  dependency: Dependency | null,
): void {
  if (dependency) {
    added(store, dependency)
    return
  }
  const { dependencies } = store.getState().board
  const shown = dependencies.find((d) => sameEnds(d, ends.predecessorId, ends.successorId))
  if (shown) removed(store, shown.id)
}

/**
 * `keepSelection`: a lag change replaces the dependency; its selection moves to the new one
 * afterwards, so the panel stays open meanwhile.
 */
function removed(store: PlannerStore, id: string, keepSelection = false): void {
  store.setState((s) => ({
    board: { ...s.board, dependencies: s.board.dependencies.filter((d) => d.id !== id) },
    selectedDependencyId:
      s.selectedDependencyId === id && !keepSelection ? null : s.selectedDependencyId,
  }))
}

/** What the planner can tell before sending: undefined when only the board can say. */
function localRefusal(
  store: PlannerStore,
  keyOf: KeyOf,
  ends: NewDependency,
  checkLag = true,
): string | undefined {
  const { predecessorId, successorId } = ends
  if (predecessorId === successorId) return selfReference(keyOf, predecessorId)
  const { dependencies } = store.getState().board
  if (dependencies.some((d) => sameEnds(d, predecessorId, successorId))) {
    return duplicate(keyOf, predecessorId, successorId)
  }
  const path = loopPath(dependencies, predecessorId, successorId)
  if (path) return loop(keyOf, predecessorId, successorId, path)
  return checkLag ? lagProblem(ends.lagDays) : undefined
}

/** Sends one create; on success the dependency is in the store. The refusal is in words. */
async function send(
  store: PlannerStore,
  api: PlannerApi,
  ends: NewDependency,
): Promise<
  | { ok: true; dependency: Dependency }
  | { ok: false; error: IpcError; words: string; reason: string }
> {
  const { predecessorId, successorId, lagDays } = ends
  const answer = await call(() => api.calls.depsCreate({ predecessorId, successorId, lagDays }))
  if (answer.ok) {
    added(store, answer.value)
    return { ok: true, dependency: answer.value }
  }
  const args = [
    namer(store),
    predecessorId,
    successorId,
    answer.error,
    () => loopPath(store.getState().board.dependencies, predecessorId, successorId),
  ] as const
  return {
    ok: false,
    error: answer.error,
    words: createRefusal(...args),
    reason: refusalReason(...args),
  }
}

export async function createDependency(
  store: PlannerStore,
  api: PlannerApi,
  ends: NewDependency,
  options?: DependencyActionOptions,
): Promise<DependencyOutcome> {
  const madeOn = store.getState().board.profileId
  const keyOf = namer(store)
  // Undo and redo (record: false) send a lag the board held, or one checked when it was typed:
  // another board may hold a lag our rules refuse (2.5, -1, 5000), and undo must bring it back.
  const refusal = localRefusal(store, keyOf, ends, options?.record !== false)
  if (refusal) return fail(store, refusal)
  const result = await send(store, api, ends)
  if (!result.ok) return fail(store, result.words)
  const { predecessorId, successorId, lagDays } = ends
  const name = dependencyName(keyOf, predecessorId, successorId)
  // Undo and redo (record: false) say what they did themselves.
  if (options?.record !== false) {
    store.getState().announce(`Added the dependency ${name}, lag ${lagDays} days.`)
  }
  recordStep(store, options, {
    madeOn,
    label: `add dependency ${name}`,
    undo: { kind: 'deleteDependency', predecessorId, successorId, expected: { lagDays } },
    redo: { kind: 'createDependency', predecessorId, successorId, lagDays, expected: null },
  })
  return { ok: true, dependency: result.dependency }
}

export async function deleteDependency(
  store: PlannerStore,
  api: PlannerApi,
  dependency: Dependency,
  options?: DependencyActionOptions,
): Promise<DependencyOutcome> {
  const madeOn = store.getState().board.profileId
  const keyOf = namer(store)
  const name = dependencyName(keyOf, dependency.predecessorId, dependency.successorId)
  removed(store, dependency.id)
  const answer = await call(() => api.calls.depsDelete({ id: dependency.id }))
  // NOT_FOUND: deleted already (elsewhere, or by an attempt whose answer was lost): it is gone,
  // which is what was asked.
  if (!answer.ok && answer.error.code !== 'NOT_FOUND') {
    // Back, unless a snapshot has shown the board's dependencies meanwhile.
    if (!store.getState().board.dependencies.some((d) => d.id === dependency.id)) {
      added(store, dependency)
    }
    return fail(store, `Could not delete the dependency ${name}: ${answer.error.message}`)
  }
  const { predecessorId, successorId, lagDays } = dependency
  if (options?.record !== false) store.getState().announce(`Deleted the dependency ${name}.`)
  recordStep(store, options, {
    madeOn,
    label: `delete dependency ${name}`,
    undo: { kind: 'createDependency', predecessorId, successorId, lagDays, expected: null },
    redo: { kind: 'deleteDependency', predecessorId, successorId, expected: { lagDays } },
  })
  return { ok: true }
}

export async function changeLag(
  store: PlannerStore,
  api: PlannerApi,
  dependency: Dependency,
  lagDays: number,
  options?: DependencyActionOptions,
): Promise<DependencyOutcome> {
  const madeOn = store.getState().board.profileId
  const keyOf = namer(store)
  const { predecessorId, successorId } = dependency
  const oldLag = dependency.lagDays
  const name = dependencyName(keyOf, predecessorId, successorId)
  // Undo and redo (record: false) send a lag the board held, or one checked when it was typed
  // (as createDependency): undoing a change of another board's 2.5 days was refused for ever.
  const problem = options?.record === false ? undefined : lagProblem(lagDays)
  if (problem) return fail(store, problem)
  if (lagDays === oldLag) return { ok: true, dependency }
  // The selection follows the replacement only if the user has not selected something else
  // meanwhile (a click elsewhere that also ended the lag field's editing).
  const moveSelection = (to: string | null) => {
    if (store.getState().selectedDependencyId === dependency.id) {
      store.setState({ selectedDependencyId: to })
    }
  }

  // The user's change, not an undo or redo (those read the board themselves and pass what it
  // holds now, ./undo-dependency.ts): the board's dependency is read afresh first. Main answers
  // a delete of one already gone as done, so a dependency deleted elsewhere was quietly created
  // again, and a lag changed elsewhere was written over unseen.
  let target = dependency
  if (options?.record !== false) {
    const read = await call(() => api.calls.depsBetween({ predecessorId, successorId }))
    if (!read.ok) {
      return fail(
        store,
        `Could not change the lag of ${name}: the board could not be read to check it (${clause(read.error.message)}). Nothing was changed.`,
      )
    }
    const now = read.value
    if (!now) {
      removed(store, dependency.id)
      return fail(
        store,
        `The dependency ${name} is no longer on the board (deleted elsewhere). Nothing was changed.`,
      )
    }
    // The chart shows what the board holds (a new id when it was drawn again elsewhere).
    showBetween(store, dependency, now)
    moveSelection(now.id)
    if (now.lagDays !== oldLag) {
      return fail(
        store,
        `The lag of ${name} was changed on the board to ${days(now.lagDays)} since you saw ${days(oldLag)}. Nothing was changed; set it again if you still want ${days(lagDays)}.`,
      )
    }
    target = now
  }
  const retarget = (to: string | null) => {
    if (store.getState().selectedDependencyId === target.id) {
      store.setState({ selectedDependencyId: to })
    }
  }

  const deleted = await call(() => api.calls.depsDelete({ id: target.id }))
  if (!deleted.ok) {
    if (deleted.error.code === 'NOT_FOUND') {
      removed(store, target.id)
      return fail(store, `The dependency ${name} is no longer on the board`)
    }
    return fail(store, `Could not change the lag of ${name}: ${deleted.error.message}`)
  }
  removed(store, target.id, true)

  const made = await send(store, api, { predecessorId, successorId, lagDays })
  if (made.ok) {
    retarget(made.dependency.id)
    recordStep(store, options, {
      madeOn,
      label: `change the lag of ${name} to ${days(lagDays)}`,
      undo: {
        kind: 'setLag',
        predecessorId,
        successorId,
        lagDays: oldLag,
        expected: { lagDays },
      },
      redo: { kind: 'setLag', predecessorId, successorId, lagDays, expected: { lagDays: oldLag } },
    })
    return { ok: true, dependency: made.dependency }
  }

  // The old one is gone and the new one was refused: put the old one back as it was.
  const restored = await send(store, api, { predecessorId, successorId, lagDays: oldLag })
  if (restored.ok) {
    retarget(restored.dependency.id)
    return fail(
      store,
      `Could not change the lag of ${name} to ${days(lagDays)} (${clause(made.reason)}). It is kept with its lag of ${days(oldLag)}.`,
    )
  }
  retarget(null)
  // The board holds what a delete leaves, and nothing is journaled to mend it: the step is
  // recorded as the delete it came to, so that Undo draws it again with its old lag. Undo and
  // redo (record: false) keep their own entry, which is not done and can be run again.
  recordStep(store, options, {
    madeOn,
    label: `delete dependency ${name}`,
    undo: { kind: 'createDependency', predecessorId, successorId, lagDays: oldLag, expected: null },
    redo: { kind: 'deleteDependency', predecessorId, successorId, expected: { lagDays: oldLag } },
  })
  const remedy =
    options?.record === false
      ? 'Draw it again to restore it.'
      : `Undo (Ctrl+Z) puts it back with its lag of ${days(oldLag)}.`
  return fail(
    store,
    `The dependency ${name} (lag ${days(oldLag)}) was lost: its lag could not be changed to ${days(lagDays)} (${clause(made.reason)}), and it could not be put back (${clause(restored.reason)}). ${remedy}`,
  )
}
