/**
 * The tax engine: from monthly aggregates of a user's company items and the user's effective-dated settings it
 * derives the month's contributions (ZUS + health), the VAT settlement periods, the PIT advance periods and the
 * list of payment obligations with their deadlines. Pure and total: no I/O, no clock; `bigint` grosze throughout.
 *
 * Every rule and choice with its legal source: docs/tax-rules.md.
 *
 * How a caller uses it (projections):
 * 1. Expand the user's company items into occurrences; attribute each to the month of `invoiceDate ?? date`.
 *    Private items (`isCompany` false) never enter.
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
  monthOf,
  nextWorkingDay,
} from '../calendar.ts'
import { maxG, minG, parseMoney, parsePercent } from '../money.ts'
import type { Grosze, LocalDateString, MoneyString, PercentString, TaxType, YearMonthString } from '../types.ts'
import { flatTaxBase, incomeTaxBase, proportionalTax, scaleTax } from './pit.ts'
import { ratesFor } from './rates/index.ts'
import { flatHealth, labourFundOf, scaleLinearHealth } from './socialSecurity.ts'
import { settleVat, vatOfItem } from './vat.ts'

export { vatOfItem } from './vat.ts'

/** Company figures of one month, attributed for taxes by `invoiceDate ?? date`. */
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
}

export interface TaxInput {
  /**
   * Contiguous ascending months; the caller passes every month from the first month with an item or setting
   * through the last month it wants. Months before the first are taken as empty.
   */
  months: MonthFigures[]
  vat: VatSettingInput[]
  pit: PitSettingInput[]
  socialSecurity: SocialSecuritySettingInput[]
}

/** The contributions of one month (ZUS social + health), deducted in that month and due on the 20th after it. */
export interface ContributionMonth {
  month: YearMonthString
  /** `false` when no social-security setting is in force on the month's last day: all amounts are 0. */
  configured: boolean
  /** Tax type of the PIT setting in force on the month's last day; `Scale` when there is none. */
  taxType: TaxType
  /** The setting's monthly social amount (incl. Fundusz Pracy if part of it). */
  social: Grosze
  /** The Fundusz Pracy part of `social` (known only when `social` equals the year's full ZUS amount; else 0). */
  labourFund: Grosze
  /** `social − labourFund`: what ryczałt deducts from revenue. */
  socialWithoutLabourFund: Grosze
  /** Health contribution, to the grosz. */
  health: Grosze
  /**
   * Scale/Linear: the previous month's income (revenue − costs − social), `null` when there is no previous month.
   * Flat: revenue since 1 January through this month less social contributions without Fundusz Pracy.
   */
  healthBase: Grosze | null
  /** Scale/Linear: `true` when the contribution year's minimum applied. */
  healthMinimumApplied: boolean
  /** Flat: the tier (1: ≤ 60 000, 2: ≤ 300 000, 3: above); otherwise null. */
  flatTier: 1 | 2 | 3 | null
  /** Health percent applied (the setting's for Scale/Linear, 9 for Flat). */
  percent: PercentString
  /** `social + health`: the amount of the month's obligation. */
  total: Grosze
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
  /** 1 or 3: the interval of the VAT setting in force on the period's last day. */
  paymentInterval: 1 | 3
  /** Output VAT of the period's company incomes. */
  output: Grosze
  /** Input VAT of the period's company expenses. */
  input: Grosze
  /** Excess of input VAT carried in from earlier periods (never reset at a year end). */
  carriedIn: Grosze
  /** `output − input − carriedIn`, in grosze. */
  balance: Grosze
  /** The tax to pay: a positive balance rounded to full złoty; else 0. */
  due: Grosze
  /** The excess carried to the next period: `−balance` when negative; else 0. */
  carryOut: Grosze
  /** `false` when the period ends after the last month passed in (figures partial, no obligation). */
  complete: boolean
  /** The 25th of the month after the period (ustawa o VAT art. 103 ust. 1 / 2). */
  statutoryDueDate: LocalDateString
  dueDate: LocalDateString
}

