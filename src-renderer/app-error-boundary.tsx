// The last line of defence: a render that throws (a bug, or board data no one foresaw) would
// unmount the whole page and leave an empty window. This shows what happened and the way back
// instead. Edits are not at risk: main journals each one before it is sent.
import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'

interface State {
  error: Error | undefined
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The planner could not draw its window:', error, info.componentStack)
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <main className="app-error" role="alert">
        <h1>The planner could not draw this view</h1>
        <p>{error.message}</p>
        <p>
          Your edits are safe: each one is saved in the planner&apos;s journal before it is sent to
          the board. Reloading draws the board again.
        </p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    )
  }
}
