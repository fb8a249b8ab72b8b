/**
 * A recorded May 2026 of a monthly VAT payer with the self-assessed purchases of JPK_V7's K_25 … K_32: a machine
 * imported from China settled in the declaration (art. 33a), a repair of the office in Kraków by a German firm (an
 * import of services outside art. 28b: the place of supply is the property, art. 28e) and a press delivered and
 * installed in Poland by a Czech firm without a fixed establishment here (the buyer is the taxpayer, art. 17 ust. 1
 * pkt 5). Worked figures: docs/tax-rules.md §29.
 */
import type { LedgerEvent } from '../events.ts'
import { validateRecord } from '../schemas/validate.ts'
import { income, pitSetting, vatSetting } from './fixtures.ts'

const ev = (type: string, data: unknown) => ({ type, data }) as LedgerEvent
const expense = (id: number, over: Record<string, unknown>) => {
  const v = validateRecord('Expense', income(over))
  if (!v.ok) throw new Error(`self-assessed item ${id}: ${JSON.stringify(v.errors)}`)
  return ev('ItemAdded', { id, dataType: 'Expense', data: v.value })
}

export const selfAssessedEvents: readonly LedgerEvent[] = [
  ev('SettingAdded', { id: 1, kind: 'Vat', data: vatSetting({ date: '2025-01-01', paymentInterval: 1 }) }),
  ev('SettingAdded', { id: 2, kind: 'Pit', data: pitSetting({ date: '2025-01-01' }) }),
  // Import of goods under art. 33a: the customs declaration accepted on 12 May → K_25 20 000, K_26 4 600.
  expense(3, {
    date: '2026-05-12',
    supplyDate: '2026-05-12',
    name: 'Milling machine (SAD 26PL44302000012345)',
    amount: '20000.00',
    crossBorder: 'importGoods',
    documentNumber: '26PL44302000012345',
    counterparty: { name: 'Shenzhen Tools Co.', taxId: '', country: 'CN', address: 'Shenzhen' },
  }),
  // Import of services other than art. 28b: a repair of the office (art. 28e), performed on 20 May → K_27 / K_28.
  expense(4, {
    date: '2026-05-22',
    invoiceDate: '2026-05-22',
    supplyDate: '2026-05-20',
    name: 'Office repair, Kraków',
    amount: '3000.00',
    crossBorder: 'importServicesOther',
    documentNumber: 'R-2026-0520',
    counterparty: { name: 'Bau GmbH', taxId: 'DE811234567', country: 'DE', address: 'Dresden' },
  }),
  // Goods whose buyer is the taxpayer (art. 17 ust. 1 pkt 5): a press installed on 25 May → K_31 / K_32.
  expense(5, {
    date: '2026-05-27',
    invoiceDate: '2026-05-27',
    supplyDate: '2026-05-25',
    name: 'Hydraulic press with installation',
    amount: '10000.00',
    crossBorder: 'buyerTaxpayerGoods',
    documentNumber: 'FV 2026/118',
    counterparty: { name: 'Lisy s.r.o.', taxId: 'CZ27082440', country: 'CZ', address: 'Brno' },
  }),
]
