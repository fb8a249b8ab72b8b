/**
 * Social-security (ZUS) and health contributions of a sole trader.
 * Sources: ustawa o systemie ubezpieczeń społecznych art. 18 ust. 8, 18a, 22, 47; ustawa o świadczeniach opieki
 * zdrowotnej finansowanych ze środków publicznych art. 79, 81; see docs/tax-rules.md.
 */
import { maxG, percentOf } from '../money.ts'
import type { Grosze, PercentString, TaxType } from '../types.ts'
import { knownRates, ratesFor, type TaxRates } from './rates/index.ts'

/**
 * The Fundusz Pracy (labour fund) part of a user-entered monthly social amount. Only a known figure can be split:
 * when `amount` equals the year's full ZUS amount, with or without the voluntary sickness insurance (uSUS art. 11
 * ust. 2), the table's FP component is returned; when it equals such an amount of another tabled year (a setting not
 * updated at the new year), that year's FP component. Fundusz Pracy is mandatory at a basis of at least the minimum
 * wage whether or not sickness insurance is paid (labour-market act; see docs/tax-rules.md). The preferential amounts
 * have no FP; any other amount is treated as social contributions without FP (0 returned). The user enters one
 * total, so guessing a share of an arbitrary amount would invent a number.
 */
export const labourFundOf = (amount: Grosze, year: number): Grosze => {
  const isFull = (k: TaxRates): boolean =>
    amount === k.zus.full.total || amount === k.zus.full.total - k.zus.full.sickness
  const r = ratesFor(year)
  if (isFull(r)) return r.zus.full.labourFund
  return knownRates.find(isFull)?.zus.full.labourFund ?? 0n
}

/**
 * The contribution year of a month for the Scale/Linear health minimum: February of Y to January of Y+1 is
 * contribution year Y (ustawa o świadczeniach art. 81, "rok składkowy").
 */
export const contributionYearOf = (year: number, month: number): number => (month === 1 ? year - 1 : year)

/**
 * The Scale/Linear monthly minimum health contribution applying to a month: the minimum of its contribution year.
 * January belongs to the previous contribution year; when that year is not tabled, the January figure of the
 * month's own year table is used.
 */
export const healthMinimumFor = (year: number, month: number): Grosze => {
  if (month !== 1) return ratesFor(year).health.scaleLinearMinimum
  const prev = ratesFor(contributionYearOf(year, month))
  return prev.fallback ? ratesFor(year).health.januaryScaleLinearMinimum : prev.health.scaleLinearMinimum
}

/** The health contribution of a month and how it was found. */
export interface HealthResult {
  /** The contribution, rounded to the grosz. */
  readonly health: Grosze
  /**
   * Scale/Linear: the previous month's income (revenue − costs − social), or null when there is no previous month.
   * Flat: revenue since 1 January (including this month) less social contributions without Fundusz Pracy.
   */
  readonly healthBase: Grosze | null
  /** Scale/Linear: `true` when the minimum applied. Flat: always false. */
  readonly minimumApplied: boolean
  /** Flat: the tier used (1, 2 or 3); otherwise null. */
  readonly flatTier: 1 | 2 | 3 | null
  /** The percent applied (the setting's for Scale/Linear; 9 % for Flat). */
  readonly percent: PercentString
}

/**
 * Scale/Linear health contribution for a month: `percent` × the previous month's income, never below the
 * contribution year's minimum; the minimum alone when there is no previous month (`previousIncome` null).
 */
export const scaleLinearHealth = (
  previousIncome: Grosze | null,
  percent: PercentString,
  year: number,
  month: number,
): HealthResult => {
  const minimum = healthMinimumFor(year, month)
  const computed = previousIncome === null ? 0n : percentOf(maxG(previousIncome, 0n), percent)
  const minimumApplied = computed < minimum
  return {
    health: minimumApplied ? minimum : computed,
    healthBase: previousIncome,
    minimumApplied,
    flatTier: null,
    percent,
  }
}

/**
 * Ryczałt health contribution for a month: the tier of the calendar year chosen by revenue since 1 January
 * (including this month) less social contributions, so the higher tier applies from the month in which the
 * threshold is crossed (ustawa o świadczeniach art. 81).
 */
export const flatHealth = (revenueSinceJanuaryLessSocial: Grosze, year: number): HealthResult => {
  const tiers = ratesFor(year).health.flatTiers
  const idx = tiers.findIndex((t) => t.revenueUpTo === null || revenueSinceJanuaryLessSocial <= t.revenueUpTo)
  const tier = tiers[idx]!
  return {
    health: tier.amount,
    healthBase: revenueSinceJanuaryLessSocial,
    minimumApplied: false,
    flatTier: (idx + 1) as 1 | 2 | 3,
    percent: ratesFor(year).health.scalePercent,
  }
}

/** Default health percent for a tax type (used only when a caller has no setting percent to offer). */
export const defaultHealthPercent = (taxType: TaxType, year: number): PercentString => {
  const h = ratesFor(year).health
  return taxType === 'Linear' ? h.linearPercent : h.scalePercent
}
