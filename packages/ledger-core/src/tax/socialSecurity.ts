/**
 * Social-security (ZUS) and health contributions of a sole trader.
 * Sources: ustawa o systemie ubezpieczeń społecznych art. 18 ust. 8, 18a, 22, 47; ustawa o świadczeniach opieki
 * zdrowotnej finansowanych ze środków publicznych art. 79, 81; see docs/tax-rules.md.
 */
import { divRoundHalfUp, maxG, percentOf } from '../money.ts'
import type { Grosze, PercentString, TaxType } from '../types.ts'
import { knownRates, ratesFor, type TaxRates, type ZusAmounts } from './rates/index.ts'

/** A tabled monthly social amount recognised in a user's total: its table, row and whether sickness is in it. */
interface KnownAmount {
  readonly rates: TaxRates
  readonly row: ZusAmounts
  readonly full: boolean
  readonly sickness: boolean
}

/**
 * Recognises a user-entered monthly social total as a tabled one: the full or preferential amount, with or without
 * the voluntary sickness insurance (uSUS art. 11 ust. 2), of `year` first, then of any other tabled year (a
 * setting not updated at the new year). `null` for any other amount.
 */
const knownAmount = (amount: Grosze, year: number): KnownAmount | null => {
  const match = (r: TaxRates): KnownAmount | null => {
    for (const [row, full] of [
      [r.zus.full, true],
      [r.zus.preferential, false],
    ] as const) {
      if (amount === row.total) return { rates: r, row, full, sickness: true }
      if (amount === row.total - row.sickness) return { rates: r, row, full, sickness: false }
    }
    return null
  }
  const own = match(ratesFor(year))
  if (own) return own
  for (const r of knownRates) {
    const m = match(r)
    if (m) return m
  }
  return null
}

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
  const k = knownAmount(amount, year)
  return k?.full ? k.row.labourFund : 0n
}

/** The social contributions of a month, possibly of an incomplete month. */
export interface MonthSocial {
  /** The contributions owed for the month (emerytalne, rentowe, chorobowe, wypadkowe and Fundusz Pracy). */
  readonly social: Grosze
  /** The Fundusz Pracy part of `social`. */
  readonly labourFund: Grosze
  /** The reduced basis of an incomplete month when the amount is a tabled one; otherwise `null`. */
  readonly basis: Grosze | null
}

/**
 * The social contributions of a month in which the insurance lasted `activeDays` of the month's `daysInMonth`
 * days (the business started on a later day than the 1st). uSUS art. 18 ust. 9: the basis is divided by the
 * month's calendar days and multiplied by the days of insurance; ZUS keeps the quotient unrounded and rounds the
 * reduced basis once, half up to the grosz; each contribution is then its percent of that basis, rounded to the
 * grosz. This needs the basis, so a tabled amount (full or preferential, with or without sickness) is recomputed
 * component by component; Fundusz Pracy follows the same reduced basis (the full basis is at least the minimum
 * wage when counted for a whole month). Any other amount is reduced in the same proportion as one total, rounded
 * half up to the grosz. A full month returns the amount unchanged.
 */
export const monthSocial = (amount: Grosze, year: number, activeDays: number, daysInMonth: number): MonthSocial => {
  if (activeDays >= daysInMonth) return { social: amount, labourFund: labourFundOf(amount, year), basis: null }
  const days = BigInt(Math.max(activeDays, 0))
  const dim = BigInt(daysInMonth)
  const k = knownAmount(amount, year)
  if (!k) return { social: divRoundHalfUp(amount * days, dim), labourFund: 0n, basis: null }
  const p = k.rates.zus.percents
  const basis = divRoundHalfUp(k.row.basis * days, dim)
  const labourFund = k.full ? percentOf(basis, p.labourFund) : 0n
  const social =
    percentOf(basis, p.pension) +
    percentOf(basis, p.disability) +
    (k.sickness ? percentOf(basis, p.sickness) : 0n) +
    percentOf(basis, p.accident) +
    labourFund
  return { social, labourFund, basis }
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

/** The Scale/Linear monthly minimum base of a month (the base of {@link healthMinimumFor}), by the same rule. */
export const healthMinimumBaseFor = (year: number, month: number): Grosze => {
  if (month !== 1) return ratesFor(year).health.scaleLinearMinimumBase
  const prev = ratesFor(contributionYearOf(year, month))
  return prev.fallback ? ratesFor(year).health.januaryScaleLinearMinimumBase : prev.health.scaleLinearMinimumBase
}

/** The health contribution of a month and how it was found. */
export interface HealthResult {
  /** The contribution, rounded to the grosz. */
  readonly health: Grosze
  /**
   * Scale/Linear: the income of the previous month as uŚOZ art. 81 ust. 2c determines it (never negative), or null
   * when there is no previous month. Flat: revenue since 1 January (including this month) less social contributions
   * without Fundusz Pracy.
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
 * Scale/Linear health contribution for a month: `percent` × the month's base (the previous month's income as
 * uŚOZ art. 81 ust. 2c determines it), never below the contribution year's minimum; the minimum alone when there is
 * no previous month (`previousIncome` null). A negative figure counts as no income.
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
  const { tier, amount } = flatHealthTier(revenueSinceJanuaryLessSocial, year)
  return {
    health: amount,
    healthBase: revenueSinceJanuaryLessSocial,
    minimumApplied: false,
    flatTier: tier,
    percent: ratesFor(year).health.scalePercent,
  }
}

/**
 * The ryczałt band of a revenue (less social contributions) in `year`'s table: 1 up to 60 000 zł, 2 up to 300 000 zł,
 * 3 above, and the band's monthly contribution.
 */
export const flatHealthTier = (revenueLessSocial: Grosze, year: number): { tier: 1 | 2 | 3; amount: Grosze } => {
  const tiers = ratesFor(year).health.flatTiers
  const idx = tiers.findIndex((t) => t.revenueUpTo === null || revenueLessSocial <= t.revenueUpTo)
  return { tier: (idx + 1) as 1 | 2 | 3, amount: tiers[idx]!.amount }
}

/** Default health percent for a tax type (used only when a caller has no setting percent to offer). */
export const defaultHealthPercent = (taxType: TaxType, year: number): PercentString => {
  const h = ratesFor(year).health
  return taxType === 'Linear' ? h.linearPercent : h.scalePercent
}
