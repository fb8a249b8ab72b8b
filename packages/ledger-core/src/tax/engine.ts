/**
 * The tax engine: from monthly aggregates of a user's company items and the user's effective-dated settings it
 * derives the month's contributions (ZUS + health), the VAT settlement periods, the PIT advance periods and the
 * list of payment obligations with their deadlines. Pure and total: no I/O, no clock; `bigint` grosze throughout.
 *
 * Every rule and choice with its legal source: docs/tax-rules.md.
 *
 * How a caller uses it (projections):
 * 1. Expand the user's company items into occurrences; attribute each one's VAT to the month of its tax point and
 *    its revenue or cost to the month of its revenue or cost date (`taxPoint.ts`). Private items never enter.
 * 2. Per month sum the net amounts of company incomes (`companyRevenue`) and expenses (`companyCosts`) and the
 *    per-item VAT computed with {@link vatOfItem} (`outputVat` for incomes, `inputVat` for expenses).
 *    {@link monthFiguresFromItems} does steps 1–2 for already-expanded occurrences.
 * 3. Call {@link computeTaxes} with every month from the first month with an item or setting through the last
 *    month wanted, and the settings as stored (any order; decimal strings).
 */
import {
  addMonthsToMonth,
  daysInMonth,
  formatLocalDate,
  formatYearMonth,
  isYearMonth,
  lastDayOfMonth,
  monthOf,
  nextWorkingDay,
} from '../calendar.ts'
import { maxG, minG, parseMoney, parsePercent } from '../money.ts'
import type { Grosze, LocalDateString, MoneyString, PercentString, TaxType, YearMonthString } from '../types.ts'
import { type FlatRateFigures, flatTaxByRate, incomeTax, incomeTaxBase, orDefault } from './pit.ts'
import { type AnnualKept, type AnnualReturn, type HealthSettlement, settleYears } from './annual.ts'
import { ratesFor, type TaxRates } from './rates/index.ts'
import type { AnnualItemsInput } from './annualItems.ts'
import { carCostOf } from './carCosts.ts'
import type { VatRefundRequest } from './vatRefund.ts'
import { flatHealth, monthSocial, scaleLinearHealth } from './socialSecurity.ts'
import { type AssetVat, addAssetVat, type CarUse, noAssetVat, nonDeductibleVat, type VatFacts } from './crossBorder.ts'
import { flatHealthExcluded, healthExcluded } from './healthIncome.ts'
import { pitDateOf, supplyDateOf, vatDateOf } from './taxPoint.ts'
import {
  addSalesLine,
  addVatFactsToMonth,
  declareVat,
  type VatDeclaration,
  type VatSaleTreatment,
  type VatSalesLine,
  vatOfItem,
} from './vat.ts'

export type { AnnualForm, AnnualReturn, HealthSettlement } from './annual.ts'
export { annualFormOf } from './annual.ts'
export type { FlatRateFigures } from './pit.ts'
export type { VatDeclaration, VatSaleTreatment, VatSalesLine } from './vat.ts'
export { addSalesLine, vatOfItem } from './vat.ts'

/**
 * Company figures of one month: VAT by the items' tax points, revenue and costs by their revenue and cost dates. The optional fields give the split
 * the law needs (VAT per rate for the declaration, ryczałt revenue per rate); a caller with totals only may leave
 * them out: the sales are then taken as one line at the standard rate, purchases carrying input VAT as the month's
 * costs, and all revenue at the PIT setting's ryczałt rate. {@link addItemToMonth} fills every field from items.
 */
export interface MonthFigures {
  /** The month, `yyyy-mm`. */
  month: YearMonthString
  /** Net (without VAT) amount of company incomes of the month. */
  companyRevenue: Grosze
  /** Net amount of company expenses of the month (tax-deductible costs). */
  companyCosts: Grosze
  /** Sum of the per-item VAT of company incomes (each rounded to the grosz by {@link vatOfItem}). */
  outputVat: Grosze
  /** Sum of the per-item VAT of company expenses. */
  inputVat: Grosze
  /** Company sales by VAT treatment and percent (the declaration's fields). */
  sales?: VatSalesLine[]
  /** Net value of company purchases that carry input VAT (the declaration's P_40 + P_42). */
  purchaseBase?: Grosze
  /**
   * Of `purchaseBase` and `inputVat`: fixed assets (P_40 / P_41) and the art. 91 corrections of their input tax
   * (P_44); absent: none (tax/crossBorder.ts).
   */
  assetVat?: AssetVat
  /** Company revenue by the ryczałt rate of its income; `rate: null` = the PIT setting's rate. */
  flatRevenue?: FlatRevenue[]
  /**
   * The month's depreciation costs from the register of fixed assets (deductible write-offs and the costs of
   * disposals), already included in `companyCosts`; absent: none (`assets/register.ts`, `addDepreciationToMonths`).
   */
  depreciation?: Grosze
  /**
   * The sale of fixed assets in the month: the prices less the undepreciated values made costs, already included in
   * `companyRevenue` and `companyCosts`. The health contribution's income leaves it out from the income of January
   * 2025 on (uŚOZ art. 81 ust. 2c as amended for the contributions from February 2025); absent: none.
   */
  assetSaleIncome?: Grosze
  /**
   * The sale of fixed assets in the month: their prices, already included in `companyRevenue`. Ryczałt's health
   * contribution leaves them out of its revenue from January 2025 on (uŚOZ art. 81 as amended by the act of
   * 6 December 2024, Dz.U. poz. 1915, for the contributions from January 2025); absent: none.
   */
  assetSalePrices?: Grosze
  /**
   * December only: the year's stock-taking change (end − start, uPIT art. 24 ust. 2), which raises the year's income
   * in the annual return and its health settlement, never an advance (art. 44 ust. 2); absent: none.
   */
  inventoryChange?: Grosze
}

/** Revenue of one ryczałt rate (`null`: the rate of the PIT setting). */
export interface FlatRevenue {
  rate: PercentString | null
  amount: Grosze
}

/** The company facts that change how the law applies (Primary data). */
export interface CompanyFacts {
  /**
   * The day the business started: months before its month owe no contributions, and its month, when it starts
   * after the 1st, has its social contributions reduced in proportion (uSUS art. 18 ust. 9).
   */
  businessStartDate: LocalDateString | null
  /** The day of registration as an active VAT payer: no quarterly VAT in the 12 months from its month (uVAT art. 99 ust. 3a). */
  vatRegistrationDate: LocalDateString | null
}

/** A VAT setting (SPEC §3), effective from `date`. */
export interface VatSettingInput {
  /** Effective from this day on, until a later setting. */
  date: LocalDateString
  /** The default VAT percent for items without their own percent. */
  percent: PercentString
  /** 1 = monthly settlement, 3 = quarterly (any other value is treated as 1). */
  paymentInterval: number
}

/** A PIT setting (SPEC §3), effective from `date`. */
export interface PitSettingInput {
  date: LocalDateString
  taxType: TaxType
  /** Scale: the first percent (12); Linear: the rate (19); Flat: the ryczałt rate (e.g. 8.5, 12). */
  firstPercent: PercentString
  /** Scale only: the second percent; `null` → the year's statutory 32 %. */
  secondPercent: PercentString | null
  /** Scale only: the tax-free amount; `null` → 30 000 (the reducing amount is this × firstPercent). */
  freeOfTaxAmount: MoneyString | null
  /** Scale only: the threshold where the second percent starts; `null` → 120 000. */
  secondPercentAmount: MoneyString | null
  /** 1 = monthly advances, 3 = quarterly (any other value is treated as 1). */
  paymentInterval: number
  /**
   * Scale/Linear only: extra deductions from income the user declares beyond the derived contributions, as a
   * MONTHLY amount: summed over the months of the year-to-date in which this setting is in force. `null` → 0.
   */
  deductions: MoneyString | null
}

/** A social-security setting (SPEC §3), effective from `date`. */
export interface SocialSecuritySettingInput {
  date: LocalDateString
  /** The monthly social contributions (ZUS społeczne incl. Fundusz Pracy when paid), e.g. "1926.76". */
  amount: MoneyString
  /** Health percent for Scale (9) or Linear (4.9); ignored for Flat (tiers apply). */
  percent: PercentString
  /**
   * When the contributions of the months this setting governs are taken as paid where the books know no payment date:
   * `inMonth` (absent) on the month's last day, `byDeadline` on their deadline (the 20th of the next month, moved to a
   * working day). They are deducted, in the advances and in the annual return alike, when paid.
   */
  contributionsPaid?: 'inMonth' | 'byDeadline'
}

/** How the day a month's contributions were paid is known (see {@link ContributionMonth.paidOn}). */
export type PaidOnSource = 'payment' | 'inMonth' | 'byDeadline'

