/**
 * The annual return's common items, a stage of the year end ({@link settleYears} calls each function once):
 *
 * - a loss of earlier years carried forward (uPIT art. 9 ust. 3; ryczałt uZPD art. 11 ust. 2);
 * - IKZE payments (uPIT art. 26 ust. 1 pkt 2b, art. 30c ust. 2; uZPD art. 11 ust. 1), within the yearly limit;
 * - joint filing with a spouse on the Scale (art. 6 ust. 2: twice the tax on half the joint base);
 * - the child relief (art. 27f), from the Scale tax only, with its refundable part (ust. 8).
 *
 * The user types the inputs in per tax year (`AnnualInputsSet`); the limits per year are data
 * (`rates/annualItems.ts`). Every rule and a worked example: docs/tax-rules.md, "The annual return's common items".
 */
import { maxG, minG, parseMoney, roundHalfUpToZloty } from '../money.ts'
import type { Grosze, TaxType } from '../types.ts'
import { type PitRatesSetting, scaleParamsOf, scaleTax } from './pit.ts'
import { annualItemsLimitsFor } from './rates/annualItems.ts'
import type { TaxRates } from './rates/types.ts'

/** A loss of an earlier tax year, as the user states it. */
export interface AnnualLossInput {
  /** The tax year of the loss. */
  readonly year: number
  /** The loss of that year (the return's "strata"). */
  readonly amount: Grosze
  /** What the returns of the years between already deducted. */
  readonly deductedBefore: Grosze
  /** The one-off deduction up to 5 000 000 zł in this year (art. 9 ust. 3 pkt 2); else at most 50 % (pkt 1). */
  readonly oneOff: boolean
}

/** A child the taxpayer brought up in the year. */
export interface AnnualChildInput {
  /** The months of the year the relief is claimed for (1–12). */
  readonly months: number
  /** A child with a disability allowance or certificate (art. 27f ust. 1 pkt 2: no income limit). */
  readonly disabled: boolean
}

/** The spouse of a taxpayer married all year: for joint filing and the child relief's income limit. */
export interface AnnualSpouseInput {
  /** File jointly (Scale only, art. 6 ust. 2). */
  readonly jointFiling: boolean
  /** The spouse's income of the year less their social contributions (their part of the joint base). */
  readonly income: Grosze
  /** The spouse's tax advances of the year (joint filing: set against the joint tax). */
  readonly advances: Grosze
}

/** The inputs of a tax year's return beyond the books. */
export interface AnnualItemsInput {
  readonly losses: readonly AnnualLossInput[]
  /** IKZE payments made in the year. */
  readonly ikze: Grosze
  readonly spouse: AnnualSpouseInput | null
  /** Bringing the children up alone (art. 27f ust. 1 pkt 1 lit. c: the higher income limit). */
  readonly singleParent: boolean
  readonly children: readonly AnnualChildInput[]
}

/** Why a loss is not deducted this year. */
export type LossRefusal = 'outsideWindow' | 'otherForm' | 'nothingLeft'

export interface AnnualLossFigures extends AnnualLossInput {
  /** The most the law lets this year deduct of it. */
  readonly cap: Grosze
  readonly deducted: Grosze
  readonly refusal: LossRefusal | null
}

export interface AnnualChildFigures extends AnnualChildInput {
  /** The child's monthly amount (by its order: first and second, third, fourth and further). */
  readonly monthly: Grosze
  readonly amount: Grosze
}

/** What the common items did to a return. */
export interface AnnualItemsFigures {
  readonly losses: readonly AnnualLossFigures[]
  readonly lossDeducted: Grosze
  readonly ikzePaid: Grosze
  readonly ikzeLimit: Grosze
  readonly ikzeDeducted: Grosze
  /** Filed jointly with the spouse (asked for and allowed: Scale). */
  readonly joint: boolean
  /** Joint filing asked for but not allowed on this form. */
  readonly jointRefused: boolean
  readonly spouseIncome: Grosze
  /** The spouse's advances set against the joint tax (0 unless joint). */
  readonly spouseAdvances: Grosze
  /** The Scale tax (jointly: twice the tax on half the joint base) before the child relief; otherwise the tax. */
  readonly taxBeforeRelief: Grosze
  readonly children: readonly AnnualChildFigures[]
  /** The relief the children give (before the income limit); 0 on another form. */
  readonly childRelief: Grosze
  /** The income the one-child limit is checked against, and the limit. */
  readonly childIncome: Grosze
  readonly childIncomeLimit: Grosze
  /** `true` when one child's relief is lost to the income limit. */
  readonly childOverLimit: boolean
  /** The children asked for on another form than the Scale (art. 27f: the Scale tax only). */
  readonly childRefused: boolean
  /** The relief deducted from the tax, and the part the tax was too small for. */
  readonly childDeducted: Grosze
  readonly childUnused: Grosze
  /** The unused part refunded, at most the social and health contributions of the year (art. 27f ust. 8). */
  readonly childRefund: Grosze
}

