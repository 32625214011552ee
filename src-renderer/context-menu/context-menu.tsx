// The context menu of bars, tree rows, the Unscheduled tray's items and arrows (right click, the
// Menu key or Shift+F10 on the focused row, tray item, bar or arrow). It listens on the
// document, so the timeline and the tree only need to mark their elements: `data-task-id` on a
// bar or row, `data-link-id` on an arrow. A role=menu with menuitems: arrow keys move, Enter
// runs, Esc or a click elsewhere closes.
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { flushSync } from 'react-dom'
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { usePlanner, usePlannerStore } from '../state'
import type { PlannerStore } from '../state'
import type { MenuTarget } from '../state/slices/menu-slice'
import { menuItems } from './menu-items'
import './context-menu.css'
import { useReturnFocus } from '../focus/return-focus'
import { useReturnFocusToChart } from './chart-opener'

/** A task's bar, its tree row, or its item in the Unscheduled tray. */
const TASK_ELEMENTS =
  '.tb-bar[data-task-id], .tree-row[data-task-id], .unscheduled li[data-task-id]'

function targetOf(element: Element | null): MenuTarget | undefined {
  const link = element?.closest('[data-link-id]')
  if (link) return { kind: 'dependency', dependencyId: link.getAttribute('data-link-id') ?? '' }
  const task = element?.closest(TASK_ELEMENTS)
  if (task) return { kind: 'task', taskId: task.getAttribute('data-task-id') ?? '' }
  return undefined
}

function useMenuTriggers(store: PlannerStore): void {
  useEffect(() => {
    const onContextMenu = (event: MouseEvent) => {
      const target = targetOf(event.target instanceof Element ? event.target : null)
      if (!target) return
      event.preventDefault()
      if (target.kind === 'task') store.getState().selectTasks([target.taskId])
      store.getState().openContextMenu(event.clientX, event.clientY, target)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      const isMenuKey = event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)
      if (!isMenuKey) return
      // In a dialog (New task, the details panel, a question) the keys are the dialog's: the
      // menu of the task selected behind it would act on a task the user is not looking at.
      const target = event.target instanceof Element ? event.target : null
      if (target?.closest('[role="dialog"], [role="alertdialog"], dialog')) return
      // A focused arrow or bar in the chart: its own menu, where it is drawn. The focused task is
      // the tree's, and an arrow is no task: its menu once opened the task's behind it.
      const active = document.activeElement
      const chartElement = active?.closest('[data-link-id], .tb-bar[data-task-id]')
      const chartTarget = chartElement ? targetOf(chartElement) : undefined
      if (chartElement && chartTarget) {
        event.preventDefault()
        if (chartTarget.kind === 'task') store.getState().selectTasks([chartTarget.taskId])
        const box = (active ?? chartElement).getBoundingClientRect()
        store
          .getState()
          .openContextMenu(box.left + Math.min(24, box.width / 2), box.bottom, chartTarget)
        return
      }
      const focused = store.getState().selection.focusedId
      const id = focused ? CSS.escape(focused) : ''
      const row = focused
        ? document.querySelector(
            `.tree-row[data-task-id="${id}"], .unscheduled li[data-task-id="${id}"]`,
          )
        : null
      if (!focused || !row) return
      event.preventDefault()
      const box = row.getBoundingClientRect()
      store.getState().openContextMenu(box.left + 24, box.bottom, { kind: 'task', taskId: focused })
    }
    document.addEventListener('contextmenu', onContextMenu)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('contextmenu', onContextMenu)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [store])
}

export function ContextMenu({ api }: { api: PlannerApi }): React.JSX.Element | null {
  const store = usePlannerStore()
  const open = usePlanner((s) => s.contextMenu)
  const menu = useRef<HTMLDivElement>(null)
  useMenuTriggers(store)
  useReturnFocusToChart(menu, open !== null, store)
  useReturnFocus(menu, open !== null)
  const items = useMemo(() => (open ? menuItems(store, api, open.target) : []), [open, store, api])

  // Kept inside the window: a menu opened near an edge opens towards the middle instead.
  useLayoutEffect(() => {
    const element = menu.current
    if (!open || !element) return
    const box = element.getBoundingClientRect()
    const margin = 4
    const left = Math.max(margin, Math.min(open.x, window.innerWidth - box.width - margin))
    const top =
      open.y + box.height + margin > window.innerHeight
        ? Math.max(margin, open.y - box.height)
        : open.y
    element.style.left = `${left}px`
    element.style.top = `${top}px`
  }, [open])

  useEffect(() => {
    if (!open) return
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not([disabled])')?.focus()
    const onPointerDown = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) store.getState().closeContextMenu()
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => document.removeEventListener('pointerdown', onPointerDown, true)
  }, [open, store])

  if (!open || items.length === 0) return null
  const close = () => store.getState().closeContextMenu()
  const onKeyDown = (event: React.KeyboardEvent) => {
    const buttons = [
      ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ??
        []),
    ]
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key as 'ArrowDown' | 'ArrowUp']
    if (step) {
      event.preventDefault()
      buttons[(at + step + buttons.length) % buttons.length]?.focus()
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }
  const label =
    open.target.kind === 'task'
      ? `Actions for ${taskName(store, open.target.taskId)}`
      : 'Actions for the dependency'
  return (
    <div
      ref={menu}
      className="context-menu"
      role="menu"
      aria-label={label}
      style={{ left: open.x, top: open.y }}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          disabled={item.disabledReason !== undefined}
          title={item.disabledReason}
          onClick={() => {
            // Closed first, on its own: the menu hands the keyboard back to where it was opened
            // (the bar, row or tray item) before a panel the item opens takes note of its opener.
            flushSync(close)
            void item.run()
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  )
}

function taskName(store: PlannerStore, id: string): string {
  const task = store.getState().board.tasksById[id]
  return task ? `${task.projectKey}-${task.key} ${task.title}` : id
}