export interface TaxInput {
  /**
   * Contiguous ascending months; the caller passes every month from the first month with an item or setting
   * through the last month it wants. Months before the first are taken as empty.
   */
  months: MonthFigures[]
  vat: VatSettingInput[]
  pit: PitSettingInput[]
  socialSecurity: SocialSecuritySettingInput[]
  /** Business start and VAT registration dates; absent or `null` fields: not known (no effect). */
  company?: CompanyFacts
  /**
   * The day each month's contributions were actually paid, where the books know it (a ZUS row marked paid on a day,
   * a bank statement's line), by the month they concern. Other months follow their setting's `contributionsPaid`.
   */
  contributionsPaidOn?: ReadonlyMap<YearMonthString, LocalDateString>
  /** The annual return's common items typed in per tax year (`tax/annualItems.ts`); absent: none. */
  annualItems?: ReadonlyMap<number, AnnualItemsInput>
  /**
   * Refunds of the excess of input VAT asked for (uVAT art. 87 ust. 2), by a month of the period whose declaration
   * asks; a period takes the one of its latest month that has one (`tax/vatRefund.ts`). Absent: none.
   */
  vatRefunds?: ReadonlyMap<YearMonthString, VatRefundRequest>
  /**
   * What each month's figures were made from, by index (optional; only a restarted run reads it): where this run's
   * key and the earlier run's key at the same index are the same object, the caller vouches that the two months'
   * figures are equal, and the engine does not compare them field by field. `null`: compare.
   */
  monthKeys?: readonly (object | null)[]
}

/**
 * Why a period is not settled as the setting in force at its end says (a code the UI translates):
 * - `changeAppliesNextMonth`: a social-security setting dated after the month's first day governs from the next
 *   month (contributions are owed per calendar month);
 * - `changeAppliesNextQuarter`: a VAT interval dated after the quarter's first day governs from the next quarter
 *   (quarterly settlement covers whole calendar quarters);
 * - `newVatPayer`: quarterly VAT is not allowed in the 12 months from the month of VAT registration (uVAT art. 99
 *   ust. 3a), so the quarter is settled monthly;
 * - `changeAppliesNextYear`: a PIT setting dated after the tax year's first day governs from the next year (the form
 *   of taxation and quarterly advances are chosen for a whole tax year).
 */
export type SettlementReason =
  | 'changeAppliesNextMonth'
  | 'changeAppliesNextQuarter'
  | 'newVatPayer'
  | 'changeAppliesNextYear'

/** The contributions of one month (ZUS social + health), deducted in that month and due on the 20th after it. */
export interface ContributionMonth {
  month: YearMonthString
  /**
   * `false` when no social-security setting governs the month (none in force on its first day nor dated within
   * it) or the month is before the business start: all amounts are 0.
   */
  configured: boolean
  /** Tax type of the PIT setting governing the month's tax year; `Scale` when there is none. */
  taxType: TaxType
  /** The governing setting's monthly social amount, before any reduction for an incomplete month. */
  socialDeclared: Grosze
  /** Days of the month with insurance (from the business start in its month) and the month's days. */
  activeDays: number
  daysInMonth: number
  /** The reduced basis of an incomplete month (a tabled amount recomputed); `null` for a full month. */
  socialBasis: Grosze | null
  /** The month's social contributions (incl. Fundusz Pracy if part of them), reduced for an incomplete month. */
  social: Grosze
  /** The Fundusz Pracy part of `social` (known only for a tabled full ZUS amount; else 0). */
  labourFund: Grosze
  /** `social − labourFund`: what ryczałt deducts from revenue. */
  socialWithoutLabourFund: Grosze
  /** Health contribution, to the grosz (never reduced for an incomplete month). */
  health: Grosze
  /**
   * Scale/Linear: the previous month's income as uŚOZ art. 81 ust. 2c determines it (income since the start of the
   * year less incomes already used as a base; never negative), `null` when there is no previous month.
   * Flat: revenue since 1 January through this month less social contributions without Fundusz Pracy.
   */
  healthBase: Grosze | null
  /** Scale/Linear: income (revenue − costs − social) since 1 January through the previous month; else null. */
  healthIncomeYearToDate: Grosze | null
  /** Scale/Linear: the incomes of that year already used as bases of earlier months; else null. */
  healthBasesBefore: Grosze | null
  /** Scale/Linear: `true` when the contribution year's minimum applied. */
  healthMinimumApplied: boolean
  /** Flat: the tier (1: ≤ 60 000, 2: ≤ 300 000, 3: above); otherwise null. */
  flatTier: 1 | 2 | 3 | null
  /** Health percent applied (the setting's for Scale/Linear, 9 for Flat). */
  percent: PercentString
  /** `social + health`: the amount of the month's obligation. */
  total: Grosze
  /**
   * The day the contributions count as paid, and so deducted (uPIT art. 26 ust. 1 pkt 2, art. 30c ust. 2; uZPD
   * art. 11): the advance of that day's month and the return of its year deduct them.
   */
  paidOn: LocalDateString
  /** `payment`: the books know the day; `inMonth` / `byDeadline`: the setting's assumption. */
  paidOnSource: PaidOnSource
  /** Why the setting in force at the month's end does not govern it; `null` when it does. */
  settingReason: SettlementReason | null
  /** The 20th of the next month (ustawa o sus art. 47 ust. 1 pkt 1). */
  statutoryDueDate: LocalDateString
  /** `statutoryDueDate` moved to the next working day. */
  dueDate: LocalDateString
}

/** One VAT settlement period (a month, or a calendar quarter). */
export interface VatPeriod {
  /** First month of the period. */
  from: YearMonthString
  /** Last month of the period. */
  to: YearMonthString
  /** 1 or 3: the interval the period is settled with. */
  paymentInterval: 1 | 3
  /** Why the period is monthly although a quarterly setting is in force, or the reverse; `null` otherwise. */
  intervalReason: SettlementReason | null
  /** Output VAT of the period's company incomes (exact grosze, the items' VAT summed). */
  output: Grosze
  /** Input VAT of the period's company expenses (exact grosze). */
  input: Grosze
  /** The declaration of the period (full złoty); `due`, `carryOut`, `carriedIn` repeat its P_51, P_62, P_39. */
  declaration: VatDeclaration
  /** Excess of input VAT carried in from earlier periods (P_39; never reset at a year end). */
  carriedIn: Grosze
  /** `P_38 − P_48`: output tax less input tax and the excess carried in, full złoty. */
  balance: Grosze
  /** The tax to pay (P_51). */
  due: Grosze
  /** The excess carried to the next period (P_62). */
  carryOut: Grosze
  /** `false` when the period ends after the last month passed in (figures partial, no obligation). */
  complete: boolean
  /** The 25th of the month after the period (ustawa o VAT art. 103 ust. 1 / 2). */
  statutoryDueDate: LocalDateString
  dueDate: LocalDateString
  /**
   * The refund asked for in the period's declaration and the month it was asked for under (`TaxInput.vatRefunds`),
   * whether or not there is an excess to refund (what is refunded: `declaration.refund`); absent: none.
   */
  refundRequest?: { readonly month: YearMonthString; readonly request: VatRefundRequest }
}

/** One PIT advance period. Scale/Linear are cumulative from 1 January; Flat stands alone. */
export interface PitPeriod {
  from: YearMonthString
  to: YearMonthString
  taxType: TaxType
  /** The setting's firstPercent (Scale: first rate; Linear / Flat: the rate of incomes without their own). */
  rate: PercentString
  /** 1 or 3: the interval of the PIT setting governing the tax year. */
  paymentInterval: 1 | 3
  /** `changeAppliesNextYear` when a later PIT setting is in force at the period's end but governs only from the next year. */
  settingReason: SettlementReason | null
  /** Company revenue of the period. */
  revenue: Grosze
  /** Company costs of the period (reported for Flat but never counted). */
  costs: Grosze
  /** Social contributions of the period (Flat: without Fundusz Pracy). */
  social: Grosze
  /** Health deducted for the period: Linear: paid, within the cap; Scale: 0; Flat: 50 % of paid (to the grosz). */
  healthDeducted: Grosze
  /** Extra deductions of the period (Scale/Linear; 0 for Flat). */
  deductions: Grosze
  /** The same five figures from 1 January (or the first month passed in) through `to`. */
  revenueYearToDate: Grosze
  costsYearToDate: Grosze
  socialYearToDate: Grosze
  healthDeductedYearToDate: Grosze
  deductionsYearToDate: Grosze
  /** Scale/Linear: the year-to-date base; Flat: the period's base (the sum of the per-rate bases). Full złoty. */
  base: Grosze
  /** Scale/Linear: the tax on `base`; Flat: the period's tax (the per-rate products summed, rounded once). Full złoty. */
  taxYearToDate: Grosze
  /** Scale/Linear: advances of earlier periods of the year; Flat: 0. */
  advancesBefore: Grosze
  /** `max(0, taxYearToDate − advancesBefore)` (Flat: the period's tax). */
  advance: Grosze
  /** Flat: the figures of each ryczałt rate of the period's revenue (ascending rates); otherwise null. */
  flatRates: FlatRateFigures[] | null
  /** `false` when the period ends after the last month passed in. */
  complete: boolean
  /** The 20th of the month after the period (December / Q4: 20 January), ustawa o PIT art. 44 ust. 6. */
  statutoryDueDate: LocalDateString
  dueDate: LocalDateString
}

