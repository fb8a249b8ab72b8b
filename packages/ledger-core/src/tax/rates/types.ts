/**
 * The shape of one year's statutory constants. Money is integer grosze, percents are decimal strings.
 * Sources for every figure: docs/tax-rules.md.
 */
import type { Grosze, PercentString, YearMonthString } from '../../types.ts'

/** A day of a month (a statutory deadline that falls in the year after the one settled). */
export interface DayOfMonth {
  readonly month: number
  readonly day: number
}

/** Social-security contribution components of one monthly amount (ustawa o systemie ubezpieczeń społecznych). */
export interface ZusAmounts {
  /** Monthly contribution basis (podstawa wymiaru). */
  readonly basis: Grosze
  /** emerytalne 19.52 % of the basis, rounded to the grosz. */
  readonly pension: Grosze
  /** rentowe 8 %. */
  readonly disability: Grosze
  /** chorobowe 2.45 % (voluntary, included). */
  readonly sickness: Grosze
  /** wypadkowe 1.67 %. */
  readonly accident: Grosze
  /** Fundusz Pracy 2.45 % (not paid on the preferential basis: 0). */
  readonly labourFund: Grosze
  /** The monthly total of the components above. */
  readonly total: Grosze
}

/** A ryczałt health-contribution tier: applies while revenue since 1 January ≤ `revenueUpTo` (null: no limit). */
export interface FlatHealthTier {
  readonly revenueUpTo: Grosze | null
  /** Share of the average wage of Q4 of the previous year, percent. */
  readonly wageShare: PercentString
  /** The monthly contribution (9 % of the share of the average wage), rounded to the grosz. */
  readonly amount: Grosze
}

/** The statutory percents of the social-security contributions of a sole trader (of the basis). */
export interface ZusPercents {
  /** emerytalne 19.52 % (ustawa o sus art. 22 ust. 1 pkt 1). */
  readonly pension: PercentString
  /** rentowe 8 % (art. 22 ust. 1 pkt 2). */
  readonly disability: PercentString
  /** chorobowe 2.45 % (art. 22 ust. 1 pkt 3). */
  readonly sickness: PercentString
  /** wypadkowe 1.67 % for payers reporting up to 9 insured (ustawa wypadkowa art. 28 ust. 1). */
  readonly accident: PercentString
  /** Fundusz Pracy 2.45 % (ustawa o rynku pracy). */
  readonly labourFund: PercentString
}

export interface TaxRates {
  readonly year: number
  readonly pit: {
    readonly scale: {
      /** 12 % (ustawa o PIT art. 27 ust. 1). */
      readonly firstPercent: PercentString
      /** 32 %. */
      readonly secondPercent: PercentString
      /** 30 000 zł (the tax-free amount whose 12 % is the tax-reducing amount). */
      readonly freeOfTaxAmount: Grosze
      /** 120 000 zł. */
      readonly threshold: Grosze
      /** 3 600 zł = 12 % × 30 000 zł. */
      readonly taxReducingAmount: Grosze
    }
    readonly linear: {
      /** 19 % (art. 30c ust. 1). */
      readonly percent: PercentString
      /**
       * Annual cap on deducting health contributions (ustawa o PIT art. 26 ust. 1 pkt 2a with art. 30c, or as a cost
       * under art. 23 ust. 1 pkt 58).
       */
      readonly healthDeductionCap: Grosze
    }
    /** Ryczałt rates (ustawa o zryczałtowanym podatku dochodowym art. 12). */
    readonly flatPercents: readonly PercentString[]
    /** Share of paid health contributions deductible from ryczałt revenue (ustawa o zryczałtowanym podatku art. 11). */
    readonly flatHealthDeductiblePercent: PercentString
  }
  readonly zus: {
    /** Full ("duży ZUS") contributions: basis 60 % of the forecast average wage. */
    readonly full: ZusAmounts
    /** Preferential ("preferencyjny ZUS"): basis 30 % of the minimum wage, no Fundusz Pracy. */
    readonly preferential: ZusAmounts
    /** The percents every component above is computed with (used to prorate an incomplete month). */
    readonly percents: ZusPercents
    /**
     * "Mały ZUS plus" (uSUS art. 18c): the basis depends on the previous year's income. The basis is bounded by the
     * preferential basis (30 % of the minimum wage) and the full basis (60 % of the forecast average wage) above.
     */
    readonly smallPlus: {
      /** The previous year's revenue must not exceed this (prorated for part of a year). */
      readonly revenueLimit: Grosze
      /** The basis is this percent of the previous year's average monthly income. */
      readonly basisPercent: PercentString
      /** The business must have run at least this many days in the previous year. */
      readonly minimumDays: number
    }
  }
  readonly health: {
    /** Minimum wage (płaca minimalna) of the year. */
    readonly minimumWage: Grosze
    /**
     * Scale/Linear monthly minimum of the contribution year starting in February of `year` and ending in January
     * of the next year (ustawa o świadczeniach opieki zdrowotnej art. 81).
     */
    readonly scaleLinearMinimum: Grosze
    /**
     * Scale/Linear minimum for January of `year`, which belongs to the previous contribution year (used when the
     * previous year is not tabled).
     */
    readonly januaryScaleLinearMinimum: Grosze
    /**
     * The monthly minimum base behind `scaleLinearMinimum` (the minimum wage of the contribution year's first day,
     * 75 % of it in contribution year 2025): uŚOZ art. 81 ust. 2d.
     */
    readonly scaleLinearMinimumBase: Grosze
    /** The minimum base behind `januaryScaleLinearMinimum`. */
    readonly januaryScaleLinearMinimumBase: Grosze
    /** Scale health percent, 9 %. */
    readonly scalePercent: PercentString
    /** Linear health percent, 4.9 %. */
    readonly linearPercent: PercentString
    /** Average monthly wage in the enterprise sector in Q4 of the previous year (GUS). */
    readonly averageWagePrevQ4: Grosze
    /** Ryczałt tiers for the calendar year, ascending. */
    readonly flatTiers: readonly [FlatHealthTier, FlatHealthTier, FlatHealthTier]
  }
  readonly vat: {
    /** Standard VAT rate (ustawa o VAT art. 41 ust. 1 with the transitional 23 %): the default percent of the forms. */
    readonly standardPercent: PercentString
    /** The subjective exemption's limit of a year's sales, VAT excluded (uVAT art. 113 ust. 1). */
    readonly exemptionLimit: Grosze
    /**
     * The KSeF transition (uVAT art. 145m): invoices may be issued outside KSeF in the months `from`…`to` while a
     * month's invoiced sales with VAT stay at or below `monthlyLimit`; `null` in years without the exception.
     */
    readonly ksefOffline: {
      readonly from: YearMonthString
      readonly to: YearMonthString
      readonly monthlyLimit: Grosze
    } | null
  }
  /** The deadlines of the year's annual settlements (all in the next year). */
  readonly annual: {
    /** PIT-36 and PIT-36L, and paying their difference: 30 April (uPIT art. 45 ust. 1 and 4). */
    readonly returnDue: DayOfMonth
    /** PIT-28, and paying its difference: 30 April (uZPD art. 21 ust. 2, since the 2023 tax year). */
    readonly flatReturnDue: DayOfMonth
    /** The annual health settlement: in the DRA for April, due 20 May (uŚOZ art. 81; uSUS art. 47 ust. 1 pkt 1). */
    readonly healthSettlementDue: DayOfMonth
  }
}
