import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** A navigation tile (home, fees and revenues landings). */
export const Tile = ({
  to,
  title,
  description,
  icon,
}: {
  to: string
  title: ReactNode
  description?: ReactNode
  icon?: ReactNode
}) => (
  <Link className="tile" to={to}>
    {icon && (
      <span className="tile__icon" aria-hidden="true">
        {icon}
      </span>
    )}
    <span className="tile__title">{title}</span>
    {description && <span className="tile__description">{description}</span>}
  </Link>
)

export const TileGroup = ({ title, children }: { title: ReactNode; children: ReactNode }) => (
  <section className="tile-group">
    <h2 className="tile-group__title">{title}</h2>
    <div className="tile-group__tiles">{children}</div>
  </section>
)
