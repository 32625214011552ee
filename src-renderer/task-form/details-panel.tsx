// The details panel "Task <KEY>" (double-click on a bar, Enter on a selected task, the context
// menu's Open): every updatable field editable, checked with the service's rules as one types;
// "Save" sends ONE update batch with only the changed fields (the lead's updateFields command:
// optimistic, journaled, undoable); Esc or Close discards. Read-only: created, updated, started,
// ended (who and when). Parent and milestone are picked here, never making a task its own
// ancestor, nor a milestone a subtask.
import { useEffect, useMemo, useRef, useState } from 'react'
import type { Task } from '../../src-shared/api/resources'
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { minuteOfTaskDate } from '../../src-shared/schedule/days'
import { applyEdit, selectVocabulary, usePlanner, usePlannerStore } from '../state'
import { FloatLines } from '../schedule/float-lines'
import { DependencyAdder } from './dependency-adder'
import { draftFromTask } from './draft'
import type { TaskDraft } from './draft'
import {
  blockingErrors,
  focusFirstInvalid,
  followTask,
  shownErrors,
  touchedBy,
  withPendingTag,
} from './form-state'
import { parentChoice, parentProblem, taskKey } from './links'
import { TaskFields } from './task-fields'
import { TaskPicker } from './task-picker'
import { changesFrom } from './to-request'
import { validateDraft } from './validate'
import { useReturnFocus } from '../focus/return-focus'
import { focusNeighbour, useFocusFallback } from '../focus/focus-fallback'
import './task-form.css'

export function DetailsPanel({ api }: { api: PlannerApi }): React.JSX.Element | null {
  const id = usePlanner((s) => s.view.detailsTaskId)
  const task = usePlanner((s) => (id ? s.board.tasksById[id] : undefined))
  if (!task) return null
  // Keyed by task: another task's panel starts from that task, never from this draft.
  return <PanelForm key={task.id} task={task} api={api} />
}

const when = (at: string, by: string) =>
  at ? `${minuteOfTaskDate(at)} UTC${by ? ` by ${by}` : ''}` : '—'

/** What a parked panel keeps (view.parkedDetails.form): everything the user had typed. */
interface ParkedForm {
  opened: Task
  shownTask: Task
  draft: TaskDraft
  touched: string[]
  edited: string[]
  pendingTag: string
}

