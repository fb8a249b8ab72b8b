import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMoney, parseMoney } from '../money.ts'
import { annexPositionOf, isKstSymbol, kstGroupOf, kstRateOf } from './kst.ts'
import {
  type AssetTerms,
  carLimit,
  checkAssetTerms,
  depreciationPlan,
  individualMinimumMonths,
  oneOffLimit,
  planByYear,
  postingIn,
  splitImprovements,
} from './plan.ts'

const zl = parseMoney
const years = (t: AssetTerms) =>
  planByYear(depreciationPlan(t)).map((y) => [y.year, formatMoney(y.writeOff), formatMoney(y.remaining)])

/** Terms of an asset of `value` zł entered on `entryDate` under KŚT `kst`, by `method` at `rate` % a year, written off
 * monthly unless `more` says otherwise. */
const terms = (
  value: string,
  entryDate: string,
  kst: string,
  method: AssetTerms['method'],
  rate: string,
  more: Partial<AssetTerms> = {},
): AssetTerms => ({ initialValue: zl(value), entryDate, kst, method, rate, period: 'month', ...more })

/** The laptop of worked example 11.1: 8 000 zł entered on 14 March 2025, KŚT 491, straight-line at 30 % monthly. */
const laptop: AssetTerms = terms('8000', '2025-03-14', '491', 'linear', '30')

describe('the KŚT rates (Annex 1)', () => {
  it('names the annex position of a symbol by its group', () => {
    expect([annexPositionOf('491'), annexPositionOf('741'), annexPositionOf('101'), annexPositionOf('8')]).toEqual([
      '04',
      '07',
      '01',
      '08',
    ])
    expect([annexPositionOf('0'), annexPositionOf('9'), annexPositionOf('WNiP-inne')]).toEqual([null, null, null])
  })
  it('matches a symbol by its longest listed prefix', () => {
    expect(kstRateOf('491')?.rate).toBe('30')
    expect(kstRateOf('4910')?.rate).toBe('30')
    expect(kstRateOf('480')?.rate).toBe('10')
    expect(kstRateOf('741')?.rate).toBe('20')
    expect(kstRateOf('8')?.rate).toBe('20')
    expect(kstRateOf('WNiP-licencje')?.rate).toBe('50')
    expect(kstRateOf('9')).toBeNull()
  })
  it('marks land and, since 2023, residential buildings as not depreciable', () => {
    expect(kstRateOf('0')?.depreciable).toBe(false)
    expect(kstRateOf('110')?.depreciable).toBe(false)
    expect(kstRateOf('122')?.depreciable).toBe(false)
    expect(kstRateOf('121')?.depreciable).toBe(true)
  })
  it('knows the group and which strings are symbols', () => {
    expect(kstGroupOf('742')).toBe(7)
    expect(kstGroupOf('WNiP-inne')).toBeNull()
    expect(isKstSymbol('491')).toBe(true)
    expect(isKstSymbol('WNiP-inne')).toBe(true)
    expect(isKstSymbol('49a')).toBe(false)
    expect(isKstSymbol('4912')).toBe(false)
  })
})

