import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from './Button.tsx'
import { Loader } from './Loader.tsx'

export interface PageProps {
  /** The screen's own classes, its block's name first ("books-page", "dashboard dashboard--yearly"). */
  className: string
  /** The screen's heading. */
  title: ReactNode
  /** Something loads: the page says so and shows the loader. */
  busy: boolean
  /** What the toolbar under the heading holds (its class: the block's `__toolbar`): the period, filters, buttons. */
  toolbar: ReactNode
  children?: ReactNode
}

/** A screen of one period or register: its heading, its toolbar, the loader while it loads, then its content. */
export const Page = ({ className, title, busy, toolbar, children }: PageProps) => (
  <div className={className} aria-busy={busy}>
    <h1 className="page-title">{title}</h1>
    <div className={`${className.split(' ')[0]}__toolbar`}>{toolbar}</div>
    <Loader active={busy} />
    {children}
  </div>
)

/** A load that failed: why, as an alert, with the button that tries again. */
export const LoadFailed = ({ children, onRetry }: { children: ReactNode; onRetry: () => void }) => (
  <div className="error-box" role="alert">
    <p>{children}</p>
    <Button onClick={onRetry}>
      <Trans>Try again</Trans>
    </Button>
  </div>
)

/** The API did not answer: the screen's next move (a period, Refresh) asks again. */
export const ConnectionFailed = () => (
  <p className="error-box" role="alert">
    <Trans>Response error, can not connect to API.</Trans>
  </p>
)

/** A period screen's buttons: back to the current period, load again, then the screen's own ones. */
export const PeriodActions = ({
  className,
  current,
  onCurrent,
  onRefresh,
  children,
}: {
  className: string
  /** The label of the button back to the current period ("This year", "Today"). */
  current: ReactNode
  onCurrent: () => void
  onRefresh: () => void
  children?: ReactNode
}) => (
  <div className={className}>
    <Button variant="secondary" onClick={onCurrent}>
      {current}
    </Button>
    <Button variant="secondary" onClick={onRefresh}>
      <Trans>Refresh</Trans>
    </Button>
    {children}
  </div>
)