interface ObligationBase {
  /** First month of the period paid for. */
  periodFrom: YearMonthString
  /** Last month of the period paid for. */
  periodTo: YearMonthString
  /** Amount to pay, grosze (VAT and PIT in full złoty, contributions to the grosz). Always > 0. */
  amount: Grosze
  /** The statutory deadline. */
  statutoryDueDate: LocalDateString
  /** The deadline moved to the next working day (Ordynacja podatkowa art. 12 §5). */
  dueDate: LocalDateString
}
/**
 * A payment the user owes. Zero amounts and incomplete periods produce none. `PITAnnual` is the difference to pay
 * with the annual return (its period: the tax year), `HealthAnnual` the health contribution to pay with the annual
 * settlement (its period: the contribution year).
 */
export type Obligation =
  | (ObligationBase & { kind: 'VAT'; details: VatPeriod })
  | (ObligationBase & { kind: 'PIT'; details: PitPeriod })
  | (ObligationBase & { kind: 'SocialSecurity'; details: ContributionMonth })
  | (ObligationBase & { kind: 'PITAnnual'; details: AnnualReturn })
  | (ObligationBase & { kind: 'HealthAnnual'; details: HealthSettlement })

export interface TaxResult {
  /** One per input month, in order. */
  contributions: ContributionMonth[]
  /** VAT periods in order (a quarter covers up to three input months). */
  vat: VatPeriod[]
  /** PIT periods in order; months with no PIT setting in force have none. */
  pit: PitPeriod[]
  /** The annual return of every tax year the months touch that has a PIT setting (see `annual.ts`). */
  annual: AnnualReturn[]
  /** The annual health settlement of every contribution year with an insured month. */
  healthSettlements: HealthSettlement[]
  /**
   * Every payable obligation, ordered by statutory due date, then VAT, PIT, SocialSecurity, PITAnnual,
   * HealthAnnual, then period.
   */
  obligations: Obligation[]
  /** Years whose statutory figures were borrowed from the nearest tabled year (see `ratesFor`). */
  ratesFallbackYears: number[]
}

/** Thrown on input the engine cannot interpret (months not contiguous, bad dates or amounts). */
export class TaxInputError extends Error {
  override readonly name = 'TaxInputError'
}

interface Dated {
  date: LocalDateString
}

/** Sorts by date, stable: among settings of the same date the later one in the input wins. */
const byDate = <T extends Dated>(xs: readonly T[]): T[] =>
  xs
    .map((x, i) => ({ x, i }))
    .sort((a, b) => (a.x.date < b.x.date ? -1 : a.x.date > b.x.date ? 1 : a.i - b.i))
    .map((e) => e.x)

/** Index of the first setting dated after `day` (binary search). */
export const upperBound = <T extends Dated>(sorted: readonly T[], day: LocalDateString): number => {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]!.date <= day) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The setting in force on `day`: the last one dated on or before it. */
const inForce = <T extends Dated>(sorted: readonly T[], day: LocalDateString): T | null => {
  const i = upperBound(sorted, day)
  return i === 0 ? null : sorted[i - 1]!
}

/**
 * The setting governing a period `first`…`last` (a month, a quarter, a tax year): the one in force on the period's
 * first day; when none is, the first one dated within the period (the activity starts then), the later of two on
 * that day. A setting dated later within the period governs from the next period. See docs/tax-rules.md §4.
 */
export const governing = <T extends Dated>(
  sorted: readonly T[],
  first: LocalDateString,
  last: LocalDateString,
): T | null => {
  const atStart = inForce(sorted, first)
  if (atStart) return atStart
  const i = upperBound(sorted, first)
  const next = sorted[i]
  if (!next || next.date > last) return null
  return sorted[upperBound(sorted, next.date) - 1]!
}

/** The PIT setting governing a tax year (the form is chosen for the whole year; see {@link computeTaxes}). */
export const pitSettingForYear = (pit: readonly PitSettingInput[], year: number): PitSettingInput | null =>
  governing(byDate(pit), formatLocalDate(year, 1, 1), formatLocalDate(year, 12, 31))

/** The setting in force on a day (the last dated on or before it; of two of that day, the later in the input). */
export const settingInForce = <T extends Dated>(settings: readonly T[], day: LocalDateString): T | null =>
  inForce(byDate(settings), day)

const intervalOf = (n: number): 1 | 3 => (n === 3 ? 3 : 1)

type Deadline = { statutoryDueDate: LocalDateString; dueDate: LocalDateString }
const deadlineCache = new Map<string, Deadline>()

/** The `day` of the month after (`year`, `month`), and the next working day from it. Memoised: pure and hot. */
const deadline = (year: number, month: number, day: number): Deadline => {
  const key = `${year}-${month}-${day}`
  let d = deadlineCache.get(key)
  if (!d) {
    const y = month === 12 ? year + 1 : year
    const m = month === 12 ? 1 : month + 1
    const statutoryDueDate = formatLocalDate(y, m, Math.min(day, daysInMonth(y, m)))
    d = { statutoryDueDate, dueDate: nextWorkingDay(statutoryDueDate) }
    if (deadlineCache.size > 10_000) deadlineCache.clear()
    deadlineCache.set(key, d)
  }
  return { statutoryDueDate: d.statutoryDueDate, dueDate: d.dueDate }
}

/** Calendar facts of one input month, computed once. */
interface MonthInfo {
  year: number
  month: number
  /** `year × 12 + month − 1`: consecutive months differ by one. */
  index: number
  /** First and last day of the month. */
  firstDay: LocalDateString
  lastDay: LocalDateString
  days: number
  /** First and last month of its calendar quarter, and the quarter's first and last day. */
  quarterFrom: YearMonthString
  quarterTo: YearMonthString
  quarterFirstDay: LocalDateString
  quarterLastDay: LocalDateString
}

const monthInfos = new Map<number, MonthInfo>()

/** The calendar facts of a month, memoised (pure, and every engine run asks for each month of the books). */
const monthInfo = (year: number, month: number): MonthInfo => {
  const index = year * 12 + month - 1
  let info = monthInfos.get(index)
  if (info === undefined) {
    const qEnd = Math.ceil(month / 3) * 3
    const days = daysInMonth(year, month)
    info = {
      year,
      month,
      index,
      firstDay: formatLocalDate(year, month, 1),
      lastDay: formatLocalDate(year, month, days),
      days,
      quarterFrom: formatYearMonth(year, qEnd - 2),
      quarterTo: formatYearMonth(year, qEnd),
      quarterFirstDay: formatLocalDate(year, qEnd - 2, 1),
      quarterLastDay: formatLocalDate(year, qEnd, daysInMonth(year, qEnd)),
    }
    if (monthInfos.size > 100_000) monthInfos.clear()
    monthInfos.set(index, info)
  }
  return info
}

/** `year × 12 + month − 1` of a date's month. */
const monthIndexOf = (date: LocalDateString): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1

/** The sales of a month: its lines, or (totals only) one line at the year's standard rate. */
const salesOf = (f: MonthFigures, year: number): readonly VatSalesLine[] =>
  f.sales ??
  (f.companyRevenue === 0n && f.outputVat === 0n
    ? []
    : [{ treatment: 'rate', percent: ratesFor(year).vat.standardPercent, base: f.companyRevenue, vat: f.outputVat }])

/** The PIT settings' fields that a later setting may change. */
const samePit = (a: PitSettingInput, b: PitSettingInput): boolean =>
  a.taxType === b.taxType &&
  a.firstPercent === b.firstPercent &&
  (a.secondPercent ?? '') === (b.secondPercent ?? '') &&
  (a.freeOfTaxAmount ?? '') === (b.freeOfTaxAmount ?? '') &&
  (a.secondPercentAmount ?? '') === (b.secondPercentAmount ?? '') &&
  intervalOf(a.paymentInterval) === intervalOf(b.paymentInterval)

/** What every stage of one run reads: the months, their calendar facts, the settings sorted by date. */
interface Run {
  readonly input: TaxInput
  readonly months: readonly MonthFigures[]
  readonly n: number
  readonly info: readonly MonthInfo[]
  readonly vatS: readonly VatSettingInput[]
  readonly pitS: readonly PitSettingInput[]
  readonly zusS: readonly SocialSecuritySettingInput[]
  /** The business start day and its month's index (`year × 12 + month − 1`). */
  readonly start: LocalDateString | null
  readonly startIndex: number | null
  /** The first month index in which quarterly VAT is allowed after a VAT registration (uVAT art. 99 ust. 3a). */
  readonly firstQuarterlyIndex: number | null
  readonly lastMonth: YearMonthString
  /** The PIT setting of a tax year: the form and quarterly advances are chosen for the whole year. */
  readonly pitOfYear: (year: number) => PitSettingInput | null
  /** The user's extra deductions of a month (Scale/Linear; 0 for Flat). */
  readonly deductionOf: (index: number, flat: boolean) => Grosze
}

