// Tasks with no dates. Drag one onto the timeline to schedule it on the day it is dropped, or,
// from the keyboard, move through them with the arrow keys (a listbox: the list keeps the focus
// and names the active item) and press Enter to open one and give it dates; Shift+F10 or the
// Menu key opens its context menu.
//
// Windowed: only the items in the tray's view (and a few either side) are in the DOM, each one
// line high. A large board has thousands of undated tasks (3,818 at 50,000 tasks), and laying
// them all out was the largest part of the first frame (24,000 layout objects, most of them
// the tray's); a filter keystroke rebuilt them all too.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { Task } from '../src-shared/api'
import { usePlanner, usePlannerStore } from './state'

export const TASK_DRAG_TYPE = 'application/x-planner-task'

/** One item's line and the gap under it (styles.css, `.unscheduled li`). */
export const TRAY_ITEM_PX = 30
/** Items drawn beyond each end of the view: a fast scroll shows no gap before the next frame. */
const OVERSCAN = 8

interface TrayView {
  /** The list's top in the tray's scrolled content, px. */
  listTop: number
  scrollTop: number
  height: number
}

/** The items in view, as [first, end) indexes. */
export function trayWindow(view: TrayView, count: number): { first: number; end: number } {
  const top = view.scrollTop - view.listTop
  const first = Math.max(0, Math.floor(top / TRAY_ITEM_PX) - OVERSCAN)
  const end = Math.min(count, Math.ceil((top + view.height) / TRAY_ITEM_PX) + OVERSCAN)
  return { first, end: Math.max(first, end) }
}

