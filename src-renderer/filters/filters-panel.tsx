// The Filters panel: an input for every list filter of the interface (project, status, assignee,
// priority, pinned, tag, start and due day or range, type, milestone) and one per custom
// property the board has shown, each read by the spec's match rules for its type. Choices come
// from what the board has shown; any value may be typed. Filtering applies as the user types
// (the panel only edits the draft in the store; see filter-outcome.ts).
import { entryOf } from '../../src-shared/api/id-table'
import { useEffect, useRef } from 'react'
import type { PropertyShape } from '../../src-shared/board/vocabulary'
import { Icon } from '../icons/icon'
import { selectVocabulary, usePlanner, usePlannerStore } from '../state'
import { ChoiceField, DayRangeField, ListField } from './filter-fields'
import type { FilterDraft } from './filter-draft'
import { selectFilterOutcome } from './filter-outcome'
import './filters.css'
import { useReturnFocus } from '../focus/return-focus'

const ANY = ['', 'Any'] as const

function PropertyFilter({
  shape,
  value,
  people,
  problem,
  onChange,
}: {
  shape: PropertyShape
  value: string
  people: readonly string[]
  problem: string | undefined
  onChange(value: string): void
}): React.JSX.Element {
  const { name, type, options } = shape
  switch (type) {
    case 'Checkbox':
    case 'Toggle':
      return (
        <ChoiceField
          label={name}
          value={value}
          onChange={onChange}
          options={[ANY, ['true', 'Checked'], ['false', 'Not checked (or unset)']]}
        />
      )
    case 'Date': {
      const [from = '', to = ''] = value.split(',')
      return (
        <DayRangeField
          label={name}
          fromLabel={`${name} from`}
          toLabel={`${name} to`}
          from={from}
          to={to}
          problem={problem}
          onChange={(f, t) => onChange(f || t ? `${f},${t}` : '')}
        />
      )
    }
    case 'Number':
      return (
        <ListField
          label={name}
          value={value}
          onChange={onChange}
          known={[]}
          hint="Any; numbers, comma-separated"
          problem={problem}
        />
      )
    case 'Person':
      return (
        <ListField
          label={name}
          value={value}
          onChange={onChange}
          known={people}
          hint="Any; e-mails, comma-separated"
          problem={problem}
          lowerCase
        />
      )
    default:
      return (
        <ListField
          label={name}
          value={value}
          onChange={onChange}
          known={options}
          hint={type === 'Multi-Select' ? 'Any of these; comma-separated' : undefined}
          problem={problem}
        />
      )
  }
}

export function FiltersPanel({ id }: { id: string }): React.JSX.Element | null {
  const open = usePlanner((s) => s.filters.panelOpen)
  // Only the open panel reads the board's vocabulary: a pass over every task's properties that
  // a closed panel would redo on every change of the board (200-300 ms at 50,000 tasks).
  return open ? <OpenFiltersPanel id={id} /> : null
}