/** Checks the months (contiguous ascending `yyyy-mm`) and gathers what the stages share. */
const prepareRun = (input: TaxInput): Run => {
  const months = input.months
  const n = months.length
  const info = new Array<MonthInfo>(n)
  for (let i = 0; i < n; i++) {
    const m = months[i]!.month
    if (!isYearMonth(m)) throw new TaxInputError(`months[${i}].month is not yyyy-mm: ${JSON.stringify(m)}`)
    const y = Number(m.slice(0, 4))
    const mo = Number(m.slice(5, 7))
    const prev = info[i - 1]
    if (prev && y * 12 + mo !== prev.year * 12 + prev.month + 1)
      throw new TaxInputError(`months must be contiguous and ascending: ${months[i - 1]!.month} then ${m}`)
    info[i] = monthInfo(y, mo)
  }
  const pitS = byDate(input.pit)
  const start = input.company?.businessStartDate ?? null
  const registration = input.company?.vatRegistrationDate ?? null
  const pitYears = new Map<number, PitSettingInput | null>()
  const pitOfYear = (y: number): PitSettingInput | null => {
    let s = pitYears.get(y)
    if (s === undefined) {
      s = governing(pitS, formatLocalDate(y, 1, 1), formatLocalDate(y, 12, 31))
      pitYears.set(y, s)
    }
    return s
  }
  const deductionOf = (i: number, flat: boolean): Grosze => {
    if (flat) return 0n
    const s = inForce(pitS, info[i]!.lastDay) ?? pitOfYear(info[i]!.year)
    return s ? orDefault(s.deductions, 0n) : 0n
  }
  return {
    input,
    months,
    n,
    info,
    vatS: byDate(input.vat),
    pitS,
    zusS: byDate(input.socialSecurity),
    start,
    startIndex: start === null ? null : monthIndexOf(start),
    firstQuarterlyIndex: registration === null ? null : monthIndexOf(registration) + 12,
    lastMonth: months[n - 1]?.month ?? '',
    pitOfYear,
    deductionOf,
  }
}

/**
 * What the contributions stage carries from one month to the next (ryczałt revenue and social since 1 January, the
 * uŚOZ art. 81 ust. 2c income of the income months since the start of their year and the part used as bases).
 */
interface ContributionCarry {
  readonly flatRevenueYtd: Grosze
  readonly flatSocialYtd: Grosze
  readonly healthYear: number
  readonly healthIncomeYtd: Grosze
  readonly healthBasesUsed: Grosze
  readonly previousScaleLinear: boolean
}

const contributionStart: ContributionCarry = {
  flatRevenueYtd: 0n,
  flatSocialYtd: 0n,
  healthYear: -1,
  healthIncomeYtd: 0n,
  healthBasesUsed: 0n,
  previousScaleLinear: false,
}

/** The contributions stage's output per month, and its carry before each month (for a restart). */
interface ContributionRun {
  readonly contributions: ContributionMonth[]
  readonly social: Grosze[]
  readonly socialNoFp: Grosze[]
  readonly health: Grosze[]
  /** The input month (index) each month's contributions are paid in; `>= n`: after the last month passed in. */
  readonly paidAt: number[]
  readonly carry: ContributionCarry[]
}

/** The health contribution of a month (Flat: by the tier of revenue; Scale/Linear: on the previous month's income). */
const monthHealth = (
  run: Run,
  i: number,
  taxType: TaxType,
  carry: Mutable<ContributionCarry>,
  socialPaidIn: readonly Grosze[],
) => {
  const { year: y, month: mo } = run.info[i]!
  if (taxType === 'Flat')
    return { h: flatHealth(carry.flatRevenueYtd - carry.flatSocialYtd, y), incomeYtd: null, basesBefore: null }
  let base: Grosze | null = null
  let incomeYtd: Grosze | null = null
  let basesBefore: Grosze | null = null
  if (i > 0) {
    const p = run.months[i - 1]!
    const py = run.info[i - 1]!.year
    // The first insured month of the income year counts its own income only (art. 81 ust. 2c pkt 1–2).
    if (py !== carry.healthYear || !carry.previousScaleLinear) {
      carry.healthYear = py
      carry.healthIncomeYtd = 0n
      carry.healthBasesUsed = 0n
    }
    // Less the social contributions paid in that month (art. 81 ust. 2c: "zapłaconych w tym miesiącu"), as its PIT.
    carry.healthIncomeYtd += p.companyRevenue - p.companyCosts - socialPaidIn[i - 1]! - healthExcluded(p)
    incomeYtd = carry.healthIncomeYtd
    basesBefore = carry.healthBasesUsed
    // Income since the start of the year less incomes already used as bases (pkt 3–4); a loss is no income.
    base = maxG(carry.healthIncomeYtd - carry.healthBasesUsed, 0n)
    carry.healthBasesUsed += base
  }
  // The percent of the year's form (uŚOZ art. 79 ust. 1: 9 % on the scale, 4,9 % on linear tax), as the year's
  // settlement takes it, whatever the setting says (its percent is a form's default, ignored for Flat as well).
  const health = ratesFor(y).health
  return {
    h: scaleLinearHealth(base, taxType === 'Linear' ? health.linearPercent : health.scalePercent, y, mo),
    incomeYtd,
    basesBefore,
  }
}

/** Whether a setting declares no social contributions (the trader is not insured: ulga na start, another title). */
const uninsured = (s: SocialSecuritySettingInput): boolean => parseMoney(s.amount) === 0n

/**
 * The social-security setting governing a month, the social contributions' setting and the days of insurance they
 * are owed for, and why the setting in force at the month's end does not govern (if so).
 *
 * A change of the amount dated within the month governs from the next month, except where the insurance itself
 * starts or ends within the month (uSUS art. 18 ust. 9: the basis of a part of a month is reduced in proportion to
 * its days): a setting of no contributions followed by one with contributions (the end of ulga na start, Prawo
 * przedsiębiorców art. 18 ust. 1: six months from the start day, so usually in the middle of a month) owes the new
 * amount from its day; a setting with contributions followed by one of none owes the old amount up to the day before.
 */
const monthSocialSetting = (run: Run, i: number) => {
  const mi = run.info[i]!
  const beforeStart = run.startIndex !== null && mi.index < run.startIndex
  const zs = beforeStart ? null : governing(run.zusS, mi.firstDay, mi.lastDay)
  const atEnd = beforeStart ? null : inForce(run.zusS, mi.lastDay)
  const firstActiveDay = run.startIndex === mi.index ? Number(run.start!.slice(8, 10)) : 1
  const fromFirst = { zs, social: zs, settingReason: null, activeDays: mi.days - firstActiveDay + 1 }
  if (!zs || !atEnd || atEnd === zs) return fromFirst
  // The settings dated within the month after the governing one, in date order.
  const within = run.zusS.slice(upperBound(run.zusS, zs.date), upperBound(run.zusS, mi.lastDay))
  const change = within.find((s) => s.date > mi.firstDay && uninsured(s) !== uninsured(zs))
  if (change) {
    const day = Number(change.date.slice(8, 10))
    return uninsured(zs)
      ? { zs, social: change, settingReason: null, activeDays: mi.days - Math.max(day, firstActiveDay) + 1 }
      : { zs, social: zs, settingReason: null, activeDays: Math.max(day - firstActiveDay, 0) }
  }
  const settingReason: SettlementReason | null =
    atEnd.amount !== zs.amount || atEnd.percent !== zs.percent ? 'changeAppliesNextMonth' : null
  return { ...fromFirst, settingReason }
}

/**
 * Stage 1, contributions (ZUS social + health) month by month from `from`; the months before it are taken from
 * `kept` (a run over the same months before `from`).
 */
const contributionStage = (run: Run, from: number, kept: ContributionRun | null): ContributionRun => {
  const { n, months, info } = run
  const out: ContributionRun = {
    contributions: kept ? kept.contributions.slice(0, from) : [],
    social: kept ? kept.social.slice(0, from) : [],
    socialNoFp: kept ? kept.socialNoFp.slice(0, from) : [],
    health: kept ? kept.health.slice(0, from) : [],
    paidAt: kept ? kept.paidAt.slice(0, from) : [],
    carry: kept ? kept.carry.slice(0, from) : [],
  }
  const carry: Mutable<ContributionCarry> = { ...(kept?.carry[from] ?? contributionStart) }
  // The social contributions paid in each month, whichever month they concern (the months before `from` kept).
  const socialPaidIn: Grosze[] = new Array<Grosze>(n).fill(0n)
  for (let k = 0; k < from; k++) if (out.paidAt[k]! < n) socialPaidIn[out.paidAt[k]!]! += out.social[k]!
  for (let i = from; i < n; i++) {
    out.carry.push({ ...carry })
    const f = months[i]!
    const mi = info[i]!
    const { year: y, month: mo } = mi
    const taxType: TaxType = run.pitOfYear(y)?.taxType ?? 'Scale'
    const { zs, social, settingReason, activeDays } = monthSocialSetting(run, i)
    const declared = social ? parseMoney(social.amount) : 0n
    const ms = social ? monthSocial(declared, y, activeDays, mi.days) : { social: 0n, labourFund: 0n, basis: null }
    const s = ms.social
    const fp = ms.labourFund
    out.social[i] = s
    out.socialNoFp[i] = s - fp
    if (mo === 1 || i === 0) {
      carry.flatRevenueYtd = 0n
      carry.flatSocialYtd = 0n
    }
    carry.flatRevenueYtd += f.companyRevenue - flatHealthExcluded(f)
    carry.flatSocialYtd += s - fp
    const hm = zs ? monthHealth(run, i, taxType, carry, socialPaidIn) : null
    const h = hm?.h ?? null
    carry.previousScaleLinear = zs !== null && taxType !== 'Flat'
    out.health[i] = h?.health ?? 0n
    const due = deadline(y, mo, 20)
    const actual = run.input.contributionsPaidOn?.get(f.month) ?? null
    const paidOnSource: PaidOnSource =
      actual !== null ? 'payment' : zs?.contributionsPaid === 'byDeadline' ? 'byDeadline' : 'inMonth'
    const paidOn = actual ?? (paidOnSource === 'byDeadline' ? due.dueDate : mi.lastDay)
    // Deducted in the month paid; a payment dated before the month it concerns counts in that month.
    out.paidAt[i] = Math.max(i, monthIndexOf(paidOn) - info[0]!.index)
    if (out.paidAt[i]! < n) socialPaidIn[out.paidAt[i]!]! += s
    out.contributions.push({
      month: f.month,
      configured: zs !== null,
      taxType,
      socialDeclared: declared,
      activeDays: zs ? activeDays : mi.days,
      daysInMonth: mi.days,
      socialBasis: ms.basis,
      social: s,
      labourFund: fp,
      socialWithoutLabourFund: s - fp,
      health: out.health[i]!,
      healthBase: h?.healthBase ?? null,
      healthIncomeYearToDate: hm?.incomeYtd ?? null,
      healthBasesBefore: hm?.basesBefore ?? null,
      healthMinimumApplied: h?.minimumApplied ?? false,
      flatTier: h?.flatTier ?? null,
      percent: h?.percent ?? zs?.percent ?? '0',
      total: s + out.health[i]!,
      paidOn,
      paidOnSource,
      settingReason,
      ...due,
    })
  }
  out.carry.push({ ...carry })
  return out
}

