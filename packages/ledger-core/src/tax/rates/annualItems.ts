/**
 * The limits of the annual return's common items, per tax year (docs/tax-rules.md, "The annual return's common
 * items"): the loss carried forward (uPIT art. 9 ust. 3), IKZE payments (art. 26 ust. 1 pkt 2b with the IKE/IKZE act
 * art. 13a) and the child relief (art. 27f). Money in grosze.
 */
import type { Grosze } from '../../types.ts'

export interface AnnualItemsLimits {
  readonly year: number
  readonly loss: {
    /** A loss is deducted in the next five tax years (art. 9 ust. 3). */
    readonly years: number
    /** In one year at most this percent of the loss (art. 9 ust. 3 pkt 1). */
    readonly yearlyPercent: bigint
    /** Or once up to 5 000 000 zł, the rest in the other years at most 50 % (art. 9 ust. 3 pkt 2). */
    readonly oneOffLimit: Grosze
  }
  readonly ikze: {
    /**
     * The yearly limit of IKZE payments of a person running a business (1.8 × the forecast average monthly wage of
     * the year, IKE/IKZE act art. 13a ust. 1a, announced by the minister for social security).
     */
    readonly selfEmployedLimit: Grosze
  }
  readonly childRelief: {
    /** Per month for each of the first two children (1/6 of 556.02 zł: 92.67 zł, art. 27f ust. 1 pkt 1–2). */
    readonly firstAndSecondMonthly: Grosze
    /** Per month for the third child (1/12 of 2 000.04 zł: 166.67 zł, art. 27f ust. 1 pkt 2 lit. b). */
    readonly thirdMonthly: Grosze
    /** Per month for the fourth and each further child (1/12 of 2 700 zł: 225 zł, art. 27f ust. 1 pkt 2 lit. c). */
    readonly fourthMonthly: Grosze
    /** One child: the income limit of spouses married all year, or of a single parent (art. 27f ust. 1 pkt 1 lit. a, c). */
    readonly incomeLimitCouple: Grosze
    /** One child: the income limit of a taxpayer neither married all year nor a single parent (lit. b). */
    readonly incomeLimitSingle: Grosze
  }
}

const common = {
  loss: { years: 5, yearlyPercent: 50n, oneOffLimit: 500_000_000n },
  childRelief: {
    firstAndSecondMonthly: 9_267n,
    thirdMonthly: 16_667n,
    fourthMonthly: 22_500n,
    incomeLimitCouple: 11_200_000n,
    incomeLimitSingle: 5_600_000n,
  },
} as const

/**
 * IKZE: 2025 1.8 × 7 824 zł = 14 083.20 zł; 2026 1.8 × 8 673 zł = 15 611.40 zł (the forecast average monthly wage of
 * the budget act of each year).
 */
const byYear: readonly AnnualItemsLimits[] = [
  { year: 2025, ...common, ikze: { selfEmployedLimit: 1_561_140n } },
  { year: 2026, ...common, ikze: { selfEmployedLimit: 1_695_600n } },
]

/** The limits of `year`; years not tabled take the nearest tabled year's (as `ratesFor`). */
export const annualItemsLimitsFor = (year: number): AnnualItemsLimits & { readonly fallback: boolean } => {
  const exact = byYear.find((l) => l.year === year)
  const base = exact ?? (year < byYear[0]!.year ? byYear[0]! : byYear[byYear.length - 1]!)
  return { ...base, year, fallback: exact === undefined }
}
