import { Component, type ReactNode } from 'react'
import { ErrorPanel } from './ErrorPanel.tsx'
import { FullPageMessage } from './FullPageMessage.tsx'

type Props = {
  children: ReactNode
  /** What to show instead of the children; the whole-page "chainglass stopped" when not given. */
  fallback?: (error: unknown) => ReactNode
  /** A caught error belongs to this key (a page's location): a new key renders the children again. */
  resetKey?: string
}

type State = { error: unknown; key: string | undefined }

/** Catches what its children throw while rendering (a page's code not loading, a render error). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey }
  }

  override render() {
    if (this.state.error === null) return this.props.children
    if (this.props.fallback) return this.props.fallback(this.state.error)
    // The last line: an error no page caught still leaves a page that says what happened.
    return (
      <FullPageMessage>
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">chainglass stopped</h1>
        <ErrorPanel error={this.state.error} />
      </FullPageMessage>
    )
  }
}