export function UnscheduledTray({ tasks }: { tasks: readonly Task[] }): React.JSX.Element {
  const tray = useRef<HTMLElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const [view, setView] = useState<TrayView>({ listTop: 0, scrollTop: 0, height: 800 })
  const frame = useRef<number | null>(null)

  const measure = () => {
    const element = tray.current
    if (!element) return
    const next = {
      listTop: list.current?.offsetTop ?? 0,
      scrollTop: element.scrollTop,
      height: element.clientHeight,
    }
    setView((v) =>
      v.listTop === next.listTop && v.scrollTop === next.scrollTop && v.height === next.height
        ? v
        : next,
    )
  }
  // Sizes from the ResizeObserver (its callback runs after layout: no forced layout here).
  useLayoutEffect(() => {
    const element = tray.current
    if (!element) return
    const observer = new ResizeObserver(() => measure())
    observer.observe(element)
    return () => {
      observer.disconnect()
      if (frame.current !== null) cancelAnimationFrame(frame.current)
    }
  }, [])

  const onScroll = () => {
    if (frame.current !== null) return
    frame.current = requestAnimationFrame(() => {
      frame.current = null
      measure()
    })
  }

  // The keyboard's place in the list, by task (an index would drift when the tray changes).
  const store = usePlannerStore()
  const idPrefix = useId()
  const [activeId, setActiveId] = useState<string | null>(null)
  const pressed = useRef(false)

  // A task Find (or anything else) reveals that is here, not on the chart: scrolled to the
  // middle of the tray and marked, as its bar would be.
  const selectedIds = usePlanner((s) => s.selection.selectedIds)
  const reveal = usePlanner((s) => s.view.reveal)
  useEffect(() => {
    const element = tray.current
    const at = reveal ? tasks.findIndex((t) => t.id === reveal.taskId) : -1
    if (!element || at < 0) return
    const listTop = list.current?.offsetTop ?? 0
    element.scrollTop = Math.max(
      0,
      listTop + at * TRAY_ITEM_PX - (element.clientHeight - TRAY_ITEM_PX) / 2,
    )
    setActiveId(tasks[at]?.id ?? null)
    measure()
    // Only a new reveal scrolls; the tray's tasks changing does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal])

  const activeAt = activeId === null ? -1 : tasks.findIndex((t) => t.id === activeId)
  const activate = (at: number) => {
    const task = tasks[at]
    const element = tray.current
    if (!task || !element) return
    setActiveId(task.id)
    // As in the task tree, moving selects; arriving (Tab) only shows where the keyboard is.
    store.getState().selectTasks([task.id])
    // Into view, so the active item is drawn (the list is windowed) and seen.
    const top = (list.current?.offsetTop ?? 0) + at * TRAY_ITEM_PX
    if (top < element.scrollTop) element.scrollTop = top
    else if (top + TRAY_ITEM_PX > element.scrollTop + element.clientHeight)
      element.scrollTop = top + TRAY_ITEM_PX - element.clientHeight
    measure()
  }
  const onKeyDown = (event: React.KeyboardEvent) => {
    const page = Math.max(1, Math.floor(view.height / TRAY_ITEM_PX) - 1)
    const from = activeAt
    const to = {
      ArrowDown: from + 1,
      ArrowUp: from < 0 ? 0 : from - 1,
      Home: 0,
      End: tasks.length - 1,
      PageDown: from + page,
      PageUp: from - page,
    }[event.key]
    if (to !== undefined) {
      event.preventDefault()
      activate(Math.max(0, Math.min(tasks.length - 1, to)))
    } else if (
      (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) &&
      activeAt >= 0
    ) {
      // The menu (opened by the document's listener, after this) is the active item's.
      store.getState().selectTasks([tasks[activeAt]!.id])
    } else if (event.key === 'Enter' && activeAt >= 0) {
      event.preventDefault()
      event.stopPropagation()
      const id = tasks[activeAt]!.id
      store.getState().selectTasks([id])
      store.getState().showDetails(id)
    }
  }

  const { first, end } = trayWindow(view, tasks.length)
  return (
    <aside className="unscheduled" aria-label="Unscheduled tasks" ref={tray} onScroll={onScroll}>
      <h2 id={`${idPrefix}-heading`}>Unscheduled ({tasks.length})</h2>
      <ul
        ref={list}
        style={{ height: tasks.length * TRAY_ITEM_PX }}
        role="listbox"
        // Several tray tasks may be selected (with bars chosen on the chart too).
        aria-multiselectable
        aria-labelledby={`${idPrefix}-heading`}
        tabIndex={tasks.length > 0 ? 0 : -1}
        aria-activedescendant={
          activeAt >= first && activeAt < end ? `${idPrefix}-${activeAt}` : undefined
        }
        onFocus={() => {
          // The keyboard arrives where the user looks: on the selected task if it is in view,
          // else on the first item in view. Nothing scrolls (a press on an item focuses the
          // list too, and the tray must not jump under the pointer).
          if (pressed.current) {
            pressed.current = false
            return
          }
          if (tasks.length === 0) return
          const top = view.scrollTop - view.listTop
          const firstInView = Math.max(0, Math.ceil(top / TRAY_ITEM_PX))
          const lastInView = Math.floor((top + view.height) / TRAY_ITEM_PX) - 1
          if (activeAt >= firstInView && activeAt <= lastInView) return
          const selected = tasks.findIndex((t) => selectedIds.includes(t.id))
          const at =
            selected >= firstInView && selected <= lastInView
              ? selected
              : Math.min(firstInView, tasks.length - 1)
          setActiveId(tasks[at]!.id)
        }}
        onKeyDown={onKeyDown}
      >
        {tasks.slice(first, end).map((task, i) => {
          const name = `${task.projectKey}-${task.key} ${task.title}`
          const at = first + i
          return (
            <li
              key={task.id}
              id={`${idPrefix}-${at}`}
              role="option"
              aria-selected={selectedIds.includes(task.id)}
              className={
                [selectedIds.includes(task.id) ? 'selected' : '', at === activeAt ? 'active' : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              draggable
              data-task-id={task.id}
              onMouseDown={() => {
                // The item pressed is the active one, even partly out of view (onFocus next).
                pressed.current = document.activeElement !== list.current
                setActiveId(task.id)
              }}
              style={{ top: (first + i) * TRAY_ITEM_PX }}
              // The list is windowed: its size and each item's place, for screen readers.
              aria-setsize={tasks.length}
              aria-posinset={first + i + 1}
              title={name}
              onDragStart={(event) => {
                event.dataTransfer.setData(TASK_DRAG_TYPE, task.id)
                event.dataTransfer.effectAllowed = 'move'
              }}
              aria-label={`${name}, unscheduled; Enter opens it to give it dates, or drag it onto the timeline`}
            >
              <span className="task-key">{`${task.projectKey}-${task.key}`}</span> {task.title}
            </li>
          )
        })}
      </ul>
    </aside>
  )
}
