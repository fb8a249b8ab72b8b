/**
 * The year-end settlements of a sole trader, from the monthly results of the engine:
 *
 * - the annual return — PIT-36 (Scale), PIT-36L (Linear) or PIT-28 (ryczałt) — which settles the year's tax against
 *   the advances due during the year (uPIT art. 45, uZPD art. 21);
 * - the annual health settlement (uŚOZ art. 81): the contribution of the contribution year computed from the year's
 *   income (Scale 9 %, Linear 4.9 %) or revenue band (ryczałt), against the monthly contributions due, settled in
 *   the DRA for April.
 *
 * Contributions count in the return of the year they are **paid** in (uPIT art. 26 ust. 1 pkt 2 and art. 30c ust. 2;
 * uZPD art. 11 ust. 1 and 1a: "zapłaconych w roku podatkowym"); each month's contributions count on the day the
 * engine takes them as paid (`ContributionMonth.paidOn`: the payment's day where the books know it, else within the
 * month or on the deadline as the user's setting says), the day the advances deduct them too, and the previous
 * year's health settlement paid by 20 May counts in this one. Every rule and its source: docs/tax-rules.md §8.
 */
import { formatLocalDate, formatYearMonth, nextWorkingDay } from '../calendar.ts'
import { maxG, minG, percentOf, roundHalfUpToZloty } from '../money.ts'
import type { Grosze, LocalDateString, PercentString, TaxType, YearMonthString } from '../types.ts'
import type { ContributionMonth, MonthFigures, PitPeriod, PitSettingInput } from './engine.ts'
import { flatHealthExcluded, healthExcluded } from './healthIncome.ts'
import {
  type AnnualItemsFigures,
  type AnnualItemsInput,
  deductIkze,
  deductLosses,
  emptyAnnualItems,
  itemsRefusedOnFlat,
  NO_ANNUAL_ITEMS,
  scaleItems,
} from './annualItems.ts'
import { type FlatRateFigures, flatTaxByRate, incomeTax } from './pit.ts'
import { ratesFor } from './rates/index.ts'
import type { DayOfMonth } from './rates/types.ts'
import { flatHealthTier, healthMinimumBaseFor, healthMinimumFor } from './socialSecurity.ts'

/** The annual return's form by the form of taxation. */
export type AnnualForm = 'PIT-36' | 'PIT-36L' | 'PIT-28'

export const annualFormOf = (taxType: TaxType): AnnualForm =>
  taxType === 'Flat' ? 'PIT-28' : taxType === 'Linear' ? 'PIT-36L' : 'PIT-36'

/** The annual return of a tax year (business income only). Amounts in grosze; bases, taxes and advances full złoty. */
export interface AnnualReturn {
  /** The tax year. */
  year: number
  form: AnnualForm
  taxType: TaxType
  /** The setting's first percent (Scale 12, Linear 19, ryczałt: the rate of revenue without its own). */
  rate: PercentString
  /** `false` while December of the year is after the last month passed in (a preview, no obligation). */
  complete: boolean
  /** Company revenue of the year (by the tax month of each item). */
  revenue: Grosze
  /**
   * Scale/Linear: the year's tax-deductible costs, Fundusz Pracy paid in the year included (a cost, uPIT art. 22
   * ust. 1); ryczałt: 0 (costs never count).
   */
  costs: Grosze
  /** The Fundusz Pracy part of `costs` (Scale/Linear), or 0. */
  labourFundPaid: Grosze
  /** Scale/Linear: `max(0, revenue − costs)`; ryczałt: the revenue. */
  income: Grosze
  /** Scale/Linear: `max(0, costs − revenue)` (a loss, carried to later years by the taxpayer; not modelled). */
  loss: Grosze
  /** Social contributions paid in the year, Fundusz Pracy excluded. */
  socialPaid: Grosze
  /** The part of `socialPaid` deducted (never more than the income or revenue left). */
  socialDeducted: Grosze
  /** Health contributions paid in the year (December's of the year before, January–November's, and the previous
   * year's settlement paid by 20 May). */
  healthPaid: Grosze
  /** Linear: paid, within the year's cap and the income left; ryczałt: 50 % of paid (to the grosz); Scale: 0. */
  healthDeducted: Grosze
  /** Scale/Linear: the user's other deductions of the year's months, within the income left; ryczałt: 0. */
  deductions: Grosze
  /** The tax base: Scale/Linear `income − deductions`, ryczałt the sum of the per-rate bases; full złoty. */
  base: Grosze
  /** The tax due for the year ("podatek należny"), full złoty. */
  tax: Grosze
  /** The advances (ryczałt: the monthly or quarterly ryczałt) due for the year's periods. */
  advances: Grosze
  /** `tax − advances`: positive to pay, negative to be refunded (full złoty). */
  difference: Grosze
  toPay: Grosze
  refund: Grosze
  /** Ryczałt: the figures of each rate (ascending); otherwise null. */
  flatRates: FlatRateFigures[] | null
  /**
   * The common items typed in for the year — losses carried forward, IKZE, joint filing, the child relief — and what
   * they did (`tax/annualItems.ts`); `tax`, `base` and `difference` already include them.
   */
  items?: AnnualItemsFigures
  /** 30 April of the next year (PIT-28 too, since the 2023 tax year). */
  statutoryDueDate: LocalDateString
  /** The deadline moved to the next working day (Op art. 12 §5). */
  dueDate: LocalDateString
}

