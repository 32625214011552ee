// The "New task" dialog (toolbar "New task", the N key, a drag on an empty stretch of a row):
// every create field of the interface, checked with the service's rules before anything is
// sent, then ONE tasks:create batch (./send-create.ts). Esc or Cancel discards; they still work
// while "Creating…" shows, and the answer to a create already sent is told anyway
// (send-create.ts). The Create button keeps its name while sending (a screen reader, and the
// tests of issue 11, find it by "Create"): the progress is a status beside it.
import { useEffect, useMemo, useRef, useState } from 'react'
import { CreateTaskItem } from '../../src-shared/api/task-bodies'
import type { PlannerApi } from '../../src-shared/ipc/planner-api'
import { selectVocabulary, usePlanner, usePlannerStore } from '../state'
import type { CreatePrefill } from '../state/slices/view-slice'
import { dayOf, EMPTY_DRAFT } from './draft'
import type { TaskDraft } from './draft'
import { focusFirstInvalid, shownErrors, touchedBy, withPendingTag } from './form-state'
import { taskKey } from './links'
import { SubtasksField } from './subtasks-field'
import { TaskFields } from './task-fields'
import { sendCreate } from './send-create'
import { createItemFrom } from './to-request'
import { validateDraft } from './validate'
import { useReturnFocus } from '../focus/return-focus'
import './task-form.css'
import { keepFocusOnBackdrop, keepTabInside } from '../focus/modal-tab'
import { focusNeighbour, useFocusFallback } from '../focus/focus-fallback'

export function CreateDialog({ api }: { api: PlannerApi }): React.JSX.Element | null {
  const prefill = usePlanner((s) => s.view.creating)
  if (!prefill) return null
  return <CreateForm api={api} prefill={prefill} />
}

function CreateForm({ api, prefill }: { api: PlannerApi; prefill: CreatePrefill }) {
  const store = usePlannerStore()
  const vocabulary = usePlanner(selectVocabulary)
  const tasksById = usePlanner((s) => s.board.tasksById)
  const prefillParent = prefill.parentId ? tasksById[prefill.parentId] : undefined
  const [draft, setDraft] = useState<TaskDraft>(() => {
    const focused = store.getState().selection.focusedId
    const near = prefillParent ?? (focused ? tasksById[focused] : undefined)
    return {
      ...EMPTY_DRAFT,
      projectKey: near?.projectKey ?? vocabulary.projectKeys[0] ?? '',
      startDate: dayOf(prefill.startDate ?? ''),
      dueDate: dayOf(prefill.dueDate ?? ''),
      milestoneId: prefill.milestoneId ?? '',
      // The interface creates no subtask of an existing task: the link is a separate update, sent
      // once the create's answer names the new task.
      parentId: prefill.parentId ?? '',
    }
  })
  const [pendingTag, setPendingTag] = useState('')
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [attempts, setAttempts] = useState(0)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string>()
  const root = useRef<HTMLDivElement>(null)
  useReturnFocus(root)
  useFocusFallback(root, { modal: true })
  const parent = draft.parentId ? tasksById[draft.parentId] : undefined

  const errors = useMemo(() => {
    const found = validateDraft(draft, {
      mode: 'create',
      tasksById,
      properties: vocabulary.properties,
    })
    // A milestone takes no tags (the field is hidden): text left in it blocks nothing.
    const tags = draft.type === 'milestone' ? { tags: [] } : withPendingTag(draft.tags, pendingTag)
    if ('problem' in tags && !found.tags) found.tags = tags.problem
    return found
  }, [draft, pendingTag, tasksById, vocabulary.properties])
  const shown = shownErrors(errors, touched, attempts > 0)

  useEffect(() => {
    if (attempts > 0) focusFirstInvalid(root.current)
  }, [attempts])
  // Esc or Cancel while "Creating…" closes this dialog; the answer still comes (sendCreate).
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const change = (patch: Partial<TaskDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setTouched((t) => new Set([...t, ...touchedBy(patch, draft)]))
  }
  const close = () => store.getState().closeCreate()

  const submit = async () => {
    if (sending) return
    const tags = draft.type === 'milestone' ? { tags: [] } : withPendingTag(draft.tags, pendingTag)
    if (Object.keys(errors).length > 0 || 'problem' in tags) {
      setAttempts((n) => n + 1)
      return
    }
    const item = createItemFrom({ ...draft, tags: tags.tags }, vocabulary.properties)
    // The contract's own schema, as main will check it: a last guard, never expected to fail.
    const parsed = CreateTaskItem.safeParse(item)
    if (!parsed.success) {
      setFailure(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '))
      return
    }
    setSending(true)
    setFailure(undefined)
    const { failure } = await sendCreate(store, api, item, {
      parentId: draft.parentId,
      stillOpen: () => mounted.current,
    })
    if (!mounted.current) return
    setSending(false)
    if (failure) setFailure(failure)
  }

  const milestone = draft.type === 'milestone'
  return (
    <div className="modal-backdrop" onMouseDown={keepFocusOnBackdrop}>
      <div
        ref={root}
        className="task-form create-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="New task"
        // Focusable itself: where the keyboard comes back to when it would fall out (see
        // useFocusFallback), so that Esc and the Tab trap keep working.
        tabIndex={-1}
        onKeyDown={(event) => {
          keepTabInside(event)
          if (event.key === 'Escape') {
            event.preventDefault()
            event.stopPropagation()
            close()
          }
        }}
      >
        <h2>New task</h2>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          {parent && (
            <p className="field-note">
              Subtask of {taskKey(parent)} {parent.title}{' '}
              <button
                type="button"
                onClick={(event) => {
                  // The button leaves with the parent: the keyboard goes on to the next field.
                  focusNeighbour(event.currentTarget, root.current)
                  change({ parentId: '' })
                }}
              >
                Not a subtask
              </button>
            </p>
          )}
          {shown.parentId && (
            <p className="field-error" role="alert">
              Parent: {shown.parentId}
            </p>
          )}
          <TaskFields
            mode="create"
            draft={draft}
            onChange={change}
            errors={shown}
            vocabulary={vocabulary}
            tasksById={tasksById}
            pendingTag={pendingTag}
            onPendingTag={setPendingTag}
          />
          {milestone ? (
            <p className="field-note">
              A milestone has no assignee, priority, tags, start date, pin, custom properties,
              milestone or subtasks: the board ignores them, so they are not shown.
            </p>
          ) : (
            <SubtasksField
              subtasks={draft.subtasks}
              onChange={(subtasks) => change({ subtasks })}
              errors={shown}
              vocabulary={vocabulary}
            />
          )}
          {failure && (
            <p className="form-failure" role="alert">
              {failure}
            </p>
          )}
          <div className="form-actions">
            {/* Not disabled while sending: a disabled button drops the keyboard to the page's
                body, outside the dialog (submit() ignores a second press). */}
            <button type="submit" aria-disabled={sending}>
              Create
            </button>
            <button type="button" onClick={close}>
              Cancel
            </button>
            <span className="form-status" role="status">
              {sending ? 'Creating…' : ''}
            </span>
          </div>
        </form>
      </div>
    </div>
  )
}