/**
 * An item "at the rate in force" whose VAT setting says `zw` (exempt) or `np` (not subject) instead of a rate is
 * exempt or not subject itself: no VAT, and its sale goes to K_10 or K_11 of JPK_V7 (docs/tax-rules.md §32).
 */
const settingTreatment = <T extends string>(treatment: T, setting: VatSettingInput | null): T | 'zw' | 'np' =>
  (treatment === 'inForce' || treatment === 'rate') && (setting?.percent === 'zw' || setting?.percent === 'np')
    ? setting.percent
    : treatment

/** The first month index and the interval of a VAT or PIT period. */
interface PeriodSpan {
  readonly start: number
  readonly end: number
}

/** The VAT interval of the quarter of month `i` and why it is not the setting's in force at the quarter's end. */
const vatInterval = (run: Run, i: number): { interval: 1 | 3; intervalReason: SettlementReason | null } => {
  const mi = run.info[i]!
  const setting = governing(run.vatS, mi.quarterFirstDay, mi.quarterLastDay)
  const atEnd = inForce(run.vatS, mi.quarterLastDay)
  const interval = intervalOf(setting?.paymentInterval ?? 1)
  const quarterIndex = mi.year * 12 + Number(mi.quarterFrom.slice(5, 7)) - 1
  if (interval === 3 && run.firstQuarterlyIndex !== null && quarterIndex < run.firstQuarterlyIndex)
    return { interval: 1, intervalReason: 'newVatPayer' }
  if (atEnd && atEnd !== setting && intervalOf(atEnd.paymentInterval) !== interval)
    return { interval, intervalReason: 'changeAppliesNextQuarter' }
  return { interval, intervalReason: null }
}

/** The refund asked for in the declaration of the period `from`…`to`: the one of its latest month that has one. */
const refundOfPeriod = (run: Run, from: YearMonthString, to: YearMonthString): VatPeriod['refundRequest'] | null => {
  const refunds = run.input.vatRefunds
  if (!refunds || refunds.size === 0) return null
  for (let m = to; m >= from; m = addMonthsToMonth(m, -1)) {
    const request = refunds.get(m)
    if (request) return { month: m, request }
  }
  return null
}

/**
 * Stage 2, VAT: the settlement periods (months or quarters) from the period starting at month `from`, the excess
 * carried in from the periods before (`kept`, a run over the same months before `from`).
 */
const vatStage = (run: Run, from: number, kept: { periods: VatPeriod[]; spans: PeriodSpan[] } | null) => {
  const { n, months, info } = run
  const periods = kept ? kept.periods.slice() : []
  const spans = kept ? kept.spans.slice() : []
  let carry = periods.at(-1)?.carryOut ?? 0n
  for (let i = from; i < n; ) {
    const m = months[i]!.month
    const mi = info[i]!
    const { interval, intervalReason } = vatInterval(run, i)
    const periodFrom = interval === 3 ? mi.quarterFrom : m
    const to = interval === 3 ? mi.quarterTo : m
    const toMonth = interval === 3 ? Number(to.slice(5, 7)) : mi.month
    let output = 0n
    let inputVat = 0n
    let purchaseBase = 0n
    const assetVat = noAssetVat()
    const sales: VatSalesLine[] = []
    let j = i
    while (j < n && months[j]!.month <= to) {
      const f = months[j]!
      output += f.outputVat
      inputVat += f.inputVat
      purchaseBase += f.purchaseBase ?? (f.inputVat === 0n ? 0n : f.companyCosts)
      addAssetVat(assetVat, f.assetVat)
      for (const l of salesOf(f, info[j]!.year)) sales.push(l)
      j++
    }
    const refundRequest = refundOfPeriod(run, periodFrom, to)
    const declaration = declareVat(sales, purchaseBase, inputVat, carry, assetVat, refundRequest?.request)
    carry = declaration.P_62
    periods.push({
      from: periodFrom,
      to,
      paymentInterval: interval,
      intervalReason,
      output,
      input: inputVat,
      declaration,
      carriedIn: declaration.P_39,
      balance: declaration.P_38 - declaration.P_48,
      due: declaration.P_51,
      carryOut: declaration.P_62,
      complete: to <= run.lastMonth,
      ...deadline(mi.year, toMonth, 25),
      ...(refundRequest ? { refundRequest } : {}),
    })
    spans.push({ start: i, end: j - 1 })
    i = j
  }
  return { periods, spans }
}

/** Contributions by the month they are paid in (deducted then, uPIT art. 26 ust. 1 pkt 2). */
const contributionsByPaidMonth = (n: number, c: ContributionRun) => {
  const social = new Array<Grosze>(n).fill(0n)
  const socialNoFp = new Array<Grosze>(n).fill(0n)
  const health = new Array<Grosze>(n).fill(0n)
  for (let i = 0; i < n; i++) {
    const k = c.paidAt[i]!
    if (k >= n) continue
    social[k] = social[k]! + c.social[i]!
    socialNoFp[k] = socialNoFp[k]! + c.socialNoFp[i]!
    health[k] = health[k]! + c.health[i]!
  }
  return { social, socialNoFp, health }
}
type PaidIn = ReturnType<typeof contributionsByPaidMonth>

/** What the PIT stage sums over a period and over the year to date (contributions by the month they are paid in). */
interface PitFigures {
  revenue: Grosze
  costs: Grosze
  social: Grosze
  socialFlat: Grosze
  /** Health contributions paid. */
  health: Grosze
  deductions: Grosze
}

/** The year-to-date sums of the PIT stage (reset on 1 January). */
interface PitCarry extends PitFigures {
  year: number
  advances: Grosze
  /**
   * Ryczałt: the deductions (social contributions, half the health) that the year's periods so far could not use,
   * in 1/10000 of a grosz; they come off the next periods' revenue (uZPD art. 11 ust. 1 and 1a).
   */
  flatUnused: bigint
}

/** One PIT period's own sums (the year-to-date ones are in the carry). */
interface PitSums extends PitFigures {
  flatRevenue: Map<PercentString, Grosze>
}

/** Adds month `j` to PIT sums. */
const addPitMonth = (s: PitFigures, f: MonthFigures, paid: PaidIn, j: number, deductions: Grosze) => {
  s.revenue += f.companyRevenue
  s.costs += f.companyCosts
  s.social += paid.social[j]!
  s.socialFlat += paid.socialNoFp[j]!
  s.health += paid.health[j]!
  s.deductions += deductions
}

/** Adds the months `i`…through `to` to a period's sums and the carry; returns the index after the period. */
const sumPitPeriod = (
  run: Run,
  i: number,
  to: YearMonthString,
  setting: PitSettingInput | null,
  paid: PaidIn,
  carry: PitCarry,
  sums: PitSums,
): number => {
  const flat = setting?.taxType === 'Flat'
  let j = i
  while (j < run.n && run.months[j]!.month <= to) {
    if (run.info[j]!.year !== carry.year) {
      carry.year = run.info[j]!.year
      carry.revenue = carry.costs = carry.social = carry.health = carry.socialFlat = carry.deductions = 0n
      carry.advances = 0n
      carry.flatUnused = 0n
    }
    const f = run.months[j]!
    const d = run.deductionOf(j, flat)
    addPitMonth(sums, f, paid, j, d)
    addPitMonth(carry, f, paid, j, d)
    if (flat)
      for (const r of f.flatRevenue ?? [{ rate: null, amount: f.companyRevenue }]) {
        const rate = r.rate ?? setting.firstPercent
        sums.flatRevenue.set(rate, (sums.flatRevenue.get(rate) ?? 0n) + r.amount)
      }
    j++
  }
  return j
}

