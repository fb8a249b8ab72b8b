import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isWorkingDay } from '../calendar.ts'
import { MoneyFormatError, maxG } from '../money.ts'
import { pitInput } from '../testing/fixtures.ts'
import type { TaxType } from '../types.ts'
import {
  computeTaxes,
  type MonthFigures,
  monthFiguresFromItems,
  type TaxInput,
  TaxInputError,
  vatOfItem,
} from './engine.ts'

const month = (m: string, rev: bigint, cost = 0n, out = 0n, inp = 0n): MonthFigures => ({
  month: m,
  companyRevenue: rev,
  companyCosts: cost,
  outputVat: out,
  inputVat: inp,
})
const pit = pitInput
const monthsFrom = (start: string, n: number, f: (i: number) => [bigint, bigint, bigint, bigint]): MonthFigures[] => {
  const [y, m] = start.split('-').map(Number) as [number, number]
  return Array.from({ length: n }, (_, i) => {
    const idx = y * 12 + m - 1 + i
    const ym = `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`
    const [a, b, c, d] = f(i)
    return month(ym, a, b, c, d)
  })
}

describe('computeTaxes input handling', () => {
  it('returns an empty result for no months', () => {
    expect(computeTaxes({ months: [], vat: [], pit: [], socialSecurity: [] })).toEqual({
      contributions: [],
      vat: [],
      pit: [],
      annual: [],
      healthSettlements: [],
      obligations: [],
      ratesFallbackYears: [],
    })
  })
  it('rejects months that are not contiguous or not yyyy-mm', () => {
    expect(() =>
      computeTaxes({ months: [month('2025-01', 0n), month('2025-03', 0n)], vat: [], pit: [], socialSecurity: [] }),
    ).toThrow(TaxInputError)
    expect(() => computeTaxes({ months: [month('2025-1', 0n)], vat: [], pit: [], socialSecurity: [] })).toThrow(
      /yyyy-mm/,
    )
  })
  it('rejects malformed setting amounts with a money error', () => {
    expect(() =>
      computeTaxes({
        months: [month('2025-01', 0n)],
        vat: [],
        pit: [],
        socialSecurity: [{ date: '2025-01-01', amount: '12,50', percent: '9' }],
      }),
    ).toThrow(MoneyFormatError)
  })
  it('flags years whose rates fall back to the nearest tabled year', () => {
    const r = computeTaxes({
      months: [month('2027-01', 0n)],
      vat: [],
      pit: [],
      socialSecurity: [{ date: '2027-01-01', amount: '1926.76', percent: '9' }],
    })
    expect(r.ratesFallbackYears).toEqual([2027])
    // January 2027 belongs to contribution year 2026, which is tabled: 432.54.
    expect(r.contributions[0]!.health).toBe(43254n)
  })
})

