// Undo and redo of a dependency step (an add, a delete or a lag change, ./dependencies.ts). The
// dependency has no version to compare (the interface gives it no updatedAt), so before the step
// is sent the board's dependency between the two tasks is read afresh (deps:between) and compared
// with what the step expects there: what the user's action left. A change made elsewhere since
// (deleted, added, another lag) is put to the user, who says whether to write over it, as for
// task edits. The step then acts on what the board holds now, not on the last sync's copy: a
// dependency recreated elsewhere has a new id.
import type { Dependency } from '../../../src-shared/api/resources'
import { dependencyName, days } from '../../dependencies/dependency-words'
import { addMessages } from '../edit-batches'
import type { ExpectedDependency, UndoStep } from '../slices/history-slice'
import type { PlannerStore } from '../store'
import type { PlannerApi } from '../../../src-shared/ipc/planner-api'
import { askUser } from './ask-user'
import {
  call,
  changeLag,
  clause,
  createDependency,
  deleteDependency,
  namer,
  showBetween,
} from './dependencies'

export type DependencyStep = Extract<
  UndoStep,
  { kind: 'createDependency' | 'deleteDependency' | 'setLag' }
>

/** Runs the step; true when the board now holds what the step wanted. */
export async function runDependencyStep(
  store: PlannerStore,
  api: PlannerApi,
  step: DependencyStep,
  label: string,
  direction: 'undo' | 'redo',
): Promise<boolean> {
  const verb = direction === 'undo' ? 'Undo' : 'Redo'
  const { predecessorId, successorId } = step
  const read = await call(() => api.calls.depsBetween({ predecessorId, successorId }))
  if (!read.ok) {
    store.setState((s) => ({
      edits: addMessages(s.edits, [
        {
          kind: 'error',
          text: `Could not ${verb.toLowerCase()} ${label}: the board could not be read to check for changes made elsewhere (${clause(read.error.message)}). Nothing was changed.`,
        },
      ]),
    }))
    return false
  }
  const now = read.value
  showBetween(store, step, now)
  // The board already holds what the step wants (changed elsewhere to just that): nothing to
  // write over, nothing to ask.
  const wanted = step.kind === 'deleteDependency' ? null : step.lagDays
  if (wanted === null ? !now : now?.lagDays === wanted) return true
  const change = changeSince(step.expected, now)
  if (change) {
    const name = dependencyName(namer(store), predecessorId, successorId)
    const answer = await askUser(store, {
      title: `${verb} ${label}?`,
      message:
        `Changed on the board since your edit; ${direction === 'undo' ? 'undoing' : 'redoing'} ` +
        'writes over this change:',
      details: [`${name}: ${change}`],
      choices: [
        { value: 'anyway', label: `${verb} anyway` },
        { value: 'cancel', label: 'Cancel' },
      ],
    })
    if (answer?.choice !== 'anyway') return false
  }
  const noRecord = { record: false }
  if (wanted === null) return now ? (await deleteDependency(store, api, now, noRecord)).ok : true
  if (!now) {
    const ends = { predecessorId, successorId, lagDays: wanted }
    return (await createDependency(store, api, ends, noRecord)).ok
  }
  return (await changeLag(store, api, now, wanted, noRecord)).ok
}

/** How the board's dependency differs from what the step expects, in words; undefined if not. */
function changeSince(expected: ExpectedDependency, now: Dependency | null): string | undefined {
  if (expected === null) {
    return now ? `added on the board since, with a lag of ${days(now.lagDays)}` : undefined
  }
  if (!now) return 'deleted on the board since'
  if (now.lagDays !== expected.lagDays) {
    return `its lag was changed on the board to ${days(now.lagDays)} (you left ${days(expected.lagDays)})`
  }
  return undefined
}