describe('golden worked examples (docs/tax-rules.md §14)', () => {
  it('11.1 a laptop, straight-line at 30 %: 200 zł a month from the month after entry, 40 months', () => {
    const t = laptop
    const plan = depreciationPlan(t)
    expect(plan.months[0]).toMatchObject({ month: '2025-04', writeOff: zl('200') })
    expect(plan.months).toHaveLength(40)
    expect(plan.months.at(-1)).toMatchObject({ month: '2028-07', writeOff: zl('200'), remaining: 0n })
    expect(postingIn(plan, '2025-03').writeOff).toBe(0n)
    expect(years(t)).toEqual([
      [2025, '1800.00', '6200.00'],
      [2026, '2400.00', '3800.00'],
      [2027, '2400.00', '1400.00'],
      [2028, '1400.00', '0.00'],
    ])
  })

  it('11.2 a van, degressive 20 % × 2 with the switch to straight-line in its third year', () => {
    const t: AssetTerms = terms('100000', '2025-03-10', '742', 'degressive', '20', { degressiveFactor: '2' })
    const plan = depreciationPlan(t)
    // 2025: 40 % × 100 000 / 12 = 3 333.33 for April–December.
    expect(plan.months[0]).toMatchObject({ month: '2025-04', writeOff: zl('3333.33'), basis: 'degressive' })
    // 2026: 40 % × 70 000.03 / 12 = 2 333.33.
    expect(plan.months.find((m) => m.month === '2026-01')).toMatchObject({ writeOff: zl('2333.33') })
    // 2027: 40 % × 42 000.07 = 16 800.03 < 20 % × 100 000 = 20 000: straight-line, 1 666.67 a month.
    expect(plan.switchedToLinear).toBe('2027-01')
    expect(plan.months.find((m) => m.month === '2027-01')).toMatchObject({ writeOff: zl('1666.67'), basis: 'linear' })
    expect(plan.months.at(-1)).toMatchObject({ month: '2029-02', writeOff: zl('333.32'), remaining: 0n })
    expect(years(t)).toEqual([
      [2025, '29999.97', '70000.03'],
      [2026, '27999.96', '42000.07'],
      [2027, '20000.04', '22000.03'],
      [2028, '20000.04', '1999.99'],
      [2029, '1999.99', '0.00'],
    ])
  })

  it('11.3 a one-off write-off over the limit: 214 000 zł in the month of entry, the excess straight-line', () => {
    // The 2025 limit: 50 000 EUR × 4.2846 (NBP, 1 October 2024) = 214 230 zł → 214 000 zł.
    const limit = oneOffLimit('4.2846')
    expect(formatMoney(limit)).toBe('214000.00')
    const t: AssetTerms = terms('250000', '2025-05-20', '5', 'oneOff', '14', { oneOffAllowance: limit })
    const plan = depreciationPlan(t)
    expect(plan.months[0]).toMatchObject({ month: '2025-05', writeOff: zl('214000'), basis: 'oneOff' })
    // The excess 36 000 zł at 14 %: 420 zł a month from June 2025; 85 × 420 = 35 700, the 86th takes 300.
    expect(plan.months[1]).toMatchObject({ month: '2025-06', writeOff: zl('420'), basis: 'linear' })
    expect(plan.months).toHaveLength(87)
    expect(plan.months.at(-1)).toMatchObject({ month: '2032-07', writeOff: zl('300'), remaining: 0n })
    expect(years(t)[0]).toEqual([2025, '216940.00', '33060.00'])
  })

  it('11.4 a used machine at an individual period of 36 months (art. 22j ust. 1 pkt 1)', () => {
    const t: AssetTerms = terms('40000', '2025-06-02', '4', 'individual', '10', { individualMonths: 36 })
    expect(individualMinimumMonths('4', zl('40000'))).toBe(36)
    expect(checkAssetTerms(t)).toEqual([])
    expect(checkAssetTerms({ ...t, individualMonths: 24 })).toEqual(['individualPeriodTooShort'])
    const plan = depreciationPlan(t)
    // 40 000 / 36 = 1 111.11 for 35 months; the 36th takes 40 000 − 35 × 1 111.11 = 1 111.15.
    expect(plan.months).toHaveLength(36)
    expect(plan.months[0]).toMatchObject({ month: '2025-07', writeOff: zl('1111.11') })
    expect(plan.months.at(-1)).toMatchObject({ month: '2028-06', writeOff: zl('1111.15'), remaining: 0n })
  })

  it('11.5 a car above the limit: 200 000 zł entered in 2026, 140 g CO₂/km, half of each write-off is a cost', () => {
    const t: AssetTerms = terms('200000', '2026-02-16', '741', 'linear', '20', {
      car: { drive: 'combustion', co2GramsPerKm: 140 },
    })
    const plan = depreciationPlan(t)
    expect(plan.carLimit).toBe(zl('100000'))
    expect(plan.months[0]).toMatchObject({ month: '2026-03', writeOff: zl('3333.33'), deductible: zl('1666.67') })
    expect(plan.months[1]).toMatchObject({ writeOff: zl('3333.33'), deductible: zl('1666.66') })
    expect(plan.months).toHaveLength(60)
    expect(plan.months.at(-1)).toMatchObject({ month: '2031-02', writeOff: zl('3333.53'), deductible: zl('1666.76') })
    const sum = (k: 'writeOff' | 'deductible') => plan.months.reduce((s, m) => s + m[k], 0n)
    expect(sum('writeOff')).toBe(zl('200000'))
    expect(sum('deductible')).toBe(zl('100000'))
    // The same car entered in December 2025 keeps the old 150 000 zł limit (the transitional reading).
    expect(depreciationPlan({ ...t, entryDate: '2025-12-10' }).carLimit).toBe(zl('150000'))
  })

  it('11.6 a sale mid-plan: write-offs through the month of sale, the undepreciated value a cost', () => {
    const t: AssetTerms = terms('12000', '2025-01-15', '491', 'linear', '30', {
      period: 'quarter',
      disposal: { date: '2026-08-10', reason: 'sale', price: zl('5000'), changeOfActivity: false },
    })
    const plan = depreciationPlan(t)
    expect(plan.months).toHaveLength(19) // February 2025 – August 2026, 300 zł each
    expect(plan.postings.map((p) => [p.month, formatMoney(p.writeOff)])).toEqual([
      ['2025-03', '600.00'],
      ['2025-06', '900.00'],
      ['2025-09', '900.00'],
      ['2025-12', '900.00'],
      ['2026-03', '900.00'],
      ['2026-06', '900.00'],
      ['2026-08', '600.00'],
    ])
    expect(plan.disposal).toEqual({
      month: '2026-08',
      reason: 'sale',
      undepreciated: zl('6300'),
      revenue: zl('5000'),
      cost: zl('6300'),
    })
    // Transferred to private use instead: no revenue, no cost.
    const priv = depreciationPlan({ ...t, disposal: { ...t.disposal!, reason: 'privateUse', price: 0n } })
    expect(priv.disposal).toMatchObject({ revenue: 0n, cost: 0n, undepreciated: zl('6300') })
    // Liquidated because the business changed: the loss is not a cost (art. 23 ust. 1 pkt 6).
    const liq = depreciationPlan({ ...t, disposal: { ...t.disposal!, reason: 'liquidation', changeOfActivity: true } })
    expect(liq.disposal).toMatchObject({ revenue: 0n, cost: 0n })
    const liq2 = depreciationPlan({ ...t, disposal: { ...t.disposal!, reason: 'liquidation', price: 0n } })
    expect(liq2.disposal).toMatchObject({ revenue: 0n, cost: zl('6300') })
  })
})

