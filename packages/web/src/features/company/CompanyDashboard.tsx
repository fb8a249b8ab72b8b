import { useLingui } from '@lingui/react/macro'
import { Tile, TilePage } from '../../ui/index.ts'

/** companydashboard: Company, Fees and Revenues tiles. */
export const CompanyDashboard = () => {
  const { t } = useLingui()
  return (
    <TilePage title={t({ message: 'Company', context: 'company landing' })}>
      <Tile
        to="/companydashboard/company"
        icon="company"
        title={t`Your company`}
        description={t`Primary data, addresses, contact, invoice`}
      />
      <Tile
        to="/companydashboard/fees"
        icon="fees"
        title={t`Fees`}
        description={t`Taxes, recurring and fixed fees, social security`}
      />
      <Tile
        to="/companydashboard/revenues"
        icon="revenues"
        title={t`Revenues`}
        description={t`Recurring and fixed incomes`}
      />
      <Tile
        to="/companydashboard/books"
        icon="book"
        title={t`Tax book`}
        description={t`KPiR or ewidencja przychodów, JPK files`}
      />
      <Tile
        to="/companydashboard/assets"
        icon="company"
        title={t`Fixed assets`}
        description={t`The register and depreciation plans`}
      />
      <Tile
        to="/companydashboard/ksef"
        icon="invoice"
        title={t`KSeF invoices`}
        description={t`Import FA(3) invoices as incomes and expenses`}
      />
    </TilePage>
  )
}
