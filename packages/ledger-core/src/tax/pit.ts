/**
 * PIT (ustawa o podatku dochodowym od osób fizycznych) and ryczałt (ustawa o zryczałtowanym podatku dochodowym)
 * formulas. Bases and taxes are rounded to full złoty (Ordynacja podatkowa art. 63 §1); every intermediate product
 * is exact (`bigint`), so a rounding happens once, where the law puts it.
 */
import { divRoundHalfUp, maxG, parseMoney, parsePercent, roundHalfUpToZloty } from '../money.ts'
import type { Grosze, MoneyString, PercentString, TaxType } from '../types.ts'
import type { TaxRates } from './rates/types.ts'

/** grosze × (percent in hundredths) → full złoty, rounded half-up once. */
const toZloty = (scaled: bigint): Grosze => divRoundHalfUp(scaled, 1_000_000n) * 100n

/** Parameters of the progressive scale (art. 27 ust. 1); the statutory ones come from the rate table. */
export interface ScaleParams {
  /** 12 %. */
  readonly firstPercent: PercentString
  /** 32 %. */
  readonly secondPercent: PercentString
  /** 30 000 zł: the tax-reducing amount is `freeOfTaxAmount × firstPercent` (3 600 zł). */
  readonly freeOfTaxAmount: Grosze
  /** 120 000 zł: where the second percent starts. */
  readonly threshold: Grosze
}

/**
 * Tax on the scale for a (rounded) base: up to the threshold `firstPercent × base − freeOfTaxAmount × firstPercent`;
 * above it `threshold × firstPercent − freeOfTaxAmount × firstPercent + secondPercent × (base − threshold)`;
 * never below 0; rounded to full złoty. Statutory: 12 % × base − 3 600, or 10 800 + 32 % of the excess.
 */
export const scaleTax = (base: Grosze, p: ScaleParams): Grosze => {
  const p1 = parsePercent(p.firstPercent)
  const p2 = parsePercent(p.secondPercent)
  const reducing = p.freeOfTaxAmount * p1
  const scaled = base <= p.threshold ? base * p1 - reducing : p.threshold * p1 - reducing + (base - p.threshold) * p2
  return scaled <= 0n ? 0n : toZloty(scaled)
}

/** The fields of a PIT setting that give the tax on a Scale or Linear base. */
export interface PitRatesSetting {
  readonly taxType: TaxType
  readonly firstPercent: PercentString
  readonly secondPercent: PercentString | null
  readonly freeOfTaxAmount: MoneyString | null
  readonly secondPercentAmount: MoneyString | null
}

/** A setting's optional amount, or `d` when it is empty. */
export const orDefault = (s: MoneyString | null, d: Grosze): Grosze => (s === null || s === '' ? d : parseMoney(s))

/**
 * The tax on a Scale or Linear base (full złoty) with the setting's percents: Linear `firstPercent × base`
 * (art. 30c ust. 1); Scale by {@link scaleTax} with the setting's figures, empty ones taking the year's statutory
 * 32 %, 30 000 zł and 120 000 zł (art. 27 ust. 1). Used by the advances and by the annual return alike.
 */
export const incomeTax = (base: Grosze, setting: PitRatesSetting, rates: TaxRates): Grosze =>
  setting.taxType === 'Linear'
    ? proportionalTax(base, setting.firstPercent)
    : scaleTax(base, scaleParamsOf(setting, rates))

/** The Scale parameters of a setting: its own figures, empty ones taking the year's statutory 32 %, 30 000, 120 000. */
export const scaleParamsOf = (setting: PitRatesSetting, rates: TaxRates): ScaleParams => ({
  firstPercent: setting.firstPercent,
  secondPercent:
    setting.secondPercent === null || setting.secondPercent === ''
      ? rates.pit.scale.secondPercent
      : setting.secondPercent,
  freeOfTaxAmount: orDefault(setting.freeOfTaxAmount, rates.pit.scale.freeOfTaxAmount),
  threshold: orDefault(setting.secondPercentAmount, rates.pit.scale.threshold),
})

/** Tax at one rate (Linear 19 %, art. 30c; ryczałt rates, art. 12): `percent × base`, rounded to full złoty. */
export const proportionalTax = (base: Grosze, percent: PercentString): Grosze => {
  const scaled = base * parsePercent(percent)
  return scaled <= 0n ? 0n : toZloty(scaled)
}

/**
 * Scale/Linear base: `revenue − costs − social − health − deductions`, never below 0, rounded to full złoty.
 */
