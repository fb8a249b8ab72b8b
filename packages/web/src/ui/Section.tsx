import type { ReactNode } from 'react'

/** A part of a screen under its own heading, which names it for screen readers. */
export const Section = ({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id, unique on the screen. */
  id: string
  title: ReactNode
  className?: string
  children?: ReactNode
}) => (
  <section aria-labelledby={id} className={className}>
    <h2 id={id}>{title}</h2>
    {children}
  </section>
)
