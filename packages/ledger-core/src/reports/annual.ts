/**
 * The year-end report: the annual return (PIT-36 / PIT-36L / PIT-28) and the annual health settlement of a year, the
 * year-end obligations with their paid state, and the comparison of the forms of taxation for the year. Money as
 * decimal strings. The API (`transaction/annual/{year}`), the yearly dashboard and `finance report annual` all show
 * this one object.
 */
import { formatYearMonth } from '../calendar.ts'
import type { BooksState } from '../model/state.ts'
import { formatMoney } from '../money.ts'
import { derive, monthFigures, taxesThrough, taxSettings } from '../projections/derived.ts'
import { type ObligationDto, obligations } from '../projections/obligations.ts'
import type { AnnualReturn, HealthSettlement } from '../tax/annual.ts'
import { addInventoryToMonths } from '../assets/inventory.ts'
import { addDepreciationToMonths } from '../assets/register.ts'
import { compareForms, type FormComparison } from '../tax/compare.ts'
import { annualItemsLimitsFor } from '../tax/rates/annualItems.ts'
import { ratesFor } from '../tax/rates/index.ts'
import type { AnnualInputs } from '../schemas/annualInputs.ts'
import type { LocalDateString, MoneyString, PercentString, YearMonthString } from '../types.ts'

/** `T` with every `bigint` (grosze) as a decimal money string, recursively. */
export type MoneyStrings<T> = T extends bigint
  ? MoneyString
  : T extends readonly (infer U)[]
    ? MoneyStrings<U>[]
    : T extends object
      ? { [K in keyof T]: MoneyStrings<T[K]> }
      : T

/** Converts every `bigint` of a plain object to a money string. */
export const moneyStrings = <T>(x: T): MoneyStrings<T> => {
  if (typeof x === 'bigint') return formatMoney(x) as MoneyStrings<T>
  if (Array.isArray(x)) return x.map(moneyStrings) as MoneyStrings<T>
  if (x !== null && typeof x === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(x)) out[k] = moneyStrings(v)
    return out as MoneyStrings<T>
  }
  return x as MoneyStrings<T>
}

export type AnnualReturnDto = MoneyStrings<AnnualReturn>
export type HealthSettlementDto = MoneyStrings<HealthSettlement>
export type FormComparisonDto = MoneyStrings<FormComparison>

export interface AnnualReport {
  readonly year: number
  readonly today: LocalDateString
  /** The last month with actual figures (today's); later months are projected. */
  readonly actualThrough: YearMonthString
  /**
   * `true` while the year (or the January that closes its Scale/Linear contribution year) is not over: the figures
   * include the months still to come, computed from the items already scheduled for them.
   */
  readonly projected: boolean
  /** The year's return; `null` without a PIT setting for the year (no form chosen) or without books. */
  readonly annualReturn: AnnualReturnDto | null
  /** The contribution year's health settlement; `null` without an insured month. */
  readonly healthSettlement: HealthSettlementDto | null
  /** The year-end obligations of the year (due the next year) with their paid state. */
  readonly obligations: readonly ObligationDto[]
  /** The forms compared; `null` for books without items or settings. */
  readonly comparison: FormComparisonDto | null
  /** `true` when the year's statutory figures are borrowed from another year's table. */
  readonly ratesFallback: boolean
  /** The return's common items typed in for the year (`SetAnnualInputs`), or `null`. */
  readonly inputs?: AnnualInputs | null
  /** The year's limits of those items: the IKZE limit, the loss's one-off ceiling, the child relief's amounts. */
  readonly inputLimits?: {
    readonly ikze: MoneyString
    readonly lossOneOff: MoneyString
    readonly childMonthly: readonly MoneyString[]
  }
}

export interface AnnualReportOptions {
  /** The ryczałt rate of revenue without its own rate in the comparison (default: the user's, else 8.5 %). */
  readonly flatRate?: PercentString | null
}

const inputLimitsOf = (year: number): NonNullable<AnnualReport['inputLimits']> => {
  const l = annualItemsLimitsFor(year)
  const c = l.childRelief
  return {
    ikze: formatMoney(l.ikze.selfEmployedLimit),
    lossOneOff: formatMoney(l.loss.oneOffLimit),
    childMonthly: [c.firstAndSecondMonthly, c.thirdMonthly, c.fourthMonthly].map(formatMoney),
  }
}

/** The year-end report of `year` as of `today` (which decides the projected months and overdue flags). */
export const annualReport = (
  state: BooksState,
  year: number,
  today: LocalDateString,
  options: AnnualReportOptions = {},
): AnnualReport => {
  const actualThrough = today.slice(0, 7)
  const january = formatYearMonth(year + 1, 1)
  const taxes = taxesThrough(state, january)
  const base = {
    year,
    today,
    actualThrough,
    projected: actualThrough < january,
    ratesFallback: ratesFor(year).fallback,
    inputs: state.annualInputs?.get(year) ?? null,
    inputLimits: inputLimitsOf(year),
  }
  if (!taxes) return { ...base, annualReturn: null, healthSettlement: null, obligations: [], comparison: null }
  const d = derive(state)
  const annual = taxes.result.annual.find((a) => a.year === year) ?? null
  const health = taxes.result.healthSettlements.find((h) => h.year === year) ?? null
  const yearEnd = obligations(state, { year: year + 1, today }).filter(
    (o) => (o.kind === 'PITAnnual' || o.kind === 'HealthAnnual') && o.periodFrom.startsWith(`${year}-`),
  )
  const from = [d.firstMonth!, formatYearMonth(year, 1)].sort()[0]!
  const months = monthFigures(d.schedule, from, january)
  // The register's write-offs are costs of every form that has costs.
  addDepreciationToMonths(months, state.assets)
  addInventoryToMonths(months, state.inventories)
  const comparison = compareForms({ months, ...taxSettings(d, state) }, year, {
    actualThrough,
    flatRate: options.flatRate ?? null,
  })
  return {
    ...base,
    annualReturn: annual ? moneyStrings(annual) : null,
    healthSettlement: health ? moneyStrings(health) : null,
    obligations: yearEnd,
    comparison: moneyStrings(comparison),
  }
}