export const incomeTaxBase = (
  revenue: Grosze,
  costs: Grosze,
  social: Grosze,
  healthDeducted: Grosze,
  deductions: Grosze,
): Grosze => roundHalfUpToZloty(maxG(revenue - costs - social - healthDeducted - deductions, 0n))

/**
 * Ryczałt base for a period on its own: `revenue − social (without Fundusz Pracy) − healthDeductiblePercent ×
 * health`, never below 0, rounded to full złoty (ustawa o zryczałtowanym podatku art. 11: 50 % of the paid health contributions).
 * Computed exactly (half a grosz of health is kept until the one rounding).
 */
export const flatTaxBase = (
  revenue: Grosze,
  socialWithoutLabourFund: Grosze,
  health: Grosze,
  healthDeductiblePercent: PercentString,
): Grosze => {
  const scaled = (revenue - socialWithoutLabourFund) * 10000n - health * parsePercent(healthDeductiblePercent)
  return scaled <= 0n ? 0n : toZloty(scaled)
}

/** The ryczałt figures of the revenue taxed at one rate in a period. */
export interface FlatRateFigures {
  /** The ryczałt rate (uZPD art. 12 ust. 1). */
  readonly rate: PercentString
  /** Revenue taxed at this rate. */
  readonly revenue: Grosze
  /** This rate's share of the deductions (social without Fundusz Pracy and half the health), to the grosz. */
  readonly deductions: Grosze
  /** `revenue − deductions`, never below 0, rounded to full złoty (a base of its own, Op art. 63 §1). */
  readonly base: Grosze
  /** `rate × base`, to the grosz (half up) for display; the period's tax rounds the exact sum once. */
  readonly tax: Grosze
}

/** The ryczałt of a period: the figures per rate and the tax (full złoty). */
export interface FlatTax {
  readonly rates: FlatRateFigures[]
  /** The sum of the per-rate bases. */
  readonly base: Grosze
  /** The sum of the exact per-rate products, rounded once to full złoty (Op art. 63 §1: the tax amount). */
  readonly tax: Grosze
  /** The deductions the period's revenue did not cover, in 1/10000 of a grosz (exact): the next period's to deduct. */
  readonly unusedScaled: bigint
}

/**
 * Ryczałt of a period whose revenue is taxed at one or more rates (uZPD art. 12 ust. 1, tax per rate). The
 * deductions — social contributions without Fundusz Pracy (art. 11 ust. 1) and `healthDeductiblePercent` of the
 * health contributions (art. 11 ust. 1a) — are split between the rates in proportion to each rate's share of the
 * period's revenue (art. 11 ust. 3). Each rate's base is computed exactly and rounded once to full złoty; the tax is
 * the sum of `rate × base` over the rates, rounded once to full złoty. With one rate this is {@link flatTaxBase} and
 * {@link proportionalTax}. Rates are listed in ascending order. `carriedScaled` (1/10000 of a grosz) are deductions an
 * earlier period of the year could not use; what this period cannot use is returned as `unusedScaled`.
 */
export const flatTaxByRate = (
  revenueByRate: ReadonlyMap<PercentString, Grosze>,
  socialWithoutLabourFund: Grosze,
  health: Grosze,
  healthDeductiblePercent: PercentString,
  carriedScaled = 0n,
): FlatTax => {
  let total = 0n
  for (const g of revenueByRate.values()) total += g
  // Deductions in 1/10000 of a grosz, exact (half a grosz of health kept).
  const scaledDeductions =
    socialWithoutLabourFund * 10000n + health * parsePercent(healthDeductiblePercent) + carriedScaled
  const covered = total > 0n ? total * 10000n : 0n
  const unusedScaled = scaledDeductions > covered ? scaledDeductions - covered : 0n
  const rates = [...revenueByRate.keys()].sort((a, b) => Number(a) - Number(b))
  let base = 0n
  let scaledTax = 0n
  const figures = rates.map((rate) => {
    const revenue = revenueByRate.get(rate)!
    if (total <= 0n || revenue <= 0n) return { rate, revenue, deductions: 0n, base: 0n, tax: 0n }
    const deductions = divRoundHalfUp(scaledDeductions * revenue, total * 10000n)
    const scaledBase = revenue * (total * 10000n - scaledDeductions)
    const b = scaledBase <= 0n ? 0n : divRoundHalfUp(scaledBase, total * 1_000_000n) * 100n
    const product = b * parsePercent(rate)
    base += b
    scaledTax += product
    return { rate, revenue, deductions, base: b, tax: divRoundHalfUp(product, 10000n) }
  })
  return { rates: figures, base, tax: scaledTax <= 0n ? 0n : toZloty(scaledTax), unusedScaled }
}