function PanelForm({ task, api }: { task: Task; api: PlannerApi }) {
  const store = usePlannerStore()
  const vocabulary = usePlanner(selectVocabulary)
  const tasksById = usePlanner((s) => s.board.tasksById)
  const taskIds = usePlanner((s) => s.board.taskIds)
  // Back from giving its place to the Filters panel or the New task dialog: as it was left.
  const [parked] = useState(() => {
    const kept = store.getState().view.parkedDetails
    return kept?.taskId === task.id ? (kept.form as ParkedForm | undefined) : undefined
  })
  // The task as the panel opened it: the version the user saw, sent as seen when a field the
  // user changed was also changed meanwhile (see save). A change a sync brought in meanwhile
  // (another user's title, the user's own drag) once read as this user's, and Save wrote the old
  // value back over it.
  const [opened] = useState(parked?.opened ?? task)
  const [draft, setDraft] = useState<TaskDraft>(
    () => parked?.draft ?? draftFromTask(task, vocabulary.properties),
  )
  // The version the draft's untouched fields show. When the task changes while the panel is
  // open, they show its new values (set during render, so no frame shows the old ones).
  const [shownTask, setShownTask] = useState(parked?.shownTask ?? task)
  const [pendingTag, setPendingTag] = useState(parked?.pendingTag ?? '')
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(parked?.touched))
  // The fields the user edited (a date alone, where `touched` names both for the order rule):
  // they never follow the board's changes.
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set(parked?.edited))
  if (shownTask !== task) {
    setShownTask(task)
    setDraft((d) =>
      followTask(
        d,
        draftFromTask(shownTask, vocabulary.properties),
        draftFromTask(task, vocabulary.properties),
        edited,
      ),
    )
  }
  const [attempts, setAttempts] = useState(0)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string>()
  const root = useRef<HTMLElement>(null)
  useReturnFocus(root)
  useFocusFallback(root, { modal: false })
  const key = taskKey(task)

  const errors = useMemo(() => {
    const found = validateDraft(draft, {
      mode: 'update',
      tasksById,
      properties: vocabulary.properties,
      task,
    })
    const tags = withPendingTag(draft.tags, pendingTag)
    if ('problem' in tags && !found.tags) found.tags = tags.problem
    return found
  }, [draft, pendingTag, tasksById, vocabulary.properties, task])
  const shown = shownErrors(errors, touched, attempts > 0)

  useEffect(() => {
    if (attempts > 0) focusFirstInvalid(root.current)
  }, [attempts])

  // Closed to make room for the Filters panel or the New task dialog (view.parkedDetails names
  // this task): what the user typed is kept for its return, never dropped unasked.
  const live = useRef<ParkedForm>({ opened, shownTask, draft, touched: [], edited: [], pendingTag })
  useEffect(() => {
    live.current = {
      opened,
      shownTask,
      draft,
      touched: [...touched],
      edited: [...edited],
      pendingTag,
    }
  })
  useEffect(() => {
    // Back on screen: what was parked is in this panel now.
    if (store.getState().view.parkedDetails?.taskId === task.id) store.getState().parkDetails(null)
    // Parked only when the Filters panel or the New task dialog has just named this task (not
    // when a sync took the task away, nor Esc, Close or Save, which drop it).
    return () => {
      const kept = store.getState().view.parkedDetails
      if (kept?.taskId !== task.id) return
      const form = live.current
      const changed = form.touched.length > 0 || form.pendingTag.trim() !== ''
      store.getState().parkDetails(changed ? { taskId: task.id, form } : { taskId: task.id })
    }
  }, [store, task.id])

  const change = (patch: Partial<TaskDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setTouched((t) => new Set([...t, ...touchedBy(patch, draft)]))
    setEdited((e) => new Set([...e, ...touchedBy(patch, draft, true)]))
  }
  const close = () => store.getState().showDetails(null)

  const save = async () => {
    if (saving) return
    const tags = withPendingTag(draft.tags, pendingTag)
    if ('problem' in tags) {
      setAttempts((n) => n + 1)
      return
    }
    // Measured against the task as it is now: the fields the user left alone show its values.
    // Custom properties only where the user edited them: see changesFrom.
    const changes = changesFrom(task, { ...draft, tags: tags.tags }, vocabulary.properties, edited)
    // Only the rules of what is sent stop it: see blockingErrors.
    if (Object.keys(blockingErrors(errors, changes)).length > 0) {
      setAttempts((n) => n + 1)
      return
    }
    if (Object.keys(changes).length === 0) {
      close()
      return
    }
    setSaving(true)
    setFailure(undefined)
    // A field the user changed that was also changed since the panel opened (shown after a
    // sync, but not in the panel): the version the user saw is the one opened, so main holds
    // the save back as a conflict instead of writing over the other change unasked.
    const since = changesFrom(
      opened,
      draftFromTask(task, vocabulary.properties),
      vocabulary.properties,
    )
    // Properties field by field: another user's change of one is no clash with an edit of another.
    const clash = (Object.keys(changes) as (keyof typeof changes)[]).some((field) =>
      field === 'properties'
        ? Object.keys(changes.properties ?? {}).some((name) => name in (since.properties ?? {}))
        : field in since,
    )
    const outcome = await applyEdit(
      store,
      api,
      { kind: 'updateFields', updates: [{ id: task.id, ...changes }] },
      clash ? { seen: { [task.id]: opened.updatedAt } } : {},
    )
    setSaving(false)
    if (outcome.status === 'rejected') {
      setFailure(`The board did not take the change: ${outcome.message}`)
      return
    }
    close()
  }

  const milestone = task.type === 'milestone'
  return (
    <section
      ref={root}
      className="task-form details-panel"
      role="dialog"
      aria-label={`Task ${key}`}
      // Focusable itself: where the keyboard comes back to when the control that had it leaves
      // the page (see useFocusFallback), so that Esc still discards.
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          event.stopPropagation()
          close()
        }
      }}
    >
      <h3>
        Task {key}
        {milestone && <span className="kind"> · milestone</span>}
      </h3>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <TaskFields
          mode="update"
          draft={draft}
          onChange={change}
          errors={shown}
          vocabulary={vocabulary}
          tasksById={tasksById}
          pendingTag={pendingTag}
          onPendingTag={setPendingTag}
        />
        {parentChoice(task) === 'pick' ? (
          <TaskPicker
            label="Parent"
            value={draft.parentId}
            tasksById={tasksById}
            taskIds={taskIds}
            onChange={(parentId) => change({ parentId })}
            refuse={(id) => parentProblem(tasksById, task.id, id)}
            clearable
            error={shown.parentId}
          />
        ) : parentChoice(task) === 'clear' ? (
          <MilestoneParent
            parentId={draft.parentId}
            tasksById={tasksById}
            onClear={() => change({ parentId: '' })}
            error={shown.parentId}
          />
        ) : (
          <p className="field-note">A milestone cannot be a subtask nor belong to a milestone.</p>
        )}
        {failure && (
          <p className="form-failure" role="alert">
            {failure}
          </p>
        )}
        <div className="form-actions">
          {/* Named "Save" while saving too, and not disabled: a disabled button drops the
              keyboard to the page's body (save() ignores a second press). */}
          <button type="submit" aria-disabled={saving}>
            Save
          </button>
          <button type="button" onClick={close}>
            Close
          </button>
          <span className="form-status" role="status">
            {saving ? 'Saving…' : ''}
          </span>
        </div>
      </form>
      <dl className="read-only" aria-label="History">
        <dt>Created</dt>
        <dd>{when(task.createdAt, task.createdBy)}</dd>
        <dt>Updated</dt>
        <dd>{when(task.updatedAt, task.updatedBy)}</dd>
        <dt>Started</dt>
        <dd>{when(task.startedAt, task.startedBy)}</dd>
        <dt>Ended</dt>
        <dd>{when(task.endedAt, task.endedBy)}</dd>
      </dl>
      <FloatLines taskId={task.id} />
      <DependencyAdder task={task} api={api} />
    </section>
  )
}

/**
 * The parent a milestone was given on another board (or by another client): shown, and cleared
 * on Save with "Clear parent"; never another one picked, as a milestone cannot be a subtask.
 */
function MilestoneParent({
  parentId,
  tasksById,
  onClear,
  error,
}: {
  parentId: string
  tasksById: Readonly<Record<string, Task>>
  onClear: () => void
  error?: string | undefined
}) {
  const parent = parentId ? tasksById[parentId] : undefined
  return (
    <div className="form-field task-picker" role="group" aria-label="Parent">
      <span>Parent</span>
      <span className="picked" data-testid="Parent value">
        {parent ? `${taskKey(parent)} ${parent.title}` : parentId || 'None'}
      </span>
      {parentId !== '' && (
        <button
          type="button"
          onClick={(event) => {
            // The button leaves with the parent: the keyboard goes on (to Save), not to the body.
            focusNeighbour(event.currentTarget)
            onClear()
          }}
        >
          Clear parent
        </button>
      )}
      <p className="field-note">
        {parentId !== ''
          ? 'A milestone cannot be a subtask: clear its parent, then Save.'
          : 'Its parent is cleared on Save.'}
      </p>
      {error && <span className="field-error">Parent: {error}</span>}
    </div>
  )
}
