import { useLingui } from '@lingui/react/macro'
import { AddressesPanel, ContactPanel, InvoicePanel, PrimaryPanel } from './CompanyPanels.tsx'
import '../../forms/forms.css'

/** companydashboard/company: the four panels of SPEC §2. */
export const CompanyPage = () => {
  const { t } = useLingui()
  return (
    <div className="company-page">
      <h1 className="page-title">{t`Your company`}</h1>
      <PrimaryPanel />
      <AddressesPanel />
      <ContactPanel />
      <InvoicePanel />
    </div>
  )
}
