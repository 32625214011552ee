// The hover card of one task: beside the bar or tree row the pointer is on (./place-card.ts),
// following it while the view scrolls, and gone as soon as the pointer is on anything else or
// Esc is pressed. It never takes the pointer itself, so it cannot keep itself open.
import { useLayoutEffect, useRef } from 'react'
import type { Task } from '../../src-shared/api'
import { minuteOfTaskDate } from '../../src-shared/schedule/days'
import { usePlanner, usePlannerStore } from '../state'
import { placeCard } from './place-card'
import './hover-card.css'

function Field({ label, value }: { label: string; value: string }): React.JSX.Element | null {
  if (!value) return null
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}

/** The bar or row of the task under the pointer (else its bar): what the card sits beside. */
/** A task date with a time says its zone, as the details panel does: the planner counts UTC days. */
function utcMinute(value: string): string {
  const shown = minuteOfTaskDate(value)
  return shown.length > 10 ? `${shown} UTC` : shown
}

function anchorOf(id: string): Element | null {
  const own = `[data-task-id="${CSS.escape(id)}"]`
  return (
    document.querySelector(`.tb-bar${own}:hover, .tree-row${own}:hover`) ??
    document.querySelector(`.tb-bar${own}`)
  )
}

export function HoverCard(): React.JSX.Element | null {
  const store = usePlannerStore()
  const id = usePlanner((s) => s.view.hoverTaskId)
  const task: Task | undefined = usePlanner((s) => (id ? s.board.tasksById[id] : undefined))
  const card = useRef<HTMLElement>(null)

  useLayoutEffect(() => {
    const element = card.current
    if (!id || !element) return
    const close = () => store.getState().hoverTask(null)
    let frame = 0
    const place = () => {
      frame = 0
      const anchor = anchorOf(id)
      // Its bar scrolled out of the drawn window, its row collapsed: nothing to describe.
      if (!anchor) return close()
      const rect = anchor.getBoundingClientRect()
      const at = placeCard(
        rect,
        { width: element.offsetWidth, height: element.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
      )
      element.style.left = `${at.left}px`
      element.style.top = `${at.top}px`
      element.style.visibility = 'visible'
    }
    const later = () => {
      if (frame === 0) frame = requestAnimationFrame(place)
    }
    const onPointer = (event: PointerEvent) => {
      const over = event.target instanceof Element ? event.target.closest('[data-task-id]') : null
      if (over?.getAttribute('data-task-id') !== id) close()
      else later()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    place()
    window.addEventListener('pointermove', onPointer, true)
    window.addEventListener('scroll', later, true)
    window.addEventListener('resize', later)
    window.addEventListener('keydown', onKey, true)
    document.documentElement.addEventListener('pointerleave', close)
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame)
      window.removeEventListener('pointermove', onPointer, true)
      window.removeEventListener('scroll', later, true)
      window.removeEventListener('resize', later)
      window.removeEventListener('keydown', onKey, true)
      document.documentElement.removeEventListener('pointerleave', close)
    }
  }, [id, task, store])

  if (!task) return null
  return (
    <section
      ref={card}
      className="task-details hover-card"
      role="tooltip"
      aria-label={`Details of ${task.title}`}
    >
      <h3>
        {task.projectKey}-{task.key} <bdi>{task.title}</bdi>
      </h3>
      <dl>
        <Field label="Status" value={task.status} />
        <Field label="Assignee" value={task.assignedUserEmail} />
        <Field label="Priority" value={task.priority} />
        <Field label="Start" value={utcMinute(task.startDate)} />
        <Field label="Due" value={utcMinute(task.dueDate)} />
        <Field label="Tags" value={task.tags.join(', ')} />
        <Field label="Type" value={task.type} />
      </dl>
      {task.description && <p className="description">{task.description}</p>}
    </section>
  )
}
