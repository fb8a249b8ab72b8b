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
import { declareVat, type VatSalesLine } from './vat.ts'

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

describe('VAT declaration', () => {
  const line = (percent: string, base: bigint, vat: bigint, treatment: VatSalesLine['treatment'] = 'rate') => ({
    treatment,
    percent,
    base,
    vat,
  })
  it('rounds each field to full złoty and derives the amount to pay from the rounded fields', () => {
    // 23 %: 1000.40 base, 230.09 tax; 8 %: 100.40, 8.03; input 50.49 on 219.50 → P_20 230, P_18 8, P_43 50.
    const d = declareVat([line('23', 100_040n, 23_009n), line('8', 10_040n, 803n)], 21_950n, 5_049n, 0n)
    expect(d).toMatchObject({ P_19: 100_000n, P_20: 23_000n, P_17: 10_000n, P_18: 800n, P_37: 110_000n })
    expect(d).toMatchObject({ P_38: 23_800n, P_42: 22_000n, P_43: 5_000n, P_48: 5_000n, P_51: 18_800n, P_53: 0n })
    // Rounding the balance once would give 238.12 − 50.49 = 187.63 → 188: the declaration says 188 too here…
    // …but not here: output 100.49 + 100.49 at two rates (100 + 100) against rounding 200.98 once (201).
    const two = declareVat([line('23', 43_691n, 10_049n), line('8', 125_613n, 10_049n)], 0n, 0n, 0n)
    expect(two.P_38).toBe(20_000n)
    expect(two.P_51).toBe(20_000n)
  })
  it('carries an excess in whole złoty and takes it in as P_39', () => {
    const d = declareVat([line('23', 20_000n, 4_600n)], 200_000n, 46_060n, 1_000n)
    expect(d).toMatchObject({ P_38: 4_600n, P_39: 1_000n, P_43: 46_100n, P_48: 47_100n, P_51: 0n, P_53: 42_500n })
    expect(d.P_62).toBe(42_500n)
    expect(declareVat([], 0n, 0n, 0n)).toMatchObject({ P_37: 0n, P_38: 0n, P_51: 0n, P_53: 0n, P_62: 0n })
  })
  it('puts exempt and out-of-scope sales in P_10 and P_11, 0 % in P_13, 5 % in P_15/P_16, other rates apart', () => {
    const d = declareVat(
      [
        line('0', 10_049n, 0n, 'zw'),
        line('0', 20_050n, 0n, 'np'),
        line('0', 30_000n, 0n),
        line('5', 10_000n, 500n),
        line('22', 1_000n, 220n),
        line('4', 10_000n, 400n),
      ],
      0n,
      0n,
      0n,
    )
    expect(d).toMatchObject({ P_10: 10_000n, P_11: 20_100n, P_13: 30_000n, P_15: 10_000n, P_16: 500n })
    expect(d).toMatchObject({ P_19: 1_000n, P_20: 200n })
    expect(d.otherRates).toEqual([{ percent: '4', base: 10_000n, tax: 400n }])
    expect(d.P_37).toBe(10_000n + 20_100n + 30_000n + 10_000n + 1_000n + 10_000n)
    expect(d.P_38).toBe(500n + 200n + 400n)
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
      // The percents the table carries (used to prorate an incomplete month) are the ones checked above.
      expect(r.zus.percents).toEqual({
        pension: '19.52',
        disability: '8',
        sickness: '2.45',
        accident: '1.67',
        labourFund: '2.45',
      })
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
