/**
 * Invoices as documents (docs/api.md, "Invoices"): issuing a draft only when its FA(3) can be written (the company's
 * data as the seller), and sending an issued invoice to KSeF through the income it put into the books.
 */
import type { EventStore } from '@finance/event-store'
import {
  addDays,
  documentInPln,
  type DomainError,
  domainError,
  type FieldError,
  isDomainError,
  ksefNumberOfInvoice,
} from '@finance/ledger-core/light'
import { loadBooks } from './books.ts'
import { type Executed, executeBooks } from './commands/execute.ts'
import { fa3RequestOf } from './files/fa3.ts'
import { heavy } from './heavy.ts'
import { KsefActionError, type KsefDeps, ksefUpo, type SentToKsef, sendToKsef } from './ksefOnline.ts'
import { fetchRates, RatesUnavailable } from './rates/record.ts'
import type { ExchangeRates } from './rates/port.ts'

/** How far before an invoice's dates its NBP rates are fetched: "the last working day before" may lie a fortnight back. */
const RATES_LOOKBACK_DAYS = 14

/**
 * Fetches through the rates port the NBP table A days an invoice in a foreign currency needs and the books lack (from
 * a fortnight before its earliest date to its latest), so that its issue converts it (docs/tax-rules.md §15). A
 * złoty invoice, one whose rates are held, or an unreachable NBP does nothing: the issue then names the missing rate.
 */
export async function ensureInvoiceRates(
  store: EventStore,
  userId: string,
  id: number,
  port: ExchangeRates,
  at: Date,
): Promise<void> {
  const { state } = await loadBooks(store, userId)
  const inv = state.invoicing.invoices.get(id)
  if (!inv || inv.deleted) return
  const pln = documentInPln(state, inv.data)
  if (pln === null || pln.ok) return
  const d = inv.data
  const days = [d.issueDate, d.supplyDate, d.payment.dueDate].filter((x): x is string => x !== null).sort()
  try {
    await fetchRates(store, userId, port, addDays(days[0]!, -RATES_LOOKBACK_DAYS), days.at(-1)!, at)
  } catch (e) {
    if (!(e instanceof RatesUnavailable)) throw e
  }
}

/**
 * Issues the draft `id` (its number and its incomes in one append). Refused whole, with every field, when the draft is
 * incomplete or its FA(3) could not be written (the company's data as the seller).
 */
export async function issueInvoiceDocument(
  store: EventStore,
  userId: string,
  id: number,
  opts: { readonly at: string; readonly expectedVersion?: number; readonly rates?: ExchangeRates },
): Promise<Executed | DomainError> {
  if (opts.rates) await ensureInvoiceRates(store, userId, id, opts.rates, new Date(opts.at))
  const { state } = await loadBooks(store, userId)
  const inv = state.invoicing.invoices.get(id)
  if (inv && !inv.deleted && inv.status === 'draft') {
    const { fa3DocumentProblems } = await heavy()
    // A draft's number is given by the issue itself; any number stands in for it here.
    const req = fa3RequestOf(state, id, '-', new Date(opts.at))
    const problems: FieldError[] = (req ? fa3DocumentProblems(req) : [])
      .filter((p) => p.field !== 'number')
      .map((p) => ({ field: p.field, code: p.code === 'REQUIRED' ? 'REQUIRED' : 'VALIDATION', message: p.message }))
    if (problems.length > 0) return domainError('VALIDATION', problems[0]?.message, problems)
  }
  return executeBooks(store, userId, {
    type: 'IssueInvoice',
    id,
    ...(opts.expectedVersion !== undefined ? { expectedVersion: opts.expectedVersion } : {}),
    at: opts.at,
    userId,
  })
}

/**
 * Sends the issued invoice `id` to KSeF: the FA(3) of the whole document goes through its first income (the KSeF
 * client's send), and the KSeF number is then recorded on every income of the invoice.
 */
export async function sendInvoiceToKsef(deps: KsefDeps, userId: string, id: number): Promise<SentToKsef> {
  const { state } = await loadBooks(deps.store, userId)
  const inv = state.invoicing.invoices.get(id)
  if (!inv || inv.deleted) throw new KsefActionError('NOT_FOUND', 'Not found', { field: 'id' })
  const first = inv.itemIds[0]
  if (inv.status !== 'issued' || first === undefined)
    throw new KsefActionError('INVALID', 'Issue the invoice first: a draft has no number yet', { field: 'id' })
  // Sent before, its number not yet on every income (an interrupted send): only the recording is left to do.
  const known = ksefNumberOfInvoice(state, inv)
  const sent =
    known !== null
      ? { itemId: first, ksefNumber: known, acquisitionDate: '', upo: (await ksefUpo(deps, userId, first)) ?? '' }
      : await sendToKsef(deps, userId, first)
  const recorded = await executeBooks(deps.store, userId, {
    type: 'RecordInvoiceKsefNumber',
    itemId: first,
    ksefNumber: sent.ksefNumber,
    at: deps.now().toISOString(),
    userId,
  })
  if (isDomainError(recorded)) throw new KsefActionError('INVALID', recorded.message, { details: [sent.ksefNumber] })
  return sent
}