describe('the rules around the plans', () => {
  it('books a yearly plan in December, and in the month of disposal', () => {
    const plan = depreciationPlan({ ...laptop, period: 'year' })
    expect(plan.postings.map((p) => [p.month, formatMoney(p.writeOff)])).toEqual([
      ['2025-12', '1800.00'],
      ['2026-12', '2400.00'],
      ['2027-12', '2400.00'],
      ['2028-12', '1400.00'],
    ])
    const sold = depreciationPlan({
      ...laptop,
      period: 'year',
      disposal: { date: '2026-05-31', reason: 'sale', price: zl('3000'), changeOfActivity: false },
    })
    expect(sold.postings.map((p) => [p.month, formatMoney(p.writeOff)])).toEqual([
      ['2025-12', '1800.00'],
      ['2026-05', '1000.00'],
    ])
  })
  it('expenses a low-value item at once in the month of entry, up to 10 000 zł (art. 22d ust. 1)', () => {
    const plan = depreciationPlan({ ...laptop, method: 'expensed', period: 'year' })
    expect(plan.postings).toEqual([{ month: '2025-03', writeOff: zl('8000'), deductible: zl('8000') }])
    expect(checkAssetTerms({ ...laptop, method: 'expensed', initialValue: zl('10000.01') })).toEqual([
      'expensedOverLimit',
    ])
    expect(checkAssetTerms({ ...laptop, method: 'expensed', initialValue: zl('10000') })).toEqual([])
  })
  it('raises the value by an improvement from the next month (art. 22g ust. 17)', () => {
    const plan = depreciationPlan({ ...laptop, improvements: [{ date: '2025-06-20', amount: zl('12000') }] })
    expect(plan.months.find((m) => m.month === '2025-06')?.writeOff).toBe(zl('200'))
    // From July: 20 000 × 30 % / 12 = 500.
    expect(plan.months.find((m) => m.month === '2025-07')?.writeOff).toBe(zl('500'))
    expect(plan.depreciableValue).toBe(zl('20000'))
    expect(plan.months.at(-1)?.cumulative).toBe(zl('20000'))
    expect(plan.expensedImprovements).toEqual([])
  })
  it('leaves the value as it is when a year spends 10 000 zł or less on the asset: a cost instead (art. 22g ust. 17)', () => {
    const small = [
      { date: '2025-06-20', amount: zl('3000') },
      { date: '2025-11-03', amount: zl('7000') },
    ]
    const plan = depreciationPlan({ ...laptop, improvements: small })
    expect(plan.depreciableValue).toBe(zl('8000'))
    expect(plan.months.find((m) => m.month === '2025-07')?.writeOff).toBe(zl('200'))
    expect(plan.expensedImprovements).toEqual(small)
    // One grosz more in the year: all of it raises the value, each part from the month after its own.
    const over = [...small, { date: '2025-12-01', amount: 1n }]
    const improved = depreciationPlan({ ...laptop, improvements: over })
    expect(improved.expensedImprovements).toEqual([])
    expect(improved.depreciableValue).toBe(zl('18000.01'))
    // 11 000 × 30 % / 12 = 275 in July (the 3 000 of June), 450 in December (the 7 000 of November too).
    expect(improved.months.find((m) => m.month === '2025-07')?.writeOff).toBe(zl('275'))
    expect(improved.months.find((m) => m.month === '2025-12')?.writeOff).toBe(zl('450'))
    // Years are counted apart: 6 000 in 2025 and 6 000 in 2026 are both costs.
    const split = splitImprovements([
      { date: '2025-12-20', amount: zl('6000') },
      { date: '2026-01-10', amount: zl('6000') },
    ])
    expect([split.capitalised.length, split.expensed.length]).toEqual([0, 2])
  })
  it('refuses what the law does not allow', () => {
    expect(checkAssetTerms({ ...laptop, kst: '741', method: 'degressive' })).toEqual(['degressiveNotAllowed'])
    expect(checkAssetTerms({ ...laptop, kst: '10', method: 'oneOff' })).toEqual(['oneOffNotAllowed'])
    expect(checkAssetTerms({ ...laptop, method: 'degressive', degressiveFactor: '2.5' })).toEqual(['degressiveFactor'])
    expect(checkAssetTerms({ ...laptop, kst: '122' })).toEqual(['notDepreciable'])
    expect(checkAssetTerms({ ...laptop, kst: 'WNiP-inne', method: 'individual', individualMonths: 60 })).toEqual([
      'individualNotAllowed',
    ])
    expect(checkAssetTerms({ ...laptop, improvements: [{ date: '2025-02-01', amount: 1n }] })).toEqual([
      'improvementBeforeEntry',
    ])
    expect(
      checkAssetTerms({
        ...laptop,
        disposal: { date: '2025-01-01', reason: 'privateUse', price: 0n, changeOfActivity: false },
      }),
    ).toEqual(['disposalBeforeEntry'])
    expect(checkAssetTerms({ ...laptop, initialValue: 0n })).toEqual(['initialValue'])
  })
  it('sets the car limits by drive, emission and the day of entry', () => {
    const combustion = { drive: 'combustion' as const, co2GramsPerKm: 120 }
    expect(carLimit('2025-06-01', combustion)).toBe(zl('150000'))
    expect(carLimit('2026-01-01', combustion)).toBe(zl('100000'))
    expect(carLimit('2026-01-01', { drive: 'combustion', co2GramsPerKm: 49 })).toBe(zl('150000'))
    expect(carLimit('2026-01-01', { drive: 'combustion', co2GramsPerKm: 50 })).toBe(zl('100000'))
    expect(carLimit('2026-01-01', { drive: 'combustion', co2GramsPerKm: null })).toBe(zl('100000'))
    expect(carLimit('2026-01-01', { drive: 'electric', co2GramsPerKm: 0 })).toBe(zl('225000'))
    expect(carLimit('2025-01-01', { drive: 'hydrogen', co2GramsPerKm: null })).toBe(zl('225000'))
  })
  it('computes the one-off limit from the euro rate, to the thousand', () => {
    expect(formatMoney(oneOffLimit('4.2692'))).toBe('213000.00') // 213 460
    expect(formatMoney(oneOffLimit('4.31'))).toBe('216000.00') // 215 500 → up
    expect(() => oneOffLimit('4,31')).toThrow(RangeError)
  })
  it('keeps individual minimum periods per art. 22j ust. 1', () => {
    expect(individualMinimumMonths('491', zl('25000'))).toBe(24)
    expect(individualMinimumMonths('491', zl('25000.01'))).toBe(36)
    expect(individualMinimumMonths('491', zl('50000.01'))).toBe(60)
    expect(individualMinimumMonths('741', zl('50000'))).toBe(30)
    expect(individualMinimumMonths('109', zl('50000'))).toBe(36)
    expect(individualMinimumMonths('10', zl('50000'))).toBe(120)
    expect(individualMinimumMonths('0', zl('50000'))).toBeNull()
  })
})