/** The annual settlement of the health contribution of a contribution year. */
export interface HealthSettlement {
  /** The contribution year: Scale/Linear February of `year` – January of `year + 1`; ryczałt the calendar year. */
  year: number
  taxType: TaxType
  from: YearMonthString
  to: YearMonthString
  /** The insured months of the contribution year on this form (each owes a contribution). */
  months: number
  /** Those months, `yyyy-mm`, ascending (a business started in March 2026: March 2026 – January 2027). */
  insuredMonths: YearMonthString[]
  /**
   * Scale/Linear: the year's income for health (revenue − costs − social contributions paid in the year, Fundusz
   * Pracy included as a cost); ryczałt: the year's revenue less the social contributions paid in it (without FP).
   */
  basis: Grosze
  /** 9 % (Scale, ryczałt) or 4.9 % (Linear). */
  percent: PercentString
  /** Scale/Linear: `percent × basis` to the grosz (0 for no income); ryczałt: `months ×` the band's contribution. */
  computed: Grosze
  /** Scale/Linear: the monthly minimum of each insured month, summed; ryczałt: 0. */
  minimum: Grosze
  /**
   * Scale/Linear: the year's minimum base, the monthly minimum base (the minimum wage of the contribution year; 75 %
   * of it in 2025) of each insured month of the contribution year summed (uŚOZ art. 81); `minimum` is the percent of each month's;
   * ryczałt: 0.
   */
  minimumBase: Grosze
  /** Ryczałt: the band of the year's revenue (1: ≤ 60 000, 2: ≤ 300 000, 3: above); otherwise null. */
  flatTier: 1 | 2 | 3 | null
  /** The year's contribution: `max(computed, minimum)`. */
  due: Grosze
  /** The monthly contributions due for the year's months (taken as paid). */
  paid: Grosze
  /** `due − paid`: positive to pay with the April DRA, negative overpaid (refunded on request). */
  difference: Grosze
  toPay: Grosze
  overpaid: Grosze
  /** `false` while the contribution year's last month is after the last month passed in. */
  complete: boolean
  /** 20 May of the year after the contribution year (the DRA for April). */
  statutoryDueDate: LocalDateString
  dueDate: LocalDateString
}

/** What the engine hands over for the year-end settlements. */
export interface AnnualInput {
  readonly months: readonly MonthFigures[]
  readonly contributions: readonly ContributionMonth[]
  readonly pit: readonly PitPeriod[]
  /** The PIT setting governing a tax year (`null`: no form chosen). */
  readonly pitOfYear: (year: number) => PitSettingInput | null
  /** The user's monthly other deductions of a month of the year (Scale/Linear). */
  readonly deductionsOf: (index: number) => Grosze
  /** The return's common items typed in for a tax year (absent: none). */
  readonly annualItemsOf?: (year: number) => AnnualItemsInput | undefined
}

export interface AnnualResult {
  returns: AnnualReturn[]
  health: HealthSettlement[]
}

/**
 * What a later settlement of the same books restarts from: the results of an earlier settlement for the years before
 * `fromYear`, which the caller knows are unchanged (their months, contributions paid in them, advances, settings and
 * typed items are the same, and their last month was passed in both times).
 */
export interface AnnualKept {
  readonly fromYear: number
  readonly previous: AnnualResult
}

/** How many years the year end settled, over all runs (tests prove a change settles only the years it touches). */
export const annualCounter = { years: 0 }

const yearOf = (ym: YearMonthString): number => Number(ym.slice(0, 4))

