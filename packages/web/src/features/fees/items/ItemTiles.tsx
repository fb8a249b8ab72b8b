import { useLingui } from '@lingui/react/macro'
import { Tile } from '../../../ui/index.ts'

/** The Recurring and Fixed tiles of the items of an area (fees or revenues), each with what it lists. */
export const ItemTiles = ({
  area,
  recurring,
  fixed,
}: {
  area: 'fees' | 'revenues'
  /** What the recurring page lists ("Recurring expenses"). */
  recurring: string
  /** What the one-time page lists ("One time expenses"). */
  fixed: string
}) => {
  const { t } = useLingui()
  return (
    <>
      <Tile to={`/companydashboard/${area}/recurring`} icon="recurring" title={t`Recurring`} description={recurring} />
      <Tile to={`/companydashboard/${area}/fixed`} icon="fixed" title={t`Fixed`} description={fixed} />
    </>
  )
}
