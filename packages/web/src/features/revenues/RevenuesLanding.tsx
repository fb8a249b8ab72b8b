import { useLingui } from '@lingui/react/macro'
import { TilePage } from '../../ui/index.ts'
import { ItemTiles } from '../fees/items/ItemTiles.tsx'

/** companydashboard/revenues: the Recurring and Fixed boxes (SPEC §2). */
export const RevenuesLanding = () => {
  const { t } = useLingui()
  return (
    <TilePage title={t`Revenues`}>
      <ItemTiles area="revenues" recurring={t`Recurring incomes`} fixed={t`One time incomes`} />
    </TilePage>
  )
}