const dueIn = (year: number, d: DayOfMonth) => {
  const statutoryDueDate = formatLocalDate(year, d.month, d.day)
  return { statutoryDueDate, dueDate: nextWorkingDay(statutoryDueDate) }
}

/** The year's health settlement over the given months (already filtered to the settlement's form). */
const settleHealth = (
  year: number,
  taxType: TaxType,
  months: readonly ContributionMonth[],
  basis: Grosze,
  complete: boolean,
): HealthSettlement => {
  const rates = ratesFor(year)
  let paid = 0n
  let minimum = 0n
  let minimumBase = 0n
  for (const c of months) {
    paid += c.health
    if (taxType !== 'Flat') {
      const [y, m] = c.month.split('-').map(Number) as [number, number]
      minimum += healthMinimumFor(y, m)
      minimumBase += healthMinimumBaseFor(y, m)
    }
  }
  let percent: PercentString
  let computed: Grosze
  let flatTier: 1 | 2 | 3 | null = null
  if (taxType === 'Flat') {
    const t = flatHealthTier(basis, year)
    flatTier = t.tier
    percent = rates.health.scalePercent
    computed = BigInt(months.length) * t.amount
  } else {
    percent = taxType === 'Linear' ? rates.health.linearPercent : rates.health.scalePercent
    computed = percentOf(maxG(basis, 0n), percent)
  }
  const due = maxG(computed, minimum)
  const difference = due - paid
  return {
    year,
    taxType,
    from: taxType === 'Flat' ? formatYearMonth(year, 1) : formatYearMonth(year, 2),
    to: taxType === 'Flat' ? formatYearMonth(year, 12) : formatYearMonth(year + 1, 1),
    months: months.length,
    insuredMonths: months.map((c) => c.month),
    basis,
    percent,
    computed,
    minimum,
    minimumBase,
    flatTier,
    due,
    paid,
    difference,
    toPay: maxG(difference, 0n),
    overpaid: maxG(-difference, 0n),
    complete,
    ...dueIn(year + 1, rates.annual.healthSettlementDue),
  }
}

/** The annual items both forms fill alike: the losses of past years deducted and the IKZE payments. */
const lossAndIkzeItems = (losses: ReturnType<typeof deductLosses>, ikze: ReturnType<typeof deductIkze>) => ({
  losses: losses.figures,
  lossDeducted: losses.deducted,
  ikzePaid: ikze.paid,
  ikzeLimit: ikze.limit,
  ikzeDeducted: ikze.deducted,
})

/** Contributions by the year they are paid in (`paidOn`: the payment's day, else the setting's assumption). */
const paidByYear = (contributions: AnnualInput['contributions']) => {
  const social = new Map<number, Grosze>()
  const labourFund = new Map<number, Grosze>()
  const health = new Map<number, Grosze>()
  const add = (m: Map<number, Grosze>, y: number, g: Grosze) => m.set(y, (m.get(y) ?? 0n) + g)
  for (const c of contributions) {
    if (!c.configured) continue
    const paidIn = yearOf(c.paidOn)
    add(social, paidIn, c.socialWithoutLabourFund)
    add(labourFund, paidIn, c.labourFund)
    add(health, paidIn, c.health)
  }
  return { social, labourFund, health }
}

/** A year's sums over its months: revenue, costs (less the stock-taking's change), deductions, ryczałt by rate. */
interface YearSums {
  revenue: Grosze
  costs: Grosze
  otherDeductions: Grosze
  monthsOfYear: number
  flatRevenue: Map<PercentString, Grosze>
  /** The income the health settlement leaves out (the sale of fixed assets, `healthIncome.ts`). */
  healthExcluded: Grosze
  /** The revenue ryczałt's health settlement leaves out (the prices of fixed assets sold, `healthIncome.ts`). */
  flatHealthExcluded: Grosze
}

