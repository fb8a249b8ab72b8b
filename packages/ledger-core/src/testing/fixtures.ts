/** Small builders of valid inputs and events for tests and stories. */
import { addDays } from '../calendar.ts'
import type { LedgerEvent } from '../events.ts'
import type { InvoiceLine } from '../invoicing/model.ts'
import type { PitSettingInput } from '../tax/engine.ts'
import type { TaxType } from '../types.ts'
import { ITEM_DEFAULTS } from '../upcast.ts'

export const income = (over: Record<string, unknown> = {}) => ({
  date: '2026-01-10',
  name: 'Invoice 1',
  amount: '1000.00',
  isCompany: true,
  percent: '23',
  invoiceDate: null,
  ...ITEM_DEFAULTS,
  ...over,
})

export const recurring = (over: Record<string, unknown> = {}) => ({ ...income(over), repetitions: 12, ...over })

export const vatSetting = (over: Record<string, unknown> = {}) => ({
  date: '2026-01-01',
  percent: '23',
  paymentInterval: 1,
  ...over,
})

export const pitSetting = (over: Record<string, unknown> = {}) => ({
  date: '2026-01-01',
  taxType: 'Linear',
  firstPercent: '19',
  secondPercent: null,
  freeOfTaxAmount: null,
  secondPercentAmount: null,
  paymentInterval: 1,
  deductions: '0.00',
  ...over,
})

/** A PIT setting on the tax scale: 12 % / 32 %, 30 000 zł free of tax, the second rate above 120 000 zł; monthly. */
export const scalePitSetting = (over: Record<string, unknown> = {}) =>
  pitSetting({
    taxType: 'Scale',
    firstPercent: '12',
    secondPercent: '32',
    freeOfTaxAmount: '30000',
    secondPercentAmount: '120000',
    deductions: '0',
    ...over,
  })

export const ssSetting = (over: Record<string, unknown> = {}) => ({
  date: '2026-01-01',
  amount: '1926.76',
  percent: '4.9',
  ...over,
})

export const itemAdded = (id: number, data = income(), dataType = 'Income'): LedgerEvent =>
  ({ type: 'ItemAdded', data: { id, dataType, data } }) as LedgerEvent

/** A tax-engine PIT setting of the given form: Linear 19 %, otherwise 12 %; statutory Scale figures; monthly. */
export const pitInput = (taxType: TaxType, over: Partial<PitSettingInput> = {}): PitSettingInput => ({
  date: '2025-01-01',
  taxType,
  firstPercent: taxType === 'Linear' ? '19' : '12',
  secondPercent: null,
  freeOfTaxAmount: null,
  secondPercentAmount: null,
  paymentInterval: 1,
  deductions: null,
  ...over,
})

/**
 * The golden Scale 2025 year (`tax/golden/annual-scale-2025.json`) as commands: Scale from 1 January 2025, full ZUS
 * 1 773.96 with health 9 %, a company income of 15 000 and a cost of 3 000 (no VAT) every month for `months` months.
 */
export const scaleYearCommands = (months: number) =>
  [
    { type: 'AddSetting', kind: 'Pit', data: pitSetting({ date: '2025-01-01', taxType: 'Scale', firstPercent: '12' }) },
    {
      type: 'AddSetting',
      kind: 'SocialSecurity',
      // As the golden annual-scale-2025: contributions paid by their deadline (December's in January 2026).
      data: ssSetting({ date: '2025-01-01', amount: '1773.96', percent: '9', contributionsPaid: 'byDeadline' }),
    },
    {
      type: 'AddItem',
      dataType: 'RecurringIncome',
      data: recurring({ date: '2025-01-10', name: 'Client', amount: '15000', percent: '0', repetitions: months }),
    },
    {
      type: 'AddItem',
      dataType: 'RecurringExpense',
      data: recurring({ date: '2025-01-12', name: 'Office', amount: '3000', percent: '0', repetitions: months }),
    },
  ] as const

/** A petrol passenger car for 120 000 zł (KŚT 741, 130 g CO₂/km: the 150 000 zł limit), as the register's form sends it. */
export const petrolCar = (over: Record<string, unknown> = {}) => ({
  name: 'Skoda Octavia',
  acquisitionDate: '2026-01-10',
  kst: '741',
  initialValue: '120000',
  car: { drive: 'combustion', co2GramsPerKm: 130 },
  ...over,
})

/** A Polish address of the company records (place of business, invoice address). */
export const companyAddress = (over: Record<string, unknown> = {}) => ({
  country: 'Polska',
  region: 'mazowieckie',
  city: 'Warszawa',
  street: 'Prosta 1',
  postCode: '00-001',
  building: '1',
  ...over,
})

/** The Primary company record of the tests' trader: Jan Kowalski, "Kowalski IT", NIP 526-025-02-74. */
export const companyPrimary = (over: Record<string, unknown> = {}) => ({
  companyName: 'Kowalski IT',
  nip: '5260250274',
  ownerName: 'Jan',
  ownerLastName: 'Kowalski',
  regon: '',
  ...over,
})

/** The same trader's Invoice record: the seller's data of an invoice. */
export const companyInvoice = (over: Record<string, unknown> = {}) => ({
  ...companyPrimary(),
  invoiceAddress: companyAddress(),
  ...over,
})

/** A Polish buyer (NIP 526-000-12-46), as a counterparty or an invoice's buyer. */
export const acmeBuyer = {
  name: 'ACME sp. z o.o.',
  taxId: '5260001246',
  country: 'PL',
  address: 'ul. Prosta 1, 00-001 Warszawa',
} as const

/**
 * The draft of an invoice document for ACME: ten hours of programming at 150.00 zł net (23 %) and a day of training
 * at 1 200.00 zł net (8 %), paid by transfer 14 days after it is issued.
 */
export const invoiceDraft = (issueDate = '2026-03-10') => ({
  kind: 'VAT',
  buyer: acmeBuyer,
  issueDate,
  lines: [
    { name: 'Programowanie', quantity: '10', unit: 'godz.', unitNet: '150.00', vat: '23' },
    { name: 'Szkolenie', quantity: '1', unit: 'dzień', unitNet: '1200.00', vat: '8' },
  ],
  payment: { dueDate: addDays(issueDate, 14), method: 'transfer' },
})

/** A line of an invoice document: one hour of programming at 100.00 zł net, 23 % VAT, no GTU, no discount. */
export const invoiceLine = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  name: 'Usługa programistyczna',
  quantity: '1',
  unit: 'godz.',
  unitNet: '100.00',
  vat: '23',
  gtu: null,
  discount: '0.00',
  ...over,
})
