// What the context menu offers on a task (its bar or its row) or on an arrow, as plain items the
// menu renders; each runs an action of the store. Items a task cannot take are left out (a
// milestone has no subtasks; "Remove from parent" only for a subtask).
import type { Dependency, Task } from '../../src-shared/api/resources'
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { applyEdit } from '../state'
import { deleteDependency } from '../state/actions/dependencies'
import { changeLagOf } from '../dependencies/lag-focus'
import type { PlannerStore } from '../state'
import type { MenuTarget } from '../state/slices/menu-slice'
import { knownTaskUrls, taskUrl } from './task-url'
import { isHttpUrl } from '../../src-shared/api/value-checks'

export interface MenuItem {
  /** The item's text: its accessible name. */
  label: string
  /** Why it cannot run now; shown as a disabled item with this as its description. */
  disabledReason?: string
  run(): void | Promise<unknown>
}

const keyOf = (task: Pick<Task, 'projectKey' | 'key'>) => `${task.projectKey}-${task.key}`

export function menuItems(store: PlannerStore, api: PlannerApi, target: MenuTarget): MenuItem[] {
  const state = store.getState()
  if (target.kind === 'dependency') {
    const dependency = state.board.dependencies.find((d) => d.id === target.dependencyId)
    return dependency ? dependencyItems(store, api, dependency) : []
  }
  const task = state.board.tasksById[target.taskId]
  return task ? taskItems(store, api, task) : []
}

function taskItems(store: PlannerStore, api: PlannerApi, task: Task): MenuItem[] {
  const state = store.getState()
  const key = keyOf(task)
  const edit = (fields: { parentId?: string; milestoneId?: string }) =>
    applyEdit(store, api, { kind: 'updateFields', updates: [{ id: task.id, ...fields }] })
  const items: MenuItem[] = [
    { label: 'Open', run: () => state.showDetails(task.id) },
    task.type === 'milestone'
      ? { label: 'New task in milestone', run: () => state.openCreate({ milestoneId: task.id }) }
      : { label: 'New subtask', run: () => state.openCreate({ parentId: task.id }) },
    // The details panel holds the task picker, the lag and "Add dependency".
    { label: 'Add predecessor', run: () => state.showDetails(task.id) },
    { label: 'Add successor', run: () => state.showDetails(task.id) },
  ]
  if (task.parentId) items.push({ label: 'Remove from parent', run: () => edit({ parentId: '' }) })
  if (task.milestoneId && task.type !== 'milestone')
    items.push({ label: 'Remove from milestone', run: () => edit({ milestoneId: '' }) })
  const url = taskUrl(
    task,
    knownTaskUrls(state.board.dependencies, state.board.taskUrls),
    state.board.tasksById,
  )
  items.push(
    url
      ? { label: 'Copy link', run: () => copyLink(store, key, url) }
      : {
          label: 'Copy link',
          disabledReason: `The board has not named ${key}'s link yet (it names links in dependencies and saved edits).`,
          run: () => undefined,
        },
  )
  return items
}

function dependencyItems(store: PlannerStore, api: PlannerApi, dependency: Dependency): MenuItem[] {
  const state = store.getState()
  const name = (id: string, projectKey: string, key: number) =>
    keyOf(state.board.tasksById[id] ?? { projectKey, key })
  const pred = name(
    dependency.predecessorId,
    dependency.predecessorProjectKey,
    dependency.predecessorKey,
  )
  const succ = name(dependency.successorId, dependency.successorProjectKey, dependency.successorKey)
  return [
    // Selecting the arrow opens its panel: "Lag (days)" and "Delete dependency".
    { label: 'Change lag', run: () => changeLagOf(store, dependency.id) },
    { label: 'Delete dependency', run: () => deleteDependency(store, api, dependency) },
    { label: `Open ${pred}`, run: () => state.showDetails(dependency.predecessorId) },
    { label: `Open ${succ}`, run: () => state.showDetails(dependency.successorId) },
    // "Copy link", as on a bar or a row (issue 11 names it for arrows too): one item, so the name
    // is the same everywhere; an arrow's copies the links of both its tasks, one a line.
    linksItem(store, [
      [pred, dependency.predecessorUrl],
      [succ, dependency.successorUrl],
    ]),
  ]
}

function linksItem(store: PlannerStore, ends: readonly (readonly [string, string])[]): MenuItem {
  const named = ends.filter(([, url]) => isHttpUrl(url))
  const missing = ends.filter(([, url]) => !isHttpUrl(url)).map(([key]) => key)
  if (named.length === 0)
    return {
      label: 'Copy link',
      disabledReason: `The board names no web link for ${missing.join(' or ')}.`,
      run: () => undefined,
    }
  const keys = named.map(([key]) => key).join(' and ')
  return {
    label: 'Copy link',
    run: () =>
      copyLink(
        store,
        keys,
        named.map(([, url]) => url).join('\n'),
        named.length > 1 ? 'links' : 'link',
      ),
  }
}

async function copyLink(
  store: PlannerStore,
  key: string,
  url: string,
  what: 'link' | 'links' = 'link',
): Promise<void> {
  try {
    // A clipboard that never answers (a permission prompt nobody sees) must not leave the
    // user without the link.
    await Promise.race([
      navigator.clipboard.writeText(url),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), 2_000)),
    ])
    store.getState().addMessage('info', `Copied the ${what} to ${key}: ${url.replace('\n', ' ')}`)
  } catch {
    // No clipboard (a page without focus, a denied permission): the link is still given.
    store
      .getState()
      .addMessage(
        'warning',
        `Could not copy to the clipboard; the ${what} to ${key} ${what === 'link' ? 'is' : 'are'} ${url.replace('\n', ' ')}`,
      )
  }
}