const yearSums = (input: AnnualInput, year: number, setting: PitSettingInput | null): YearSums => {
  const { months } = input
  const firstYear = yearOf(months[0]!.month)
  const sums: YearSums = {
    revenue: 0n,
    costs: 0n,
    otherDeductions: 0n,
    monthsOfYear: 0,
    flatRevenue: new Map(),
    healthExcluded: 0n,
    flatHealthExcluded: 0n,
  }
  // The months are contiguous: the year's run starts at its January (or at the first month).
  for (
    let i = Math.max(0, (year - firstYear) * 12 - Number(months[0]!.month.slice(5, 7)) + 1);
    i < months.length;
    i++
  ) {
    const f = months[i]!
    if (yearOf(f.month) !== year) break
    sums.monthsOfYear++
    sums.revenue += f.companyRevenue
    // The year-end stock-taking changes the year's income, not any advance (uPIT art. 24 ust. 2, art. 44 ust. 2).
    sums.costs += f.companyCosts - (f.inventoryChange ?? 0n)
    sums.otherDeductions += input.deductionsOf(i)
    sums.healthExcluded += healthExcluded(f)
    sums.flatHealthExcluded += flatHealthExcluded(f)
    if (setting?.taxType === 'Flat')
      for (const r of f.flatRevenue ?? [{ rate: null, amount: f.companyRevenue }]) {
        const rate = r.rate ?? setting.firstPercent
        sums.flatRevenue.set(rate, (sums.flatRevenue.get(rate) ?? 0n) + r.amount)
      }
  }
  return sums
}

/** What a year's return is computed from, beside its sums. */
interface ReturnBasis {
  readonly year: number
  readonly taxType: TaxType
  readonly setting: PitSettingInput
  readonly rates: ReturnType<typeof ratesFor>
  readonly social: Grosze
  readonly labourFund: Grosze
  readonly health: Grosze
  readonly typed: AnnualItemsInput
  readonly formOf: (y: number) => TaxType | null
  readonly complete: boolean
  readonly advances: Grosze
  readonly due: ReturnType<typeof dueIn>
}

type ReturnHead = Omit<AnnualReturn, 'difference' | 'toPay' | 'refund'>

/** PIT-28: ryczałt by rate on the revenue, less social contributions, past losses, IKZE and part of health. */
const flatReturn = (b: ReturnBasis, sums: YearSums): ReturnHead => {
  const { revenue, flatRevenue } = sums
  const { social, health, setting } = b
  if (flatRevenue.size === 0) flatRevenue.set(setting.firstPercent, 0n)
  const deductible = b.rates.pit.flatHealthDeductiblePercent
  // The common items: losses of general-rules years and IKZE come off the revenue with the social contributions.
  const socialOff = minG(social, maxG(revenue, 0n))
  const losses = deductLosses(b.typed.losses, b.year, b.taxType, revenue - socialOff, b.formOf)
  const ikze = deductIkze(b.typed.ikze, b.year, revenue - socialOff - losses.deducted)
  const byRate = flatTaxByRate(flatRevenue, social + losses.deducted + ikze.deducted, health, deductible)
  return {
    year: b.year,
    form: 'PIT-28',
    taxType: b.taxType,
    rate: setting.firstPercent,
    complete: b.complete,
    revenue,
    costs: 0n,
    labourFundPaid: 0n,
    income: revenue,
    loss: 0n,
    socialPaid: social,
    socialDeducted: minG(social, maxG(revenue, 0n)),
    healthPaid: health,
    healthDeducted: percentOf(health, deductible),
    deductions: 0n,
    base: byRate.base,
    tax: byRate.tax,
    advances: b.advances,
    flatRates: byRate.rates,
    items: {
      ...emptyAnnualItems(byRate.tax),
      ...itemsRefusedOnFlat(b.typed),
      ...lossAndIkzeItems(losses, ikze),
    },
    ...b.due,
  }
}

/** PIT-36 / PIT-36L: the income less losses, contributions, deductions and IKZE, taxed on the Scale or linearly. */
const generalReturn = (b: ReturnBasis, sums: YearSums): ReturnHead => {
  const { revenue } = sums
  const { social, health, rates, taxType } = b
  const allCosts = sums.costs + b.labourFund
  const income = maxG(revenue - allCosts, 0n)
  // The common items' stage: a loss comes off the income before the contributions, IKZE after the other
  // deductions, then joint filing and the child relief change the tax.
  const losses = deductLosses(b.typed.losses, b.year, taxType, income, b.formOf)
  const socialDeducted = minG(social, income - losses.deducted)
  let left = income - losses.deducted - socialDeducted
  const healthDeducted = taxType === 'Linear' ? minG(minG(health, rates.pit.linear.healthDeductionCap), left) : 0n
  left -= healthDeducted
  const deductions = minG(sums.otherDeductions, left)
  left -= deductions
  const ikze = deductIkze(b.typed.ikze, b.year, left)
  left -= ikze.deducted
  const base = roundHalfUpToZloty(left)
  const { tax, ...scaled } = scaleItems(b.typed, {
    year: b.year,
    taxType,
    setting: b.setting,
    rates,
    incomeForLimit: income - losses.deducted - socialDeducted,
    base,
    tax: incomeTax(base, b.setting, rates),
    contributions: social + health,
  })
  return {
    year: b.year,
    form: annualFormOf(taxType),
    taxType,
    rate: b.setting.firstPercent,
    complete: b.complete,
    revenue,
    costs: allCosts,
    labourFundPaid: b.labourFund,
    income,
    loss: maxG(allCosts - revenue, 0n),
    socialPaid: social,
    socialDeducted,
    healthPaid: health,
    healthDeducted,
    deductions,
    base,
    tax,
    advances: b.advances,
    flatRates: null,
    items: {
      ...scaled,
      ...lossAndIkzeItems(losses, ikze),
    },
    ...b.due,
  }
}

