/** Records and a services wrapper for stories and tests: the API replaced by in-memory services. */
import { type ReactNode, useMemo } from 'react'
import { ServicesProvider } from '../../../forms/index.ts'
import type { RecordDto } from '../../../forms/index.ts'
import { type MemoryOptions, memoryServices } from '../../../forms/index.ts'

const address = (country: string, city: string, street: string, postCode: string, building: string) => ({
  country,
  region: country === 'Polska' ? 'mazowieckie' : '',
  city,
  street,
  postCode,
  building,
})

/** The company's primary data, which its invoice data repeats. */
const primary = {
  companyName: 'Kowalski Consulting',
  nip: '5260250274',
  ownerName: 'Jan',
  ownerLastName: 'Kowalski',
  regon: '123456785',
}

export const companyRecords: RecordDto[] = [
  { id: 1, dataType: 'Primary', eventType: 'Company primary data.', dataObject: primary },
  {
    id: 2,
    dataType: 'Addresses',
    eventType: 'Company addresses',
    dataObject: {
      permanentPlaceOfBusinessActivity: address('Polska', 'Warszawa', 'Marszałkowska', '00-950', '1/2'),
      additionalPlaceOfBusinessActivity: address('', '', '', '', ''),
      postDeliveryAddress: address('Germany', 'Berlin', 'Unter den Linden', '10117', '5'),
    },
  },
  {
    id: 3,
    dataType: 'Contact',
    eventType: 'Company contact',
    dataObject: { email: 'jan@example.com', phoneNumber: '+48 600 000 000', website: 'https://example.com', other: '' },
  },
  {
    id: 4,
    dataType: 'Invoice',
    eventType: 'Invoice',
    dataObject: { ...primary, invoiceAddress: address('Polska', 'Warszawa', 'Marszałkowska', '00-950', '1/2') },
  },
]

export const settingRecords: RecordDto[] = [
  { id: 10, dataType: 'Vat', eventType: 'VAT', dataObject: { date: '2025-01-01', percent: '23', paymentInterval: 3 } },
  { id: 11, dataType: 'Vat', eventType: 'VAT', dataObject: { date: '2026-01-01', percent: '23', paymentInterval: 1 } },
  {
    id: 12,
    dataType: 'Pit',
    eventType: 'PIT',
    dataObject: {
      date: '2025-01-01',
      taxType: 'Scale',
      firstPercent: '12',
      secondPercent: '32',
      freeOfTaxAmount: '30000.00',
      secondPercentAmount: '120000.00',
      paymentInterval: 1,
      deductions: '0.00',
    },
  },
  {
    id: 13,
    dataType: 'Pit',
    eventType: 'PIT',
    dataObject: {
      date: '2026-01-01',
      taxType: 'Linear',
      firstPercent: '19',
      secondPercent: null,
      freeOfTaxAmount: null,
      secondPercentAmount: null,
      paymentInterval: 1,
      deductions: '1200.00',
    },
  },
  {
    id: 14,
    dataType: 'SocialSecurity',
    eventType: 'SocialSecurity',
    dataObject: { date: '2026-01-01', amount: '1926.76', percent: '4.9' },
  },
]

const item = (
  id: number,
  dataType: string,
  name: string,
  amount: string,
  isCompany: boolean,
  extra: Record<string, unknown> = {},
): RecordDto => ({
  id,
  dataType,
  eventType: '',
  dataObject: {
    date: '2026-01-10',
    name,
    amount,
    isCompany,
    percent: isCompany ? '23' : '0',
    invoiceDate: isCompany ? '2025-12-28' : null,
    ...extra,
  },
})

export const itemRecords: RecordDto[] = [
  item(20, 'RecurringExpense', 'Office rent', '2500.00', true, { repetitions: 12 }),
  item(21, 'RecurringExpense', 'Netflix', '43.00', false, { repetitions: 12 }),
  item(22, 'Expense', 'Laptop', '6999.99', true),
  item(23, 'Expense', 'Groceries', '412.35', false),
  item(24, 'RecurringIncome', 'Consulting', '15000.00', true, { repetitions: 12 }),
  item(25, 'Income', 'Flat rental', '3200.00', false),
]

export const allRecords: RecordDto[] = [...companyRecords, ...settingRecords, ...itemRecords]

/** Renders children with fresh in-memory services seeded with `records` (one store per rendered copy). */
export const WithServices = ({
  records = allRecords,
  options,
  children,
}: {
  records?: RecordDto[]
  options?: MemoryOptions
  children: ReactNode
}) => {
  const services = useMemo(() => memoryServices(records, { today: '2026-11-23', ...options }), [records, options])
  return <ServicesProvider services={services}>{children}</ServicesProvider>
}

/** A story's render: `node` inside fresh in-memory services seeded with `records`. */
export const inServices = (records: RecordDto[], node: ReactNode) => () => (
  <WithServices records={records}>{node}</WithServices>
)
