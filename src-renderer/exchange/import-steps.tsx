// The wizard's views: the column mapping table, the preview of a plan (rows with their problems,
// links, what is left out and why), and the final report.
import type { ColumnTarget } from '../../src-shared/exchange/csv-mapping'
import { FIELD_LABELS, IMPORT_FIELDS } from '../../src-shared/exchange/csv-mapping'
import type { CsvPlan, CsvTable } from '../../src-shared/exchange/csv-import'
import type { ImportPlan } from '../../src-shared/exchange/import-plan'
import { planTasks } from '../../src-shared/exchange/import-plan'
import { usePlanner } from '../state'
import type { ImportReport } from './import-run'

const encode = (t: ColumnTarget) =>
  t.kind === 'field' ? `field:${t.field}` : t.kind === 'property' ? `prop:${t.name}` : 'ignore'

function decode(value: string): ColumnTarget {
  if (value.startsWith('field:'))
    return { kind: 'field', field: value.slice(6) as (typeof IMPORT_FIELDS)[number] }
  if (value.startsWith('prop:')) return { kind: 'property', name: value.slice(5) }
  return { kind: 'ignore' }
}

export function ColumnMapping({
  table,
  mapping,
  properties,
  onChange,
  onNext,
}: {
  table: CsvTable
  mapping: ColumnTarget[]
  properties: string[]
  onChange(mapping: ColumnTarget[]): void
  onNext(): void
}): React.JSX.Element {
  const extra = mapping.flatMap((t) =>
    t.kind === 'property' && !properties.includes(t.name) ? [t.name] : [],
  )
  return (
    <>
      <p>
        {table.rows.length} rows. Choose the field each column goes to (guessed from the headers).
      </p>
      <table className="exchange-table" aria-label="Columns">
        <thead>
          <tr>
            <th>Column</th>
            <th>First value</th>
            <th>Goes to</th>
          </tr>
        </thead>
        <tbody>
          {table.headers.map((header, i) => (
            <tr key={`${i}:${header}`}>
              <td>{header}</td>
              <td>{table.rows[0]?.[i] ?? ''}</td>
              <td>
                <select
                  aria-label={`Column ${header}`}
                  value={encode(mapping[i] ?? { kind: 'ignore' })}
                  onChange={(event) =>
                    onChange(mapping.map((t, j) => (j === i ? decode(event.target.value) : t)))
                  }
                >
                  <option value="ignore">(not imported)</option>
                  {IMPORT_FIELDS.map((field) => (
                    <option key={field} value={`field:${field}`}>
                      {FIELD_LABELS[field]}
                    </option>
                  ))}
                  {[...properties, ...extra].map((name) => (
                    <option key={name} value={`prop:${name}`}>
                      Property: {name}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="exchange-actions">
        <button type="button" onClick={onNext}>
          Preview
        </button>
      </div>
    </>
  )
}

/** "1 task", "3 tasks". */
export const count = (n: number, one: string, many: string): string =>
  `${n} ${n === 1 ? one : many}`

export function PlanPreview({ plan }: { plan: ImportPlan | CsvPlan }): React.JSX.Element {
  const tasks = planTasks(plan)
  const checks = 'checks' in plan ? plan.checks : undefined
  return (
    <>
      <p>
        {count(tasks.length, 'task', 'tasks')} to create,{' '}
        {count(plan.links.length, 'dependency', 'dependencies')}, {plan.skipped.length} left out.
      </p>
      <BoardLinks plan={plan} />
      {checks && checks.length > LISTED && (
        <p>
          {LISTED} of the file’s {checks.length} rows are listed here, those with problems first;
          every row is imported as checked.
        </p>
      )}
      {checks ? (
        <table className="exchange-table" aria-label="Rows">
          <thead>
            <tr>
              <th>Line</th>
              <th>Title</th>
              <th>Check</th>
            </tr>
          </thead>
          <tbody>
            {listed(checks, (check) => check.problems.length > 0).map((check) => (
              <tr key={check.line}>
                <td>{check.line}</td>
                <td>{check.title}</td>
                <td className={check.problems.length ? 'problem' : ''}>
                  {check.problems.length ? check.problems.join('; ') : 'OK'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul aria-label="Tasks">
          {tasks.slice(0, LISTED).map((task) => (
            <li key={task.ref}>
              {task.item.title}
              {task.item.type === 'milestone' ? ' (milestone)' : ''}
              {task.children.length ? ` (${task.children.length} subtasks)` : ''}
            </li>
          ))}
        </ul>
      )}
      <Skipped plan={plan} />
    </>
  )
}

/**
 * Links whose predecessor is a key not in the file (APP-3): it names whichever task has that key
 * on the board imported into, which may not be the one the file meant (a filtered export, a file
 * from another board). Each is shown with the task it will name here, before anything is sent.
 */
function BoardLinks({ plan }: { plan: Pick<ImportPlan, 'links'> }): React.JSX.Element | null {
  const board = usePlanner((s) => s.board)
  const outside = plan.links.flatMap((link) =>
    'existing' in link.predecessor ? [{ link, key: link.predecessor.existing }] : [],
  )
  if (outside.length === 0) return null
  const named = (projectKey: string, key: number) =>
    board.taskIds
      .map((id) => board.tasksById[id])
      .find((t) => t?.projectKey === projectKey && t.key === key)
  return (
    <section aria-label="Links to tasks on the board">
      <p>
        {count(outside.length, 'dependency waits', 'dependencies wait')} on a task already on the
        board, found by its key:
      </p>
      <ul>
        {outside.slice(0, 200).map(({ link, key }) => {
          const task = named(key.projectKey, key.key)
          return (
            <li key={link.label}>
              {link.label}:{' '}
              {task
                ? `${key.projectKey}-${key.key} here is “${task.title}”`
                : 'no such task on the loaded board'}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/**
 * Rows a preview lists at most: a file of 100,000 rows drew a table row each and froze the
 * window. Every row is still checked and imported as checked.
 */
const LISTED = 500

/** At most LISTED of `items`, those `first` picks first (rows with problems), each in order. */
function listed<T>(items: readonly T[], first: (item: T) => boolean): T[] {
  if (items.length <= LISTED) return [...items]
  const picked = items.filter(first).slice(0, LISTED)
  const rest = items.filter((item) => !first(item)).slice(0, LISTED - picked.length)
  return [...picked, ...rest]
}

function Skipped({ plan }: { plan: Pick<ImportPlan, 'skipped' | 'notes'> }): React.JSX.Element {
  return (
    <>
      {plan.skipped.length > 0 && (
        <>
          <h3>Left out</h3>
          <ul aria-label="Left out">
            {plan.skipped.slice(0, LISTED).map((s, i) => (
              <li key={i}>
                {s.source}: {s.reason}
              </li>
            ))}
          </ul>
          {plan.skipped.length > LISTED && (
            <p>{plan.skipped.length - LISTED} more left out; the import report lists every one.</p>
          )}
        </>
      )}
      {plan.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </>
  )
}

export function ImportReportView({ report }: { report: ImportReport }): React.JSX.Element {
  return (
    <div className="exchange-report" aria-label="Import report">
      <p role="status">
        {report.cancelled ? 'Import cancelled. ' : 'Import finished. '}
        Created {report.created.length} tasks, made {report.dependencies.length} dependencies,
        skipped {report.skipped.length}.
      </p>
      <h3>Created</h3>
      <ul aria-label="Created">
        {report.created.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {report.unseen.length > 0 && (
        <>
          <h3>Created, not yet seen (never sent again)</h3>
          <ul>
            {report.unseen.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      <h3>Dependencies made</h3>
      <ul aria-label="Dependencies made">
        {report.dependencies.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Skipped plan={report} />
    </div>
  )
}
