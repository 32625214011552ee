// "Export…" and "Import…" in the toolbar, each opening its dialog.
import { useState } from 'react'
import type { PlannerApi } from '../../src-shared/ipc'
import { ExportDialog } from './export-dialog'
import { ImportWizard } from './import-wizard'
import './exchange.css'

export function ExchangeButtons({
  api,
  boardName,
}: {
  api: PlannerApi
  boardName: string
}): React.JSX.Element {
  const [open, setOpen] = useState<'export' | 'import' | null>(null)
  return (
    <>
      <button type="button" onClick={() => setOpen('export')}>
        Export…
      </button>
      <button type="button" onClick={() => setOpen('import')}>
        Import…
      </button>
      {open === 'export' && <ExportDialog boardName={boardName} onClose={() => setOpen(null)} />}
      {open === 'import' && <ImportWizard api={api} onClose={() => setOpen(null)} />}
    </>
  )
}
