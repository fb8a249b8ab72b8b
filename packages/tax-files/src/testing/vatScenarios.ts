/**
 * Recorded histories for the JPK_V7 golden files: a monthly VAT payer in January–March 2026 (the last JPK_V7M(2)
 * month, then the (3) months: several rates on one invoice, exempt and foreign sales, a correction received, an
 * excess carried on, KSeF numbers and markers) and a quarterly one in the second quarter of 2026 (the register of
 * April alone, then June with the quarter's declaration).
 */
import { type ItemDataType, type LedgerEvent, ksefCheckDigits, validateRecord } from '@finance/ledger-core'
import { income, vatSetting } from '@finance/ledger-core/testing'

export interface VatScenario {
  readonly name: string
  readonly month: string
  readonly events: readonly LedgerEvent[]
}

const ev = (type: string, data: unknown) => ({ type, data }) as LedgerEvent
/** An item as the books store it (validated: a `zw` or `np` item's percent is 0, a stated VAT equal to the computed one is none). */
const item = (id: number, dataType: ItemDataType, over: Record<string, unknown>) => {
  const v = validateRecord(dataType, income(over))
  if (!v.ok) throw new Error(`scenario item ${id}: ${JSON.stringify(v.errors)}`)
  return ev('ItemAdded', { id, dataType, data: v.value })
}

