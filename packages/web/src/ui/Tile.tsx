import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Icon, type IconName } from './icons.tsx'

/**
 * A navigation tile: one style everywhere (home, the dashboard, company, fees and revenues landings): an inline SVG
 * icon (never an emoji, which some systems draw as an empty box), the title and an optional line under it.
 */
export const Tile = ({
  to,
  title,
  description,
  icon,
}: {
  to: string
  title: ReactNode
  description?: ReactNode
  icon: IconName
}) => (
  <Link className="tile" to={to}>
    <span className="tile__icon" aria-hidden="true">
      <Icon name={icon} />
    </span>
    <span className="tile__title">{title}</span>
    {description && <span className="tile__description">{description}</span>}
  </Link>
)

/** Tiles under a section heading; without a title when the page's own heading already names them. */
export const TileGroup = ({ title, children }: { title?: ReactNode; children: ReactNode }) => (
  <section className="tile-group">
    {title && <h2 className="tile-group__title">{title}</h2>}
    <div className="tile-group__tiles">{children}</div>
  </section>
)

/** A landing page: its heading and one group of tiles under it. */
export const TilePage = ({ title, children }: { title: ReactNode; children: ReactNode }) => (
  <div className="home">
    <h1 className="page-title">{title}</h1>
    <TileGroup>{children}</TileGroup>
  </div>
)
