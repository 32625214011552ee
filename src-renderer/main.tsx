import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { AppErrorBoundary } from './app-error-boundary'
import { canReachPlanner, NOT_OPENED_BY_PLANNER } from './bridge'
import { startTheme } from './theme/apply-theme'
// The palette first: every other stylesheet only uses its variables.
import './theme/theme.css'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
// Before the first paint: the OS theme now, the stored choice once main answers.
startTheme()
createRoot(container).render(
  <StrictMode>
    {canReachPlanner() ? (
      <AppErrorBoundary>
        <App />
      </AppErrorBoundary>
    ) : (
      // Browser mode's page opened without this launch's token (a new tab, a bookmark).
      <main className="app-error" role="alert">
        <h1>Open the address the planner printed</h1>
        <p>{NOT_OPENED_BY_PLANNER}</p>
      </main>
    )}
  </StrictMode>,
)
