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
