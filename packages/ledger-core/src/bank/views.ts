/**
 * What the bank screens, the API and the CLI show: accounts with their balances, statements with gaps between
 * them, lines with their match state, the queue of unmatched lines with suggestions, and which incomes and expenses
 * are paid, partly paid or overdue (receivables and payables).
 *
 * Balances are derived, never stored: an account's balance is the opening balance of its earliest statement plus
 * every line since, so the order statements arrived in does not matter. A statement whose opening balance is not
 * that derived balance on its opening day follows a gap (lines missing before it): reported, never hidden.
 */
import { addDays } from '../calendar.ts'
import type { BooksState } from '../model/state.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { findTransaction, monthRows } from '../projections/month.ts'
import type { Item } from '../schemas/records.ts'
import { incomesOfInvoice } from '../invoicing/views.ts'
import type { TransactionRow } from '../schemas/transaction.ts'
import type { LocalDateString, MoneyString, YearMonthString } from '../types.ts'
import { type BankSuggestion, matchContext, suggest } from './match.ts'
import type { BankAccountState, BankAllocation, BankLineState, BankMatchState, BankStatementState } from './state.ts'

export interface BankGap {
  readonly accountId: number
  /** The statement after the gap. */
  readonly statement: string
  /** The last day known before the gap (the previous statement's closing date), `null` when none. */
  readonly after: LocalDateString | null
  readonly before: LocalDateString
  /** The balance the books reach on the statement's opening day, and what the statement says it was. */
  readonly expected: MoneyString
  readonly found: MoneyString
}

export interface BankAccountView extends BankAccountState {
  /** The derived balance after the last line, `null` without a statement with balances. */
  readonly balance: MoneyString | null
  readonly lastDate: LocalDateString | null
  readonly lineCount: number
}

export interface BankStatementView extends BankStatementState {
  /** `true` when the opening balance is the books' balance on that day (no gap before it). */
  readonly continuous: boolean
}

export type BankLineStatus = 'matched' | 'private' | 'transfer' | 'unmatched'

export interface BankLineView extends BankLineState {
  readonly status: BankLineStatus
  readonly match: BankMatchState | null
}

export interface BankOverview {
  readonly accounts: readonly BankAccountView[]
  readonly statements: readonly BankStatementView[]
  readonly gaps: readonly BankGap[]
  readonly zusAccount: string | null
  readonly unmatched: number
}

const byDate = (a: BankLineState, b: BankLineState) =>
  a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : a.lineId < b.lineId ? -1 : 1

interface AccountLedger {
  readonly anchor: BankStatementState | null
  /** Lines by booking date. */
  readonly lines: BankLineState[]
  /** `sums[i]`: the lines before `lines[i]` booked on or after the anchor's opening day, summed. */
  sums: bigint[]
}

const ledgers = (state: BooksState): Map<number, AccountLedger> => {
  const out = new Map<number, { anchor: BankStatementState | null; lines: BankLineState[]; sums: bigint[] }>()
  const of = (id: number) => {
    const found = out.get(id)
    if (found) return found
    const l = { anchor: null, lines: [], sums: [] }
    out.set(id, l)
    return l
  }
  for (const s of state.bank.statements.values()) {
    const l = of(s.accountId)
    if (s.openingBalance === null) continue
    // The earliest statement with a balance anchors the account (ties: the larger closing date, then the key).
    if (
      l.anchor === null ||
      s.openingDate < l.anchor.openingDate ||
      (s.openingDate === l.anchor.openingDate && s.key < l.anchor.key)
    )
      l.anchor = s
  }
  for (const line of state.bank.lines.values()) of(line.accountId).lines.push(line)
  for (const l of out.values()) {
    l.lines.sort(byDate)
    const from = l.anchor?.openingDate ?? ''
    let sum = 0n
    l.sums = [0n]
    for (const line of l.lines) {
      if (line.bookingDate >= from) sum += parseMoney(line.amount)
      l.sums.push(sum)
    }
  }
  return out
}

/** Balance on the morning of `date`: the anchor's opening plus every line booked from its opening day until before `date`. */
const balanceBefore = (ledger: AccountLedger, date: LocalDateString): bigint | null => {
  if (!ledger.anchor?.openingBalance) return null
  // The first line on or after `date` (binary search over the sorted lines).
  let lo = 0
  let hi = ledger.lines.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (ledger.lines[mid]!.bookingDate < date) lo = mid + 1
    else hi = mid
  }
  return parseMoney(ledger.anchor.openingBalance) + ledger.sums[lo]!
}