const acme = { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1, 00-001 Warszawa' }
const wholesaler = { name: 'Hurtownia Nowak', taxId: '7740001454', country: 'PL', address: 'ul. Długa 5, 09-400 Płock' }
const berlin = { name: 'Cloud GmbH', taxId: 'DE123456789', country: 'DE', address: 'Friedrichstraße 1, 10117 Berlin' }
const athens = { name: 'Hellas Ltd', taxId: 'EL094014201', country: 'GR', address: 'Athens' }

const withCheckDigits = (data: string) => `${data}-${ksefCheckDigits(data)}`
const OUR_KSEF = (day: string, n: string) => withCheckDigits(`5260250274-202602${day}-0100001AF6${n}`)
const THEIR_KSEF = (day: string, n: string) => withCheckDigits(`7740001454-202602${day}-0200002BC7${n}`)

/** Monthly: January (V7M(2), an excess carried), February and March (V7M(3)). */
export const monthlyEvents: readonly LedgerEvent[] = [
  ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2025-01-01', paymentInterval: 1 }) }),
  // January: a sale and a larger purchase — an excess of 97 zł carried to February.
  item(2, 'Income', {
    date: '2026-01-15',
    name: 'Consulting January',
    amount: '1234.56',
    documentNumber: 'FV 1/01/2026',
    counterparty: acme,
  }),
  item(3, 'Income', {
    date: '2026-01-20',
    name: 'Books',
    amount: '987.65',
    percent: '8',
    documentNumber: 'FV 2/01/2026',
    counterparty: acme,
  }),
  item(4, 'Expense', {
    date: '2026-01-22',
    name: 'Laptop',
    amount: '2000.00',
    documentNumber: 'FZ 44/2026',
    counterparty: wholesaler,
  }),
  // February: one invoice at two rates (two items, one row), with its KSeF number and GTU / TP markers.
  item(5, 'Income', {
    date: '2026-02-25',
    invoiceDate: '2026-02-10',
    supplyDate: '2026-02-06',
    name: 'FV 1/02/2026 — ACME (23%)',
    amount: '1001.96',
    documentNumber: 'FV 1/02/2026',
    counterparty: acme,
    ksefNumber: OUR_KSEF('10', '01'),
    gtu: ['GTU_12'],
    procedures: ['TP'],
  }),
  item(6, 'Income', {
    date: '2026-02-25',
    invoiceDate: '2026-02-10',
    supplyDate: '2026-02-06',
    name: 'FV 1/02/2026 — ACME (8%)',
    amount: '1005.62',
    percent: '8',
    documentNumber: 'FV 1/02/2026',
    counterparty: acme,
    ksefNumber: OUR_KSEF('10', '01'),
    gtu: ['GTU_12'],
    procedures: ['TP'],
  }),
  // An exempt training, issued offline during a KSeF failure (OFF).
  item(7, 'Income', {
    date: '2026-02-12',
    name: 'Training',
    amount: '800.00',
    vatTreatment: 'zw',
    documentNumber: 'FV 2/02/2026',
    counterparty: acme,
    ksefMarker: 'OFF',
  }),
  // Services to a company in Germany and in Greece: outside Polish VAT (np), their tax ids given without prefix.
  item(8, 'Income', {
    date: '2026-02-14',
    name: 'Hosting DE',
    amount: '1500.00',
    vatTreatment: 'np',
    documentNumber: 'FV 3/02/2026',
    counterparty: berlin,
    ksefMarker: 'BFK',
  }),
  item(9, 'Income', {
    date: '2026-02-15',
    name: 'Hosting GR',
    amount: '300.00',
    vatTreatment: 'np',
    documentNumber: 'FV 4/02/2026',
    counterparty: athens,
    ksefMarker: 'BFK',
  }),
  // A cash sale without a number, noted on an internal document (DI by default).
  item(10, 'Income', { date: '2026-02-27', name: 'Cash sales', amount: '100.00', documentType: 'WEW' }),
  // A purchase on the cash method (MK), received in KSeF the day after its date.
  item(11, 'Expense', {
    date: '2026-02-20',
    invoiceDate: '2026-02-09',
    name: 'Server',
    amount: '3000.00',
    documentNumber: 'FZ 7/02/2026',
    counterparty: wholesaler,
    ksefNumber: THEIR_KSEF('10', '11'),
    documentType: 'MK',
  }),
  // The correction of January's laptop: −0.02 net, the document's VAT −0.01 (−0.0046 would round to 0.00).
  item(12, 'Expense', {
    date: '2026-02-18',
    invoiceDate: '2026-02-18',
    name: 'KOR FZ 44/2026',
    amount: '-0.02',
    documentVat: '-0.01',
    documentNumber: 'KOR 3/02/2026',
    counterparty: wholesaler,
    ksefNumber: THEIR_KSEF('18', '12'),
    corrects: { documentNumber: 'FZ 44/2026', ksefNumber: null, issueDate: '2026-01-22' },
  }),
  // A private expense and a purchase without VAT: in no register.
  item(13, 'Expense', { date: '2026-02-19', name: 'Groceries', amount: '150.00', isCompany: false }),
  item(14, 'Expense', { date: '2026-02-19', name: 'Insurance', amount: '400.00', vatTreatment: 'zw' }),
  // March: a sale at 5 %, nothing else.
  item(15, 'Income', {
    date: '2026-03-03',
    name: 'Food',
    amount: '200.00',
    percent: '5',
    documentNumber: 'FV 1/03/2026',
    counterparty: acme,
    ksefNumber: '5260250274-20260303-0100001AF615-40',
  }),
]

/** Quarterly from the second quarter of 2026. */
export const quarterlyEvents: readonly LedgerEvent[] = [
  ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2025-01-01', paymentInterval: 3 }) }),
  item(2, 'Income', {
    date: '2026-04-10',
    name: 'April',
    amount: '10000.00',
    documentNumber: 'FV 1/04/2026',
    counterparty: acme,
    ksefNumber: '5260250274-20260410-0100001AF601-DA',
  }),
  item(3, 'Expense', {
    date: '2026-05-10',
    name: 'May',
    amount: '4000.00',
    documentNumber: 'FZ 9/05/2026',
    counterparty: wholesaler,
    ksefNumber: '7740001454-20260510-0200002BC701-41',
  }),
  item(4, 'Income', {
    date: '2026-06-10',
    name: 'June',
    amount: '2500.00',
    percent: '8',
    documentNumber: 'FV 1/06/2026',
    counterparty: berlin,
    ksefMarker: 'BFK',
  }),
]

/**
 * The monthly payer asking for 60 zł of January's 97 zł excess back in 25 days (uVAT art. 87 ust. 6), 20 zł of it set
 * against a future liability: February carries in the 37 zł left.
 */
export const refundEvents: readonly LedgerEvent[] = [
  ...monthlyEvents,
  ev('VatRefundSet', {
    month: '2026-01',
    refund: {
      amount: '60.00',
      term: 'days25',
      offset: { amount: '20.00', liability: 'zaliczka na podatek dochodowy za styczeń 2026' },
    },
  }),
]

export const vatScenarios: readonly VatScenario[] = [
  { name: 'JPK_V7M2_2026-01', month: '2026-01', events: monthlyEvents },
  { name: 'JPK_V7M3_2026-02', month: '2026-02', events: monthlyEvents },
  { name: 'JPK_V7M2_2026-01_refund', month: '2026-01', events: refundEvents },
  { name: 'JPK_V7M3_2026-02_after_refund', month: '2026-02', events: refundEvents },
  { name: 'JPK_V7M3_2026-03', month: '2026-03', events: monthlyEvents },
  { name: 'JPK_V7K3_2026-04', month: '2026-04', events: quarterlyEvents },
  { name: 'JPK_V7K3_2026-06', month: '2026-06', events: quarterlyEvents },
]
