import { useLingui } from '@lingui/react/macro'
import { Tile, TilePage } from '../../ui/index.ts'

/** companydashboard/revenues: the Recurring and Fixed boxes (SPEC §2). */
export const RevenuesLanding = () => {
  const { t } = useLingui()
  return (
    <TilePage title={t`Revenues`}>
      <Tile
        to="/companydashboard/revenues/recurring"
        icon="recurring"
        title={t`Recurring`}
        description={t`Recurring incomes`}
      />
      <Tile to="/companydashboard/revenues/fixed" icon="fixed" title={t`Fixed`} description={t`One time incomes`} />
    </TilePage>
  )
}
