/** Statutory constants for 2025. Every figure and its source: docs/tax-rules.md. */
import type { TaxRates } from './types.ts'

export const rates2025: TaxRates = {
  year: 2025,
  pit: {
    scale: {
      firstPercent: '12',
      secondPercent: '32',
      freeOfTaxAmount: 3_000_000n,
      threshold: 12_000_000n,
      taxReducingAmount: 360_000n,
    },
    linear: { percent: '19', healthDeductionCap: 1_290_000n },
    flatPercents: ['3', '5.5', '8.5', '12', '14', '15', '17'],
    flatHealthDeductiblePercent: '50',
  },
  zus: {
    full: {
      basis: 520_380n,
      pension: 101_578n,
      disability: 41_630n,
      sickness: 12_749n,
      accident: 8_690n,
      labourFund: 12_749n,
      total: 177_396n,
    },
    preferential: {
      basis: 139_980n,
      pension: 27_324n,
      disability: 11_198n,
      sickness: 3_430n,
      accident: 2_338n,
      labourFund: 0n,
      total: 44_290n,
    },
    percents: { pension: '19.52', disability: '8', sickness: '2.45', accident: '1.67', labourFund: '2.45' },
    smallPlus: { revenueLimit: 12_000_000n, basisPercent: '50', minimumDays: 60 },
  },
  health: {
    minimumWage: 466_600n,
    // 9 % × 75 % × 4 666 zł = 314.955 → 314.96 (basis reduced to 75 % for Feb 2025–Jan 2026 only).
    scaleLinearMinimum: 31_496n,
    // January 2025 still belongs to contribution year 2024: 9 % × 4 242 zł = 381.78.
    januaryScaleLinearMinimum: 38_178n,
    // 75 % × 4 666 zł; January: the 2024 minimum wage, 4 242 zł.
    scaleLinearMinimumBase: 349_950n,
    januaryScaleLinearMinimumBase: 424_200n,
    scalePercent: '9',
    linearPercent: '4.9',
    averageWagePrevQ4: 854_918n,
    flatTiers: [
      { revenueUpTo: 6_000_000n, wageShare: '60', amount: 46_166n },
      { revenueUpTo: 30_000_000n, wageShare: '100', amount: 76_943n },
      { revenueUpTo: null, wageShare: '180', amount: 138_497n },
    ],
  },
  vat: { standardPercent: '23', exemptionLimit: 20_000_000n, ksefOffline: null },
  annual: {
    returnDue: { month: 4, day: 30 },
    flatReturnDue: { month: 4, day: 30 },
    healthSettlementDue: { month: 5, day: 20 },
  },
}
