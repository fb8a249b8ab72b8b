/**
 * `MarkKsefOffline`: an income's invoice issued outside KSeF (`tryby-offline.md`, docs/ksef.md "Offline invoices").
 * The income must be a live one-time income without a KSeF number; its issue date is the invoice's (`invoiceDate`,
 * else `date`), never the day of the mark. Whether an offline24 invoice may be issued at all (it needs the user's
 * KSeF certificate for KOD II) is the application's check: the certificate is not in the books.
 */
import { addMonths, compareDates, isLocalDate } from '../calendar.ts'
import type { MarkKsefOffline } from '../commands.ts'
import { type DomainError, domainError, isDomainError, liveEntry } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import type { Item } from '../schemas/records.ts'
import type { BooksState } from '../model/state.ts'
import { incomesOfInvoice } from '../invoicing/views.ts'

export const KsefOfflineMessages = {
  mode: 'Offline mode must be offline24, offline or awaryjny',
  sent: 'The invoice is already in KSeF',
  notIncome: 'Only a one-time income has an invoice to send to KSeF',
  end: 'The end of the unavailability must be a date from the issue date to a year after it',
} as const

const MODES = ['offline24', 'offline', 'awaryjny'] as const
type Mode = (typeof MODES)[number]

/**
 * The income an invoice is marked through: an invoice issued in the books with several VAT rates is one income per
 * rate, and the whole invoice is sent, marked and named through its first (`send --all` and the KSeF panel do the
 * same), so a mark of any of its incomes is the invoice's.
 */
const invoiceIncome = (state: BooksState, itemId: number): number => incomesOfInvoice(state, itemId)[0] ?? itemId

export const decideKsefOffline = (asked: MarkKsefOffline, state: BooksState): LedgerEvent[] | DomainError => {
  const command = { ...asked, itemId: invoiceIncome(state, asked.itemId) }
  const r = liveEntry(state.records, command.itemId)
  if (isDomainError(r)) return r
  if (r.dataType !== 'Income')
    return domainError('VALIDATION', KsefOfflineMessages.notIncome, [
      { field: 'itemId', code: 'VALIDATION', message: KsefOfflineMessages.notIncome },
    ])
  const item = r.data as Item
  if (item.ksefNumber)
    return domainError('VALIDATION', KsefOfflineMessages.sent, [
      { field: 'itemId', code: 'VALIDATION', message: KsefOfflineMessages.sent },
    ])
  if (!MODES.includes(command.mode as Mode))
    return domainError('VALIDATION', KsefOfflineMessages.mode, [
      { field: 'mode', code: 'VALIDATION', message: KsefOfflineMessages.mode },
    ])
  const issueDate = item.invoiceDate ?? item.date
  const end = command.unavailabilityEnd ?? null
  // An announced unavailability may end on a day still to come, but within a year of the invoice: no end is further
  // (and a date far ahead would put the deadline outside the books' dates).
  if (
    end !== null &&
    (!isLocalDate(end) || compareDates(end, issueDate) < 0 || compareDates(end, addMonths(issueDate, 12)) > 0)
  )
    return domainError('VALIDATION', KsefOfflineMessages.end, [
      { field: 'unavailabilityEnd', code: 'INVALID_DATE', message: KsefOfflineMessages.end },
    ])
  const data = {
    itemId: command.itemId,
    mode: command.mode as Mode,
    issueDate,
    reason: command.reason,
    unavailabilityEnd: end,
  }
  const before = state.ksefOffline?.get(command.itemId)
  if (before && JSON.stringify(before) === JSON.stringify(data)) return []
  return [{ type: 'KsefOfflineInvoiceMarked', data }]
}
