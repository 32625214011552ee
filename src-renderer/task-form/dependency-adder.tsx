// "Add predecessor" / "Add successor" in the details panel: a task picker, "Lag (days)" and
// "Add dependency". The create itself, its checks and its words are the dependencies action's
// (../state/actions/dependencies.ts); this is only the form, with the lag checked by the
// interface's own rule (CreateDependencyBody) before anything is sent.
import { useEffect, useRef, useState } from 'react'
import type { Task } from '../../src-shared/api/resources'
import { CreateDependencyBody } from '../../src-shared/api/dependency-bodies'
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { usePlanner, usePlannerStore } from '../state'
import { createDependency } from '../state/actions/dependencies'
import { NumberField } from './inputs'
import { taskKey } from './links'
import { TaskPicker } from './task-picker'

type End = 'predecessor' | 'successor'

export function lagRule(lag: number | ''): string | undefined {
  if (lag === '' || Number.isNaN(lag)) return 'must be a whole number of days'
  const result = CreateDependencyBody.safeParse({
    predecessorId: 'a',
    successorId: 'b',
    lagDays: lag,
  })
  return result.success ? undefined : result.error.issues[0]?.message
}

export function DependencyAdder({ task, api }: { task: Task; api: PlannerApi }) {
  const [adding, setAdding] = useState<End | null>(null)
  // Closing the form gives focus back to the button that opened it: left on the page's body,
  // focus would be outside the panel, and Esc would no longer discard it.
  const closedFrom = useRef<End | null>(null)
  const predecessorButton = useRef<HTMLButtonElement>(null)
  const successorButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (adding !== null || closedFrom.current === null) return
    const button = closedFrom.current === 'predecessor' ? predecessorButton : successorButton
    closedFrom.current = null
    button.current?.focus()
  }, [adding])
  // One dependency form at a time: a selected arrow's panel has its own "Lag (days)", and two
  // fields of that name side by side left the user (and a screen reader) guessing which one
  // applied to which dependency. Selecting an arrow closes this form; opening it unselects one.
  const store = usePlannerStore()
  const arrowSelected = usePlanner((s) => s.selectedDependencyId !== null)
  if (arrowSelected && adding !== null) setAdding(null)
  const open = (end: End) => {
    store.getState().selectDependency(null)
    setAdding(end)
  }
  const dependencies = usePlanner((s) => s.board.dependencies)
  const tasksById = usePlanner((s) => s.board.tasksById)
  const name = (id: string) => {
    const t = tasksById[id]
    return t ? taskKey(t) : id
  }
  const before = dependencies.filter((d) => d.successorId === task.id)
  const after = dependencies.filter((d) => d.predecessorId === task.id)
  const lag = (days: number) => (days ? ` +${days}d` : '')
  return (
    <section className="dependencies" aria-label="Dependencies">
      <h4>Dependencies</h4>
      <p>
        After: {before.map((d) => `${name(d.predecessorId)}${lag(d.lagDays)}`).join(', ') || '—'}
        <br />
        Before: {after.map((d) => `${name(d.successorId)}${lag(d.lagDays)}`).join(', ') || '—'}
      </p>
      {adding ? (
        <AddForm
          task={task}
          api={api}
          end={adding}
          onDone={() => {
            closedFrom.current = adding
            setAdding(null)
          }}
        />
      ) : (
        <div className="form-actions">
          <button type="button" ref={predecessorButton} onClick={() => open('predecessor')}>
            Add predecessor
          </button>
          <button type="button" ref={successorButton} onClick={() => open('successor')}>
            Add successor
          </button>
        </div>
      )}
    </section>
  )
}

function AddForm(props: { task: Task; api: PlannerApi; end: End; onDone: () => void }) {
  const { task, api, end, onDone } = props
  const store = usePlannerStore()
  const tasksById = usePlanner((s) => s.board.tasksById)
  const taskIds = usePlanner((s) => s.board.taskIds)
  const [other, setOther] = useState('')
  const [lagDays, setLagDays] = useState<number | ''>(0)
  const [problem, setProblem] = useState<string>()
  const [sending, setSending] = useState(false)
  const label = end === 'predecessor' ? 'Predecessor' : 'Successor'
  const lagError = lagRule(lagDays)

  const add = async () => {
    if (other === '') {
      setProblem(`Pick the ${end} first.`)
      return
    }
    if (lagError || lagDays === '') return
    setSending(true)
    const ends =
      end === 'predecessor'
        ? { predecessorId: other, successorId: task.id, lagDays }
        : { predecessorId: task.id, successorId: other, lagDays }
    const outcome = await createDependency(store, api, ends)
    setSending(false)
    if (outcome.ok) onDone()
    else setProblem(outcome.message)
  }

  return (
    <div className="dependency-form" role="group" aria-label={`Add ${end}`}>
      <TaskPicker
        label={label}
        value={other}
        tasksById={tasksById}
        taskIds={taskIds}
        onChange={(id) => {
          setProblem(undefined)
          setOther(id)
        }}
        refuse={(id) => (id === task.id ? 'a task cannot depend on itself' : undefined)}
      />
      <NumberField
        label="Lag (days)"
        value={lagDays}
        min={0}
        step={1}
        onChange={setLagDays}
        error={lagError}
      />
      {problem && (
        <p className="form-failure" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="button" disabled={sending} onClick={() => void add()}>
          Add dependency
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  )
}
