// "Find": jumps to a task by its key ("APP-12") or by words of its title. Enter goes to the next
// match (Shift+Enter the previous one); the task is selected, its collapsed parents and group
// open, and the timeline scrolls it into view.
import { useState } from 'react'
import { findTasks, usePlannerStore } from './state'
import type { PlannerStore } from './state'
import { PINNED_GROUP_ID, projectGroupId } from './timeline/geometry'

/** Opens whatever hides the task's row: its parents, its project's group, the pinned band. */
function expandTo(store: PlannerStore, id: string): void {
  const state = store.getState()
  const { tasksById } = state.board
  const task = tasksById[id]
  if (!task) return
  let parent = task.parentId ? tasksById[task.parentId] : undefined
  let root = task
  const seen = new Set<string>()
  while (parent && !seen.has(parent.id)) {
    seen.add(parent.id)
    state.setCollapsed(parent.id, false)
    root = parent
    parent = parent.parentId ? tasksById[parent.parentId] : undefined
  }
  state.setCollapsed(root.pinToTop ? PINNED_GROUP_ID : projectGroupId(root.projectKey), false)
}

export function FindBox(): React.JSX.Element {
  const store = usePlannerStore()
  const [query, setQuery] = useState('')
  const [result, setResult] = useState<{ query: string; ids: string[]; at: number } | null>(null)

  const go = (step: 1 | -1) => {
    const { board } = store.getState()
    const ids =
      result && result.query === query
        ? result.ids
        : findTasks(board.taskIds.map((id) => board.tasksById[id]!).filter(Boolean), query)
    if (ids.length === 0) {
      setResult({ query, ids, at: -1 })
      return
    }
    const fresh = !result || result.query !== query
    const at = fresh ? 0 : (result.at + step + ids.length) % ids.length
    setResult({ query, ids, at })
    const id = ids[at] as string
    expandTo(store, id)
    store.getState().revealTask(id)
  }

  let status = ''
  if (result && result.query === query && query.trim() !== '')
    status =
      result.ids.length === 0
        ? `No task matches “${query.trim()}”`
        : `${result.at + 1} of ${result.ids.length}`
  return (
    <div className="find" role="search">
      <input
        type="search"
        aria-label="Find"
        placeholder="Find: key or title"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return
          event.preventDefault()
          go(event.shiftKey ? -1 : 1)
        }}
      />
      <span className="find-status" role="status" aria-live="polite">
        {status}
      </span>
    </div>
  )
}
