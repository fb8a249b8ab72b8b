/**
 * Statutory constants for 2026: only what changed since 2025, the rest is 2025's (the PIT scale and percents, the ZUS
 * percents and the small-ZUS-plus rules, the health percents, the standard VAT rate, the return deadlines). Every
 * figure and its source: docs/tax-rules.md.
 */
import { rates2025 } from './2025.ts'
import type { TaxRates } from './types.ts'

export const rates2026: TaxRates = {
  ...rates2025,
  year: 2026,
  pit: { ...rates2025.pit, linear: { ...rates2025.pit.linear, healthDeductionCap: 1_410_000n } },
  zus: {
    ...rates2025.zus,
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
  },
  health: {
    ...rates2025.health,
    minimumWage: 480_600n,
    // The 75 % basis of 2025 expired on 31 January 2026: from February 2026 9 % × 4 806 zł = 432.54.
    scaleLinearMinimum: 43_254n,
    // January 2026 still belongs to contribution year 2025 (75 % basis): 314.96.
    januaryScaleLinearMinimum: 31_496n,
    // The minimum wage, 4 806 zł; January: contribution year 2025's 75 % × 4 666 zł.
    scaleLinearMinimumBase: 480_600n,
    januaryScaleLinearMinimumBase: 349_950n,
    averageWagePrevQ4: 922_864n,
    flatTiers: [
      { revenueUpTo: 6_000_000n, wageShare: '60', amount: 49_835n },
      { revenueUpTo: 30_000_000n, wageShare: '100', amount: 83_058n },
      { revenueUpTo: null, wageShare: '180', amount: 149_504n },
    ],
  },
  vat: {
    ...rates2025.vat,
    exemptionLimit: 24_000_000n,
    ksefOffline: { from: '2026-04', to: '2026-12', monthlyLimit: 1_000_000n },
  },
}