const statusOf = (m: BankMatchState | undefined): BankLineStatus => {
  if (!m) return 'unmatched'
  if (m.allocations.every((a) => a.kind === 'private')) return 'private'
  if (m.allocations.every((a) => a.kind === 'transfer')) return 'transfer'
  return 'matched'
}

export const bankOverview = (state: BooksState): BankOverview => {
  const led = ledgers(state)
  const accounts: BankAccountView[] = []
  for (const a of state.bank.accounts.values()) {
    if (a.deleted) continue
    const l = led.get(a.id)
    const last = l?.lines.at(-1)?.bookingDate ?? null
    const balance = l ? balanceBefore(l, last === null ? '9999-12-31' : addDays(last, 1)) : null
    accounts.push({
      ...a,
      balance: balance === null ? null : formatMoney(balance),
      lastDate: last,
      lineCount: l?.lines.length ?? 0,
    })
  }
  accounts.sort((a, b) => a.id - b.id)
  const statements: BankStatementView[] = []
  const gaps: BankGap[] = []
  const sorted = [...state.bank.statements.values()].sort(
    (a, b) =>
      a.accountId - b.accountId ||
      (a.openingDate < b.openingDate ? -1 : a.openingDate > b.openingDate ? 1 : a.key < b.key ? -1 : 1),
  )
  let prev: BankStatementState | null = null
  for (const s of sorted) {
    if (prev && prev.accountId !== s.accountId) prev = null
    const l: AccountLedger = led.get(s.accountId)!
    let continuous = true
    if (s.openingBalance !== null && l.anchor !== null && l.anchor !== s) {
      const expected = balanceBefore(l, s.openingDate)
      if (expected !== null && expected !== parseMoney(s.openingBalance)) {
        continuous = false
        gaps.push({
          accountId: s.accountId,
          statement: s.key,
          after: prev?.closingDate ?? null,
          before: s.openingDate,
          expected: formatMoney(expected),
          found: s.openingBalance,
        })
      }
    }
    statements.push({ ...s, continuous })
    if (!prev || s.closingDate > prev.closingDate) prev = s
  }
  let unmatched = 0
  for (const line of state.bank.lines.values()) if (!state.bank.matches.has(line.lineId)) unmatched++
  return { accounts, statements, gaps, zusAccount: state.bank.zusAccount, unmatched }
}

export interface BankLineQuery {
  readonly accountId?: number
  readonly from?: LocalDateString
  readonly to?: LocalDateString
  readonly status?: BankLineStatus
  readonly limit?: number
  readonly offset?: number
}

/** Lines, newest first, with their match state. */
export const bankLines = (state: BooksState, q: BankLineQuery = {}): { total: number; lines: BankLineView[] } => {
  const all: BankLineView[] = []
  for (const l of state.bank.lines.values()) {
    if (q.accountId !== undefined && l.accountId !== q.accountId) continue
    if (q.from !== undefined && l.bookingDate < q.from) continue
    if (q.to !== undefined && l.bookingDate > q.to) continue
    const m = state.bank.matches.get(l.lineId)
    const status = statusOf(m)
    if (q.status !== undefined && status !== q.status) continue
    all.push({ ...l, status, match: m ?? null })
  }
  all.sort((a, b) => -byDate(a, b))
  const offset = q.offset ?? 0
  return { total: all.length, lines: all.slice(offset, offset + (q.limit ?? 200)) }
}

export interface BankQueueEntry {
  readonly line: BankLineView
  readonly suggestions: readonly BankSuggestion[]
}

/** Unmatched lines (oldest first) with what they might be. */
export const bankQueue = (state: BooksState, today: LocalDateString, limit = 100): BankQueueEntry[] => {
  const lines: BankLineState[] = []
  for (const l of state.bank.lines.values()) if (!state.bank.matches.has(l.lineId)) lines.push(l)
  lines.sort(byDate)
  const page = lines.slice(0, limit)
  const ctx = matchContext(state, today, page)
  return page.map((l) => ({
    line: { ...l, status: 'unmatched', match: null },
    suggestions: suggest(ctx, l),
  }))
}

