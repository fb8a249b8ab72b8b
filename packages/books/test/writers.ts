/** What the write-path tests of the books share: another writer's event, and a result that must be a write. */
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
