import { TAX_OFFICES } from '@finance/ledger-core'
import { useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/index.ts'
import type { FieldSpec } from './form/fields.tsx'
import { RecordPanel } from './form/RecordPanel.tsx'
import { useServices } from './form/services.tsx'
import { useRecordForm } from './form/useRecordForm.ts'

const emptyAddress = { country: '', region: '', city: '', street: '', postCode: '', building: '' }

export const templates = {
  Primary: {
    companyName: '',
    nip: '',
    ownerName: '',
    ownerLastName: '',
    regon: '',
    taxOfficeCode: '',
    birthDate: null,
    businessStartDate: null,
    vatRegistrationDate: null,
  },
  Contact: { email: '', phoneNumber: '', website: '', other: '' },
  Addresses: {
    permanentPlaceOfBusinessActivity: emptyAddress,
    additionalPlaceOfBusinessActivity: emptyAddress,
    postDeliveryAddress: emptyAddress,
  },
  Invoice: { companyName: '', nip: '', ownerName: '', ownerLastName: '', regon: '', invoiceAddress: emptyAddress },
}

const useCompanyFields = () => {
  const { t } = useLingui()
  const primary: FieldSpec[] = [
    { path: 'companyName', label: t`Company name`, required: true },
    { path: 'nip', label: t`NIP`, required: true },
    { path: 'ownerName', label: t`Owner name` },
    { path: 'ownerLastName', label: t`Owner last name` },
    { path: 'regon', label: t`REGON` },
  ]
  const address = (prefix: string): FieldSpec[] => [
    { path: `${prefix}.country`, label: t`Country` },
    { path: `${prefix}.region`, label: t`Region` },
    { path: `${prefix}.city`, label: t`City` },
    { path: `${prefix}.street`, label: t`Street` },
    { path: `${prefix}.postCode`, label: t`Post code` },
    { path: `${prefix}.building`, label: t`Building` },
  ]
  // What the tax files and the law's edges need besides SPEC's fields (Primary only, not the invoice data).
  const primaryMore: FieldSpec[] = [
    {
      path: 'taxOfficeCode',
      label: t`Tax office`,
      kind: 'search',
      options: taxOfficeOptions,
      placeholder: t`Code or town, e.g. 1471 or Warszawa`,
    },
    { path: 'birthDate', label: t`Owner's date of birth`, kind: 'date' },
    { path: 'businessStartDate', label: t`Business start date`, kind: 'date' },
    { path: 'vatRegistrationDate', label: t`VAT registration date`, kind: 'date' },
  ]
  const contact: FieldSpec[] = [
    { path: 'email', label: t`Email`, kind: 'email' },
    { path: 'phoneNumber', label: t`Phone number`, kind: 'tel' },
    { path: 'website', label: t`Website`, kind: 'url' },
    { path: 'other', label: t`Other` },
  ]
  return { primary, primaryMore, address, contact }
}

/** The official list of tax offices (KodyUrzedowSkarbowych, the schema of the JPK files). */
const taxOfficeOptions = TAX_OFFICES.map(([code, name]) => ({ value: code, label: name }))

export const PrimaryPanel = () => {
  const { t } = useLingui()
  const { primary, primaryMore } = useCompanyFields()
  const form = useRecordForm({ dataType: 'Primary', template: templates.Primary })
  return (
    <RecordPanel
      form={form}
      formId="primary"
      title={t`Primary data`}
      groups={[{ fields: primary }, { title: t`Tax office and dates`, fields: primaryMore }]}
    />
  )
}

export const ContactPanel = () => {
  const { t } = useLingui()
  const { contact } = useCompanyFields()
  const form = useRecordForm({ dataType: 'Contact', template: templates.Contact })
  return <RecordPanel form={form} formId="contact" title={t`Contact data`} groups={[{ fields: contact }]} />
}

export const AddressesPanel = () => {
  const { t } = useLingui()
  const { address } = useCompanyFields()
  const form = useRecordForm({ dataType: 'Addresses', template: templates.Addresses })
  return (
    <RecordPanel
      form={form}
      formId="addresses"
      title={t`Addresses`}
      groups={[
        { title: t`Permanent place of business activity`, fields: address('permanentPlaceOfBusinessActivity') },
        { title: t`Additional place of business activity`, fields: address('additionalPlaceOfBusinessActivity') },
        { title: t`Post delivery address`, fields: address('postDeliveryAddress') },
      ]}
    />
  )
}

export const InvoicePanel = () => {
  const { t } = useLingui()
  const { primary, address } = useCompanyFields()
  const services = useServices()
  const form = useRecordForm({ dataType: 'Invoice', template: templates.Invoice })
  const copyPrimary = async () => {
    const p = await services.getCurrent('Primary').catch(() => null)
    if (!p) return
    const o = p.dataObject as Record<string, unknown>
    const pick = (k: string) => (typeof o[k] === 'string' ? o[k] : '')
    form.send({
      type: 'PATCH',
      values: {
        companyName: pick('companyName'),
        nip: pick('nip'),
        ownerName: pick('ownerName'),
        ownerLastName: pick('ownerLastName'),
        regon: pick('regon'),
      },
    })
  }
  return (
    <RecordPanel
      form={form}
      formId="invoice"
      title={t`Invoice data`}
      groups={[{ fields: primary }, { title: t`Invoice address`, fields: address('invoiceAddress') }]}
      editTools={
        <Button variant="secondary" onClick={copyPrimary} disabled={form.submitting}>
          {t`Get from Primary data`}
        </Button>
      }
    />
  )
}