function OpenFiltersPanel({ id }: { id: string }): React.JSX.Element {
  const store = usePlannerStore()
  const draft = usePlanner((s) => s.filters.draft)
  const vocabulary = usePlanner(selectVocabulary)
  const { problems } = usePlanner(selectFilterOutcome)
  const panel = useRef<HTMLElement>(null)
  useReturnFocus(panel)

  // Opening moves focus to the first input, so the keyboard user can type at once.
  useEffect(() => {
    panel.current?.querySelector('input')?.focus()
  }, [])

  const state = () => store.getState()
  const set =
    <F extends keyof Omit<FilterDraft, 'properties'>>(field: F) =>
    (value: string) =>
      state().setFilterField(field, value as FilterDraft[F])
  const milestoneLabel = (m: (typeof vocabulary.milestones)[number]) =>
    `${m.projectKey}-${m.key} ${m.title}`
  const knownMilestone = vocabulary.milestones.some((m) => m.id === draft.milestoneId)
  // A saved view may filter by a property no task shows now: it stays visible (as text) to clear.
  const shapes: PropertyShape[] = [
    ...vocabulary.properties,
    ...Object.keys(draft.properties)
      .filter((name) => !vocabulary.properties.some((p) => p.name === name))
      .map((name) => ({ name, type: 'Text' as const, options: [] })),
  ]

  return (
    <section
      ref={panel}
      id={id}
      className="filters-panel"
      aria-label="Filter tasks"
      onKeyDown={(event) => {
        if (event.key === 'Escape') state().openFilters(false)
      }}
    >
      <header>
        <h2>Filter tasks</h2>
        <p className="filter-hint">
          Shown: tasks that match every filter; a list matches any of its values. Parents of a
          matching subtask stay, dimmed.
        </p>
        <button type="button" aria-label="Close" onClick={() => state().openFilters(false)}>
          <Icon name="close" />
        </button>
      </header>
      <div className="filters-grid">
        <ListField
          label="Project"
          value={draft.projectKey}
          onChange={set('projectKey')}
          known={vocabulary.projectKeys}
        />
        <ListField
          label="Status"
          value={draft.status}
          onChange={set('status')}
          known={vocabulary.statuses}
        />
        <ListField
          label="Assignee"
          value={draft.assignedUserEmail}
          onChange={set('assignedUserEmail')}
          known={vocabulary.assignees}
          hint="Any; e-mails, comma-separated"
          lowerCase
        />
        <ChoiceField
          label="Priority"
          value={draft.priority}
          onChange={set('priority')}
          options={[ANY, ['high', 'High'], ['medium', 'Medium'], ['low', 'Low']]}
        />
        <ChoiceField
          label="Pinned"
          value={draft.pinToTop}
          onChange={set('pinToTop')}
          options={[ANY, ['true', 'Pinned'], ['false', 'Not pinned']]}
        />
        <ListField label="Tag" value={draft.tag} onChange={set('tag')} known={vocabulary.tags} />
        <DayRangeField
          label="Start date"
          fromLabel="Start from"
          toLabel="Start to"
          from={draft.startFrom}
          to={draft.startTo}
          problem={problems.startDate}
          onChange={(from, to) => {
            state().setFilterField('startFrom', from)
            state().setFilterField('startTo', to)
          }}
        />
        <DayRangeField
          label="Due date"
          fromLabel="Due from"
          toLabel="Due to"
          from={draft.dueFrom}
          to={draft.dueTo}
          problem={problems.dueDate}
          onChange={(from, to) => {
            state().setFilterField('dueFrom', from)
            state().setFilterField('dueTo', to)
          }}
        />
        <ChoiceField
          label="Type"
          value={draft.type}
          onChange={set('type')}
          options={[ANY, ['task', 'Task'], ['milestone', 'Milestone']]}
        />
        <ChoiceField
          label="Milestone"
          value={draft.milestoneId}
          onChange={set('milestoneId')}
          options={[
            ANY,
            ...vocabulary.milestones.map((m) => [m.id, milestoneLabel(m)] as const),
            // A saved view's milestone the board no longer shows stays choosable.
            ...(draft.milestoneId && !knownMilestone
              ? [[draft.milestoneId, `Milestone ${draft.milestoneId}`] as const]
              : []),
          ]}
        />
      </div>
      {shapes.length > 0 && (
        <fieldset className="filters-properties">
          <legend>Custom properties</legend>
          <div className="filters-grid">
            {shapes.map((shape) => (
              <PropertyFilter
                key={shape.name}
                shape={shape}
                value={entryOf(draft.properties, shape.name) ?? ''}
                people={vocabulary.assignees}
                problem={problems[`prop:${shape.name}`]}
                onChange={(value) => state().setPropertyFilter(shape.name, value)}
              />
            ))}
          </div>
        </fieldset>
      )}
    </section>
  )
}
