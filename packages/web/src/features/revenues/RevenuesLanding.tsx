import { useLingui } from '@lingui/react/macro'
import { Tile, TileGroup } from '../../ui/index.ts'

/** companydashboard/revenues: the Recurring and Fixed boxes (SPEC §2). */
export const RevenuesLanding = () => {
  const { t } = useLingui()
  return (
    <TileGroup title={t`Revenues`}>
      <Tile to="/companydashboard/revenues/recurring" title={t`Recurring`} description={t`Recurring incomes`} />
      <Tile to="/companydashboard/revenues/fixed" title={t`Fixed`} description={t`One time incomes`} />
    </TileGroup>
  )
}
