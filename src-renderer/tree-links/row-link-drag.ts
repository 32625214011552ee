// Dragging a tree row onto another row makes it a subtask of that row; with Alt held at the drop,
// it links the task to that milestone instead. The link rules (never its own ancestor, a
// milestone is never a subtask nor has any, a milestone never belongs to a milestone) are
// checked first and said in the service's words; nothing is sent then. Pointer events on the
// document, so the tree's rows need nothing but their `data-task-id`.
import { useEffect } from 'react'
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { applyEdit } from '../state'
import type { PlannerStore } from '../state'
import { milestoneProblem, parentProblem, taskKey } from '../task-form/links'
import './row-link-drag.css'

/** Pixels the pointer travels before a press on a row becomes a drag (a click stays a click). */
const DRAG_THRESHOLD = 6
const ROW = '.tree-row.task[data-task-id]'

export type RowLink = { kind: 'parent' | 'milestone'; taskId: string; targetId: string }

/** Why the link cannot be made, in words; undefined when it can. */
export function rowLinkProblem(store: PlannerStore, link: RowLink): string | undefined {
  const { tasksById } = store.getState().board
  const task = tasksById[link.taskId]
  const target = tasksById[link.targetId]
  if (!task || !target) return 'that task is not on the loaded board'
  if (link.kind === 'parent') return parentProblem(tasksById, task.id, target.id)
  if (target.type !== 'milestone') return `${taskKey(target)} is a task, not a milestone`
  return milestoneProblem(tasksById, task.type, target.id)
}

/** Makes the link (one update batch, undoable), or says why not and sends nothing. */
export async function linkRows(store: PlannerStore, api: PlannerApi, link: RowLink): Promise<void> {
  const { tasksById } = store.getState().board
  const task = tasksById[link.taskId]
  const target = tasksById[link.targetId]
  const what =
    link.kind === 'parent'
      ? `make ${task ? taskKey(task) : link.taskId} a subtask of ${target ? taskKey(target) : link.targetId}`
      : `link ${task ? taskKey(task) : link.taskId} to milestone ${target ? taskKey(target) : link.targetId}`
  const problem = rowLinkProblem(store, link)
  if (problem) {
    store.getState().addMessage('error', `Cannot ${what}: ${problem}.`)
    return
  }
  const field = link.kind === 'parent' ? 'parentId' : 'milestoneId'
  await applyEdit(store, api, {
    kind: 'updateFields',
    updates: [{ id: link.taskId, [field]: link.targetId }],
  })
}

export function useRowLinkDrag(store: PlannerStore, api: PlannerApi): void {
  useEffect(() => {
    let press: { taskId: string; x: number; y: number; dragging: boolean } | null = null
    let marked: Element | null = null
    const mark = (row: Element | null, invalid: boolean) => {
      marked?.classList.remove('link-drop-target', 'link-drop-invalid')
      marked = row
      row?.classList.add('link-drop-target')
      if (invalid) row?.classList.add('link-drop-invalid')
    }
    const end = () => {
      mark(null, false)
      document.body.classList.remove('row-link-dragging')
      press = null
    }
    const rowAt = (event: PointerEvent) =>
      document.elementFromPoint(event.clientX, event.clientY)?.closest(ROW) ?? null
    const linkAt = (event: PointerEvent): RowLink | undefined => {
      const targetId = rowAt(event)?.getAttribute('data-task-id')
      if (!press || !targetId || targetId === press.taskId) return undefined
      return { kind: event.altKey ? 'milestone' : 'parent', taskId: press.taskId, targetId }
    }

    const onDown = (event: PointerEvent) => {
      if (event.button !== 0 || !(event.target instanceof Element)) return
      if (event.target.closest('button, input, select, textarea')) return
      const row = event.target.closest(ROW)
      const taskId = row?.getAttribute('data-task-id')
      if (taskId) press = { taskId, x: event.clientX, y: event.clientY, dragging: false }
    }
    const onMove = (event: PointerEvent) => {
      if (!press) return
      if (!press.dragging) {
        if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return
        press.dragging = true
        document.body.classList.add('row-link-dragging')
      }
      const link = linkAt(event)
      mark(link ? rowAt(event) : null, link ? rowLinkProblem(store, link) !== undefined : false)
    }
    const onUp = (event: PointerEvent) => {
      const link = press?.dragging ? linkAt(event) : undefined
      end()
      if (link) void linkRows(store, api, link)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && press?.dragging) end()
    }
    document.addEventListener('pointerdown', onDown)
    document.addEventListener('pointermove', onMove)
    document.addEventListener('pointerup', onUp)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onDown)
      document.removeEventListener('pointermove', onMove)
      document.removeEventListener('pointerup', onUp)
      document.removeEventListener('keydown', onKey)
    }
  }, [store, api])
}