/** A transaction a match or a suggestion names, as the books show it: its name, date and amount due. */
export interface BankTransactionLabel {
  /** The row's name in the month's view (`Laptop Dell`, `VAT 10/2026`, `ZUS 2026-10`). */
  readonly name: string
  readonly date: LocalDateString
  /** The row's sum (gross for an income or expense, the tax or contribution due). */
  readonly amount: MoneyString
}

/**
 * What the books show of each transaction `allocations` name, by id, so a screen can say "Laptop Dell, 5 Oct 2026,
 * 9 840,00 zł" instead of `i12-2026-10`. A transaction the books no longer show (an occurrence of a deleted item) is
 * left out: the id is all there is.
 */
export const bankTransactionLabels = (
  state: BooksState,
  allocations: Iterable<BankAllocation>,
): Record<string, BankTransactionLabel> => {
  const out: Record<string, BankTransactionLabel> = {}
  for (const a of allocations) {
    if (a.kind !== 'transaction' || Object.hasOwn(out, a.id)) continue
    const found = findTransaction(state, a.id)
    if (!found) continue
    const d = found.row.dataObject
    out[a.id] = { name: d.displayName || d.name, date: found.row.date, amount: d.sum }
  }
  return out
}

export type PaymentState = 'paid' | 'partlyPaid' | 'unpaid' | 'overdue'

export interface OpenItem {
  /** The occurrence's identity (`i12-2026-03`). */
  readonly id: string
  readonly itemId: number
  readonly kind: 'receivable' | 'payable'
  readonly name: string
  readonly documentNumber: string
  readonly counterparty: string
  readonly date: LocalDateString
  readonly sum: MoneyString
  readonly paid: MoneyString
  readonly remaining: MoneyString
  readonly paidOn: LocalDateString | null
  /** The payment term, when the item has one ({@link paymentTermOf}); `null`: none, so it is never overdue. */
  readonly dueDate: LocalDateString | null
  readonly state: PaymentState
  /** Days past `dueDate` while something remains, 0 otherwise (and without a payment term). */
  readonly daysOverdue: number
  /**
   * Only on an issued invoice of several VAT rates, which is one row: its items (one income per rate) in the
   * invoice's order, each as the bank pays it (`MatchBankLine` allocates to these ids). The row is then the invoice:
   * `id` and `itemId` its first item's, `date` its issue date, `sum`, `paid` and `remaining` its totals.
   */
  readonly parts?: readonly OpenItemPart[]
}

/** One income of an invoice of several VAT rates, in its {@link OpenItem} row. */
export interface OpenItemPart {
  readonly id: string
  readonly itemId: number
  readonly sum: MoneyString
  readonly paid: MoneyString
  readonly remaining: MoneyString
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000)

/**
 * The payment term of an item's occurrence, `null` when it has none: the term of the sales invoice that put the item
 * into the books (`payment.dueDate`); otherwise the occurrence's date when it is later than its document's date (an
 * item's date is the day its money moves — docs/tax-rules.md §4 — and an FA(3) import sets it to the invoice's
 * payment term). An item dated on its document's day says no term: it is open, never overdue.
 */
export const paymentTermOf = (state: BooksState, row: TransactionRow): LocalDateString | null => {
  const itemId = row.dataObject.itemId
  const invoiceId = itemId === null ? undefined : state.invoicing.itemInvoice.get(itemId)
  const invoice = invoiceId === undefined ? undefined : state.invoicing.invoices.get(invoiceId)
  if (invoice?.data.payment.dueDate) return invoice.data.payment.dueDate
  const documentDate = row.dataObject.invoiceDate
  return documentDate !== null && row.date > documentDate ? row.date : null
}

/** What is left of `sum` once `paid` is paid, and the state and days overdue that follow, on `today`. */
const standing = (sum: bigint, paid: bigint, dueDate: LocalDateString | null, today: LocalDateString) => {
  const remaining = sum - paid > 0n ? sum - paid : 0n
  const daysOverdue = remaining > 0n && dueDate !== null && dueDate < today ? daysBetween(dueDate, today) : 0
  const state: PaymentState =
    remaining === 0n ? 'paid' : daysOverdue > 0 ? 'overdue' : paid > 0n ? 'partlyPaid' : 'unpaid'
  return { remaining, daysOverdue, state }
}

/**
 * The payment state of every company income and expense occurrence in `months` (paid from the bank's matches or a
 * completion by hand); private items are not the business's receivables or payables and are left out. Overdue only
 * past a payment term the item has. An issued invoice of several VAT rates (one income per rate) is one row, the
 * invoice: dated by its issue date, its totals, overdue by its payment term, its items in `parts`. `open` keeps only
 * what is not paid in full: the receivables and payables.
 */
