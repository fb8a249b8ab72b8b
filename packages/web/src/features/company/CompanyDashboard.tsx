import { useLingui } from '@lingui/react/macro'
import { Tile, TilePage } from '../../ui/index.ts'
import { companyTiles } from './companyTiles.ts'

/** companydashboard: a tile for each screen of the Company section. */
export const CompanyDashboard = () => {
  const { i18n, t } = useLingui()
  return (
    <TilePage title={t({ message: 'Company', context: 'company landing' })}>
      {companyTiles.map((tile) => (
        <Tile
          key={tile.to}
          to={tile.to}
          icon={tile.icon}
          title={i18n._(tile.title)}
          description={i18n._(tile.description)}
        />
      ))}
    </TilePage>
  )
}