describe('settings in force', () => {
  it('a social-security setting governs from the first day of a month; one dated later in it, from the next', () => {
    const r = computeTaxes({
      months: [month('2025-03', 0n), month('2025-04', 0n), month('2025-05', 0n)],
      vat: [],
      pit: [],
      socialSecurity: [
        { date: '2025-04-30', amount: '500.00', percent: '9' },
        { date: '2025-03-15', amount: '100.00', percent: '9' },
        { date: '2025-03-15', amount: '200.00', percent: '9' },
      ],
    })
    // March: none in force on the 1st, so the first dated in March (the later of the two same-day ones) governs.
    expect(r.contributions.map((c) => c.social)).toEqual([20000n, 20000n, 50000n])
    expect(r.contributions.map((c) => c.settingReason)).toEqual([null, 'changeAppliesNextMonth', null])
  })
  it('treats a month without a PIT setting as Scale for health and computes no PIT', () => {
    const r = computeTaxes({
      months: [month('2025-02', 1000000n), month('2025-03', 1000000n)],
      vat: [],
      pit: [],
      socialSecurity: [{ date: '2025-01-01', amount: '442.90', percent: '9' }],
    })
    expect(r.contributions[1]!.taxType).toBe('Scale')
    // 9 % × (10000 − 442.90) = 860.139 → 860.14
    expect(r.contributions[1]!.health).toBe(86014n)
    expect(r.pit).toEqual([])
    expect(r.obligations.every((o) => o.kind === 'SocialSecurity')).toBe(true)
  })
  it('months without a ZUS setting owe no contributions', () => {
    const r = computeTaxes({ months: [month('2025-02', 1000000n)], vat: [], pit: [pit('Scale')], socialSecurity: [] })
    expect(r.contributions[0]).toMatchObject({ configured: false, social: 0n, health: 0n, total: 0n })
    expect(r.obligations.filter((o) => o.kind === 'SocialSecurity')).toEqual([])
  })
  it('any paymentInterval other than 3 settles monthly', () => {
    const r = computeTaxes({
      months: [month('2025-01', 0n, 0n, 10000n)],
      vat: [{ date: '2025-01-01', percent: '23', paymentInterval: 12 }],
      pit: [],
      socialSecurity: [],
    })
    expect(r.vat[0]).toMatchObject({ from: '2025-01', to: '2025-01', paymentInterval: 1, due: 10000n })
  })
  it('a switch to quarterly VAT takes effect for whole quarters: from the quarter whose first day it covers', () => {
    const r = computeTaxes({
      months: monthsFrom('2025-01', 9, () => [0n, 0n, 10000n, 0n]),
      vat: [
        { date: '2025-01-01', percent: '23', paymentInterval: 1 },
        { date: '2025-04-01', percent: '23', paymentInterval: 3 },
        { date: '2025-08-10', percent: '23', paymentInterval: 1 },
      ],
      pit: [],
      socialSecurity: [],
    })
    expect(r.vat.map((v) => [v.from, v.to, v.due, v.intervalReason])).toEqual([
      ['2025-01', '2025-01', 10000n, null],
      ['2025-02', '2025-02', 10000n, null],
      ['2025-03', '2025-03', 10000n, null],
      ['2025-04', '2025-06', 30000n, null],
      // Back to monthly dated 10 August: the third quarter, begun quarterly, stays quarterly.
      ['2025-07', '2025-09', 30000n, 'changeAppliesNextQuarter'],
    ])
  })
  it('a quarter that ends after the last month passed in is incomplete and owes nothing yet', () => {
    const r = computeTaxes({
      months: monthsFrom('2025-02', 3, () => [1000000n, 0n, 10000n, 0n]),
      vat: [{ date: '2025-01-01', percent: '23', paymentInterval: 3 }],
      pit: [pit('Linear', { paymentInterval: 3 })],
      socialSecurity: [],
    })
    expect(r.vat.map((v) => [v.from, v.to, v.complete])).toEqual([
      ['2025-01', '2025-03', true],
      ['2025-04', '2025-06', false],
    ])
    expect(r.pit.map((p) => p.complete)).toEqual([true, false])
    expect(r.obligations.map((o) => [o.kind, o.periodTo])).toEqual([
      ['PIT', '2025-03'],
      ['VAT', '2025-03'],
    ])
  })
  it('uses the statutory scale numbers when the user leaves them empty, and the user numbers otherwise', () => {
    const months = [month('2025-01', 20000000n)]
    const statutory = computeTaxes({ months, vat: [], pit: [pit('Scale')], socialSecurity: [] })
    // base 200000: 10800 + 32 % × 80000 = 36400
    expect(statutory.pit[0]!.taxYearToDate).toBe(3640000n)
    const custom = computeTaxes({
      months,
      vat: [],
      pit: [
        pit('Scale', { secondPercent: '30', freeOfTaxAmount: '', secondPercentAmount: '100000.00', deductions: '' }),
      ],
      socialSecurity: [],
    })
    // 12 % × 100000 − 3600 = 8400; + 30 % × 100000 = 30000 → 38400
    expect(custom.pit[0]!.taxYearToDate).toBe(3840000n)
  })
  it('never charges Flat costs or user deductions', () => {
    const r = computeTaxes({
      months: [month('2025-01', 1000000n, 900000n)],
      vat: [],
      pit: [pit('Flat', { firstPercent: '8.5', deductions: '500.00' })],
      socialSecurity: [],
    })
    // no ZUS setting: base = 10000; 8.5 % = 850
    expect(r.pit[0]).toMatchObject({ base: 1000000n, advance: 85000n, deductions: 0n, costs: 900000n })
  })
  it('reports Flat year-to-date figures without Fundusz Pracy and with half the health', () => {
    const r = computeTaxes({
      months: [month('2026-01', 1000000n), month('2026-02', 1000000n)],
      vat: [],
      pit: [pit('Flat', { date: '2026-01-01', firstPercent: '12' })],
      socialSecurity: [{ date: '2026-01-01', amount: '1926.76', percent: '9' }],
    })
    // social without FP 1926.76 − 138.47 = 1788.29; health tier 1 of 2026 498.35, half 249.175 → 249.18 (display)
    expect(r.pit[1]).toMatchObject({
      social: 178829n,
      healthDeducted: 24918n,
      socialYearToDate: 357658n,
      healthDeductedYearToDate: 49835n,
      revenueYearToDate: 2000000n,
    })
    // base 10000 − 1788.29 − 249.175 = 7962.535 → 7963; 12 % = 955.56 → 956
    expect(r.pit[1]!.base).toBe(796300n)
    expect(r.pit[1]!.advance).toBe(95600n)
  })
  it('carries the Flat deductions a month could not use to the next months of the year (uZPD art. 11)', () => {
    const flat = (months: MonthFigures[]) =>
      computeTaxes({
        months,
        vat: [],
        pit: [pit('Flat', { date: '2025-01-01', firstPercent: '12' })],
        socialSecurity: [{ date: '2025-01-01', amount: '1926.76', percent: '9' }],
      })
    const r = flat([month('2026-01', 100000n), month('2026-02', 1000000n), month('2026-03', 1000000n)])
    // January: 1788.29 + 249.175 = 2037.465 against 1000 of revenue: 1037.465 unused, no ryczałt.
    expect(r.pit[0]).toMatchObject({ base: 0n, advance: 0n })
    // February: 10000 − 2037.465 − 1037.465 = 6925.07 → 6925; 12 % = 831 (956 without the carry).
    expect(r.pit[1]).toMatchObject({ base: 692500n, advance: 83100n })
    // March: nothing left to carry: 7963 → 956.
    expect(r.pit[2]).toMatchObject({ base: 796300n, advance: 95600n })
    // The carry ends with the year: December 2025's unused deductions do not reach January 2026.
    const y = flat([month('2025-12', 0n), month('2026-01', 1000000n)])
    expect(y.pit[1]).toMatchObject({ base: 796300n, advance: 95600n })
  })
  it('the PIT form and interval are chosen for a tax year: a setting dated within the year governs from the next', () => {
    const r = computeTaxes({
      months: monthsFrom('2025-01', 15, () => [1000000n, 0n, 0n, 0n]),
      vat: [],
      pit: [
        pit('Flat', { firstPercent: '12', paymentInterval: 3 }),
        pit('Flat', { date: '2025-02-10', firstPercent: '8.5' }),
      ],
      socialSecurity: [],
    })
    expect(r.pit.map((p) => [p.from, p.to, p.rate, p.paymentInterval, p.settingReason])).toEqual([
      ['2025-01', '2025-03', '12', 3, 'changeAppliesNextYear'],
      ['2025-04', '2025-06', '12', 3, 'changeAppliesNextYear'],
      ['2025-07', '2025-09', '12', 3, 'changeAppliesNextYear'],
      ['2025-10', '2025-12', '12', 3, 'changeAppliesNextYear'],
      ['2026-01', '2026-01', '8.5', 1, null],
      ['2026-02', '2026-02', '8.5', 1, null],
      ['2026-03', '2026-03', '8.5', 1, null],
    ])
  })
  it('a tax year without a setting on 1 January takes the first setting dated in it for the whole year', () => {
    const r = computeTaxes({
      months: monthsFrom('2025-01', 3, () => [1000000n, 0n, 0n, 0n]),
      vat: [],
      pit: [pit('Linear', { date: '2025-02-15' })],
      socialSecurity: [],
    })
    expect(r.pit.map((p) => [p.to, p.taxType, p.advance])).toEqual([
      ['2025-01', 'Linear', 190000n],
      ['2025-02', 'Linear', 190000n],
      ['2025-03', 'Linear', 190000n],
    ])
  })
  it('a loss keeps the base at 0 and the advance never goes negative', () => {
    const r = computeTaxes({
      months: [month('2025-01', 10000000n), month('2025-02', 0n, 10000000n)],
      vat: [],
      pit: [pit('Linear')],
      socialSecurity: [],
    })
    expect(r.pit.map((p) => [p.base, p.advance])).toEqual([
      [10000000n, 1900000n],
      [0n, 0n],
    ])
  })
})

