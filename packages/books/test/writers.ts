/** What the write-path tests of the books share: another writer's event, a result that must be a write, and a bulk import's documents. */
import type { NewEvent } from '@finance/event-store'
import { isDomainError, type LedgerCommand } from '@finance/ledger-core/light'

/** Another writer's event on a books stream: the company's contact data saved with `email` (one record, saved again and again). */
export const contactSavedElsewhere = (email: string, createdAt: string): NewEvent => ({
  type: 'CompanyRecordSaved',
  schemaVersion: 1,
  data: { id: 99_999, dataType: 'Contact', data: { email, phoneNumber: '' } },
  metadata: { userId: 'other', correlationId: 'c', createdAt },
})

/** `r` as the write it must be; a domain error fails the test, named. */
export const wrote = <T>(r: T | { code: string }): T => {
  if (isDomainError(r as never)) throw new Error(`expected a write, got ${JSON.stringify(r)}`)
  return r as T
}

/** The command by `userId` at `at` that adds the expense `data` (an item's fields as the API takes them). */
export const addExpense = (userId: string, at: string, data: Record<string, unknown>): LedgerCommand => ({
  type: 'AddItem',
  dataType: 'Expense',
  data: data as never,
  at,
  userId,
})

/** `n` purchase documents for one import (FZ 1/2026 …), an expense each, spread over the year's months; `amount(i)` is item i's gross. */
export const purchases = (n: number, amount = (i: number) => `${10 + (i % 90)}.00`) =>
  Array.from({ length: n }, (_, i) => ({
    key: { isIncome: false, documentNumber: `FZ ${i + 1}/2026`, sellerTaxId: '5260250274', ksefNumber: null },
    items: [
      {
        dataType: 'Expense' as const,
        data: {
          date: `2026-${String(1 + (i % 12)).padStart(2, '0')}-10`,
          name: `Purchase ${i + 1}`,
          amount: amount(i),
          isCompany: true,
          percent: '23',
          invoiceDate: null,
        },
      },
    ],
  }))