/** What a PIT period states besides its figures: span, form, interval, deadline. */
type PitHead = Pick<
  PitPeriod,
  'from' | 'to' | 'rate' | 'paymentInterval' | 'settingReason' | 'complete' | 'statutoryDueDate' | 'dueDate'
>

/** A ryczałt period: stands alone, each rate's revenue taxed at its rate (uZPD art. 21). */
const flatPitPeriod = (head: PitHead, rates: TaxRates, sums: PitSums, carry: PitCarry): PitPeriod => {
  const deductible = parsePercent(rates.pit.flatHealthDeductiblePercent)
  const halfHealth = (sums.health * deductible + 5000n) / 10000n
  if (sums.flatRevenue.size === 0) sums.flatRevenue.set(head.rate, 0n)
  const {
    rates: byRate,
    base,
    tax,
    unusedScaled,
  } = flatTaxByRate(
    sums.flatRevenue,
    sums.socialFlat,
    sums.health,
    rates.pit.flatHealthDeductiblePercent,
    carry.flatUnused,
  )
  carry.flatUnused = unusedScaled
  return {
    ...head,
    taxType: 'Flat',
    revenue: sums.revenue,
    costs: sums.costs,
    social: sums.socialFlat,
    healthDeducted: halfHealth,
    deductions: 0n,
    revenueYearToDate: carry.revenue,
    costsYearToDate: carry.costs,
    socialYearToDate: carry.socialFlat,
    healthDeductedYearToDate: (carry.health * deductible + 5000n) / 10000n,
    deductionsYearToDate: 0n,
    base,
    taxYearToDate: tax,
    advancesBefore: 0n,
    advance: tax,
    flatRates: byRate,
  }
}

/** A Scale or Linear period: cumulative from 1 January, less the advances of the year's earlier periods. */
const cumulativePitPeriod = (
  head: PitHead,
  setting: PitSettingInput,
  rates: TaxRates,
  sums: PitSums,
  carry: PitCarry,
): PitPeriod => {
  const linear = setting.taxType === 'Linear'
  const healthDeductedYtd = linear ? minG(carry.health, rates.pit.linear.healthDeductionCap) : 0n
  const healthDeductedBefore = linear ? minG(carry.health - sums.health, rates.pit.linear.healthDeductionCap) : 0n
  const base = incomeTaxBase(carry.revenue, carry.costs, carry.social, healthDeductedYtd, carry.deductions)
  const tax = incomeTax(base, setting, rates)
  const advance = maxG(tax - carry.advances, 0n)
  const period: PitPeriod = {
    ...head,
    taxType: setting.taxType,
    revenue: sums.revenue,
    costs: sums.costs,
    social: sums.social,
    healthDeducted: healthDeductedYtd - healthDeductedBefore,
    deductions: sums.deductions,
    revenueYearToDate: carry.revenue,
    costsYearToDate: carry.costs,
    socialYearToDate: carry.social,
    healthDeductedYearToDate: healthDeductedYtd,
    deductionsYearToDate: carry.deductions,
    base,
    taxYearToDate: tax,
    advancesBefore: carry.advances,
    advance,
    flatRates: null,
  }
  carry.advances += advance
  return period
}

/** A PIT period of the stage: its months, the carry before it, and its result (none without a PIT setting). */
interface PitSpan extends PeriodSpan {
  readonly carry: PitCarry
  readonly period: PitPeriod | null
}

/** The PIT stage's periods and its carry after the last one. */
interface PitRun {
  readonly spans: readonly PitSpan[]
  readonly end: PitCarry
}

const pitStart: PitCarry = {
  year: -1,
  revenue: 0n,
  costs: 0n,
  social: 0n,
  health: 0n,
  socialFlat: 0n,
  deductions: 0n,
  advances: 0n,
  flatUnused: 0n,
}

/**
 * Stage 3, PIT advances (or ryczałt) period by period from the period starting at month `from`, the year-to-date
 * sums carried from the periods before (`kept`, a run over the same months before `from`).
 */
const pitStage = (run: Run, from: number, paid: PaidIn, kept: PitRun | null): PitRun => {
  const { n, months, info } = run
  const spans = kept ? kept.spans.slice() : []
  const carry: PitCarry = { ...(kept?.end ?? pitStart) }
  for (let i = from; i < n; ) {
    const before = { ...carry }
    const mi = info[i]!
    const setting = run.pitOfYear(mi.year)
    const interval = intervalOf(setting?.paymentInterval ?? 1)
    const to = interval === 3 ? mi.quarterTo : months[i]!.month
    const sums: PitSums = {
      revenue: 0n,
      costs: 0n,
      social: 0n,
      socialFlat: 0n,
      health: 0n,
      deductions: 0n,
      flatRevenue: new Map(),
    }
    const j = sumPitPeriod(run, i, to, setting, paid, carry, sums)
    let period: PitPeriod | null = null
    if (setting) {
      const toMonth = interval === 3 ? Number(to.slice(5, 7)) : mi.month
      const atEnd = inForce(run.pitS, months[j - 1]!.month === to ? info[j - 1]!.lastDay : lastDayOfMonth(to))
      const head: PitHead = {
        from: interval === 3 ? mi.quarterFrom : months[i]!.month,
        to,
        rate: setting.firstPercent,
        paymentInterval: interval,
        settingReason: atEnd && atEnd !== setting && !samePit(atEnd, setting) ? 'changeAppliesNextYear' : null,
        complete: to <= run.lastMonth,
        ...deadline(mi.year, toMonth, 20),
      }
      const rates = ratesFor(mi.year)
      period =
        setting.taxType === 'Flat'
          ? flatPitPeriod(head, rates, sums, carry)
          : cumulativePitPeriod(head, setting, rates, sums, carry)
    }
    spans.push({ start: i, end: j - 1, carry: before, period })
    i = j
  }
  return { spans, end: carry }
}

/** The VAT stage's periods and the months each spans. */
interface VatRun {
  readonly periods: readonly VatPeriod[]
  readonly spans: readonly PeriodSpan[]
}

/** Stage 4, the year end: annual returns and health settlements (`annual.ts`), the years before `kept.fromYear` kept. */
const yearEndStage = (
  run: Run,
  contributions: readonly ContributionMonth[],
  pit: readonly PitPeriod[],
  kept: AnnualKept | null,
) =>
  settleYears(
    {
      months: run.months,
      contributions,
      pit,
      pitOfYear: run.pitOfYear,
      deductionsOf: (i) => run.deductionOf(i, false),
      annualItemsOf: (y) => run.input.annualItems?.get(y),
    },
    kept,
  )

/**
 * The first tax year whose year end may differ from `previous`'s, given that every monthly result before month
 * index `from` is the previous run's (the same objects): the year of that month (the year before for January: a
 * Scale/Linear contribution year ends in January), the year any contribution from `from` on is paid in (before and
 * now), and the first year whose typed annual items changed.
 */
const yearEndRestart = (previous: TaxRun, run: Run, from: number, contributions: readonly ContributionMonth[]) => {
  // The month `from` (or the one after the last): its January belongs to the contribution year before.
  const last = run.info[run.n - 1]!
  const at = run.info[from] ?? (last.month === 12 ? { year: last.year + 1, month: 1 } : last)
  let year = at.month === 1 ? at.year - 1 : at.year
  for (const list of [previous.contributions.contributions, contributions])
    for (let i = from; i < list.length; i++) {
      const c = list[i]!
      if (c.configured) year = Math.min(year, Number(c.paidOn.slice(0, 4)))
    }
  const a = previous.run.input.annualItems
  const b = run.input.annualItems
  if (a !== b)
    for (const y of new Set([...(a?.keys() ?? []), ...(b?.keys() ?? [])]))
      if (y < year && !sameValue(a?.get(y), b?.get(y))) year = y
  return year
}

/** The order of the obligations: by statutory due date, then kind, then the period's start. */
const kindOrder = { VAT: 0, PIT: 1, SocialSecurity: 2, PITAnnual: 3, HealthAnnual: 4 } as const
const obligationOrder = (a: Obligation, b: Obligation) =>
  (a.statutoryDueDate < b.statutoryDueDate ? -1 : a.statutoryDueDate > b.statutoryDueDate ? 1 : 0) ||
  kindOrder[a.kind] - kindOrder[b.kind] ||
  (a.periodFrom < b.periodFrom ? -1 : a.periodFrom > b.periodFrom ? 1 : 0)

/** How many obligations the obligation stage built, over all runs (tests prove a change builds only its own). */
export const obligationCounter = { built: 0 }

/**
 * Stage 5, the obligations: every settled period with something to pay, by statutory due date. With `kept`, the
 * obligations of an earlier run whose period is one of `kept.sources` (the same object: a period this run kept) are
 * taken over, and `result`'s lists are only the periods this run computed; the two sorted lists are merged.
 */
