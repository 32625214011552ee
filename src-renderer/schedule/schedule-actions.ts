// The planning views' actions, as plain async functions taking the store and the API (see
// ../state/actions): a problem's one-click fix, and baselines over IPC (list, save, show, delete).
//
// A move fix is ONE batch through applyEdit (an updateFields command of the absolute dates the
// scheduling core computed, cascade included), so it is optimistic, journaled and one undo step.
// A lag fix goes through changeLag (delete-then-create; the interface has no dependency update).
import { idTable } from '../../src-shared/api/id-table'
import type { Task } from '../../src-shared/api/resources'
import { baselineNameProblem } from '../../src-shared/baselines/saved-baseline'
import type { BaselineTaskDates } from '../../src-shared/baselines/saved-baseline'
import type { PlannerApi } from '../../src-shared/ipc'
import type { ProblemFix } from '../../src-shared/schedule'
import { applyEdit } from '../state'
import type { PlannerStore } from '../state'
import { changeLag } from '../state/actions/dependencies'

export type ActionResult = { ok: true; message: string } | { ok: false; message: string }

/** Sends one fix; its outcome is what applyEdit / changeLag already told the user. */
export async function applyFix(
  store: PlannerStore,
  api: PlannerApi,
  fix: ProblemFix,
): Promise<boolean> {
  if (fix.kind === 'set-lag') {
    const dependency = store.getState().board.dependencies.find((d) => d.id === fix.dependencyId)
    if (!dependency) return false
    return (await changeLag(store, api, dependency, fix.lagDays)).ok
  }
  const outcome = await applyEdit(store, api, {
    kind: 'updateFields',
    updates: fix.updates.map((u) => ({ ...u })),
  })
  return outcome.status !== 'rejected' && outcome.status !== 'unchanged'
}

export type PlanningOption = 'exactGaps' | 'cascadeWithoutAsking'

/** Switches of one board's option still being kept by main, by board and option. */
const planningSwitches = new Map<string, { latest: number; confirmed: boolean }>()

const OPTION_NAMES: Record<PlanningOption, string> = {
  exactGaps: 'Exact gaps',
  cascadeWithoutAsking: 'Apply cascades without asking',
}

/**
 * Switches one of the board's planning settings (kept per board by main, across restarts):
 * its exact-gap mode (the arrows, Problems and the what-if cascade follow at once), or whether
 * a drop applies its cascade without asking. A failure is said and changes nothing.
 */
export async function setPlanningOption(
  store: PlannerStore,
  api: PlannerApi,
  profileId: string,
  option: PlanningOption,
  on: boolean,
): Promise<boolean> {
  // Shown at once (the checkbox follows the click). Only this option is ever written into the
  // profile shown (another switched meanwhile keeps its own state), and only by the last of
  // several quick switches: it settles on what main kept, or on what main last confirmed.
  const key = `${profileId}\u0000${option}`
  const profileNow = () => store.getState().profiles.find((p) => p.id === profileId)
  const setShown = (value: boolean) => {
    const current = profileNow()
    if (current && current[option] !== value)
      store.getState().profileUpdated({ ...current, [option]: value })
  }
  let switching = planningSwitches.get(key)
  if (!switching) {
    switching = { latest: 0, confirmed: profileNow()?.[option] ?? false }
    planningSwitches.set(key, switching)
  }
  const mine = (switching.latest += 1)
  setShown(on)
  const saved = await api.calls.boardsSetPlanning({ profileId, [option]: on })
  if (saved.ok) switching.confirmed = saved.value[option]
  if (mine === switching.latest) {
    setShown(switching.confirmed)
    planningSwitches.delete(key)
  }
  if (!saved.ok) {
    store
      .getState()
      .addMessage('error', `"${OPTION_NAMES[option]}" was not changed: ${saved.error.message}`)
    return false
  }
  return true
}

export async function loadBaselines(
  store: PlannerStore,
  api: PlannerApi,
  profileId: string,
): Promise<void> {
  const result = await api.calls.baselinesList({ profileId })
  // A board switched meanwhile: this answer is about a board no longer shown.
  if (store.getState().board.profileId !== profileId) return
  store.getState().baselinesListed(profileId, result.ok ? result.value : [])
}

/** Every task with a date, as the board shows it now (unconfirmed edits included). */
export function baselineTasks(tasks: Iterable<Task>): Record<string, BaselineTaskDates> {
  const out = idTable<BaselineTaskDates>()
  for (const task of tasks) {
    if (task.startDate || task.dueDate)
      out[task.id] = { startDate: task.startDate, dueDate: task.dueDate }
  }
  return out
}

export async function saveBaseline(
  store: PlannerStore,
  api: PlannerApi,
  name: string,
): Promise<ActionResult> {
  const problem = baselineNameProblem(name)
  if (problem) return { ok: false, message: problem }
  const state = store.getState()
  const profileId = state.board.profileId
  if (!profileId) return { ok: false, message: 'No board is open.' }
  const trimmed = name.trim()
  const replaced = state.schedule.baselines.some((b) => b.name === trimmed)
  const tasks = baselineTasks(Object.values(state.board.tasksById))
  const result = await api.calls.baselinesSave({ profileId, baseline: { name: trimmed, tasks } })
  if (!result.ok) return { ok: false, message: result.error.message }
  if (store.getState().board.profileId === profileId) {
    store.getState().baselinesListed(profileId, result.value)
    // A replaced baseline that was shown shows its new dates.
    if (store.getState().schedule.shownBaseline?.name === trimmed)
      await showBaseline(store, api, trimmed)
  }
  const count = Object.keys(tasks).length
  return {
    ok: true,
    message: `Baseline “${trimmed}” ${replaced ? 'replaced' : 'saved'}: the dates of ${count} tasks, kept on this computer.`,
  }
}

/** Shows a baseline (thin bars, slip since baseline), or none. */
export async function showBaseline(
  store: PlannerStore,
  api: PlannerApi,
  name: string | null,
): Promise<ActionResult> {
  if (name === null) {
    store.getState().showBaseline(null)
    return { ok: true, message: '' }
  }
  const profileId = store.getState().board.profileId
  const result = await api.calls.baselinesGet({ profileId, name })
  if (!result.ok) return { ok: false, message: result.error.message }
  if (store.getState().board.profileId !== profileId) return { ok: true, message: '' }
  const { savedAt, tasks } = result.value
  store.getState().showBaseline({ name, savedAt, dates: new Map(Object.entries(tasks)) })
  return { ok: true, message: `Showing baseline “${name}”.` }
}

export async function deleteBaseline(
  store: PlannerStore,
  api: PlannerApi,
  name: string,
): Promise<ActionResult> {
  const profileId = store.getState().board.profileId
  const result = await api.calls.baselinesDelete({ profileId, name })
  if (!result.ok) return { ok: false, message: result.error.message }
  if (store.getState().board.profileId === profileId)
    store.getState().baselinesListed(profileId, result.value)
  return { ok: true, message: `Baseline “${name}” deleted.` }
}
