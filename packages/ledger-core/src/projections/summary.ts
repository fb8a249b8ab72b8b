/**
 * The yearly summary (SPEC §3): one row per month and one for the year (month 0). Each month row sums that
 * month's transaction rows (computed from the current books, plus manual transactions, without the rows the user
 * hid), so the summary always agrees with the monthly dashboard:
 *
 * - `companyIncomeAmmount`: net amount of company revenue rows (`1_Revenue`, isCompany) — by cash date.
 * - `companyExpenseAmmount`: net amount of company fee rows (`2_Fee`, isCompany).
 * - `companyVatAmmount`, `companyPitAmmount`, `companySocialSecurityAmmount`: the VAT / PIT / ZUS rows of the
 *   month, i.e. what is due (paid) in that month for the earlier period (the annual return's difference in PIT,
 *   the annual health settlement in ZUS).
 * - `companysNetIncome` = income − expense − PIT − ZUS. The VAT row is shown (it is money leaving the account) but
 *   is not subtracted: income and expense are net, and the VAT the payment settles was collected on top of them
 *   (output VAT on sales less input VAT on purchases), so subtracting it counted the VAT twice. Whatever the items'
 *   VAT, the company net of net amounts is the same (summary.test.ts, a property).
 * - `privateIncomeAmmount`, `privateExpenseAmmount`: gross `sum` of private revenue / fee rows.
 * - `privateIncome` = private income − private expense.
 * - `summary` = companysNetIncome + privateIncome.
 * Cumulative rows carry running totals from January. The year row holds the year's totals either way.
 */
import type { BooksState } from '../model/state.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { formatYearMonth } from '../calendar.ts'
import type { Grosze, MoneyString, YearMonthString } from '../types.ts'
import type { Occurrence } from '../schedule.ts'
import { itemOccurrenceId } from '../identity.ts'
import { costWithVat } from '../tax/crossBorder.ts'
import { derive, taxDueId, taxesThrough } from './derived.ts'
import { manualRowsOf } from './month.ts'

export interface SummaryRowDto {
  readonly year: number
  /** 1–12, 0 for the year row. */
  readonly month: number
  readonly companyIncomeAmmount: MoneyString
  readonly companyVatAmmount: MoneyString
  readonly companyPitAmmount: MoneyString
  readonly companySocialSecurityAmmount: MoneyString
  readonly companyExpenseAmmount: MoneyString
  readonly companysNetIncome: MoneyString
  readonly privateIncomeAmmount: MoneyString
  readonly privateExpenseAmmount: MoneyString
  readonly privateIncome: MoneyString
  readonly summary: MoneyString
}

/** A summary row's figures in the order of the dashboard's summary table (SPEC §2): its CSV columns, its popup bars. */
export const SUMMARY_FIELDS = [
  'companyIncomeAmmount',
  'companyVatAmmount',
  'companyPitAmmount',
  'companySocialSecurityAmmount',
  'companyExpenseAmmount',
  'companysNetIncome',
  'privateIncomeAmmount',
  'privateExpenseAmmount',
  'privateIncome',
  'summary',
] as const satisfies readonly (keyof SummaryRowDto)[]

interface Totals {
  income: Grosze
  vat: Grosze
  pit: Grosze
  ss: Grosze
  expense: Grosze
  privateIncome: Grosze
  privateExpense: Grosze
}

const zero = (): Totals => ({
  income: 0n,
  vat: 0n,
  pit: 0n,
  ss: 0n,
  expense: 0n,
  privateIncome: 0n,
  privateExpense: 0n,
})

const add = (a: Totals, b: Totals): Totals => ({
  income: a.income + b.income,
  vat: a.vat + b.vat,
  pit: a.pit + b.pit,
  ss: a.ss + b.ss,
  expense: a.expense + b.expense,
  privateIncome: a.privateIncome + b.privateIncome,
  privateExpense: a.privateExpense + b.privateExpense,
})

const hiddenCache = new WeakMap<object, ReadonlySet<string>>()
/** Identities of the generated rows the user hid (few or none). */
const hiddenIds = (state: BooksState): ReadonlySet<string> => {
  let set = hiddenCache.get(state.flags)
  if (!set) {
    const s = new Set<string>()
    for (const f of state.flags.values()) if (f.hidden) s.add(f.id)
    set = s
    hiddenCache.set(state.flags, set)
  }
  return set
}

/**
 * The raw totals of one month's rows: the same figures the month's rows show (`monthRows`), summed straight from
 * the derivation's grosze (occurrences and tax periods) without building the rows.
 */
