/**
 * Recorded histories for the golden files: a Scale year (2025, the KPiR of the 2019 regulation), a Linear year
 * (2026, the 2025 regulation's KPiR) and a ryczałt year with two rates (2026), each with a change recorded after
 * its month closed, and the company data the files need.
 */
import type { Contact, Invoice, LedgerEvent, Primary } from '@finance/ledger-core/light'
import { income, pitSetting, recurring } from '@finance/ledger-core/testing'

export interface Scenario {
  readonly name: string
  readonly year: number
  readonly form: 'JPK_PKPIR' | 'JPK_EWP'
  readonly events: readonly { readonly event: LedgerEvent; readonly recordedAt: string }[]
  readonly inventoryStart?: string
  readonly inventoryEnd?: string
}

export const primary: Primary = {
  companyName: 'Jan Kowalski Usługi Informatyczne',
  nip: '526-025-02-74',
  ownerName: 'Jan',
  ownerLastName: 'Kowalski',
  regon: '',
  taxOfficeCode: '1471',
  birthDate: '1985-04-02',
  businessStartDate: '2020-01-01',
  vatRegistrationDate: '2020-01-01',
}

export const contact: Contact = { email: 'jan@example.com', phoneNumber: '+48 600 100 200', website: '', other: '' }

/** The same trader's invoice data: the seller of the FA(3) files the tests write. */
export const invoiceData: Invoice = {
  companyName: primary.companyName,
  nip: primary.nip,
  ownerName: primary.ownerName,
  ownerLastName: primary.ownerLastName,
  regon: '',
  invoiceAddress: {
    country: 'Polska',
    region: 'mazowieckie',
    city: 'Warszawa',
    street: 'ul. Prosta',
    postCode: '00-001',
    building: '1/2',
  },
}

export const createdAt = '2026-04-15T10:00:00Z'

let seq = 0
const at = (day: string) => `${day}T${String(8 + (seq++ % 10)).padStart(2, '0')}:00:00Z`

const ev = (type: string, data: unknown, day: string) => ({ event: { type, data } as LedgerEvent, recordedAt: at(day) })
const pit = (id: number, day: string, over: Record<string, unknown>) =>
  ev('SettingAdded', { id, kind: 'Pit', data: pitSetting(over) }, day)
const add = (id: number, dataType: string, day: string, over: Record<string, unknown>) =>
  ev('ItemAdded', { id, dataType, data: dataType.startsWith('Recurring') ? recurring(over) : income(over) }, day)
const update = (id: number, dataType: string, day: string, over: Record<string, unknown>) =>
  ev('ItemUpdated', { id, dataType, data: income(over) }, day)
const remove = (id: number, dataType: string, day: string) => ev('ItemDeleted', { id, dataType }, day)
/** Full ZUS of 2026 with sickness insurance (Fundusz Pracy 138.47 of it), paid by the 20th of the next month. */
const fullZus2026 = (id: number, day: string) =>
  ev(
    'SettingAdded',
    {
      id,
      kind: 'SocialSecurity',
      data: { date: '2026-01-01', amount: '1926.76', percent: '4.9', contributionsPaid: 'byDeadline' },
    },
    day,
  )

