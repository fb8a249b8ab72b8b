import { describe, expect, it } from 'vitest'
import { flatTaxBase, incomeTaxBase, proportionalTax, scaleTax } from './pit.ts'
import { knownRates, rates2025, rates2026, ratesFor } from './rates/index.ts'
import {
  contributionYearOf,
  defaultHealthPercent,
  flatHealth,
  healthMinimumFor,
  labourFundOf,
  scaleLinearHealth,
} from './socialSecurity.ts'
import { settleVat } from './vat.ts'

const statutory = {
  firstPercent: '12',
  secondPercent: '32',
  freeOfTaxAmount: 3_000_000n,
  threshold: 12_000_000n,
}

describe('PIT formulas', () => {
  it('scale: 12 % minus 3 600 up to 120 000, then 10 800 + 32 % of the excess', () => {
    expect(scaleTax(3_000_000n, statutory)).toBe(0n) // exactly the free amount
    expect(scaleTax(2_000_000n, statutory)).toBe(0n)
    expect(scaleTax(5_000_000n, statutory)).toBe(240_000n) // 6000 − 3600
    expect(scaleTax(12_000_000n, statutory)).toBe(1_080_000n)
    expect(scaleTax(12_000_100n, statutory)).toBe(1_080_000n) // 10800 + 0.32 → 10800
    expect(scaleTax(12_000_200n, statutory)).toBe(1_080_100n) // 10800 + 0.64 → 10801
    expect(scaleTax(3_000_400n, statutory)).toBe(0n) // 0.48 → 0
    expect(scaleTax(3_000_500n, statutory)).toBe(100n) // 0.60 → 1
  })
  it('proportional tax rounds once, to full złoty', () => {
    expect(proportionalTax(1_484_400n, '19')).toBe(282_000n) // 2820.36
    expect(proportionalTax(1_000_000n, '8.5')).toBe(85_000n)
    expect(proportionalTax(1_000n, '5.5')).toBe(100n) // 0.55 → 1
    expect(proportionalTax(0n, '19')).toBe(0n)
    expect(proportionalTax(-500n, '19')).toBe(0n)
  })
  it('income base: never below 0, rounded to full złoty', () => {
    expect(incomeTaxBase(2_000_000n, 300_000n, 177_396n, 38_178n, 0n)).toBe(1_484_400n)
    expect(incomeTaxBase(100n, 300n, 0n, 0n, 0n)).toBe(0n)
    expect(incomeTaxBase(15_050n, 0n, 0n, 0n, 0n)).toBe(15_100n)
  })
  it('flat base keeps half a grosz of health until the single rounding', () => {
    // 20000 − 1646.47 − 384.715 = 17968.815 → 17969
    expect(flatTaxBase(2_000_000n, 164_647n, 76_943n, '50')).toBe(1_796_900n)
    expect(flatTaxBase(100n, 1_000n, 0n, '50')).toBe(0n)
  })
})

describe('VAT settlement', () => {
  it('rounds a positive balance and carries a negative one', () => {
    expect(settleVat(134_556n, 0n, 0n)).toEqual({ balance: 134_556n, due: 134_600n, carryOut: 0n })
    expect(settleVat(100_023n, 0n, 0n)).toEqual({ balance: 100_023n, due: 100_000n, carryOut: 0n })
    expect(settleVat(46_000n, 460_000n, 0n)).toEqual({ balance: -414_000n, due: 0n, carryOut: 414_000n })
    expect(settleVat(10_000n, 0n, 10_000n)).toEqual({ balance: 0n, due: 0n, carryOut: 0n })
  })
})

