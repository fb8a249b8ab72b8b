import { useLingui } from '@lingui/react/macro'
import { Tile, TilePage } from '../../ui/index.ts'
import { ItemTiles } from './items/ItemTiles.tsx'

/** companydashboard/fees: Taxes, Recurring, Fixed and Social Security tiles (SPEC §2). */
export const FeesLanding = () => {
  const { t } = useLingui()
  return (
    <TilePage title={t`Fees`}>
      <Tile to="/companydashboard/fees/taxes" icon="taxes" title={t`Taxes`} description={t`VAT and PIT settings`} />
      <ItemTiles area="fees" recurring={t`Recurring expenses`} fixed={t`One time expenses`} />
      <Tile
        to="/companydashboard/fees/socialsecurity"
        icon="shield"
        title={t`Social Security`}
        description={t`Monthly social security`}
      />
    </TilePage>
  )
}