const obligationStage = (
  result: Omit<TaxResult, 'obligations' | 'ratesFallbackYears'>,
  kept: { readonly obligations: readonly Obligation[]; readonly stale: ReadonlySet<object> } | null = null,
): Obligation[] => {
  const obligations: Obligation[] = []
  /** One obligation of a settled period with something to pay. */
  const owe = <K extends Obligation['kind']>(
    kind: K,
    periodFrom: YearMonthString,
    periodTo: YearMonthString,
    amount: Grosze,
    details: Extract<Obligation, { kind: K }>['details'],
  ) => {
    if (amount <= 0n) return
    const { statutoryDueDate, dueDate } = details
    obligations.push({ kind, periodFrom, periodTo, amount, statutoryDueDate, dueDate, details } as Obligation)
  }
  for (const c of result.contributions) if (c.configured) owe('SocialSecurity', c.month, c.month, c.total, c)
  for (const v of result.vat) if (v.complete) owe('VAT', v.from, v.to, v.due, v)
  for (const p of result.pit) if (p.complete) owe('PIT', p.from, p.to, p.advance, p)
  for (const a of result.annual)
    if (a.complete) owe('PITAnnual', formatYearMonth(a.year, 1), formatYearMonth(a.year, 12), a.toPay, a)
  for (const h of result.healthSettlements) if (h.complete) owe('HealthAnnual', h.from, h.to, h.toPay, h)
  obligationCounter.built += obligations.length
  obligations.sort(obligationOrder)
  if (!kept) return obligations
  const merged: Obligation[] = []
  let j = 0
  for (const o of kept.obligations) {
    if (kept.stale.has(o.details)) continue
    while (j < obligations.length && obligationOrder(obligations[j]!, o) < 0) merged.push(obligations[j++]!)
    merged.push(o)
  }
  while (j < obligations.length) merged.push(obligations[j++]!)
  return merged
}

/** Years whose statutory figures were borrowed from the nearest tabled year (see `ratesFor`). */
const fallbackYears = (run: Run): number[] => {
  const years = new Set<number>()
  for (const mi of run.info) if (ratesFor(mi.year).fallback) years.add(mi.year)
  return [...years].sort((a, b) => a - b)
}

/**
 * A run of the engine with what a later run restarts from: each stage's output and running state per month or
 * period. Opaque to callers: pass it back to {@link computeTaxesFrom}.
 */
export interface TaxRun {
  readonly result: TaxResult
  /** The index of the first month this run computed (0: all of them). */
  readonly restartedAt: number
  readonly run: Run
  readonly contributions: ContributionRun
  readonly vat: VatRun
  readonly pit: PitRun
}

/**
 * How many months the monthly stages computed (`months`) and how many months a restart compared field by field to
 * find the first change (`compared`), over all runs (tests prove a change costs what it changes).
 */
export const taxCounter = { runs: 0, months: 0, compared: 0 }

/**
 * Structural equality of two month figures, field by field whatever the fields (a field added to
 * {@link MonthFigures} takes part without a change here); absent and `undefined` fields are equal.
 */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  // Without allocating: every engine run compares each month of the books.
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  let fields = 0
  for (const k in x) {
    if (x[k] === undefined) continue
    fields++
    if (!sameValue(x[k], y[k])) return false
  }
  for (const k in y) if (y[k] !== undefined) fields--
  return fields === 0
}
const monthsEqual = (a: MonthFigures, b: MonthFigures): boolean => sameValue(a, b)

/** The date from which two date-sorted settings lists differ (`null`: equal). */
const firstSettingChange = <T extends Dated>(a: readonly T[], b: readonly T[]): LocalDateString | null => {
  const len = Math.max(a.length, b.length)
  for (let k = 0; k < len; k++) {
    const x = a[k]
    const y = b[k]
    if (x && y && (x === y || sameValue(x, y))) continue
    if (!x) return y!.date
    if (!y) return x.date
    return [x.date, y.date].sort()[0]!
  }
  return null
}

/**
 * The first month index whose results may differ from `previous`: the first month whose figures or payment day
 * changed, or January of the year of the earliest changed setting (a setting governs whole months, quarters and tax
 * years, never an earlier year). Every result before it is the previous run's.
 */
const restartIndex = (previous: TaxRun, run: Run): number => {
  const before = previous.run
  if (run.n === 0 || before.n === 0 || before.info[0]!.index !== run.info[0]!.index) return 0
  const bc = before.input.company
  const nc = run.input.company
  if ((bc?.businessStartDate ?? null) !== (nc?.businessStartDate ?? null)) return 0
  if ((bc?.vatRegistrationDate ?? null) !== (nc?.vatRegistrationDate ?? null)) return 0
  let r = Math.min(before.n, run.n)
  for (const changed of [
    firstSettingChange(before.vatS, run.vatS),
    firstSettingChange(before.pitS, run.pitS),
    firstSettingChange(before.zusS, run.zusS),
  ])
    if (changed !== null) r = Math.min(r, Math.max(0, Number(changed.slice(0, 4)) * 12 - run.info[0]!.index))
  const keysBefore = before.input.monthKeys
  const keysNow = run.input.monthKeys
  for (let i = 0; i < r; i++) {
    const key = keysNow?.[i]
    if (key && key === keysBefore?.[i]) continue
    taxCounter.compared++
    if (!monthsEqual(before.months[i]!, run.months[i]!)) {
      r = i
      break
    }
  }
  const refundsBefore = before.input.vatRefunds
  const refundsNow = run.input.vatRefunds
  if (refundsBefore !== refundsNow) {
    // A refund changes its period's carry and every period after it, from the period's first month: a month of it.
    const months = new Set([...(refundsBefore?.keys() ?? []), ...(refundsNow?.keys() ?? [])])
    for (const m of months)
      if (!sameValue(refundsBefore?.get(m), refundsNow?.get(m)))
        r = Math.min(r, Math.max(0, monthIndexOf(m) - run.info[0]!.index))
  }
  const paidBefore = before.input.contributionsPaidOn
  const paidNow = run.input.contributionsPaidOn
  if (paidBefore !== paidNow) {
    const months = new Set([...(paidBefore?.keys() ?? []), ...(paidNow?.keys() ?? [])])
    for (const m of months)
      if (paidBefore?.get(m) !== paidNow?.get(m)) r = Math.min(r, Math.max(0, monthIndexOf(m) - run.info[0]!.index))
  }
  return r
}

/** The previous run's periods that end before month `r` and were whole (all their months passed in). */
const keptPeriods = <S extends PeriodSpan>(
  spans: readonly S[],
  to: (k: number) => YearMonthString,
  run: Run,
  r: number,
) => {
  let k = 0
  while (k < spans.length && spans[k]!.end < r && to(k) === run.months[spans[k]!.end]!.month) k++
  return k
}

/**
 * Computes contributions, VAT periods, PIT periods and obligations, restarting from `previous` (a run over earlier
 * inputs of the same books) where it can: the stages keep the months and periods before the first change and compute
 * the rest from the running state they had there. Equal to a run from scratch (`engine.test.ts` checks it).
 */
export function computeTaxesFrom(input: TaxInput, previous: TaxRun | null): TaxRun {
  const run = prepareRun(input)
  const n = run.n
  taxCounter.runs++
  const r = previous ? restartIndex(previous, run) : 0
  const kept = r > 0 ? previous : null
  const contributions = contributionStage(run, r, kept?.contributions ?? null)
  const vatKept = kept ? keptPeriods(kept.vat.spans, (k) => kept.vat.periods[k]!.to, run, r) : 0
  const vatFrom = vatKept === 0 ? 0 : kept!.vat.spans[vatKept - 1]!.end + 1
  const vat = vatStage(
    run,
    vatFrom,
    kept ? { periods: kept.vat.periods.slice(0, vatKept), spans: kept.vat.spans.slice(0, vatKept) } : null,
  )
  const pitSpans = kept?.pit.spans ?? []
  const pitKept = kept ? keptPeriods(pitSpans, (k) => pitSpanTo(kept.run, pitSpans[k]!), run, r) : 0
  const pitFrom = pitKept === 0 ? 0 : pitSpans[pitKept - 1]!.end + 1
  const pitCarry = pitKept === 0 ? null : pitKept < pitSpans.length ? pitSpans[pitKept]!.carry : kept!.pit.end
  const paid = contributionsByPaidMonth(n, contributions)
  const pit = pitStage(run, pitFrom, paid, pitCarry ? { spans: pitSpans.slice(0, pitKept), end: pitCarry } : null)
  taxCounter.months += n - Math.min(r, vatFrom, pitFrom)
  const partial = {
    contributions: contributions.contributions,
    vat: vat.periods as VatPeriod[],
    pit: pit.spans.flatMap((s) => (s.period ? [s.period] : [])),
    annual: [] as AnnualReturn[],
    healthSettlements: [] as HealthSettlement[],
  }
  const restartedAt = Math.min(r, vatFrom, pitFrom)
  // The year end and the obligations keep what the years and periods before the restart had.
  const fromYear = kept ? yearEndRestart(kept, run, restartedAt, partial.contributions) : null
  if (n > 0) {
    const year = yearEndStage(
      run,
      partial.contributions,
      partial.pit,
      kept && fromYear !== null
        ? { fromYear, previous: { returns: kept.result.annual, health: kept.result.healthSettlements } }
        : null,
    )
    partial.annual = year.returns
    partial.healthSettlements = year.health
  }
  let obligations: Obligation[]
  if (kept && fromYear !== null) {
    const stale = new Set<object>()
    const before = kept.result
    for (let i = r; i < before.contributions.length; i++) stale.add(before.contributions[i]!)
    for (let k = vatKept; k < before.vat.length; k++) stale.add(before.vat[k]!)
    for (let k = pitKept; k < kept.pit.spans.length; k++) {
      const p = kept.pit.spans[k]!.period
      if (p) stale.add(p)
    }
    for (const a of before.annual) if (a.year >= fromYear) stale.add(a)
    for (const h of before.healthSettlements) if (h.year >= fromYear) stale.add(h)
    obligations = obligationStage(
      {
        contributions: partial.contributions.slice(r),
        vat: partial.vat.slice(vatKept),
        pit: pit.spans.slice(pitKept).flatMap((s) => (s.period ? [s.period] : [])),
        annual: partial.annual.filter((a) => a.year >= fromYear),
        healthSettlements: partial.healthSettlements.filter((h) => h.year >= fromYear),
      },
      { obligations: before.obligations, stale },
    )
  } else obligations = obligationStage(partial)
  const result: TaxResult = {
    ...partial,
    obligations,
    ratesFallbackYears: fallbackYears(run),
  }
  return { result, restartedAt, run, contributions, vat, pit }
}

