// The fields of a task, shared by the New task dialog and the details panel. For a milestone the
// fields the spec's milestone rule ignores are not shown at all (MILESTONE_IGNORED_ON_CREATE):
// a field the board would drop must not look as if it were kept.
import { entryOf } from '../../src-shared/api/id-table'
import { PRIORITIES } from '../../src-shared/api/enums'
import type { Task } from '../../src-shared/api/resources'
import type { BoardVocabulary } from '../../src-shared/board/vocabulary'
import { DescriptionField } from './description-field'
import type { TaskDraft } from './draft'
import { CheckboxField, SelectField, TextField } from './inputs'
import { PropertyInput } from './property-input'
import { TagsField } from './tags-field'
import type { FieldErrors } from './validate'
import { propertyField } from './validate'

export interface TaskFieldsProps {
  mode: 'create' | 'update'
  draft: TaskDraft
  onChange: (patch: Partial<TaskDraft>) => void
  errors: FieldErrors
  vocabulary: BoardVocabulary
  tasksById: Readonly<Record<string, Task>>
  pendingTag: string
  onPendingTag: (text: string) => void
  descriptionNote?: string
}

type Option = readonly [value: string, text: string]

const PRIORITY_OPTIONS: Option[] = [
  ['', 'None'],
  ...PRIORITIES.map((p): Option => [p, p[0]!.toUpperCase() + p.slice(1)]),
]

export function TaskFields(props: TaskFieldsProps): React.JSX.Element {
  const { mode, draft, onChange, errors, vocabulary, tasksById } = props
  const milestone = draft.type === 'milestone'
  const milestoneOptions = vocabulary.milestones.map((m): Option => [
    m.id,
    `${m.projectKey}-${m.key} ${m.title}`,
  ])
  // The task's own milestone stays offered even when the board has not listed it.
  if (draft.milestoneId && !milestoneOptions.some(([id]) => id === draft.milestoneId)) {
    const m = tasksById[draft.milestoneId]
    milestoneOptions.push([draft.milestoneId, m ? `${m.projectKey}-${m.key} ${m.title}` : '?'])
  }
  return (
    <div className="task-fields">
      <TextField
        label="Title"
        value={draft.title}
        onChange={(title) => onChange({ title })}
        error={errors.title}
        autoFocus
      />
      {mode === 'create' && (
        <div className="field-row">
          <TextField
            label="Project"
            value={draft.projectKey}
            suggestions={vocabulary.projectKeys}
            onChange={(projectKey) => onChange({ projectKey })}
            error={errors.projectKey}
          />
          <SelectField
            label="Type"
            value={draft.type}
            options={[
              ['task', 'Task'],
              ['milestone', 'Milestone'],
            ]}
            onChange={(type) => onChange({ type: type === 'milestone' ? 'milestone' : 'task' })}
          />
        </div>
      )}
      <div className="field-row">
        <TextField
          label="Status"
          value={draft.status}
          suggestions={vocabulary.statuses}
          placeholder={mode === 'create' ? "The board's default" : undefined}
          onChange={(status) => onChange({ status })}
          error={errors.status}
        />
        {!milestone && (
          <SelectField
            label="Priority"
            value={draft.priority}
            options={PRIORITY_OPTIONS}
            onChange={(priority) => onChange({ priority: priority as TaskDraft['priority'] })}
          />
        )}
      </div>
      {!milestone && (
        <div className="field-row">
          <TextField
            label="Assignee"
            type="email"
            value={draft.assignedUserEmail}
            suggestions={vocabulary.assignees}
            placeholder="Unassigned"
            onChange={(assignedUserEmail) => onChange({ assignedUserEmail })}
            error={errors.assignedUserEmail}
          />
          <CheckboxField
            label="Pinned"
            checked={draft.pinToTop}
            onChange={(pinToTop) => onChange({ pinToTop })}
          />
        </div>
      )}
      {!milestone && (
        <TagsField
          tags={draft.tags}
          onChange={(tags) => onChange({ tags })}
          pending={props.pendingTag}
          onPendingChange={props.onPendingTag}
          suggestions={vocabulary.tags}
          error={errors.tags}
        />
      )}
      <div className="field-row">
        {!milestone && (
          <TextField
            label="Start date"
            type="date"
            value={draft.startDate}
            onChange={(startDate) => onChange({ startDate })}
            error={errors.startDate}
          />
        )}
        <TextField
          label="Due date"
          type="date"
          value={draft.dueDate}
          onChange={(dueDate) => onChange({ dueDate })}
          error={errors.dueDate}
        />
      </div>
      <DescriptionField
        type={draft.descriptionType}
        content={draft.descriptionContent}
        onType={(descriptionType) => onChange({ descriptionType })}
        onContent={(descriptionContent) => onChange({ descriptionContent })}
        error={errors.descriptionContent}
        {...(props.descriptionNote ? { note: props.descriptionNote } : {})}
      />
      {!milestone && (
        <SelectField
          label="Milestone"
          value={draft.milestoneId}
          options={[['', 'No milestone'], ...milestoneOptions]}
          onChange={(milestoneId) => onChange({ milestoneId })}
          error={errors.milestoneId}
        />
      )}
      {!milestone && vocabulary.properties.length > 0 && (
        <fieldset className="properties">
          <legend>Custom properties</legend>
          {vocabulary.properties.map((shape) => (
            <PropertyInput
              key={shape.name}
              shape={shape}
              value={entryOf(draft.properties, shape.name)}
              members={vocabulary.assignees}
              onChange={(value) =>
                onChange({ properties: { ...draft.properties, [shape.name]: value } })
              }
              error={errors[propertyField(shape.name)]}
            />
          ))}
        </fieldset>
      )}
    </div>
  )
}