export const paymentStates = (
  state: BooksState,
  months: readonly YearMonthString[],
  today: LocalDateString,
  { open = false }: { open?: boolean } = {},
): OpenItem[] => {
  const paid = new Map<string, { amount: bigint; on: string }>()
  for (const m of state.bank.matches.values()) {
    const line = state.bank.lines.get(m.lineId)
    for (const a of m.allocations)
      if (a.kind === 'transaction') {
        const p = paid.get(a.id)
        const on = line && (!p || line.bookingDate > p.on) ? line.bookingDate : (p?.on ?? '')
        paid.set(a.id, { amount: (p?.amount ?? 0n) + parseMoney(a.amount), on })
      }
  }
  // Every occurrence's row; an invoice of several items holds its place by its id until its rows are gathered.
  const rows: (OpenItem | number)[] = []
  const invoices = new Map<number, OpenItem[]>()
  for (const month of months)
    for (const { row, flags } of monthRows(state, month)) {
      if (row.eventType !== '1_Revenue' && row.eventType !== '2_Fee') continue
      const itemId = row.dataObject.itemId
      if (itemId === null || !row.dataObject.isCompany) continue
      const item = state.records.get(itemId)?.data as Item | undefined
      const sum = parseMoney(row.dataObject.sum)
      const bank = paid.get(row.id)
      const byHand = flags?.completed ? (flags.paidAmount === null ? sum : parseMoney(flags.paidAmount)) : 0n
      const p = bank ? bank.amount : byHand
      const dueDate = paymentTermOf(state, row)
      const { remaining, daysOverdue, state: st } = standing(sum, p, dueDate, today)
      const o: OpenItem = {
        id: row.id,
        itemId,
        kind: row.eventType === '1_Revenue' ? 'receivable' : 'payable',
        name: row.dataObject.name,
        documentNumber: item?.documentNumber ?? '',
        counterparty: item?.counterparty?.name ?? '',
        date: row.date,
        sum: formatMoney(sum),
        paid: formatMoney(p),
        remaining: formatMoney(remaining),
        paidOn: bank?.on ?? flags?.paidOn ?? null,
        dueDate,
        state: st,
        daysOverdue,
      }
      // An item of an invoice of several VAT rates waits for the invoice's other items; any other item is its row.
      if (incomesOfInvoice(state, itemId).length < 2) {
        rows.push(o)
        continue
      }
      const invoiceId = state.invoicing.itemInvoice.get(itemId)!
      const gathered = invoices.get(invoiceId)
      if (gathered) gathered.push(o)
      else {
        invoices.set(invoiceId, [o])
        rows.push(invoiceId)
      }
    }
  const out: OpenItem[] = []
  for (const r of rows) {
    const o = typeof r === 'number' ? invoiceRow(state, r, invoices.get(r)!, today) : r
    if (open && parseMoney(o.remaining) === 0n) continue
    out.push(o)
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1))
}

/** An invoice of several VAT rates as one row, from its items' rows (`rows`, each item once). */
const invoiceRow = (
  state: BooksState,
  invoiceId: number,
  rows: readonly OpenItem[],
  today: LocalDateString,
): OpenItem => {
  const invoice = state.invoicing.invoices.get(invoiceId)!
  const order = invoice.itemIds
  const parts = [...rows].sort((a, b) => order.indexOf(a.itemId) - order.indexOf(b.itemId) || (a.id < b.id ? -1 : 1))
  const first = parts[0]!
  let sum = 0n
  let p = 0n
  let paidOn: LocalDateString | null = null
  for (const x of parts) {
    sum += parseMoney(x.sum)
    p += parseMoney(x.paid)
    if (x.paidOn !== null && (paidOn === null || x.paidOn > paidOn)) paidOn = x.paidOn
  }
  const { remaining, daysOverdue, state: st } = standing(sum, p, first.dueDate, today)
  return {
    ...first,
    date: invoice.data.issueDate,
    sum: formatMoney(sum),
    paid: formatMoney(p),
    remaining: formatMoney(remaining),
    paidOn,
    state: st,
    daysOverdue,
    parts: parts.map((x) => ({ id: x.id, itemId: x.itemId, sum: x.sum, paid: x.paid, remaining: x.remaining })),
  }
}
