import { Trans } from '@lingui/react/macro'
import { Tile, TileGroup } from '../../ui/Tile.tsx'

/** `/dashboard`: the Monthly and Yearly tiles. */
export const DashboardLanding = () => (
  <div className="home">
    <h1 className="page-title">
      <Trans>Dashboard</Trans>
    </h1>
    <TileGroup>
      <Tile to="/dashboard/monthly" title={<Trans>Monthly</Trans>} icon="calendar" />
      <Tile to="/dashboard/yearly" title={<Trans>Yearly</Trans>} icon="chart" />
    </TileGroup>
  </div>
)
