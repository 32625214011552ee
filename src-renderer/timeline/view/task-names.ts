// What a task is called on the timeline: a bar's short label (what it shows), and the accessible
// names of its tree row and its bar (what a screen reader says).
import type { Task } from '../../../src-shared/api'
import { dayOfTaskDate } from '../../../src-shared/schedule/days'

/** Initials of an e-mail's name part: "ada.lovelace@…" -> "AL". */
export function initials(email: string): string {
  const name = email.split('@')[0] ?? ''
  return name
    .split(/[._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('')
}

/**
 * A task's accessible name in the tree: what the row shows (key, title, initials) first and
 * whole, so a voice user can say what they see (WCAG 2.5.3, label in name), then what a sighted
 * user reads off the chart: status or milestone, dates, assignee.
 */
export function taskName(task: Task): string {
  const initialsShown = task.assignedUserEmail ? ` ${initials(task.assignedUserEmail)}` : ''
  const what = task.type === 'milestone' ? 'milestone' : task.status
  return `${task.projectKey}-${task.key} ${task.title}${initialsShown}, ${what}${datesAndAssignee(task)}`
}

/** A bar's accessible name: its visible label first and whole (as above), then key and dates. */
export function barName(task: Task): string {
  const what = task.type === 'milestone' ? ', milestone' : ''
  return `${labelWords(task, (text) => text)}, ${task.projectKey}-${task.key}${what}${datesAndAssignee(task)}`
}

function datesAndAssignee(task: Task): string {
  const start = dayOfTaskDate(task.startDate)
  const due = dayOfTaskDate(task.dueDate)
  const dates =
    start && due && task.type !== 'milestone'
      ? `, ${start} to ${due}`
      : due
        ? `, due ${due}`
        : start
          ? `, starts ${start}`
          : ''
  const who = task.assignedUserEmail ? `, assigned to ${task.assignedUserEmail}` : ''
  return `${dates}${who}`
}

/**
 * What a bar says at a glance: title, assignee and status. The title and the status are a
 * board's text, each isolated (FSI … PDI) as the tree's and the panels' <bdi> do: a title ending
 * in a right-to-left override (U+202E) otherwise turned the rest of the label around, so the bar
 * showed another status, and a Hebrew or Arabic title pulled the initials and status into its
 * own order.
 */
export function barLabel(task: Task): string {
  return labelWords(task, isolated)
}

const isolated = (text: string) => `\u2068${text}\u2069`

function labelWords(task: Task, board: (text: string) => string): string {
  const who = task.assignedUserEmail ? ` · ${initials(task.assignedUserEmail)}` : ''
  return `${board(task.title)}${who} · ${board(task.status)}`
}