/** One PIT advance period. Scale/Linear are cumulative from 1 January; Flat stands alone. */
export interface PitPeriod {
  from: YearMonthString
  to: YearMonthString
  taxType: TaxType
  /** The setting's firstPercent (Scale: first rate; Linear / Flat: the rate). */
  rate: PercentString
  /** 1 or 3: the interval of the PIT setting in force on the period's last day. */
  paymentInterval: 1 | 3
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
  /** Scale/Linear: the year-to-date base; Flat: the period's base. Full złoty. */
  base: Grosze
  /** Scale/Linear: the tax on `base`; Flat: the period's tax. Full złoty. */
  taxYearToDate: Grosze
  /** Scale/Linear: advances of earlier periods of the year; Flat: 0. */
  advancesBefore: Grosze
  /** `max(0, taxYearToDate − advancesBefore)` (Flat: the period's tax). */
  advance: Grosze
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
/** A payment the user owes. Zero amounts and incomplete periods produce none. */
export type Obligation =
  | (ObligationBase & { kind: 'VAT'; details: VatPeriod })
  | (ObligationBase & { kind: 'PIT'; details: PitPeriod })
  | (ObligationBase & { kind: 'SocialSecurity'; details: ContributionMonth })

export interface TaxResult {
  /** One per input month, in order. */
  contributions: ContributionMonth[]
  /** VAT periods in order (a quarter covers up to three input months). */
  vat: VatPeriod[]
  /** PIT periods in order; months with no PIT setting in force have none. */
  pit: PitPeriod[]
  /** Every payable obligation, ordered by statutory due date, then VAT, PIT, SocialSecurity, then period. */
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

/** The setting in force on `day`: the last one dated on or before it. */
const inForce = <T extends Dated>(sorted: readonly T[], day: LocalDateString): T | null => {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]!.date <= day) lo = mid + 1
    else hi = mid
  }
  return lo === 0 ? null : sorted[lo - 1]!
}

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
  /** Last day of the month. */
  lastDay: LocalDateString
  /** First and last month of its calendar quarter, and the quarter's last day. */
  quarterFrom: YearMonthString
  quarterTo: YearMonthString
  quarterLastDay: LocalDateString
}

const monthInfo = (year: number, month: number): MonthInfo => {
  const qEnd = Math.ceil(month / 3) * 3
  return {
    year,
    month,
    lastDay: formatLocalDate(year, month, daysInMonth(year, month)),
    quarterFrom: formatYearMonth(year, qEnd - 2),
    quarterTo: formatYearMonth(year, qEnd),
    quarterLastDay: formatLocalDate(year, qEnd, daysInMonth(year, qEnd)),
  }
}

const orDefault = (s: MoneyString | null, d: Grosze): Grosze => (s === null || s === '' ? d : parseMoney(s))

/**
 * Computes contributions, VAT periods, PIT periods and obligations. Pure; O(months × log settings).
 * @throws TaxInputError when months are not contiguous ascending `yyyy-mm`; MoneyFormatError / PercentFormatError
 *   on malformed setting amounts.
 */
