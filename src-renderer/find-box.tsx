// "Find": jumps to a task by its key ("APP-12") or by words of its title, among the tasks the
// filters show (matches they hide are counted in the status). Enter goes to the next match
// (Shift+Enter the previous one); the task is selected, its collapsed parents and group open,
// and the timeline scrolls it into view.
import { useState } from 'react'
import type { Task } from '../src-shared/api/resources'
import { selectFilterOutcome } from './filters/filter-outcome'
import { findTasks, usePlannerStore } from './state'
import type { PlannerStore } from './state'
import { PINNED_GROUP_ID, projectGroupId } from './timeline/geometry'

/**
 * Opens whatever hides the task's row: its collapsed parents, and its group. A task that is
 * pinned, or under a pinned parent, is in the pinned band, under its topmost pinned ancestor
 * (row-layout.ts): only the parents below that one are opened, and the band.
 */
function expandTo(store: PlannerStore, id: string): void {
  const state = store.getState()
  const { tasksById } = state.board
  const task = tasksById[id]
  if (!task) return
  const chain = [task]
  const seen = new Set([task.id])
  for (let up = tasksById[task.parentId]; up && !seen.has(up.id); up = tasksById[up.parentId]) {
    seen.add(up.id)
    chain.push(up)
  }
  const pinnedAt = chain.findLastIndex((t) => t.pinToTop)
  const band = pinnedAt >= 0 ? chain.slice(0, pinnedAt + 1) : chain
  for (const parent of band.slice(1)) state.setCollapsed(parent.id, false)
  const root = band.at(-1) as Task
  state.setCollapsed(pinnedAt >= 0 ? PINNED_GROUP_ID : projectGroupId(root.projectKey), false)
}

export function FindBox(): React.JSX.Element {
  const store = usePlannerStore()
  const [query, setQuery] = useState('')
  const [result, setResult] = useState<{
    query: string
    ids: string[]
    at: number
    /** Matches the filters hide (counted when none is shown). */
    hidden?: number
    /** The shown tasks the ids were found among: new ones (filters, a sync) are searched anew. */
    shown: readonly Task[]
  } | null>(null)

  const go = (step: 1 | -1) => {
    // Only what the filters show can be jumped to; matches they hide are counted, not selected
    // (a selected task the filters hide has no row, and the jump would wait until they clear).
    // Kept only while the query and the shown tasks are the same: after the filters changed
    // or a sync, the old ids could name a task the filters now hide, and miss new ones.
    const { shown } = selectFilterOutcome(store.getState())
    const fresh = !result || result.query !== query
    const ids = !fresh && result.shown === shown ? result.ids : findTasks(shown, query)
    if (ids.length === 0) {
      const { board } = store.getState()
      const all = board.taskIds.flatMap((id) => board.tasksById[id] ?? [])
      setResult({ query, ids, at: -1, hidden: findTasks(all, query).length, shown })
      return
    }
    // The same query goes on from the match it was at, found again among the tasks shown now
    // (an edit of that task, or a sync, gives new task objects): walking the matches and
    // editing each went back to the first one every time.
    const from = fresh ? -1 : ids.indexOf(result.ids[result.at] ?? '')
    const at = from < 0 ? 0 : (from + step + ids.length) % ids.length
    setResult({ query, ids, at, shown })
    const id = ids[at] as string
    expandTo(store, id)
    store.getState().revealTask(id)
  }

  let status = ''
  if (result && result.query === query && query.trim() !== '')
    status =
      result.ids.length === 0
        ? result.hidden
          ? `No shown task matches “${query.trim()}”; ${result.hidden} hidden by the filters`
          : `No task matches “${query.trim()}”`
        : `${result.at + 1} of ${result.ids.length}`
  return (
    <div className="find" role="search">
      {/* A plain text field (role textbox, as the issue words it: "a short text field"); Esc
          clears it as a search field would. */}
      <input
        type="text"
        aria-label="Find"
        placeholder="Find: key or title"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && query !== '') {
            event.preventDefault()
            event.stopPropagation()
            setQuery('')
            return
          }
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