describe('contributions', () => {
  it('splits Fundusz Pracy only out of the full ZUS amount', () => {
    expect(labourFundOf(177_396n, 2025)).toBe(12_749n)
    expect(labourFundOf(192_676n, 2026)).toBe(13_847n)
    expect(labourFundOf(44_290n, 2025)).toBe(0n)
    expect(labourFundOf(177_396n, 2026)).toBe(12_749n) // the 2025 full amount kept into 2026
    expect(labourFundOf(45_618n, 2026)).toBe(0n)
    expect(labourFundOf(100_000n, 2025)).toBe(0n)
  })
  it('splits Fundusz Pracy out of the full ZUS amount without the voluntary sickness insurance', () => {
    // FP is owed at a basis of at least the minimum wage, with or without chorobowe (labour-market act).
    expect(labourFundOf(177_396n - 12_749n, 2025)).toBe(12_749n) // 1646.47
    expect(labourFundOf(192_676n - 13_847n, 2026)).toBe(13_847n) // 1788.29
    expect(labourFundOf(164_647n, 2026)).toBe(12_749n) // the 2025 amount kept into 2026
    expect(labourFundOf(45_618n - 3_532n, 2026)).toBe(0n) // preferential without sickness: no FP
  })
  it('knows the contribution year and its minimum', () => {
    expect(contributionYearOf(2026, 1)).toBe(2025)
    expect(contributionYearOf(2026, 2)).toBe(2026)
    expect(healthMinimumFor(2025, 1)).toBe(38_178n)
    expect(healthMinimumFor(2025, 2)).toBe(31_496n)
    expect(healthMinimumFor(2026, 1)).toBe(31_496n)
    expect(healthMinimumFor(2026, 2)).toBe(43_254n)
    expect(healthMinimumFor(2027, 1)).toBe(43_254n)
  })
  it('scale/linear health: percent of the previous income, at least the minimum', () => {
    expect(scaleLinearHealth(null, '9', 2025, 6)).toMatchObject({ health: 31_496n, minimumApplied: true })
    expect(scaleLinearHealth(-100_000n, '9', 2025, 6)).toMatchObject({ health: 31_496n, healthBase: -100_000n })
    expect(scaleLinearHealth(1_522_604n, '4.9', 2025, 6)).toMatchObject({ health: 74_608n, minimumApplied: false })
  })
  it('flat health tiers by revenue since 1 January', () => {
    expect(flatHealth(6_000_000n, 2025)).toMatchObject({ health: 46_166n, flatTier: 1 })
    expect(flatHealth(6_000_001n, 2025)).toMatchObject({ health: 76_943n, flatTier: 2 })
    expect(flatHealth(30_000_000n, 2026)).toMatchObject({ health: 83_058n, flatTier: 2 })
    expect(flatHealth(30_000_001n, 2026)).toMatchObject({ health: 149_504n, flatTier: 3, percent: '9' })
  })
  it('default health percents', () => {
    expect(defaultHealthPercent('Linear', 2025)).toBe('4.9')
    expect(defaultHealthPercent('Scale', 2026)).toBe('9')
    expect(defaultHealthPercent('Flat', 2026)).toBe('9')
  })
})

describe('rate tables', () => {
  it('returns tabled years exactly and flags the nearest year otherwise', () => {
    expect(ratesFor(2025)).toMatchObject({ year: 2025, requestedYear: 2025, fallback: false })
    expect(ratesFor(2026).zus.full.total).toBe(192_676n)
    expect(ratesFor(2019)).toMatchObject({ year: 2025, requestedYear: 2019, fallback: true })
    expect(ratesFor(2030)).toMatchObject({ year: 2026, requestedYear: 2030, fallback: true })
    expect(ratesFor(2030)).toBe(ratesFor(2030))
  })
  it('ZUS components add up to the published monthly totals and follow the statutory percents', () => {
    const pct = (basis: bigint, hundredths: bigint) => (2n * basis * hundredths + 10000n) / 20000n
    for (const r of knownRates) {
      for (const z of [r.zus.full, r.zus.preferential]) {
        expect(z.pension + z.disability + z.sickness + z.accident + z.labourFund).toBe(z.total)
        expect(z.pension).toBe(pct(z.basis, 1952n))
        expect(z.disability).toBe(pct(z.basis, 800n))
        expect(z.sickness).toBe(pct(z.basis, 245n))
        expect(z.accident).toBe(pct(z.basis, 167n))
      }
      expect(r.zus.full.labourFund).toBe(pct(r.zus.full.basis, 245n))
      expect(r.zus.preferential.labourFund).toBe(0n)
      expect(r.pit.scale.taxReducingAmount).toBe((r.pit.scale.freeOfTaxAmount * 12n) / 100n)
      for (const t of r.health.flatTiers) {
        const share = BigInt(Number(t.wageShare))
        const base = (2n * r.health.averageWagePrevQ4 * share + 100n) / 200n
        expect(t.amount).toBe((2n * base * 9n + 100n) / 200n)
      }
    }
    expect(rates2025.zus.full.total).toBe(177_396n)
    expect(rates2025.zus.preferential.total).toBe(44_290n)
    expect(rates2026.zus.preferential.total).toBe(45_618n)
    // 9 % × 75 % × 4666 = 314.955 → 314.96; 9 % × 4806 = 432.54
    expect(rates2025.health.scaleLinearMinimum).toBe((rates2025.health.minimumWage * 75n * 9n + 5000n) / 10000n)
    expect(rates2026.health.scaleLinearMinimum).toBe((rates2026.health.minimumWage * 9n) / 100n)
  })
})
