/**
 * A plain-text journal that hledger and ledger-cli read: one transaction per row of every month (as the monthly
 * dashboard shows them, manual rows included), amounts in PLN with two decimals.
 *
 * Accounts: `assets:bank`; `income:company`, `income:private`; `expenses:company`, `expenses:private`;
 * `liabilities:vat` (output VAT credited, input VAT and VAT payments debited); `expenses:taxes:pit`,
 * `expenses:taxes:zus`. A company sale of 1000 + 230 VAT:
 * ```
 * 2026-01-10 Invoice 1
 *     assets:bank  1230.00 PLN
 *     income:company  -1000.00 PLN
 *     liabilities:vat  -230.00 PLN
 * ```
 */
import { addMonthsToMonth } from '../calendar.ts'
import type { BooksState } from '../model/state.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { monthRows, monthsWithRows } from '../projections/month.ts'
import type { TransactionRow } from '../schemas/transaction.ts'
import type { Grosze, YearMonthString } from '../types.ts'

export interface JournalOptions {
  /** First month (`yyyy-mm`) or date (`yyyy-mm-dd`) included; default: the first month with data. */
  readonly from?: string
  /** Last month or date included; default: the last month with data (plus one, for taxes due after it). */
  readonly to?: string
  /**
   * Without `to`, the last month is at least this one (`yyyy-mm`, today's month for an export of the books as they
   * stand): contributions and taxes keep falling due in months with no item of their own.
   */
  readonly until?: string
}

const amt = (g: Grosze) => `${formatMoney(g)} PLN`
const clean = (s: string) =>
  s
    .replace(/[\r\n\t;]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim() || 'Transaction'

const entry = (row: TransactionRow): string[] => {
  const o = row.dataObject
  const net = parseMoney(o.amount)
  const vat = parseMoney(o.vatAmount)
  const gross = parseMoney(o.sum)
  const lines = (postings: [string, Grosze][]) => {
    const ps = postings.filter(([, g]) => g !== 0n)
    if (ps.length === 0) return []
    return [`${row.date} ${clean(o.displayName)}`, ...ps.map(([a, g]) => `    ${a}  ${amt(g)}`), '']
  }
  switch (row.eventType) {
    case '1_Revenue':
      return o.isCompany
        ? lines([
            ['assets:bank', gross],
            ['income:company', -net],
            ['liabilities:vat', -vat],
          ])
        : lines([
            ['assets:bank', gross],
            ['income:private', -gross],
          ])
    case '2_Fee':
      return o.isCompany
        ? lines([
            ['expenses:company', net],
            ['liabilities:vat', vat],
            ['assets:bank', -gross],
          ])
        : lines([
            ['expenses:private', gross],
            ['assets:bank', -gross],
          ])
    case '3_Vat':
      return lines([
        ['liabilities:vat', gross],
        ['assets:bank', -gross],
      ])
    case '4_Pit':
      return lines([
        ['expenses:taxes:pit', gross],
        ['assets:bank', -gross],
      ])
    case '5_SocialSecurity':
      return lines([
        ['expenses:taxes:zus', gross],
        ['assets:bank', -gross],
      ])
  }
}

/** The months and dates an export of the computed books covers (`null`: no data in range). */
export interface BooksPeriod {
  readonly first: YearMonthString
  readonly last: YearMonthString
  /** Rows dated before or after these are left out (a bound given as a date, or the month's first and last day). */
  readonly fromDate: string | null
  readonly toDate: string | null
}

/**
 * The months of the books: from the first month with data to the month after the last (taxes fall due a month after
 * the period) or `until` when later, including every month holding a manual row, or the given bounds. The journal and the CSV export use
 * the same period, so both hold the same transactions.
 */
export const booksPeriod = (state: BooksState, options: JournalOptions = {}): BooksPeriod | null => {
  const months = monthsWithRows(state, 1)
  let first: YearMonthString | null = months[0] ?? null
  let last: YearMonthString | null = months.at(-1) ?? null
  const fromDate = options.from === undefined ? null : options.from.length === 7 ? `${options.from}-01` : options.from
  const toDate = options.to === undefined ? null : options.to.length === 7 ? `${options.to}-31` : options.to
  if (fromDate) first = fromDate.slice(0, 7)
  if (toDate) last = toDate.slice(0, 7)
  else if (last !== null && options.until !== undefined && options.until > last) last = options.until
  if (first === null || last === null) return null
  return { first, last, fromDate, toDate }
}

/** The journal text (ends with a newline; empty books give an empty string). */
export const ledgerJournal = (state: BooksState, options: JournalOptions = {}): string => {
  const period = booksPeriod(state, options)
  if (period === null) return ''
  const { first, last, fromDate, toDate } = period
  const out: string[] = []
  for (let m = first; m <= last; m = addMonthsToMonth(m, 1)) {
    const rows = monthRows(state, m)
      .map((r) => r.row)
      .filter((r) => (fromDate === null || r.date >= fromDate) && (toDate === null || r.date <= toDate))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    for (const r of rows) out.push(...entry(r))
  }
  return out.join('\n')
}