/** The last month of a PIT period (a quarter's last month even when the months passed in end before it). */
const pitSpanTo = (run: Run, s: PitSpan): YearMonthString => {
  const mi = run.info[s.start]!
  const setting = run.pitOfYear(mi.year)
  return intervalOf(setting?.paymentInterval ?? 1) === 3 ? mi.quarterTo : run.months[s.start]!.month
}

/**
 * Computes contributions, VAT periods, PIT periods and obligations. Pure; O(months × log settings).
 * @throws TaxInputError when months are not contiguous ascending `yyyy-mm`; MoneyFormatError / PercentFormatError
 *   on malformed setting amounts.
 */
export function computeTaxes(input: TaxInput): TaxResult {
  return computeTaxesFrom(input, null).result
}

/** What an item occurrence contributes to its tax month (see {@link addItemToMonth}). */
export interface MonthItem {
  isIncome: boolean
  /** Net amount, grosze. */
  amount: Grosze
  /** The item's VAT, grosze (0 for `zw` / `np`). */
  vat: Grosze
  /** `rate` / `inForce` (a percent, resolved), `zw` (exempt) or `np` (outside Polish VAT). */
  vatTreatment: 'rate' | 'inForce' | 'zw' | 'np'
  /** The VAT percent applied (`"0"` for `zw` / `np`). */
  percent: PercentString
  /** Incomes on ryczałt: the income's own rate; `null`: the PIT setting's. */
  flatRate: PercentString | null
  /** Expenses: `true` when not a tax-deductible cost (KPiR "not a cost"): its input VAT still counts. */
  notCost: boolean
  /** Cross-border kind, car use, fixed asset (tax/crossBorder.ts); absent or `null`: an ordinary domestic item. */
  vatFacts?: VatFacts | null
  /** Expenses for a car: its use; a mixed-use car's cost counts at 75 % (`tax/carCosts.ts`). */
  carUse?: CarUse | null
}

/**
 * Adds one company item occurrence to its month's figures: {@link addVatToMonth} and {@link addPitToMonth} for an
 * item whose VAT month and PIT month are the same month.
 */
export const addItemToMonth = (f: MonthFigures, it: MonthItem): void => {
  addVatToMonth(f, it)
  addPitToMonth(f, it)
}

/**
 * Adds an occurrence's VAT to the month it counts in for VAT (its tax point, `taxPoint.ts`): the VAT totals, the
 * sales line of its treatment and percent, the purchases carrying input VAT. The one place items become VAT figures,
 * so the dashboard and a JPK_V7 file built from the same items agree.
 */
export const addVatToMonth = (f: MonthFigures, it: MonthItem): void => {
  if (it.vatFacts) {
    addVatFactsToMonth(f, it, it.vatFacts)
    return
  }
  const treatment: VatSaleTreatment = it.vatTreatment === 'zw' || it.vatTreatment === 'np' ? it.vatTreatment : 'rate'
  if (it.isIncome) addSalesLine(f, treatment, treatment === 'rate' ? it.percent : '0', it.amount, it.vat)
  else {
    f.inputVat += it.vat
    f.purchaseBase ??= 0n
    // The purchase register (and P_42) holds the purchases whose input tax is deducted.
    if (treatment === 'rate' && it.vat !== 0n) f.purchaseBase += it.amount
  }
}

/**
 * Adds an occurrence to the month of its revenue or cost date (PIT, ryczałt, the tax book): revenue and the ryczałt
 * revenue of its rate, or costs (an expense that is not a tax cost adds nothing here).
 */
export const addPitToMonth = (f: MonthFigures, it: MonthItem): void => {
  if (it.isIncome) {
    f.companyRevenue += it.amount
    f.flatRevenue ??= []
    let rate: FlatRevenue | undefined
    for (const r of f.flatRevenue) if (r.rate === it.flatRate) rate = r
    if (rate) rate.amount += it.amount
    else f.flatRevenue.push({ rate: it.flatRate, amount: it.amount })
  } else if (!it.notCost) f.companyCosts += carCostOf(it.amount, it.carUse, nonDeductibleVat(it.vat, it.vatFacts))
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** An empty month with every split present (so totals-only defaults never apply to it). */
export const emptyMonth = (month: YearMonthString): MonthFigures => ({
  month,
  companyRevenue: 0n,
  companyCosts: 0n,
  outputVat: 0n,
  inputVat: 0n,
  sales: [],
  purchaseBase: 0n,
  flatRevenue: [],
})

/** One occurrence of a company or private item, already expanded from recurring items by the caller. */
export interface TaxItem {
  kind: 'income' | 'expense'
  /** The cash date of the occurrence. */
  date: LocalDateString
  /** The invoice's issue date; `null`: the item's date is its document's date. */
  invoiceDate: LocalDateString | null
  /** The day of supply where it differs from the issue date; absent or `null`: the invoice date, else the date. */
  supplyDate?: LocalDateString | null
  /** Net amount, grosze. */
  amount: Grosze
  /** The item's own VAT percent; `null` → the VAT setting in force on the day of supply (0 when none). */
  percent: PercentString | null
  /** `zw` / `np`: no VAT (the percent is ignored); absent: `rate` (or `inForce` when `percent` is null). */
  vatTreatment?: 'rate' | 'inForce' | 'zw' | 'np'
  /** Incomes on ryczałt: the income's own rate. */
  flatRate?: PercentString | null
  /** Private items (false) never enter taxes. */
  isCompany: boolean
  /** `invoice`: VAT arises on the invoice's date (uVAT art. 19a ust. 5 pkt 4); absent: on the supply. */
  taxPoint?: 'supply' | 'invoice'
}

/**
 * Aggregates item occurrences into contiguous {@link MonthFigures} from `from` through `to` (inclusive): each item's
 * VAT into the month of its tax point, its revenue or cost into the month of its revenue or cost date
 * (`taxPoint.ts`). Parts dated outside the range are ignored; private items never enter. An item without its own percent takes the
 * VAT setting in force on its day of supply (`supplyDate ?? invoiceDate ?? date`, uVAT art. 41 ust. 14a–14h).
 */
export function monthFiguresFromItems(
  items: readonly TaxItem[],
  vat: readonly VatSettingInput[],
  from: YearMonthString,
  to: YearMonthString,
): MonthFigures[] {
  const out: MonthFigures[] = []
  const index = new Map<YearMonthString, MonthFigures>()
  for (let m = from; m <= to; m = addMonthsToMonth(m, 1)) {
    const f = emptyMonth(m)
    out.push(f)
    index.set(m, f)
  }
  const vatS = byDate(vat)
  for (const it of items) {
    if (!it.isCompany) continue
    const dates = {
      isIncome: it.kind === 'income',
      date: it.date,
      invoiceDate: it.invoiceDate,
      supplyDate: it.supplyDate ?? null,
      taxPoint: it.taxPoint ?? null,
    }
    const treatment = settingTreatment(
      it.vatTreatment ?? (it.percent === null ? 'inForce' : 'rate'),
      it.percent === null ? inForce(vatS, supplyDateOf(dates)) : null,
    )
    const percent =
      treatment === 'zw' || treatment === 'np'
        ? '0'
        : (it.percent ?? inForce(vatS, supplyDateOf(dates))?.percent ?? '0')
    const m: MonthItem = {
      isIncome: it.kind === 'income',
      amount: it.amount,
      vat: vatOfItem(it.amount, percent),
      vatTreatment: treatment,
      percent,
      flatRate: it.flatRate ?? null,
      notCost: false,
    }
    const fv = index.get(monthOf(vatDateOf(dates)))
    if (fv) addVatToMonth(fv, m)
    const fp = index.get(monthOf(pitDateOf(dates)))
    if (fp) addPitToMonth(fp, m)
  }
  return out
}