describe('monthFiguresFromItems', () => {
  it('ignores items outside the range and uses 0 % when no VAT setting is in force', () => {
    const f = monthFiguresFromItems(
      [
        { kind: 'income', date: '2024-12-31', invoiceDate: null, amount: 100n, percent: null, isCompany: true },
        { kind: 'income', date: '2025-01-02', invoiceDate: null, amount: 10000n, percent: null, isCompany: true },
        { kind: 'expense', date: '2025-02-01', invoiceDate: null, amount: 100n, percent: '23', isCompany: true },
      ],
      [],
      '2025-01',
      '2025-01',
    )
    expect(f).toMatchObject([month('2025-01', 10000n)])
    expect(f[0]!.sales).toEqual([{ treatment: 'rate', percent: '0', base: 10000n, vat: 0n }])
  })
})

describe('vatOfItem', () => {
  it('rounds each item half-up to the grosz', () => {
    expect(vatOfItem(12345n, '23')).toBe(2839n)
    expect(vatOfItem(33333n, '8')).toBe(2667n)
    expect(vatOfItem(50n, '1')).toBe(1n) // 0.5 gr → 1 gr
    expect(vatOfItem(-12345n, '23')).toBe(-2839n)
  })
})

// ---------- properties ----------

const year2025 = (gen: fc.Arbitrary<[bigint, bigint, bigint, bigint]>) =>
  fc.array(gen, { minLength: 12, maxLength: 12 }).map((rows) => monthsFrom('2025-01', 12, (i) => rows[i]!))