describe('property: a plan never exceeds the depreciable value and ends exactly at it', () => {
  const terms: fc.Arbitrary<AssetTerms> = fc
    .record({
      value: fc.bigInt({ min: 1n, max: 500_000_000n }),
      year: fc.integer({ min: 2020, max: 2030 }),
      month: fc.integer({ min: 1, max: 12 }),
      method: fc.constantFrom('linear', 'degressive', 'individual', 'oneOff', 'expensed' as const),
      rate: fc.constantFrom('1.5', '2.5', '7', '10', '14', '20', '30', '50', '100'),
      factor: fc.constantFrom('1', '1.5', '2'),
      months: fc.integer({ min: 1, max: 240 }),
      period: fc.constantFrom('month', 'quarter', 'year' as const),
      allowance: fc.bigInt({ min: 0n, max: 30_000_000n }),
      improvements: fc.array(
        fc.record({ after: fc.integer({ min: 0, max: 120 }), amount: fc.bigInt({ min: 1n, max: 10_000_000n }) }),
        { maxLength: 3 },
      ),
      car: fc.option(fc.record({ drive: fc.constantFrom('electric', 'combustion' as const), co2: fc.nat(200) })),
    })
    .map((r) => {
      const entry = `${r.year}-${String(r.month).padStart(2, '0')}-15`
      return {
        initialValue: r.value,
        entryDate: entry,
        kst: r.car ? '741' : '6',
        method: r.method,
        rate: r.rate,
        degressiveFactor: r.factor,
        individualMonths: r.months,
        period: r.period,
        oneOffAllowance: r.allowance,
        improvements: r.improvements.map((i) => {
          const idx = r.year * 12 + r.month - 1 + i.after
          const d = `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}-10`
          return { date: d < entry ? entry : d, amount: i.amount }
        }),
        car: r.car ? { drive: r.car.drive, co2GramsPerKm: r.car.co2 } : null,
      } satisfies AssetTerms
    })

  it('holds for any terms', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const plan = depreciationPlan(t)
        let prev = 0n
        for (const m of plan.months) {
          // Plain checks (an expect per month is slow over hundreds of months).
          if (m.writeOff <= 0n || m.deductible < 0n || m.deductible > m.writeOff) return false
          if (m.cumulative !== prev + m.writeOff || m.remaining < 0n) return false
          prev = m.cumulative
        }
        expect(prev).toBe(plan.depreciableValue)
        const posted = plan.postings.reduce((s, p) => s + p.writeOff, 0n)
        expect(posted).toBe(plan.depreciableValue)
        const deductible = plan.postings.reduce((s, p) => s + p.deductible, 0n)
        if (plan.carLimit !== null && plan.depreciableValue > plan.carLimit) {
          expect(deductible).toBeLessThanOrEqual(plan.carLimit)
        } else expect(deductible).toBe(plan.depreciableValue)
        return true
      }),
      { numRuns: 150 },
    )
  })
})
