// "Import…": a CSV file or an MS Project XML file, in steps. CSV: pick the file, map its columns
// (guessed from the headers), preview each row checked against the interface's rules, choose
// the project, import. MS Project XML: pick, preview the tasks and links, choose, import. The
// import runs in batches with progress and Cancel, and ends with a report (import-run.ts).
import { useMemo, useRef, useState } from 'react'
import { propertyTypes } from '../../src-shared/board/vocabulary'
import type { ColumnTarget } from '../../src-shared/exchange/csv-mapping'
import { guessMapping } from '../../src-shared/exchange/csv-mapping'
import type { CsvTable } from '../../src-shared/exchange/csv-import'
import { planCsv, readCsv } from '../../src-shared/exchange/csv-import'
import { decodeImportFile } from '../../src-shared/exchange/decode-file'
import type { ImportPlan } from '../../src-shared/exchange/import-plan'
import { planTasks } from '../../src-shared/exchange/import-plan'
import { planMspdi } from '../../src-shared/exchange/mspdi'
import type { PlannerApi } from '../../src-shared/ipc'
import { selectCurrentProfile, selectVocabulary, usePlanner, usePlannerStore } from '../state'
import { ColumnMapping, count, ImportReportView, PlanPreview } from './import-steps'
import type { ImportProgress, ImportReport } from './import-run'
import { runImport } from './import-run'
import { useDialogFocus } from './dialog-focus'
import { keepFocusOnBackdrop, keepTabInside } from '../focus/modal-tab'

type Step =
  | { name: 'file' }
  | { name: 'map'; table: CsvTable; mapping: ColumnTarget[] }
  | { name: 'preview'; plan: ImportPlan; back?: () => void }
  | { name: 'running'; progress: ImportProgress }
  | { name: 'report'; report: ImportReport }

export function ImportWizard({
  api,
  onClose,
}: {
  api: PlannerApi
  onClose(): void
}): React.JSX.Element {
  const store = usePlannerStore()
  const vocabulary = usePlanner(selectVocabulary)
  // The board's statuses as the user listed them (Board coverage), beside those seen on tasks.
  const lists = usePlanner((s) => selectCurrentProfile(s)?.lists)
  const types = useMemo(() => propertyTypes(vocabulary), [vocabulary])
  const [step, setStep] = useState<Step>({ name: 'file' })
  const [problem, setProblem] = useState('')
  const [project, setProject] = useState(vocabulary.projectKeys[0] ?? '')
  const cancel = useRef(false)

  const pick = async (file: File) => {
    setProblem('')
    try {
      const text = decodeImportFile(new Uint8Array(await file.arrayBuffer()))
      if (/\.xml$/i.test(file.name) || text.trimStart().startsWith('<')) {
        setStep({ name: 'preview', plan: planMspdi(text) })
      } else {
        const table = readCsv(text)
        if (table.headers.length === 0) throw new Error('The file has no header row.')
        const names = vocabulary.properties.map((p) => p.name)
        setStep({ name: 'map', table, mapping: guessMapping(table.headers, names) })
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    }
  }

  const start = async (plan: ImportPlan) => {
    cancel.current = false
    try {
      const report = await runImport(store, api, plan, project.trim(), {
        onProgress: (progress) => setStep({ name: 'running', progress }),
        cancelled: () => cancel.current,
      })
      setStep({ name: 'report', report })
    } catch (error) {
      // Never left on "running" with Close hidden: what was sent before the failure is on the
      // board, so the report says so rather than inviting the same import again.
      const message = error instanceof Error ? error.message : String(error)
      setStep({
        name: 'report',
        report: {
          created: [],
          skipped: [],
          unseen: [],
          dependencies: [],
          cancelled: true,
          notes: [
            `The import stopped: ${message}. Tasks it sent before that may be on the board: look there before importing the file again.`,
          ],
        },
      })
    }
  }

  const running = step.name === 'running'
  const dialog = useDialogFocus<HTMLDivElement>()
  return (
    <div className="exchange-backdrop" onMouseDown={keepFocusOnBackdrop}>
      <div
        className="exchange-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Import"
        ref={dialog}
        tabIndex={-1}
        onKeyDown={(event) => {
          keepTabInside(event)
          if (event.key === 'Escape' && !running) {
            event.stopPropagation()
            onClose()
          }
        }}
      >
        <h2>Import</h2>
        {step.name === 'file' && (
          <label>
            CSV or MS Project XML file{' '}
            <input
              type="file"
              accept=".csv,.xml,text/csv,application/xml,text/xml"
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) void pick(file)
              }}
            />
          </label>
        )}
        {step.name === 'map' && (
          <ColumnMapping
            table={step.table}
            mapping={step.mapping}
            properties={vocabulary.properties.map((p) => p.name)}
            onChange={(mapping) => setStep({ ...step, mapping })}
            onNext={() =>
              setStep({
                name: 'preview',
                plan: planCsv(step.table, step.mapping, {
                  propertyTypes: types,
                  knownStatuses: [...vocabulary.statuses, ...(lists?.statuses ?? [])],
                  knownPeople: vocabulary.assignees,
                  knownMilestones: vocabulary.milestones,
                }),
                back: () => setStep(step),
              })
            }
          />
        )}
        {step.name === 'preview' && (
          <>
            <PlanPreview plan={step.plan} />
            <label>
              Project{' '}
              <input
                list="import-projects"
                value={project}
                onChange={(event) => setProject(event.target.value)}
              />
              <datalist id="import-projects">
                {vocabulary.projectKeys.map((key) => (
                  <option key={key} value={key} />
                ))}
              </datalist>
            </label>
            <div className="exchange-actions">
              {step.back && (
                <button type="button" onClick={step.back}>
                  Back
                </button>
              )}
              <button
                type="button"
                disabled={project.trim() === '' || step.plan.roots.length === 0}
                onClick={() => void start(step.plan)}
              >
                Import {count(planTasks(step.plan).length, 'task', 'tasks')}
              </button>
            </div>
          </>
        )}
        {step.name === 'running' && (
          <>
            <p role="status">
              {step.progress.phase === 'tasks' ? 'Tasks' : 'Dependencies'}: {step.progress.done} of{' '}
              {step.progress.total}
            </p>
            <progress value={step.progress.done} max={Math.max(1, step.progress.total)} />
            <div className="exchange-actions">
              <button type="button" onClick={() => (cancel.current = true)}>
                Cancel import
              </button>
            </div>
          </>
        )}
        {step.name === 'report' && <ImportReportView report={step.report} />}
        {problem && (
          <p className="problem" role="alert">
            {problem}
          </p>
        )}
        {!running && (
          <div className="exchange-actions">
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        )}
      </div>
    </div>
  )
}