describe('properties', () => {
  it('VAT: the amounts paid less the final carry equal the declared output less input; whole złoty', () => {
    fc.assert(
      fc.property(
        year2025(fc.tuple(fc.constant(0n), fc.constant(0n), fc.bigInt(0n, 1_000_000n), fc.bigInt(0n, 1_000_000n))),
        fc.constantFrom(1, 3),
        (months, interval) => {
          const r = computeTaxes({
            months,
            vat: [{ date: '2025-01-01', percent: '23', paymentInterval: interval }],
            pit: [],
            socialSecurity: [],
          })
          const net = months.reduce((s, m) => s + m.outputVat - m.inputVat, 0n)
          const declared = r.vat.reduce((s, v) => s + v.declaration.P_38 - v.declaration.P_43, 0n)
          const dues = r.vat.reduce((s, v) => s + v.due, 0n)
          const finalCarry = r.vat[r.vat.length - 1]!.carryOut
          const diff = declared - net
          const chained = r.vat.every((v, k) => k === 0 || v.carriedIn === r.vat[k - 1]!.carryOut)
          const whole = r.vat.every((v) => [v.due, v.carryOut, v.carriedIn, v.balance].every((g) => g % 100n === 0n))
          return (
            dues - finalCarry === declared &&
            (diff < 0n ? -diff : diff) <= 100n * BigInt(r.vat.length) &&
            chained &&
            whole &&
            r.vat.every((v) => v.due >= 0n && v.carryOut >= 0n && (v.due === 0n || v.carryOut === 0n))
          )
        },
      ),
    )
  })

  it('PIT: the advances of a year add up to the year-to-date tax of its last period (Scale and Linear)', () => {
    fc.assert(
      fc.property(
        year2025(
          fc.tuple(fc.bigInt(2_000_000n, 10_000_000n), fc.bigInt(0n, 500_000n), fc.constant(0n), fc.constant(0n)),
        ),
        fc.constantFrom<TaxType>('Scale', 'Linear'),
        fc.constantFrom(1, 3),
        (months, taxType, interval) => {
          const r = computeTaxes({
            months,
            vat: [],
            pit: [pit(taxType, { paymentInterval: interval })],
            socialSecurity: [{ date: '2025-01-01', amount: '1773.96', percent: taxType === 'Linear' ? '4.9' : '9' }],
          })
          const sumAdvances = r.pit.reduce((s, p) => s + p.advance, 0n)
          return sumAdvances === r.pit[r.pit.length - 1]!.taxYearToDate
        },
      ),
    )
  })

  it('PIT: with losses, the advances paid equal the highest year-to-date tax reached', () => {
    fc.assert(
      fc.property(
        year2025(fc.tuple(fc.bigInt(0n, 5_000_000n), fc.bigInt(0n, 5_000_000n), fc.constant(0n), fc.constant(0n))),
        (months) => {
          const r = computeTaxes({ months, vat: [], pit: [pit('Scale')], socialSecurity: [] })
          const sumAdvances = r.pit.reduce((s, p) => s + p.advance, 0n)
          const maxTax = r.pit.reduce((mx, p) => maxG(mx, p.taxYearToDate), 0n)
          return sumAdvances === maxTax && r.pit.every((p) => p.advance >= 0n && p.base % 100n === 0n)
        },
      ),
    )
  })

  it('obligations are never dated on a non-working day and are ordered by statutory date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2020 * 12, max: 2035 * 12 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom(1, 3),
        fc.constantFrom<TaxType>('Scale', 'Linear', 'Flat'),
        (startIdx, n, interval, taxType) => {
          const start = `${Math.floor(startIdx / 12)}-${String((startIdx % 12) + 1).padStart(2, '0')}`
          const months = monthsFrom(start, n, () => [5_000_000n, 100_000n, 200_000n, 50_000n])
          const input: TaxInput = {
            months,
            vat: [{ date: '2000-01-01', percent: '23', paymentInterval: interval }],
            pit: [pit(taxType, { date: '2000-01-01', paymentInterval: interval })],
            socialSecurity: [{ date: '2000-01-01', amount: '1773.96', percent: '9' }],
          }
          const r = computeTaxes(input)
          return (
            r.obligations.length > 0 &&
            r.obligations.every((o, i, all) => {
              const prev = all[i - 1]
              return (
                isWorkingDay(o.dueDate) &&
                o.dueDate >= o.statutoryDueDate &&
                o.amount > 0n &&
                (!prev || prev.statutoryDueDate <= o.statutoryDueDate)
              )
            })
          )
        },
      ),
    )
  })

  it('derives 10 years of months deterministically (same input, same output)', () => {
    const months = monthsFrom('2025-01', 120, (i) => [BigInt(1_000_000 + i * 1000), 200_000n, 230_000n, 46_000n])
    const input: TaxInput = {
      months,
      vat: [{ date: '2025-01-01', percent: '23', paymentInterval: 1 }],
      pit: [pit('Linear')],
      socialSecurity: [{ date: '2025-01-01', amount: '1773.96', percent: '4.9' }],
    }
    const a = computeTaxes(input)
    const b = computeTaxes(input)
    expect(a).toEqual(b)
    expect(a.contributions).toHaveLength(120)
    expect(a.pit).toHaveLength(120)
    expect(a.ratesFallbackYears).toEqual([2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034])
  })
})
