/**
 * Properties of the rules at the law's edges (docs/tax-rules.md §4): which date governs a period, an incomplete
 * first month, the VAT rate by the day of supply, the declaration's rounding, ryczałt at several rates, the health
 * base after a loss, quarterly VAT of a new payer. The worked cases are in `golden/*.json`.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { daysInMonth, formatLocalDate } from '../calendar.ts'
import { parsePercent } from '../money.ts'
import { pitInput } from '../testing/fixtures.ts'
import type { TaxType } from '../types.ts'
import { computeTaxes, monthFiguresFromItems } from './engine.ts'
import type { MonthFigures, PitSettingInput, SocialSecuritySettingInput, TaxItem } from './engine.ts'
import { flatTaxBase, flatTaxByRate, proportionalTax } from './pit.ts'
import { knownRates } from './rates/index.ts'
import { healthMinimumFor, labourFundOf, monthSocial } from './socialSecurity.ts'
import { declareVat, type VatSalesLine, vatOfItem } from './vat.ts'

const ym = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
const monthsFrom = (startIndex: number, rows: readonly [bigint, bigint][]): MonthFigures[] =>
  rows.map(([rev, cost], i) => ({
    month: ym(startIndex + i),
    companyRevenue: rev,
    companyCosts: cost,
    outputVat: 0n,
    inputVat: 0n,
  }))
const pit = (taxType: TaxType, over: Partial<PitSettingInput> = {}): PitSettingInput =>
  pitInput(taxType, { date: '2026-01-01', ...over })
const zus = (date: string, amount: string, percent = '9'): SocialSecuritySettingInput => ({ date, amount, percent })
const Y2026 = 2026 * 12

describe('which date governs a period', () => {
  it('a social-security setting dated after the 1st never changes that month, only the next', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 2, max: 28 }), (m, day) => {
        const months = monthsFrom(
          Y2026,
          Array.from({ length: 12 }, () => [1_000_000n, 0n] as [bigint, bigint]),
        )
        const change = formatLocalDate(2026, m + 1, day)
        const r = computeTaxes({
          months,
          vat: [],
          pit: [pit('Scale')],
          socialSecurity: [zus('2026-01-01', '456.18'), zus(change, '1926.76')],
        })
        return r.contributions.every((c, i) =>
          i <= m ? c.social === 45_618n && (i === m) === (c.settingReason !== null) : c.social === 192_676n,
        )
      }),
    )
  })
  it('a VAT interval dated after a quarter has begun applies from the next quarter; whole quarters always', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 28 }), (m, day) => {
        const months = monthsFrom(
          Y2026,
          Array.from({ length: 12 }, () => [0n, 0n]),
        ).map((f) => ({ ...f, outputVat: 10_000n }))
        const change = formatLocalDate(2026, m + 1, day)
        const r = computeTaxes({
          months,
          vat: [
            { date: '2025-01-01', percent: '23', paymentInterval: 1 },
            { date: change, percent: '23', paymentInterval: 3 },
          ],
          pit: [],
          socialSecurity: [],
        })
        const firstQuarterly = day === 1 && m % 3 === 0 ? m : (Math.floor(m / 3) + 1) * 3
        return r.vat.every((v) => {
          const start = Number(v.from.slice(5, 7)) - 1
          const quarterly = start >= firstQuarterly
          return quarterly
            ? v.paymentInterval === 3 && start % 3 === 0 && v.to === ym(Y2026 + start + 2)
            : v.paymentInterval === 1 && v.from === v.to
        })
      }),
    )
  })
  it('the PIT form of a year is the one in force on 1 January, whatever is dated later in the year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 11 }),
        fc.constantFrom<TaxType>('Scale', 'Linear', 'Flat'),
        fc.constantFrom<TaxType>('Scale', 'Linear', 'Flat'),
        (m, first, later) => {
          const months = monthsFrom(
            Y2026,
            Array.from({ length: 13 }, () => [500_000n, 0n] as [bigint, bigint]),
          )
          const r = computeTaxes({
            months,
            vat: [],
            pit: [pit(first), pit(later, { date: formatLocalDate(2026, m + 1, 1) })],
            socialSecurity: [],
          })
          return r.pit.every((p) => p.taxType === (p.from < '2027-01' ? first : later))
        },
      ),
    )
  })
})

describe('insurance that starts or ends within a month (uSUS art. 18 ust. 9)', () => {
  const year2025 = (rows: number) =>
    monthsFrom(
      2025 * 12 + 4,
      Array.from({ length: rows }, () => [1_000_000n, 0n] as [bigint, bigint]),
    )
  it('ulga na start ending on 13 November: November owes 17 of 30 days, from the reduced basis', () => {
    // Business from 14 May 2025; no social contributions for six months (Prawo przedsiębiorców art. 18 ust. 1), so
    // from 14 November the preferential ones (2025: basis 1 399,80 zł, 442,90 zł with sickness).
    const r = computeTaxes({
      months: year2025(8),
      vat: [],
      pit: [pit('Scale', { date: '2025-05-14' })],
      socialSecurity: [zus('2025-05-14', '0.00'), zus('2025-11-14', '442.90')],
      company: { businessStartDate: '2025-05-14', vatRegistrationDate: null },
    })
    const byMonth = new Map(r.contributions.map((c) => [c.month, c]))
    expect(byMonth.get('2025-10')!.social).toBe(0n)
    const november = byMonth.get('2025-11')!
    // 1 399,80 × 17 / 30 = 793,22; 19,52 % + 8 % + 2,45 % + 1,67 % of it: 154,84 + 63,46 + 19,43 + 13,25.
    expect(november.activeDays).toBe(17)
    expect(november.socialBasis).toBe(79_322n)
    expect(november.social).toBe(25_098n)
    expect(november.settingReason).toBeNull()
    expect(byMonth.get('2025-12')!.social).toBe(44_290n)
    // The health contribution is owed for the whole month in both, under the same setting.
    expect(november.health).toBeGreaterThan(0n)
  })
  it('contributions that end on the 10th of March owe 9 of 31 days; a change of the amount still waits a month', () => {
    const r = computeTaxes({
      months: monthsFrom(
        Y2026,
        Array.from({ length: 4 }, () => [1_000_000n, 0n] as [bigint, bigint]),
      ),
      vat: [],
      pit: [pit('Scale')],
      socialSecurity: [zus('2026-01-01', '1926.76'), zus('2026-02-10', '1788.29'), zus('2026-03-10', '0.00')],
    })
    const [jan, feb, mar, apr] = r.contributions
    expect(jan!.social).toBe(192_676n)
    expect(feb!.social).toBe(192_676n)
    expect(feb!.settingReason).toBe('changeAppliesNextMonth')
    expect(mar!.activeDays).toBe(9)
    expect(mar!.social).toBe(monthSocial(178_829n, 2026, 9, 31).social)
    expect(mar!.social).toBeLessThan(178_829n)
    expect(apr!.social).toBe(0n)
  })
})

describe('the health percent', () => {
  it("is the year's form's (9 % Scale, 4,9 % Linear), whatever the setting says", () => {
    // December's income 20 000,00 zł, social contributions paid in January: February's base is January's income.
    const months = monthsFrom(
      Y2026,
      Array.from({ length: 2 }, () => [2_000_000n, 0n] as [bigint, bigint]),
    )
    const february = (taxType: TaxType, percent: string) =>
      computeTaxes({ months, vat: [], pit: [pit(taxType)], socialSecurity: [zus('2026-01-01', '0.00', percent)] })
        .contributions[1]!
    // 4,9 % × 20 000,00 = 980,00 on Linear; 9 % = 1 800,00 on Scale, with either percent in the setting.
    expect(february('Linear', '9').health).toBe(98_000n)
    expect(february('Linear', '4.9').health).toBe(98_000n)
    expect(february('Scale', '4.9').health).toBe(180_000n)
    expect(february('Scale', '9').percent).toBe('9')
  })
})

describe('an incomplete first month', () => {
  it('prorates the social contributions of the start month (never above the full amount), never the health', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 31 }),
        fc.constantFrom('1926.76', '1788.29', '456.18', '420.86', '1500.00'),
        (m, rawDay, amount) => {
          const day = Math.min(rawDay, daysInMonth(2026, m + 1))
          const start = formatLocalDate(2026, m + 1, day)
          const r = computeTaxes({
            months: monthsFrom(
              Y2026,
              Array.from({ length: 12 }, () => [0n, 0n] as [bigint, bigint]),
            ),
            vat: [],
            pit: [pit('Scale')],
            socialSecurity: [zus('2026-01-01', amount)],
            company: { businessStartDate: start, vatRegistrationDate: null },
          })
          const full = BigInt(Math.round(Number(amount) * 100))
          return r.contributions.every((c, i) => {
            if (i < m) return !c.configured && c.total === 0n
            if (i > m) return c.social === full && c.activeDays === c.daysInMonth
            const active = c.daysInMonth - day + 1
            return (
              c.activeDays === active &&
              c.social <= full &&
              (active === c.daysInMonth) === (c.social === full) &&
              c.health === healthMinimumFor(2026, m + 1) // the month's minimum, in full
            )
          })
        },
      ),
    )
  })
  it('a tabled amount is recomputed from the reduced basis, component by component', () => {
    for (const r of knownRates)
      for (const row of [r.zus.full, r.zus.preferential])
        for (const days of [1, 10, 16, 29]) {
          const s = monthSocial(row.total, r.year, days, 30)
          const basis = (row.basis * BigInt(days) * 2n + 30n) / 60n
          expect(s.basis).toBe(basis)
          const pct = (p: string) => (basis * parsePercent(p) * 2n + 10000n) / 20000n
          const p = r.zus.percents
          const fp = row.labourFund === 0n ? 0n : pct(p.labourFund)
          expect(s.labourFund).toBe(fp)
          expect(s.social).toBe(pct(p.pension) + pct(p.disability) + pct(p.sickness) + pct(p.accident) + fp)
        }
    // A full month is the amount as entered; an unknown amount is reduced as one total.
    expect(monthSocial(192_676n, 2026, 31, 31)).toEqual({ social: 192_676n, labourFund: 13_847n, basis: null })
    expect(monthSocial(150_000n, 2026, 10, 30)).toEqual({ social: 50_000n, labourFund: 0n, basis: null })
    expect(labourFundOf(45_618n, 2026)).toBe(0n)
  })
})

describe('VAT rate by the day of supply', () => {
  const item = (over: Partial<TaxItem>): TaxItem => ({
    kind: 'income',
    date: '2026-03-20',
    invoiceDate: null,
    amount: 100_000n,
    percent: null,
    isCompany: true,
    ...over,
  })
  it('an item without its own rate takes the setting in force on its supply day, whatever its invoice date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 31 }), (supplyDay, invoiceDay) => {
        const f = monthFiguresFromItems(
          [
            item({
              supplyDate: formatLocalDate(2026, 3, supplyDay),
              invoiceDate: formatLocalDate(2026, 3, invoiceDay),
            }),
          ],
          [
            { date: '2026-01-01', percent: '23', paymentInterval: 1 },
            { date: '2026-03-16', percent: '8', paymentInterval: 1 },
          ],
          '2026-03',
          '2026-03',
        )
        return f[0]!.outputVat === (supplyDay < 16 ? 23_000n : 8_000n)
      }),
    )
  })
  it('exempt and out-of-scope items carry no VAT; an own rate is kept', () => {
    const f = monthFiguresFromItems(
      [item({ vatTreatment: 'zw' }), item({ vatTreatment: 'np', percent: '23' }), item({ percent: '5' })],
      [{ date: '2026-01-01', percent: '23', paymentInterval: 1 }],
      '2026-03',
      '2026-03',
    )
    expect(f[0]!.outputVat).toBe(5_000n)
    expect(f[0]!.sales).toEqual([
      { treatment: 'zw', percent: '0', base: 100_000n, vat: 0n },
      { treatment: 'np', percent: '0', base: 100_000n, vat: 0n },
      { treatment: 'rate', percent: '5', base: 100_000n, vat: 5_000n },
    ])
  })
})

describe('the declaration', () => {
  const lines = fc.array(
    fc.record({
      treatment: fc.constantFrom<VatSalesLine['treatment']>('rate', 'rate', 'rate', 'zw', 'np'),
      percent: fc.constantFrom('0', '5', '8', '23', '7', '22'),
      base: fc.bigInt(0n, 10_000_000n),
    }),
    { maxLength: 8 },
  )
  it('has whole-złoty fields whose totals and result follow from them', () => {
    fc.assert(
      fc.property(lines, fc.bigInt(0n, 5_000_000n), fc.bigInt(0n, 100_000n), (raw, purchases, carried) => {
        const sales = raw.map((l) => ({
          ...l,
          percent: l.treatment === 'rate' ? l.percent : '0',
          vat: l.treatment === 'rate' ? vatOfItem(l.base, l.percent) : 0n,
        }))
        const carriedIn = carried * 100n
        const d = declareVat(sales, purchases, vatOfItem(purchases, '23'), carriedIn)
        const { otherRates, refund: _refund, ...fields } = d
        const whole = Object.values(fields).every((g) => g % 100n === 0n && g >= 0n)
        return (
          whole &&
          otherRates.length === 0 &&
          d.P_37 === d.P_10 + d.P_11 + d.P_13 + d.P_15 + d.P_17 + d.P_19 &&
          d.P_38 === d.P_16 + d.P_18 + d.P_20 &&
          d.P_48 === d.P_39 + d.P_43 &&
          d.P_51 - d.P_53 === d.P_38 - d.P_48 &&
          (d.P_51 === 0n || d.P_53 === 0n) &&
          d.P_62 === d.P_53
        )
      }),
    )
  })
})

describe('ryczałt at several rates', () => {
  const rates = fc.uniqueArray(fc.constantFrom('3', '5.5', '8.5', '12', '14', '15', '17'), {
    minLength: 1,
    maxLength: 4,
  })
  it('splits the deductions in proportion and reduces to the one-rate formula for one rate', () => {
    fc.assert(
      fc.property(
        rates,
        fc.array(fc.bigInt(1n, 5_000_000n), { minLength: 4, maxLength: 4 }),
        fc.bigInt(0n, 200_000n),
        fc.bigInt(0n, 150_000n),
        (rs, amounts, social, health) => {
          const byRate = new Map(rs.map((r, i) => [r, amounts[i]!]))
          const { rates: figures, tax, base } = flatTaxByRate(byRate, social, health, '50')
          const total = [...byRate.values()].reduce((a, b) => a + b, 0n)
          const deductions = figures.reduce((a, f) => a + f.deductions, 0n)
          const exact = social * 2n + health // in half-grosze
          const drift = deductions * 2n - exact
          const single =
            rs.length !== 1 ||
            (base === flatTaxBase(total, social, health, '50') && tax === proportionalTax(base, rs[0]!))
          return (
            single &&
            (total * 2n <= exact || (drift < 0n ? -drift : drift) <= 2n * BigInt(rs.length)) &&
            base === figures.reduce((a, f) => a + f.base, 0n) &&
            tax % 100n === 0n &&
            // the tax rounds the exact sum once: within 50 gr of the per-rate amounts (each within ½ gr) summed
            (tax - figures.reduce((a, f) => a + f.tax, 0n)) ** 2n <= (50n + BigInt(rs.length)) ** 2n &&
            figures.every((f) => f.base % 100n === 0n) &&
            figures.every((f, i) => i === 0 || Number(figures[i - 1]!.rate) < Number(f.rate))
          )
        },
      ),
    )
  })
})

describe('health after a loss', () => {
  const incomes = fc.array(fc.tuple(fc.bigInt(0n, 5_000_000n), fc.bigInt(0n, 6_000_000n)), {
    minLength: 12,
    maxLength: 12,
  })
  it('the bases used since January are the highest income since January reached (never below 0)', () => {
    fc.assert(
      fc.property(incomes, fc.constantFrom<TaxType>('Scale', 'Linear'), (rows, taxType) => {
        const months = monthsFrom(Y2026, rows)
        const r = computeTaxes({
          months,
          vat: [],
          pit: [pit(taxType)],
          socialSecurity: [zus('2026-01-01', '1926.76', taxType === 'Linear' ? '4.9' : '9')],
        })
        let cum = 0n
        let used = 0n
        return r.contributions.every((c, i) => {
          if (i === 0) return c.healthBase === null
          const [rev, cost] = rows[i - 1]!
          cum += rev - cost - 192_676n
          const running = cum > used ? cum : used
          const ok = c.healthBasesBefore === used && c.healthBase === running - used && c.healthBase! >= 0n
          used = running
          return ok
        })
      }),
    )
  })
  it('without a loss the base is the previous month’s own income', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt(500_000n, 5_000_000n), { minLength: 6, maxLength: 6 }), (revs) => {
        const months = monthsFrom(
          Y2026,
          revs.map((r) => [r, 0n]),
        )
        const r = computeTaxes({
          months,
          vat: [],
          pit: [pit('Scale')],
          socialSecurity: [zus('2026-01-01', '1926.76')],
        })
        return r.contributions.every((c, i) => i === 0 || c.healthBase === revs[i - 1]! - 192_676n)
      }),
    )
  })
})

describe('the health base deducts the contributions paid in the month', () => {
  it("March contributions paid in May come off May's income, not March's (uŚOZ art. 81 ust. 2c)", () => {
    // Linear 2026 from January, 10 000 of income a month, preferential ZUS 456.18 paid in the month it concerns,
    // except March's, paid on 5 May (a bank statement's date).
    const months = monthsFrom(
      Y2026,
      Array.from({ length: 7 }, () => [1_000_000n, 0n] as [bigint, bigint]),
    )
    const r = computeTaxes({
      months,
      vat: [],
      pit: [pit('Linear')],
      socialSecurity: [zus('2026-01-01', '456.18', '4.9')],
      company: { businessStartDate: '2026-01-01', vatRegistrationDate: null },
      contributionsPaidOn: new Map([['2026-03', '2026-05-05']]),
    })
    const health = r.contributions.map((c) => [c.month, c.healthBase, c.health])
    // April's base is March's income with nothing paid in March: 10 000; May's is April's income less April's
    // contributions: 9 543.82; June's is May's income less May's and March's: 10 000 − 912.36 = 9 087.64.
    // 4.9 %: 490.00, 467.65 (467.64718), 445.29 (445.29436).
    expect(health.slice(3, 6)).toEqual([
      ['2026-04', 1_000_000n, 49_000n],
      ['2026-05', 954_382n, 46_765n],
      ['2026-06', 908_764n, 44_529n],
    ])
    // The same payment is deducted by the advances in May (`paidOn`), as in the health base.
    expect(r.contributions[2]!.paidOn).toBe('2026-05-05')
  })
})

describe('quarterly VAT of a new payer', () => {
  it('no quarterly period starts within 12 months of the registration month; later quarters are quarterly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 28 }), (m, day) => {
        const registration = formatLocalDate(2025, m + 1, day)
        const months = monthsFrom(
          2025 * 12,
          Array.from({ length: 36 }, () => [0n, 0n]),
        ).map((f) => ({ ...f, outputVat: 10_000n }))
        const r = computeTaxes({
          months,
          vat: [{ date: '2025-01-01', percent: '23', paymentInterval: 3 }],
          pit: [],
          socialSecurity: [],
          company: { businessStartDate: null, vatRegistrationDate: registration },
        })
        const firstAllowed = 2025 * 12 + m + 12
        return r.vat.every((v) => {
          const idx = Number(v.from.slice(0, 4)) * 12 + Number(v.from.slice(5, 7)) - 1
          const quarterStart = idx - (idx % 3)
          return quarterStart < firstAllowed
            ? v.paymentInterval === 1 && v.intervalReason === 'newVatPayer'
            : v.paymentInterval === 3 && v.intervalReason === null
        })
      }),
    )
  })
})
