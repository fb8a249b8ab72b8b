import type { ReactNode } from 'react'

export type CardProps = {
  title?: ReactNode
  /** Icons or buttons on the right of the header (pencil, trash). */
  actions?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  className?: string
  /** Dimmed look (completed transactions). */
  dimmed?: boolean
  /** Highlighted look (company rows). */
  highlighted?: boolean
  width?: number
  /** The title's heading level: 1 for the card that is the page itself (login, settings…), 2 by default. */
  headingLevel?: 1 | 2 | 3 | 4
  /** The title's id, unique on the screen: the card is then a region named by its title. */
  titleId?: string
}

export const Card = ({
  title,
  actions,
  children,
  footer,
  className,
  dimmed,
  highlighted,
  width,
  headingLevel = 2,
  titleId,
}: CardProps) => {
  const H = `h${headingLevel}` as const
  const classes = ['card', dimmed ? 'card--dimmed' : '', highlighted ? 'card--highlighted' : '', className ?? '']
    .filter(Boolean)
    .join(' ')
  return (
    <section
      className={classes}
      style={width ? { maxWidth: width } : undefined}
      aria-labelledby={title !== undefined ? titleId : undefined}
    >
      {(title !== undefined || actions !== undefined) && (
        <header className="card__header">
          {title !== undefined && (
            <H className="card__title" id={titleId}>
              {title}
            </H>
          )}
          {actions !== undefined && <div className="card__actions">{actions}</div>}
        </header>
      )}
      <div className="card__body">{children}</div>
      {footer !== undefined && <footer className="card__footer">{footer}</footer>}
    </section>
  )
}