export const monthTotals = (state: BooksState, year: number, month: number): Totals => {
  const ym = formatYearMonth(year, month)
  const hidden = hiddenIds(state)
  const t = { ...itemTotals(derive(state).schedule.byCashMonth.get(ym), ym, hidden) }
  for (const d of taxesThrough(state, ym)?.periodsByDueMonth.get(ym) ?? []) {
    if (hidden.size > 0 && hidden.has(taxDueId(d))) continue
    if (d.kind === 'VAT') t.vat += d.amount
    else if (d.kind === 'PIT' || d.kind === 'PITAnnual') t.pit += d.amount
    else t.ss += d.amount
  }
  for (const { row } of manualRowsOf(state, ym)) {
    const o = row.dataObject
    switch (row.eventType) {
      case '1_Revenue':
        if (o.isCompany) t.income += parseMoney(o.amount)
        else t.privateIncome += parseMoney(o.sum)
        break
      case '2_Fee':
        if (o.isCompany) t.expense += parseMoney(o.amount)
        else t.privateExpense += parseMoney(o.sum)
        break
      case '3_Vat':
        t.vat += parseMoney(o.sum)
        break
      case '4_Pit':
        t.pit += parseMoney(o.sum)
        break
      case '5_SocialSecurity':
        t.ss += parseMoney(o.sum)
        break
    }
  }
  return t
}

/** The item part of a month's totals, per occurrences list and hidden rows (see `itemTotals`). */
const itemTotalsCache = new WeakMap<readonly Occurrence[], { hidden: ReadonlySet<string>; totals: Totals }>()
/** How many months' item totals were summed (not found in the cache), for tests that prove a change sums what changed. */
export const summaryCounter = { itemMonths: 0 }

/**
 * The totals of a month's item rows. Cached per occurrences list: a derivation updated for a change shares the lists
 * of the months the change did not touch (schedule.ts), so after a write only the changed months are summed again;
 * the cache holds while the hidden rows are the same (or none are hidden, before and now).
 */
const itemTotals = (
  occurrences: readonly Occurrence[] | undefined,
  ym: YearMonthString,
  hidden: ReadonlySet<string>,
): Totals => {
  if (occurrences === undefined) return zero()
  const hit = itemTotalsCache.get(occurrences)
  if (hit && (hit.hidden === hidden || (hit.hidden.size === 0 && hidden.size === 0))) return hit.totals
  summaryCounter.itemMonths++
  const t = zero()
  for (const o of occurrences) {
    if (hidden.size > 0 && hidden.has(itemOccurrenceId(o.itemId, ym))) continue
    if (o.isIncome) {
      if (o.isCompany) t.income += o.amount
      else t.privateIncome += o.amount + o.vatAmount
    } else if (o.isCompany) t.expense += costWithVat(o)
    else t.privateExpense += o.amount + o.vatAmount
  }
  itemTotalsCache.set(occurrences, { hidden, totals: t })
  return t
}

const toRow = (year: number, month: number, t: Totals): SummaryRowDto => {
  // VAT is a pass-through on net amounts: see the module's comment and docs/tax-rules.md §12.
  const net = t.income - t.expense - t.pit - t.ss
  const priv = t.privateIncome - t.privateExpense
  const f = formatMoney
  return {
    year,
    month,
    companyIncomeAmmount: f(t.income),
    companyVatAmmount: f(t.vat),
    companyPitAmmount: f(t.pit),
    companySocialSecurityAmmount: f(t.ss),
    companyExpenseAmmount: f(t.expense),
    companysNetIncome: f(net),
    privateIncomeAmmount: f(t.privateIncome),
    privateExpenseAmmount: f(t.privateExpense),
    privateIncome: f(priv),
    summary: f(net + priv),
  }
}

/** 12 month rows and the year row (month 0); `cumulative` turns month rows into running totals. */
export const summaryList = (state: BooksState, year: number, cumulative: boolean): SummaryRowDto[] => {
  const rows: SummaryRowDto[] = []
  let running = zero()
  for (let m = 1; m <= 12; m++) {
    const t = monthTotals(state, year, m)
    running = add(running, t)
    rows.push(toRow(year, m, cumulative ? running : t))
  }
  rows.push(toRow(year, 0, running))
  return rows
}

/** The year row (month 0) of `summaryList`. */
export const yearSummary = (state: BooksState, year: number): SummaryRowDto => summaryList(state, year, false)[12]!
