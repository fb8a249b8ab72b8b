import { Trans } from '@lingui/react/macro'
import { Tile, TilePage } from '../../ui/Tile.tsx'

/** `/dashboard`: the Monthly and Yearly tiles. */
export const DashboardLanding = () => (
  <TilePage title={<Trans>Dashboard</Trans>}>
    <Tile to="/dashboard/monthly" title={<Trans>Monthly</Trans>} icon="calendar" />
    <Tile to="/dashboard/yearly" title={<Trans>Yearly</Trans>} icon="chart" />
  </TilePage>
)
