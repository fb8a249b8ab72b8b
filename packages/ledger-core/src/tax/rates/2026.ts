/** Statutory constants for 2026. Every figure and its source: docs/tax-rules.md. */
import type { TaxRates } from './types.ts'

export const rates2026: TaxRates = {
  year: 2026,
  pit: {
    scale: {
      firstPercent: '12',
      secondPercent: '32',
      freeOfTaxAmount: 3_000_000n,
      threshold: 12_000_000n,
      taxReducingAmount: 360_000n,
    },
    linear: { percent: '19', healthDeductionCap: 1_410_000n },
    flatPercents: ['3', '5.5', '8.5', '12', '14', '15', '17'],
    flatHealthDeductiblePercent: '50',
  },
  zus: {
    full: {
      basis: 565_200n,
      pension: 110_327n,
      disability: 45_216n,
      sickness: 13_847n,
      accident: 9_439n,
      labourFund: 13_847n,
      total: 192_676n,
    },
    preferential: {
      basis: 144_180n,
      pension: 28_144n,
      disability: 11_534n,
      sickness: 3_532n,
      accident: 2_408n,
      labourFund: 0n,
      total: 45_618n,
    },
    percents: { pension: '19.52', disability: '8', sickness: '2.45', accident: '1.67', labourFund: '2.45' },
    smallPlus: { revenueLimit: 12_000_000n, basisPercent: '50', minimumDays: 60 },
  },
  health: {
    minimumWage: 480_600n,
    // The 75 % basis of 2025 expired on 31 January 2026: from February 2026 9 % × 4 806 zł = 432.54.
    scaleLinearMinimum: 43_254n,
    // January 2026 still belongs to contribution year 2025 (75 % basis): 314.96.
    januaryScaleLinearMinimum: 31_496n,
    // The minimum wage, 4 806 zł; January: contribution year 2025's 75 % × 4 666 zł.
    scaleLinearMinimumBase: 480_600n,
    januaryScaleLinearMinimumBase: 349_950n,
    scalePercent: '9',
    linearPercent: '4.9',
    averageWagePrevQ4: 922_864n,
    flatTiers: [
      { revenueUpTo: 6_000_000n, wageShare: '60', amount: 49_835n },
      { revenueUpTo: 30_000_000n, wageShare: '100', amount: 83_058n },
      { revenueUpTo: null, wageShare: '180', amount: 149_504n },
    ],
  },
  vat: {
    standardPercent: '23',
    exemptionLimit: 24_000_000n,
    ksefOffline: { from: '2026-04', to: '2026-12', monthlyLimit: 1_000_000n },
  },
  annual: {
    returnDue: { month: 4, day: 30 },
    flatReturnDue: { month: 4, day: 30 },
    healthSettlementDue: { month: 5, day: 20 },
  },
}