export function computeTaxes(input: TaxInput): TaxResult {
  const months = input.months
  const n = months.length
  const result: TaxResult = { contributions: [], vat: [], pit: [], obligations: [], ratesFallbackYears: [] }
  if (n === 0) return result
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
  const vatS = byDate(input.vat)
  const pitS = byDate(input.pit)
  const zusS = byDate(input.socialSecurity)
  const lastMonth = months[n - 1]!.month
  const fallback = new Set<number>()

  // ---- per month: the tax type, contributions ----
  const social = new Array<Grosze>(n)
  const socialNoFp = new Array<Grosze>(n)
  const health = new Array<Grosze>(n)
  let flatRevenueYtd = 0n
  let flatSocialYtd = 0n
  for (let i = 0; i < n; i++) {
    const f = months[i]!
    const { year: y, month: mo, lastDay: ld } = info[i]!
    if (ratesFor(y).fallback) fallback.add(y)
    const pitSetting = inForce(pitS, ld)
    const taxType: TaxType = pitSetting?.taxType ?? 'Scale'
    const zs = inForce(zusS, ld)
    const s = zs ? parseMoney(zs.amount) : 0n
    const fp = zs ? labourFundOf(s, y) : 0n
    social[i] = s
    socialNoFp[i] = s - fp
    if (mo === 1 || i === 0) {
      flatRevenueYtd = 0n
      flatSocialYtd = 0n
    }
    flatRevenueYtd += f.companyRevenue
    flatSocialYtd += s - fp
    let h: ReturnType<typeof flatHealth> | null = null
    if (zs) {
      if (taxType === 'Flat') h = flatHealth(flatRevenueYtd - flatSocialYtd, y)
      else {
        const prev = i > 0 ? months[i - 1]! : null
        const prevIncome = prev ? prev.companyRevenue - prev.companyCosts - social[i - 1]! : null
        h = scaleLinearHealth(prevIncome, zs.percent, y, mo)
      }
    }
    health[i] = h?.health ?? 0n
    result.contributions.push({
      month: f.month,
      configured: zs !== null,
      taxType,
      social: s,
      labourFund: fp,
      socialWithoutLabourFund: s - fp,
      health: health[i]!,
      healthBase: h?.healthBase ?? null,
      healthMinimumApplied: h?.minimumApplied ?? false,
      flatTier: h?.flatTier ?? null,
      percent: h?.percent ?? zs?.percent ?? '0',
      total: s + health[i]!,
      ...deadline(y, mo, 20),
    })
  }

  // ---- VAT periods ----
  let carry = 0n
  for (let i = 0; i < n; ) {
    const m = months[i]!.month
    const mi = info[i]!
    const setting = inForce(vatS, mi.quarterLastDay)
    const interval = intervalOf(setting?.paymentInterval ?? 1)
    const from = interval === 3 ? mi.quarterFrom : m
    const to = interval === 3 ? mi.quarterTo : m
    const toMonth = interval === 3 ? Number(to.slice(5, 7)) : mi.month
    let output = 0n
    let inputVat = 0n
    let j = i
    while (j < n && months[j]!.month <= to) {
      output += months[j]!.outputVat
      inputVat += months[j]!.inputVat
      j++
    }
    const settled = settleVat(output, inputVat, carry)
    carry = settled.carryOut
    const period: VatPeriod = {
      from,
      to,
      paymentInterval: interval,
      output,
      input: inputVat,
      carriedIn: output - inputVat - settled.balance,
      ...settled,
      complete: to <= lastMonth,
      ...deadline(mi.year, toMonth, 25),
    }
    result.vat.push(period)
    i = j
  }

  // ---- PIT periods ----
  let ytdYear = -1
  let revYtd = 0n
  let costYtd = 0n
  let socYtd = 0n
  let healthPaidYtd = 0n
  let socFlatYtd = 0n
  let dedYtd = 0n
  let advancesYtd = 0n
  const deductionOf = (i: number): Grosze => {
    const s = inForce(pitS, info[i]!.lastDay)
    return s && s.taxType !== 'Flat' ? orDefault(s.deductions, 0n) : 0n
  }
  for (let i = 0; i < n; ) {
    const m = months[i]!.month
    const mi = info[i]!
    const quarterSetting = inForce(pitS, mi.quarterLastDay)
    const interval = intervalOf(quarterSetting?.paymentInterval ?? 1)
    const from = interval === 3 ? mi.quarterFrom : m
    const to = interval === 3 ? mi.quarterTo : m
    const toMonth = interval === 3 ? Number(to.slice(5, 7)) : mi.month
    const setting = interval === 3 ? quarterSetting : inForce(pitS, mi.lastDay)
    let rev = 0n
    let cost = 0n
    let soc = 0n
    let socFlat = 0n
    let hlth = 0n
    let ded = 0n
    let j = i
    while (j < n && months[j]!.month <= to) {
      if (info[j]!.year !== ytdYear) {
        ytdYear = info[j]!.year
        revYtd = costYtd = socYtd = healthPaidYtd = socFlatYtd = dedYtd = advancesYtd = 0n
      }
      const f = months[j]!
      const d = deductionOf(j)
      rev += f.companyRevenue
      cost += f.companyCosts
      soc += social[j]!
      socFlat += socialNoFp[j]!
      hlth += health[j]!
      ded += d
      revYtd += f.companyRevenue
      costYtd += f.companyCosts
      socYtd += social[j]!
      socFlatYtd += socialNoFp[j]!
      healthPaidYtd += health[j]!
      dedYtd += d
      j++
    }
    const i0 = i
    i = j
    if (!setting) continue
    const y = info[i0]!.year
    const rates = ratesFor(y)
    const complete = to <= lastMonth
    const due = deadline(y, toMonth, 20)
    if (setting.taxType === 'Flat') {
      const base = flatTaxBase(rev, socFlat, hlth, rates.pit.flatHealthDeductiblePercent)
      const tax = proportionalTax(base, setting.firstPercent)
      const deductible = parsePercent(rates.pit.flatHealthDeductiblePercent)
      const halfHealth = (hlth * deductible + 5000n) / 10000n
      result.pit.push({
        from,
        to,
        taxType: 'Flat',
        rate: setting.firstPercent,
        paymentInterval: interval,
        revenue: rev,
        costs: cost,
        social: socFlat,
        healthDeducted: halfHealth,
        deductions: 0n,
        revenueYearToDate: revYtd,
        costsYearToDate: costYtd,
        socialYearToDate: socFlatYtd,
        healthDeductedYearToDate: (healthPaidYtd * deductible + 5000n) / 10000n,
        deductionsYearToDate: 0n,
        base,
        taxYearToDate: tax,
        advancesBefore: 0n,
        advance: tax,
        complete,
        ...due,
      })
      continue
    }
    const linear = setting.taxType === 'Linear'
    const healthDeductedYtd = linear ? minG(healthPaidYtd, rates.pit.linear.healthDeductionCap) : 0n
    const healthDeductedBefore = linear ? minG(healthPaidYtd - hlth, rates.pit.linear.healthDeductionCap) : 0n
    const base = incomeTaxBase(revYtd, costYtd, socYtd, healthDeductedYtd, dedYtd)
    const tax = linear
      ? proportionalTax(base, setting.firstPercent)
      : scaleTax(base, {
          firstPercent: setting.firstPercent,
          secondPercent:
            setting.secondPercent === null || setting.secondPercent === ''
              ? rates.pit.scale.secondPercent
              : setting.secondPercent,
          freeOfTaxAmount: orDefault(setting.freeOfTaxAmount, rates.pit.scale.freeOfTaxAmount),
          threshold: orDefault(setting.secondPercentAmount, rates.pit.scale.threshold),
        })
    const advance = maxG(tax - advancesYtd, 0n)
    result.pit.push({
      from,
      to,
      taxType: setting.taxType,
      rate: setting.firstPercent,
      paymentInterval: interval,
      revenue: rev,
      costs: cost,
      social: soc,
      healthDeducted: healthDeductedYtd - healthDeductedBefore,
      deductions: ded,
      revenueYearToDate: revYtd,
      costsYearToDate: costYtd,
      socialYearToDate: socYtd,
      healthDeductedYearToDate: healthDeductedYtd,
      deductionsYearToDate: dedYtd,
      base,
      taxYearToDate: tax,
      advancesBefore: advancesYtd,
      advance,
      complete,
      ...due,
    })
    advancesYtd += advance
  }

  // ---- obligations ----
  const obligations: Obligation[] = []
  for (const c of result.contributions)
    if (c.configured && c.total > 0n)
      obligations.push({
        kind: 'SocialSecurity',
        periodFrom: c.month,
        periodTo: c.month,
        amount: c.total,
        statutoryDueDate: c.statutoryDueDate,
        dueDate: c.dueDate,
        details: c,
      })
  for (const v of result.vat)
    if (v.complete && v.due > 0n)
      obligations.push({
        kind: 'VAT',
        periodFrom: v.from,
        periodTo: v.to,
        amount: v.due,
        statutoryDueDate: v.statutoryDueDate,
        dueDate: v.dueDate,
        details: v,
      })
  for (const p of result.pit)
    if (p.complete && p.advance > 0n)
      obligations.push({
        kind: 'PIT',
        periodFrom: p.from,
        periodTo: p.to,
        amount: p.advance,
        statutoryDueDate: p.statutoryDueDate,
        dueDate: p.dueDate,
        details: p,
      })
  const kindOrder = { VAT: 0, PIT: 1, SocialSecurity: 2 } as const
  obligations.sort(
    (a, b) =>
      (a.statutoryDueDate < b.statutoryDueDate ? -1 : a.statutoryDueDate > b.statutoryDueDate ? 1 : 0) ||
      kindOrder[a.kind] - kindOrder[b.kind] ||
      (a.periodFrom < b.periodFrom ? -1 : a.periodFrom > b.periodFrom ? 1 : 0),
  )
  result.obligations = obligations
  result.ratesFallbackYears = [...fallback].sort((a, b) => a - b)
  return result
}