export const NO_ANNUAL_ITEMS: AnnualItemsInput = {
  losses: [],
  ikze: 0n,
  spouse: null,
  singleParent: false,
  children: [],
}

/**
 * The losses deducted from `available` (Scale/Linear: the year's income; ryczałt: revenue less social
 * contributions), oldest first. A loss counts in the five years after its own; in one year at most half of it, or
 * once up to 5 000 000 zł; never more than what is left of it. A Scale year deducts only Scale losses and a Linear year
 * only Linear ones (art. 9 ust. 3a pkt 2); ryczałt deducts losses of years on the general rules (uZPD art. 11 ust. 2).
 * `formOf` gives the form of an earlier year where the books know it (unknown: accepted as the user states).
 */
export const deductLosses = (
  losses: readonly AnnualLossInput[],
  year: number,
  taxType: TaxType,
  available: Grosze,
  formOf: (year: number) => TaxType | null,
): { figures: AnnualLossFigures[]; deducted: Grosze } => {
  const limits = annualItemsLimitsFor(year).loss
  let left = maxG(available, 0n)
  let deducted = 0n
  const figures = [...losses]
    .sort((a, b) => a.year - b.year)
    .map((l): AnnualLossFigures => {
      const remaining = maxG(l.amount - l.deductedBefore, 0n)
      const half = (l.amount * limits.yearlyPercent) / 100n
      const cap = minG(remaining, l.oneOff ? limits.oneOffLimit : half)
      const form = formOf(l.year)
      let refusal: LossRefusal | null = null
      if (l.year >= year || l.year < year - limits.years) refusal = 'outsideWindow'
      else if (form !== null && (taxType === 'Flat' ? form === 'Flat' : form !== taxType)) refusal = 'otherForm'
      else if (remaining === 0n) refusal = 'nothingLeft'
      const d = refusal === null ? minG(cap, left) : 0n
      left -= d
      deducted += d
      return { ...l, cap: refusal === null ? cap : 0n, deducted: d, refusal }
    })
  return { figures, deducted }
}

/** The IKZE payments deducted from `available`, within the year's limit for a person running a business. */
export const deductIkze = (paid: Grosze, year: number, available: Grosze) => {
  const limit = annualItemsLimitsFor(year).ikze.selfEmployedLimit
  return { paid, limit, deducted: minG(minG(paid, limit), maxG(available, 0n)) }
}

/**
 * The Scale tax of spouses filing jointly (art. 6 ust. 2): twice the tax on half the joint base. Computed exactly as
 * the scale with the tax-free amount and the threshold doubled — `2 × (12 % × B/2 − 3 600)` is `12 % × B − 7 200` —
 * and rounded once to full złoty.
 */
export const jointScaleTax = (jointBase: Grosze, setting: PitRatesSetting, rates: TaxRates): Grosze => {
  const p = scaleParamsOf(setting, rates)
  return scaleTax(jointBase, { ...p, freeOfTaxAmount: p.freeOfTaxAmount * 2n, threshold: p.threshold * 2n })
}

/** The child relief's amount per child by its order (art. 27f ust. 1 pkt 2), for its months. */
export const childAmounts = (children: readonly AnnualChildInput[], year: number): AnnualChildFigures[] => {
  const r = annualItemsLimitsFor(year).childRelief
  return children.map((c, i) => {
    const monthly = i < 2 ? r.firstAndSecondMonthly : i === 2 ? r.thirdMonthly : r.fourthMonthly
    return { ...c, monthly, amount: monthly * BigInt(c.months) }
  })
}

/** What the Scale/Linear branch of the year end hands to {@link scaleItems}. */
export interface ScaleItemsContext {
  readonly year: number
  readonly taxType: TaxType
  readonly setting: PitRatesSetting
  readonly rates: TaxRates
  /** The taxpayer's income less the social contributions deducted (the child relief's income, art. 27f ust. 1). */
  readonly incomeForLimit: Grosze
  /** The taxpayer's rounded base and its tax as the form computes it alone. */
  readonly base: Grosze
  readonly tax: Grosze
  /** The social and health contributions of the year (art. 27f ust. 8: the ceiling of the refund). */
  readonly contributions: Grosze
}

/**
 * Joint filing and the child relief on a Scale/Linear return: the tax after them and the figures. Joint filing and
 * the relief apply to the Scale only; on Linear they are shown as refused.
 */
