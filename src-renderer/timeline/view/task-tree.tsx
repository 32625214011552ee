// The task tree beside the chart, row for row: project groups, parents with their subtasks,
// collapsible; only the rows in view are rendered. It is the keyboard's home: arrow keys move the
// selection, Enter opens the details, Delete does nothing destructive.
import { memo, useId } from 'react'
import type { KeyboardEvent } from 'react'
import type { Task } from '../../../src-shared/api'
import { selectContextIds } from '../../filters/filter-outcome'
import { Icon } from '../../icons/icon'
import { selectFocusChain } from '../../schedule/schedule-selectors'
import { usePlanner, usePlannerStore } from '../../state'
import type { Row } from '../geometry'
import { initials, taskName } from './task-names'

export const TREE_WIDTH = 300

interface TaskTreeProps {
  rows: readonly Row<Task>[]
  first: number
  last: number
  rowHeight: number
  top: number
  rowIds: readonly string[]
}

// Memoised: a scroll frame re-renders the timeline view, and the tree's props (the layout's rows,
// the rendered window) change only when the window moves by a block. It still follows the store.
export const TaskTree = memo(function TaskTree({
  rows,
  first,
  last,
  rowHeight,
  top,
  rowIds,
}: TaskTreeProps): React.JSX.Element {
  const store = usePlannerStore()
  const selected = usePlanner((s) => s.selection.selectedIds)
  const focused = usePlanner((s) => s.selection.focusedId)
  const context = usePlanner(selectContextIds)
  // A milestone's chain is focused (the Milestones view): the other rows are dimmed.
  const chain = usePlanner(selectFocusChain)

  const idPrefix = useId()
  const rowElementId = (taskId: string) => `${idPrefix}-${taskId}`

  /**
   * The ARIA tree's Right and Left on the focused row (a task or a project's group): open or
   * close it, or go to its first subtask (Right) or to the row it is shown under (Left): its
   * parent, else its group, as drawn (a pinned subtask's parent in the band is the band).
   */
  const openOrClose = (key: 'ArrowRight' | 'ArrowLeft') => {
    const state = store.getState()
    const id = state.selection.focusedId
    const at = id ? rows.findIndex((r) => r.id === id) : -1
    const row = rows[at]
    if (!row) return
    if (key === 'ArrowRight') {
      if (row.hasChildren && row.collapsed) state.toggleCollapsed(row.id)
      else if (row.hasChildren) state.moveFocus('down', rowIds, { shift: false, ctrl: false })
    } else if (row.hasChildren && !row.collapsed) {
      state.toggleCollapsed(row.id)
    } else if (row.kind === 'task') {
      let above = row.parentId
      if (above === '') {
        // Top of its group: the group's own row, the nearest group row above it.
        for (let i = at - 1; i >= 0 && above === ''; i--)
          if (rows[i]!.kind === 'group') above = rows[i]!.id
      }
      if (above !== '' && rowIds.includes(above)) state.selectTasks([above])
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const state = store.getState()
    if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && !event.altKey) {
      // With Shift they stay the scroller's: the chart pans sideways from the keyboard.
      if (event.shiftKey) return
      event.preventDefault()
      openOrClose(event.key)
      return
    }
    const modifiers = { shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey }
    const moves: Record<string, 'up' | 'down' | 'first' | 'last'> = {
      ArrowUp: 'up',
      ArrowDown: 'down',
      Home: 'first',
      End: 'last',
    }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      state.moveFocus(move, rowIds, modifiers)
    } else if (event.key === 'Enter' && state.selection.focusedId) {
      event.preventDefault()
      state.showDetails(state.selection.focusedId)
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      state.addMessage(
        'info',
        'Tasks are not deleted from the planner; remove them on the board itself.',
      )
    } else if (event.key === 'Escape') {
      state.showDetails(null)
    }
  }

  const shown = []
  for (let index = first; index <= last; index += 1) {
    const row = rows[index]!
    const style = { top: top + index * rowHeight, height: rowHeight }
    if (row.kind === 'group') {
      shown.push(
        <div
          key={row.id}
          id={rowElementId(row.id)}
          className={['tree-row', 'group', focused === row.id ? 'focused' : '']
            .filter(Boolean)
            .join(' ')}
          style={style}
          role="treeitem"
          aria-level={1}
          aria-expanded={!row.collapsed}
          aria-label={row.pinned ? 'Pinned tasks' : `Project ${row.projectKey}`}
        >
          <button
            type="button"
            className="toggle"
            aria-label={`${row.collapsed ? 'Expand' : 'Collapse'} ${row.projectKey || 'pinned tasks'}`}
            onClick={() => store.getState().toggleCollapsed(row.id)}
          >
            {row.collapsed ? '▸' : '▾'}
          </button>
          <span className="group-name">
            {row.pinned ? (
              <>
                <Icon name="pin" /> Pinned
              </>
            ) : (
              row.projectKey
            )}
          </span>
        </div>,
      )
      continue
    }
    const task = row.task
    const isSelected = selected.includes(task.id)
    shown.push(
      <div
        key={row.id}
        className={[
          'tree-row',
          'task',
          isSelected ? 'selected' : '',
          focused === task.id ? 'focused' : '',
          task.type,
          context.has(task.id) ? 'filter-context' : '',
          chain && !chain.has(task.id) ? 'focus-dim' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        style={{ ...style, paddingLeft: 8 + (row.depth + 1) * 16 }}
        role="treeitem"
        aria-level={row.depth + 2}
        aria-selected={isSelected}
        aria-expanded={row.hasChildren ? !row.collapsed : undefined}
        aria-label={
          context.has(task.id)
            ? `${taskName(task)}, shown as the parent of a match`
            : taskName(task)
        }
        id={rowElementId(task.id)}
        data-task-id={task.id}
        onClick={(event) =>
          store
            .getState()
            .clickTask(
              task.id,
              { shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey },
              rowIds,
            )
        }
        onMouseEnter={() => store.getState().hoverTask(task.id)}
        onMouseLeave={() => store.getState().hoverTask(null)}
      >
        {row.hasChildren ? (
          <button
            type="button"
            className="toggle"
            aria-label={`${row.collapsed ? 'Expand' : 'Collapse'} ${task.title}`}
            onClick={(event) => {
              event.stopPropagation()
              store.getState().toggleCollapsed(task.id)
            }}
          >
            {row.collapsed ? '▸' : '▾'}
          </button>
        ) : (
          <span className="toggle-space" />
        )}
        <span className="task-key">{`${task.projectKey}-${task.key}`}</span>{' '}
        <span className="task-title">{task.title}</span>{' '}
        {task.assignedUserEmail && (
          <span className="assignee" title={task.assignedUserEmail}>
            {initials(task.assignedUserEmail)}
          </span>
        )}
      </div>,
    )
  }
  let focusedDrawn = false
  for (let index = first; index <= last && !focusedDrawn; index += 1) {
    const row = rows[index]!
    focusedDrawn = row.id === focused
  }
  return (
    <div
      className="task-tree"
      role="tree"
      aria-label="Tasks"
      aria-multiselectable
      // The tree keeps the focus; a screen reader follows the focused row through this.
      aria-activedescendant={focusedDrawn ? rowElementId(focused!) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      style={{ width: TREE_WIDTH, height: top + rows.length * rowHeight }}
    >
      {shown}
    </div>
  )
})
