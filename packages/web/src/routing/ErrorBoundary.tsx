import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorBox } from './ErrorPage.tsx'

type Props = { children: ReactNode }
type State = { failed: boolean }

/**
 * Keeps the shell usable when a screen throws while rendering (or its lazy chunk cannot be loaded): the content
 * area shows the error box instead of a blank page. The layout keys it by path, so navigating away resets it.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack)
  }

  override render(): ReactNode {
    if (this.state.failed) return <ErrorBox message="Response error, can not connect to API." subMessage={null} />
    return this.props.children
  }
}