export const scaleItems = (
  items: AnnualItemsInput,
  c: ScaleItemsContext,
): Pick<
  AnnualItemsFigures,
  | 'joint'
  | 'jointRefused'
  | 'spouseIncome'
  | 'spouseAdvances'
  | 'taxBeforeRelief'
  | 'children'
  | 'childRelief'
  | 'childIncome'
  | 'childIncomeLimit'
  | 'childOverLimit'
  | 'childRefused'
  | 'childDeducted'
  | 'childUnused'
  | 'childRefund'
> & { tax: Grosze } => {
  const scale = c.taxType === 'Scale'
  const spouse = items.spouse
  const joint = scale && spouse?.jointFiling === true
  const taxBeforeRelief = joint && spouse ? jointScaleTax(c.base + spouse.income, c.setting, c.rates) : c.tax
  const limits = annualItemsLimitsFor(c.year).childRelief
  const children = childAmounts(items.children, c.year)
  const childIncome = c.incomeForLimit + (spouse ? spouse.income : 0n)
  const childIncomeLimit = spouse || items.singleParent ? limits.incomeLimitCouple : limits.incomeLimitSingle
  // One child without a disability: only within the income limit (art. 27f ust. 1 pkt 1); two or more, or a child
  // with a disability: no limit (pkt 2).
  const limited = children.length === 1 && !children[0]!.disabled
  const childOverLimit = scale && limited && childIncome > childIncomeLimit
  let childRelief = 0n
  if (scale && !childOverLimit) for (const ch of children) childRelief += ch.amount
  const childDeducted = minG(childRelief, taxBeforeRelief)
  const childUnused = childRelief - childDeducted
  return {
    joint,
    jointRefused: !scale && spouse?.jointFiling === true,
    spouseIncome: spouse ? spouse.income : 0n,
    spouseAdvances: joint && spouse ? spouse.advances : 0n,
    taxBeforeRelief,
    children,
    childRelief,
    childIncome,
    childIncomeLimit,
    childOverLimit,
    childRefused: !scale && children.length > 0,
    childDeducted,
    childUnused,
    childRefund: minG(childUnused, maxG(c.contributions, 0n)),
    // The tax due after the relief is rounded to full złoty (Op art. 63 §1).
    tax: roundHalfUpToZloty(taxBeforeRelief - childDeducted),
  }
}

/** The figures of a return with no common items (every amount 0). */
export const emptyAnnualItems = (tax: Grosze): AnnualItemsFigures => ({
  losses: [],
  lossDeducted: 0n,
  ikzePaid: 0n,
  ikzeLimit: 0n,
  ikzeDeducted: 0n,
  joint: false,
  jointRefused: false,
  spouseIncome: 0n,
  spouseAdvances: 0n,
  taxBeforeRelief: tax,
  children: [],
  childRelief: 0n,
  childIncome: 0n,
  childIncomeLimit: 0n,
  childOverLimit: false,
  childRefused: false,
  childDeducted: 0n,
  childUnused: 0n,
  childRefund: 0n,
})

/** Ryczałt: joint filing and the child relief asked for but not allowed (both are Scale only). */
export const itemsRefusedOnFlat = (items: AnnualItemsInput) => ({
  jointRefused: items.spouse?.jointFiling === true,
  spouseIncome: items.spouse ? items.spouse.income : 0n,
  children: childAmounts(items.children, 0).map((c) => ({ ...c, amount: 0n })),
  childRefused: items.children.length > 0,
})

/** The core's input from the stored payload (decimal strings). */
export interface AnnualInputsPayload {
  readonly year: number
  readonly losses: readonly { year: number; amount: string; deductedBefore: string; oneOff: boolean }[]
  readonly ikze: string
  readonly spouse: { jointFiling: boolean; income: string; advances: string } | null
  readonly singleParent: boolean
  readonly children: readonly { months: number; disabled: boolean }[]
}

export const annualItemsOfPayload = (p: AnnualInputsPayload): AnnualItemsInput => ({
  losses: p.losses.map((l) => ({
    year: l.year,
    amount: parseMoney(l.amount),
    deductedBefore: parseMoney(l.deductedBefore),
    oneOff: l.oneOff,
  })),
  ikze: parseMoney(p.ikze),
  spouse: p.spouse
    ? {
        jointFiling: p.spouse.jointFiling,
        income: parseMoney(p.spouse.income),
        advances: parseMoney(p.spouse.advances),
      }
    : null,
  singleParent: p.singleParent,
  children: p.children.map((c) => ({ months: c.months, disabled: c.disabled })),
})

/** The books' inputs of every year, for the engine. */
export const annualItemsOfState = (
  inputs: ReadonlyMap<number, AnnualInputsPayload> | undefined,
): ReadonlyMap<number, AnnualItemsInput> | undefined => {
  if (!inputs || inputs.size === 0) return undefined
  const out = new Map<number, AnnualItemsInput>()
  for (const [y, p] of inputs) out.set(y, annualItemsOfPayload(p))
  return out
}