/**
 * The annual returns and health settlements of every year the months touch. A return needs a PIT setting governing
 * the year; a settlement needs at least one insured month of the contribution year on the year's form.
 */
export function settleYears(input: AnnualInput, kept: AnnualKept | null = null): AnnualResult {
  const { months, contributions, pit } = input
  const out: AnnualResult = { returns: [], health: [] }
  const n = months.length
  if (n === 0) return out
  const lastMonth = months[n - 1]!.month
  const firstYear = yearOf(months[0]!.month)
  const lastYear = yearOf(lastMonth)
  const fromYear = kept ? Math.max(firstYear - 1, kept.fromYear) : firstYear - 1
  if (kept) {
    for (const r of kept.previous.returns) if (r.year < fromYear) out.returns.push(r)
    for (const h of kept.previous.health) if (h.year < fromYear) out.health.push(h)
  }

  // Contributions by the year they are paid in, the same days the advances deduct them on.
  const paid = paidByYear(contributions)

  // A Scale/Linear contribution year ends in January: January of the first year settles with the year before it.
  for (let year = fromYear; year <= lastYear; year++) {
    annualCounter.years++
    const rates = ratesFor(year)
    const setting = input.pitOfYear(year)
    const taxType: TaxType = setting?.taxType ?? 'Scale'
    const sums = yearSums(input, year, setting)
    const social = paid.social.get(year) ?? 0n
    const fp = paid.labourFund.get(year) ?? 0n

    // ---- the health settlement of the contribution year ----
    const flat = taxType === 'Flat'
    const first = flat ? formatYearMonth(year, 1) : formatYearMonth(year, 2)
    const last = flat ? formatYearMonth(year, 12) : formatYearMonth(year + 1, 1)
    const insured = contributions.filter(
      (c) => c.configured && c.month >= first && c.month <= last && (c.taxType === 'Flat') === flat,
    )
    if (insured.length > 0) {
      const basis = flat
        ? sums.revenue - social - sums.flatHealthExcluded
        : sums.revenue - sums.costs - fp - social - sums.healthExcluded
      // Without a form chosen for the year (a business starting in January of the next), the months' own form.
      const settledAs = setting ? taxType : insured[0]!.taxType
      out.health.push(settleHealth(year, settledAs, insured, basis, last <= lastMonth))
    }

    // ---- the annual return ----
    if (!setting || sums.monthsOfYear === 0) continue
    const previous = out.health.find((h) => h.year === year - 1 && h.complete)
    const health = (paid.health.get(year) ?? 0n) + (previous && yearOf(previous.dueDate) === year ? previous.toPay : 0n)
    let advances = 0n
    for (const p of pit) if (yearOf(p.from) === year) advances += p.advance
    const basis: ReturnBasis = {
      year,
      taxType,
      setting,
      rates,
      social,
      labourFund: fp,
      health,
      typed: input.annualItemsOf?.(year) ?? NO_ANNUAL_ITEMS,
      formOf: (y: number) => input.pitOfYear(y)?.taxType ?? null,
      complete: formatYearMonth(year, 12) <= lastMonth,
      advances,
      due: dueIn(year + 1, flat ? rates.annual.flatReturnDue : rates.annual.returnDue),
    }
    const r = flat ? flatReturn(basis, sums) : generalReturn(basis, sums)
    // Joint filing sets the spouse's advances against the joint tax; the child relief's refundable part is paid out.
    const difference = r.tax - r.advances - (r.items?.spouseAdvances ?? 0n) - (r.items?.childRefund ?? 0n)
    out.returns.push({ ...r, difference, toPay: maxG(difference, 0n), refund: maxG(-difference, 0n) })
  }
  return out
}