const acme = { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1, 00-001 Warszawa' }
const wholesaler = { name: 'Hurtownia Nowak', taxId: '7740001454', country: 'PL', address: 'ul. Długa 5, 09-400 Płock' }
const berlin = { name: 'Cloud GmbH', taxId: 'DE123456789', country: 'DE', address: 'Friedrichstraße 1, 10117 Berlin' }

const invoice1 = {
  date: '2025-01-15',
  name: 'Invoice 1/2025',
  amount: '5000.00',
  documentNumber: 'FV 1/2025',
  description: 'Usługi programistyczne — styczeń',
  counterparty: acme,
}

export const scale2025: Scenario = {
  name: 'JPK_PKPIR_scale_2025',
  year: 2025,
  form: 'JPK_PKPIR',
  events: [
    pit(1, '2025-01-02', { date: '2025-01-01', taxType: 'Scale', firstPercent: '12' }),
    add(2, 'Income', '2025-01-15', invoice1),
    add(3, 'Expense', '2025-01-20', {
      date: '2025-01-20',
      name: 'Goods',
      amount: '1200.00',
      kpirColumn: 'goods',
      documentNumber: 'FZ 12/01/2025',
      description: 'Zakup towarów handlowych',
      counterparty: wholesaler,
    }),
    add(4, 'Expense', '2025-01-21', {
      date: '2025-01-21',
      name: 'Transport of goods',
      amount: '80.00',
      kpirColumn: 'sideCosts',
      documentNumber: 'FT 7/2025',
      counterparty: wholesaler,
    }),
    add(5, 'Expense', '2025-01-31', {
      date: '2025-01-31',
      name: 'Salary',
      amount: '4000.00',
      percent: '0',
      kpirColumn: 'salaries',
      documentNumber: 'LP 1/2025',
      description: 'Wynagrodzenie za styczeń',
    }),
    add(6, 'Expense', '2025-02-10', {
      date: '2025-02-10',
      name: 'Prototype',
      amount: '600.00',
      kpirColumn: 'research',
      documentNumber: 'FV 33/B/2025',
      description: 'Badania prototypu czujnika',
      counterparty: acme,
    }),
    add(7, 'Income', '2025-02-12', {
      date: '2025-02-12',
      name: 'Interest',
      amount: '150.00',
      percent: '0',
      vatTreatment: 'np',
      kpirColumn: 'otherRevenue',
      documentNumber: 'NO 1/2025',
      description: 'Odsetki za opóźnienie zapłaty',
      counterparty: acme,
    }),
    add(8, 'Expense', '2025-02-14', {
      date: '2025-02-14',
      name: 'Hosting',
      amount: '300.00',
      percent: '0',
      vatTreatment: 'np',
      documentNumber: 'INV-2025-0042',
      description: 'Serwery w chmurze',
      counterparty: berlin,
    }),
    add(9, 'Expense', '2025-02-15', { date: '2025-02-15', name: 'Gift', amount: '200.00', kpirColumn: 'notCost' }),
    add(10, 'Income', '2025-02-16', { date: '2025-02-16', name: 'Private sale', amount: '900.00', isCompany: false }),
    // After January closed (20 February 2025): the invoice's price is lowered — a correction in March.
    update(2, 'Income', '2025-03-25', { ...invoice1, amount: '4500.00' }),
  ],
}

export const linear2026: Scenario = {
  name: 'JPK_PKPIR_linear_2026',
  year: 2026,
  form: 'JPK_PKPIR',
  inventoryStart: '1000.00',
  inventoryEnd: '1500.00',
  events: [
    pit(1, '2026-01-02', { date: '2026-01-01', taxType: 'Linear', firstPercent: '19' }),
    // The owner's Fundusz Pracy is a cost of the day it is paid: January's on 20 February … November's on 21 December.
    fullZus2026(7, '2026-01-02'),
    add(2, 'Expense', '2026-01-10', {
      date: '2026-01-10',
      name: 'Goods',
      amount: '3000.00',
      kpirColumn: 'goods',
      documentNumber: 'FZ 3/2026',
      counterparty: wholesaler,
    }),
    add(3, 'Expense', '2026-01-12', {
      date: '2026-01-12',
      name: 'Office chair',
      amount: '500.00',
      documentNumber: 'PAR 118',
      description: 'Krzesło biurowe',
    }),
    add(4, 'RecurringIncome', '2026-01-31', {
      date: '2026-01-31',
      name: 'Maintenance',
      amount: '8000.00',
      repetitions: 3,
      documentNumber: 'FV/OPIEKA',
      description: 'Utrzymanie systemu',
      counterparty: acme,
    }),
    add(5, 'Expense', '2026-02-03', {
      date: '2026-02-03',
      name: 'Car',
      amount: '250.00',
      kpirColumn: 'free',
      documentNumber: 'FV 9/02/2026',
      description: 'Paliwo',
    }),
    // The chair was returned: deleted after January closed (20 February) — a reversal in February.
    remove(3, 'Expense', '2026-02-25'),
    add(6, 'Income', '2026-03-05', {
      date: '2026-03-05',
      name: 'Audit',
      amount: '12000.00',
      documentNumber: 'FV 7/2026',
      ksefNumber: '5260250274-20260305-0100001AF629-0B',
      description: 'Audyt bezpieczeństwa',
      counterparty: berlin,
    }),
  ],
}

export const flat2026: Scenario = {
  name: 'JPK_EWP_flat_two_rates_2026',
  year: 2026,
  form: 'JPK_EWP',
  events: [
    pit(1, '2026-01-02', { date: '2026-01-01', taxType: 'Flat', firstPercent: '12' }),
    // Ryczałt has no costs: the Fundusz Pracy paid makes no line of the ewidencja.
    fullZus2026(7, '2026-01-02'),
    add(2, 'Income', '2026-01-05', {
      date: '2026-01-05',
      name: 'Software',
      amount: '10000.00',
      documentNumber: 'FV 1/2026',
      counterparty: acme,
    }),
    add(3, 'Income', '2026-01-20', {
      date: '2026-01-20',
      name: 'Training',
      amount: '3000.00',
      flatRate: '8.5',
      documentNumber: 'FV 2/2026',
      counterparty: berlin,
    }),
    add(4, 'RecurringIncome', '2026-02-01', {
      date: '2026-02-01',
      name: 'Rent of equipment',
      amount: '2000.00',
      repetitions: 3,
      flatRate: '8.5',
      documentNumber: 'FV/NAJEM',
    }),
    add(5, 'Expense', '2026-02-02', { date: '2026-02-02', name: 'Fuel', amount: '300.00' }),
    // An invoice of January entered after January closed (20 February 2026): a late entry in February.
    add(6, 'Income', '2026-02-24', {
      date: '2026-01-28',
      name: 'Consulting',
      amount: '1500.00',
      documentNumber: 'FV 3/2026',
      ksefNumber: '5260250274-20260128-0100001AF629-27',
      counterparty: acme,
    }),
  ],
}

export const scenarios: readonly Scenario[] = [scale2025, linear2026, flat2026]
