import { Component, type ReactNode } from 'react'
import { ErrorPanel } from './ErrorPanel.tsx'
import { FullPageMessage } from './FullPageMessage.tsx'

type State = { error: unknown }

/** The last line: an error no route caught still leaves a page that says what happened. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  override render() {
    if (this.state.error === null) return this.props.children
    return (
      <FullPageMessage>
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">chainglass stopped</h1>
        <ErrorPanel error={this.state.error} />
      </FullPageMessage>
    )
  }
}
