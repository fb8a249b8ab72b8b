/** Request bodies used across the API tests (SPEC §3 dataObjects; money and percents as decimal strings). */
import { companyAddress, companyInvoice, companyPrimary, pitSetting, vatSetting } from '@finance/ledger-core/testing'

export const address = companyAddress()

export const bodies = {
  Primary: companyPrimary(),
  Contact: { email: 'biuro@example.com', phoneNumber: '+48 600 000 000', website: '', other: '' },
  Addresses: {
    permanentPlaceOfBusinessActivity: address,
    additionalPlaceOfBusinessActivity: address,
    postDeliveryAddress: address,
  },
  Invoice: companyInvoice({ invoiceAddress: address }),
  Vat: vatSetting(),
  Pit: pitSetting(),
  SocialSecurity: { date: '2026-01-01', amount: '1646.47', percent: '9' },
  Income: {
    date: '2026-03-05',
    name: 'Invoice 1/03',
    amount: '10000.00',
    isCompany: true,
    percent: '23',
    invoiceDate: '2026-03-05',
  },
  RecurringIncome: {
    date: '2026-01-10',
    name: 'Retainer',
    amount: '5000.00',
    isCompany: true,
    percent: '23',
    invoiceDate: null,
    repetitions: 12,
  },
  Expense: {
    date: '2026-03-07',
    name: 'Laptop',
    amount: '4000.00',
    isCompany: true,
    percent: '23',
    invoiceDate: '2026-03-07',
  },
  RecurringExpense: {
    date: '2026-01-15',
    name: 'Office rent',
    amount: '1500.00',
    isCompany: true,
    percent: '23',
    invoiceDate: null,
    repetitions: 24,
  },
} as const

export type BodyType = keyof typeof bodies

export const familyOf = (type: BodyType): 'config' | 'fee' | 'revenue' =>
  ['Primary', 'Contact', 'Addresses', 'Invoice'].includes(type)
    ? 'config'
    : ['Income', 'RecurringIncome'].includes(type)
      ? 'revenue'
      : 'fee'

/** The income of invoice FV 7/2026 for `description`, sold to the Polish company `name` with NIP `taxId` in `city`. */
export const invoicedIncome = (description: string, name: string, taxId: string, city: string) => ({
  ...bodies.Income,
  documentNumber: 'FV 7/2026',
  description,
  counterparty: { name, taxId, country: 'PL', address: city },
})
