/**
 * The six-year rule (docs/tax-rules.md, "Cars"): an asset transferred from the business to private use and sold
 * before six years pass, counted from the first day of the month after the transfer, is sold by the business — its
 * price is business revenue (uPIT art. 10 ust. 2 pkt 3, art. 14 ust. 2 pkt 1 lit. c) and its initial value less the
 * write-offs made is a cost (art. 23 ust. 1 pkt 1 lit. b; for a car above its limit only the limit's share,
 * art. 23 ust. 5c). Sold later, it is a private sale outside the books.
 */
import { addMonthsToMonth, lastDayOfMonth, monthOf } from '../calendar.ts'
import { divRoundHalfUp } from '../money.ts'
import type { Grosze, LocalDateString, YearMonthString } from '../types.ts'
import type { DepreciationPlan } from './plan.ts'

/** Six years, in months, from the first day of the month after the transfer. */
export const SIX_YEARS_MONTHS = 72

/** The later sale of an asset taken to private use, and what it puts into the business. */
export interface PrivateSaleResult {
  readonly date: LocalDateString
  readonly month: YearMonthString
  /** The last day a sale is still the business's: six years from the first day of the month after the transfer. */
  readonly until: LocalDateString
  /** Sold by `until`: business revenue and cost. */
  readonly business: boolean
  readonly price: Grosze
  /** The business revenue (the price, or 0 after six years). */
  readonly revenue: Grosze
  /** The undepreciated value at the transfer as a cost (a car above its limit: the limit's share), or 0. */
  readonly cost: Grosze
}

/** The last day a sale after a transfer on `transferDate` is still the business's (art. 10 ust. 2 pkt 3). */
export const sixYearsAfter = (transferDate: LocalDateString): LocalDateString =>
  lastDayOfMonth(addMonthsToMonth(monthOf(transferDate), SIX_YEARS_MONTHS)) as LocalDateString

/**
 * The later sale of an asset whose plan ended with a transfer to private use; `null` for any other plan or without
 * a sale.
 */
export const privateSaleOf = (
  plan: DepreciationPlan,
  transferDate: LocalDateString | null,
  sale: { readonly date: LocalDateString; readonly price: Grosze } | null,
): PrivateSaleResult | null => {
  if (!sale || transferDate === null || plan.disposal?.reason !== 'privateUse') return null
  const until = sixYearsAfter(transferDate)
  const business = sale.date <= until
  const { undepreciated } = plan.disposal
  const limit = plan.carLimit
  const value = plan.depreciableValue
  const cost = !business
    ? 0n
    : limit !== null && value > limit
      ? divRoundHalfUp(undepreciated * limit, value)
      : undepreciated
  return {
    date: sale.date,
    month: monthOf(sale.date),
    until,
    business,
    price: sale.price,
    revenue: business ? sale.price : 0n,
    cost,
  }
}
