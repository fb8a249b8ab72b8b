import { Trans } from '@lingui/react/macro'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Button } from '../ui/index.ts'
import { ErrorBox } from './ErrorPage.tsx'
import { retryFailedScreens } from './lazyPage.ts'

type Props = { children: ReactNode }
type State = { failed: boolean }

/**
 * Keeps the shell usable when a screen throws while rendering (or its lazy chunk cannot be loaded): the content
 * area shows the error box instead of a blank page, with "Try again", which renders the screen anew and loads a chunk
 * that failed again. The layout keys it by path, so navigating away resets it, and navigating to a screen whose
 * chunk failed loads it again (`retryFailedScreens`): once the server answers, the screen comes back without a reload
 * of the page.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false }

  constructor(props: Props) {
    super(props)
    retryFailedScreens()
  }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack)
  }

  private readonly retry = () => {
    retryFailedScreens()
    this.setState({ failed: false })
  }

  override render(): ReactNode {
    if (this.state.failed)
      return (
        <ErrorBox message="Response error, can not connect to API." subMessage={null}>
          <Button onClick={this.retry}>
            <Trans>Try again</Trans>
          </Button>
        </ErrorBox>
      )
    return this.props.children
  }
}
