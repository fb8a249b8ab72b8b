/**
 * A recorded March 2026 of a monthly VAT payer on Linear with every kind of tax/crossBorder.ts: software bought from
 * Ireland (import of services), goods from Germany (WNT, one invoiced in March, one whose tax point is 15 April),
 * an intra-EU supply, an export, services to a Dutch business (np, VAT-UE), a laptop entered as a fixed asset, fuel
 * for a car in mixed use, and an ordinary domestic sale. Worked figures: docs/tax-rules.md, "VAT across borders,
 * fixed assets and cars".
 */
import type { LedgerEvent } from '../events.ts'
import { validateRecord } from '../schemas/validate.ts'
import { income, pitSetting, vatSetting } from './fixtures.ts'

const ev = (type: string, data: unknown) => ({ type, data }) as LedgerEvent
const item = (id: number, dataType: 'Income' | 'Expense', over: Record<string, unknown>) => {
  const v = validateRecord(dataType, income(over))
  if (!v.ok) throw new Error(`cross-border item ${id}: ${JSON.stringify(v.errors)}`)
  return ev('ItemAdded', { id, dataType, data: v.value })
}

export const crossBorderParties = {
  dublin: { name: 'Software Ltd', taxId: 'IE6388047V', country: 'IE', address: 'Dublin' },
  berlin: { name: 'Teile GmbH', taxId: 'DE123456789', country: 'DE', address: 'Berlin' },
  prague: { name: 'Díly s.r.o.', taxId: 'CZ12345678', country: 'CZ', address: 'Praha' },
  oslo: { name: 'Nordic AS', taxId: '', country: 'NO', address: 'Oslo' },
  amsterdam: { name: 'Design BV', taxId: 'NL123456789B01', country: 'NL', address: 'Amsterdam' },
  acme: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'Warszawa' },
  station: { name: 'Stacja Paliw', taxId: '7740001454', country: 'PL', address: 'Płock' },
  shop: { name: 'Sklep Komputerowy', taxId: '5213017228', country: 'PL', address: 'Kraków' },
}
const p = crossBorderParties

/** Spare parts from Germany (a WNT) supplied 20 February 2026 and invoiced 10 March: 5 000 zł at 23 %. */
export const wntSpareParts = {
  date: '2026-03-12',
  invoiceDate: '2026-03-10',
  supplyDate: '2026-02-20',
  name: 'Spare parts',
  amount: '5000.00',
  crossBorder: 'wnt',
  documentNumber: 'RE 4411',
}

export const crossBorderEvents: readonly LedgerEvent[] = [
  ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2025-01-01', paymentInterval: 1 }) }),
  ev('SettingAdded', { id: 2, kind: 'Pit', data: pitSetting({ date: '2025-01-01' }) }),
  // Import of services (art. 28b): 1 000 zł net → 230 output (K_29 / K_30) and 230 input (K_42 / K_43).
  item(3, 'Expense', {
    date: '2026-03-05',
    invoiceDate: '2026-03-05',
    name: 'Software licence',
    amount: '1000.00',
    crossBorder: 'importServices',
    documentNumber: 'IE-2026-117',
    counterparty: p.dublin,
  }),
  // WNT supplied 20 February, invoiced 10 March: the tax point is the invoice (before 15 March).
  item(4, 'Expense', { ...wntSpareParts, counterparty: p.berlin }),
  // WNT supplied 3 March, invoiced 20 April: the tax point is 15 April.
  item(5, 'Expense', {
    date: '2026-04-20',
    invoiceDate: '2026-04-20',
    supplyDate: '2026-03-03',
    name: 'Tools',
    amount: '2000.00',
    crossBorder: 'wnt',
    documentNumber: 'RE 4502',
    counterparty: p.berlin,
  }),
  // WDT at 0 % (K_21), export at 0 % (K_22), services to an EU business outside Polish VAT (K_11 and K_12).
  item(6, 'Income', {
    date: '2026-03-16',
    name: 'Parts to Prague',
    amount: '8000.00',
    percent: '23',
    crossBorder: 'wdt',
    documentNumber: 'FV 7/03/2026',
    counterparty: p.prague,
  }),
  item(7, 'Income', {
    date: '2026-03-18',
    name: 'Parts to Oslo',
    amount: '3000.00',
    crossBorder: 'export',
    documentNumber: 'FV 8/03/2026',
    counterparty: p.oslo,
  }),
  item(8, 'Income', {
    date: '2026-03-20',
    name: 'Design services',
    amount: '4000.00',
    crossBorder: 'euServices',
    documentNumber: 'FV 9/03/2026',
    counterparty: p.amsterdam,
  }),
  // A laptop counted among the fixed assets: its VAT in K_40 / K_41.
  item(9, 'Expense', {
    date: '2026-03-09',
    name: 'Laptop',
    amount: '6000.00',
    fixedAsset: true,
    documentNumber: 'FS 220/2026',
    counterparty: p.shop,
  }),
  // Fuel for a car used also privately: 115.00 VAT, 57.50 deducted; 57.50 is a cost.
  item(10, 'Expense', {
    date: '2026-03-25',
    name: 'Fuel',
    amount: '500.00',
    car: { use: 'mixed' },
    documentNumber: 'PAR 12/03',
    counterparty: p.station,
  }),
  item(11, 'Income', {
    date: '2026-03-31',
    name: 'Programming',
    amount: '10000.00',
    documentNumber: 'FV 10/03/2026',
    counterparty: p.acme,
  }),
]
