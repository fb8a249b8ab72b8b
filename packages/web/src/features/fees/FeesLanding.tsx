import { useLingui } from '@lingui/react/macro'
import { Tile, TilePage } from '../../ui/index.ts'

/** companydashboard/fees: Taxes, Recurring, Fixed and Social Security tiles (SPEC §2). */
export const FeesLanding = () => {
  const { t } = useLingui()
  return (
    <TilePage title={t`Fees`}>
      <Tile to="/companydashboard/fees/taxes" icon="taxes" title={t`Taxes`} description={t`VAT and PIT settings`} />
      <Tile
        to="/companydashboard/fees/recurring"
        icon="recurring"
        title={t`Recurring`}
        description={t`Recurring expenses`}
      />
      <Tile to="/companydashboard/fees/fixed" icon="fixed" title={t`Fixed`} description={t`One time expenses`} />
      <Tile
        to="/companydashboard/fees/socialsecurity"
        icon="shield"
        title={t`Social Security`}
        description={t`Monthly social security`}
      />
    </TilePage>
  )
}