/** One occurrence of a company or private item, already expanded from recurring items by the caller. */
export interface TaxItem {
  kind: 'income' | 'expense'
  /** The cash date of the occurrence. */
  date: LocalDateString
  /** When set, taxes attribute the item to this date's month instead of `date`'s. */
  invoiceDate: LocalDateString | null
  /** Net amount, grosze. */
  amount: Grosze
  /** The item's own VAT percent; `null` → the VAT setting in force on the item's `date` (0 when none). */
  percent: PercentString | null
  /** Private items (false) never enter taxes. */
  isCompany: boolean
}

/**
 * Aggregates item occurrences into contiguous {@link MonthFigures} from `from` through `to` (inclusive). Items
 * attributed outside the range are ignored; private items never enter. Per-item VAT via {@link vatOfItem}.
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
    const f: MonthFigures = { month: m, companyRevenue: 0n, companyCosts: 0n, outputVat: 0n, inputVat: 0n }
    out.push(f)
    index.set(m, f)
  }
  const vatS = byDate(vat)
  for (const it of items) {
    if (!it.isCompany) continue
    const f = index.get(monthOf(it.invoiceDate ?? it.date))
    if (!f) continue
    const percent = it.percent ?? inForce(vatS, it.date)?.percent ?? '0'
    const v = vatOfItem(it.amount, percent)
    if (it.kind === 'income') {
      f.companyRevenue += it.amount
      f.outputVat += v
    } else {
      f.companyCosts += it.amount
      f.inputVat += v
    }
  }
  return out
}
