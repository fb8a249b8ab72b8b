/**
 * The bulk bench's data (`bulk.ts`, `importProcess.ts`): books of 10 years × 50 items a month with yearly settings,
 * and the import of `ITEMS` purchase documents of one item each, spread over the last year.
 */
import type { NewEvent } from '@finance/event-store'

export const ITEMS = Number(process.env.BENCH_BULK_ITEMS ?? 10_000)
const YEARS = 10
export const LAST_YEAR = 2026
const pad = (n: number) => String(n).padStart(2, '0')

/** Ten years × 50 items a month and yearly settings, appended as stored events. */
export const history = (userId: string): NewEvent[] => {
  const metadata = { userId, correlationId: 'bench-seed', createdAt: `${LAST_YEAR}-01-01T00:00:00.000Z` }
  const events: NewEvent[] = []
  let id = 1
  const push = (type: string, data: Record<string, unknown>) =>
    events.push({ type, schemaVersion: type.startsWith('Item') ? 2 : 1, data: data as never, metadata })
  for (let y = LAST_YEAR - YEARS + 1; y <= LAST_YEAR; y++) {
    push('SettingAdded', { id: id++, kind: 'Vat', data: { date: `${y}-01-01`, percent: '23', paymentInterval: 1 } })
    push('SettingAdded', {
      id: id++,
      kind: 'SocialSecurity',
      data: { date: `${y}-01-01`, amount: '1600.00', percent: '9' },
    })
    for (let m = 1; m <= 12; m++)
      for (let k = 0; k < 50; k++)
        push('ItemAdded', {
          id: id++,
          dataType: k % 3 === 0 ? 'Income' : 'Expense',
          data: {
            date: `${y}-${pad(m)}-${pad(1 + (k % 28))}`,
            name: `Item ${k + 1}/${m}/${y}`,
            amount: `${100 + k * 37}.${pad(k)}`,
            isCompany: k % 2 === 0,
            percent: k % 2 === 0 ? '23' : '0',
            invoiceDate: null,
          },
        })
  }
  return events
}

/** 10 000 purchase documents of one item each, spread over the last year. */
export const documents = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    key: { isIncome: false, documentNumber: `FZ ${i + 1}/${LAST_YEAR}`, sellerTaxId: '5260250274', ksefNumber: null },
    items: [
      {
        dataType: 'Expense' as const,
        data: {
          date: `${LAST_YEAR}-${pad(1 + (i % 12))}-${pad(1 + (i % 28))}`,
          name: `Import ${i + 1}`,
          amount: `${10 + (i % 500)}.${pad(i % 100)}`,
          isCompany: true,
          percent: '23',
          invoiceDate: null,
        },
      },
    ],
  }))
