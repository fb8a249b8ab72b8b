import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from './Button.tsx'

export interface PeriodNavProps {
  /** The navigation's accessible name ("Year", "Month"). */
  label: string
  previousLabel: string
  nextLabel: string
  onPrevious: () => void
  onNext: () => void
  /** The period shown between the arrows, announced when it changes. */
  children: ReactNode
  /** Extra attributes of the shown period (`data-year`, `data-month`) that tests and styles read. */
  data?: Readonly<Record<`data-${string}`, string | number>>
}

/** ‹ period ›: the arrows that move a screen to the previous or next year or month. */
export const PeriodNav = ({ label, previousLabel, nextLabel, onPrevious, onNext, children, data }: PeriodNavProps) => (
  <nav className="period-nav" aria-label={label}>
    <Button variant="secondary" aria-label={previousLabel} onClick={onPrevious}>
      ‹
    </Button>
    <output className="period-nav__title" aria-live="polite" {...data}>
      {children}
    </output>
    <Button variant="secondary" aria-label={nextLabel} onClick={onNext}>
      ›
    </Button>
  </nav>
)

/** ‹ year ›: the year a screen shows, with the arrows to the previous and next one. */
export const YearNav = ({ year, onPrevious, onNext }: { year: number; onPrevious: () => void; onNext: () => void }) => {
  const { t } = useLingui()
  return (
    <PeriodNav
      label={t`Year`}
      previousLabel={t`Previous year`}
      nextLabel={t`Next year`}
      onPrevious={onPrevious}
      onNext={onNext}
      data={{ 'data-year': year }}
    >
      {year}
    </PeriodNav>
  )
}

/** The arrows' handlers of a screen whose machine steps its period on the `PREV` and `NEXT` events. */
export const periodSteps = (send: (event: { type: 'PREV' } | { type: 'NEXT' }) => void) => ({
  onPrevious: () => send({ type: 'PREV' }),
  onNext: () => send({ type: 'NEXT' }),
})
