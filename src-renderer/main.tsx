import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { AppErrorBoundary } from './app-error-boundary'
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
    <AppErrorBoundary>
      <App />
    </AppErrorBoundary>
  </StrictMode>,
)
