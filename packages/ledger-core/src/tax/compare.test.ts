import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonthsToMonth } from '../calendar.ts'
import { formatMoney } from '../money.ts'
import { pitInput } from '../testing/fixtures.ts'
import { compareForms } from './compare.ts'
import { computeTaxes, type MonthFigures, type TaxInput } from './engine.ts'

const zl = (n: number) => BigInt(Math.round(n * 100))
const months = (start: string, n: number, rev: number, cost: number, out = 0): MonthFigures[] =>
  Array.from({ length: n }, (_, i) => ({
    month: addMonthsToMonth(start, i),
    companyRevenue: zl(rev),
    companyCosts: zl(cost),
    outputVat: zl(out),
    inputVat: 0n,
  }))
const money = (x: unknown) => JSON.parse(JSON.stringify(x, (_k, v) => (typeof v === 'bigint' ? formatMoney(v) : v)))

/** The golden Scale 2025 year (annual-scale-2025.json): 15000 revenue, 3000 costs a month, full ZUS. */
const scale2025: TaxInput = {
  months: months('2025-01', 13, 15_000, 3_000),
  vat: [],
  pit: [pitInput('Scale', { date: '2025-01-01' })],
  socialSecurity: [{ date: '2025-01-01', amount: '1773.96', percent: '9', contributionsPaid: 'byDeadline' }],
  company: { businessStartDate: '2025-01-01', vatRegistrationDate: null },
}

describe('comparing the forms of a year', () => {
  const c = compareForms(scale2025, 2025, { actualThrough: '2025-12', flatRate: '12' })

  it('settles the same items on each form with its own health contribution', () => {
    expect(
      money(
        c.scenarios.map(({ taxType, form, rate, social, health, tax, total, current }) => ({
          taxType,
          form,
          rate,
          social,
          health,
          tax,
          total,
          current,
        })),
      ),
    ).toEqual([
      // PIT-36 12236; health 9 % × 124486.44 = 11203.78; social 12 × 1773.96.
      {
        taxType: 'Scale',
        form: 'PIT-36',
        rate: '12',
        social: '21287.52',
        health: '11203.78',
        tax: '12236.00',
        total: '44727.30',
        current: true,
      },
      // Health 4.9 %: January 381.78, February 4.9 % × 12000 = 588.00 (January's contributions are paid in
      // February), then 501.08; deducted as paid in 2025: 381.78 + 588.00 + 9 × 501.08 = 5479.50;
      // base 142597.61 − 18111.17 − 5479.50 = 119006.94 → 119007 × 19 % = 22611.33 → 22611; the year's health
      // 4.9 % × 124486.44 = 6099.84.
      {
        taxType: 'Linear',
        form: 'PIT-36L',
        rate: '19',
        social: '21287.52',
        health: '6099.84',
        tax: '22611.00',
        total: '49998.36',
        current: false,
      },
      // Band 2 from May (75000 − 5 × 1646.47 = 66767.65); the year 180000 − 18111.17 paid → band 2: 12 × 769.43;
      // PIT-28: health paid January – November 4 × 461.66 + 7 × 769.43 = 7232.65, half 3616.325;
      // base 180000 − 18111.17 − 3616.325 = 158272.505 → 158273 × 12 % = 18992.76 → 18993.
      {
        taxType: 'Flat',
        form: 'PIT-28',
        rate: '12',
        social: '21287.52',
        health: '9233.16',
        tax: '18993.00',
        total: '49513.68',
        current: false,
      },
    ])
    expect(c.cheapest).toBe('Scale')
    expect(c.currentTaxType).toBe('Scale')
    expect(c.flatRateAssumed).toBe(false)
  })

  it('the current form is the annual return itself', () => {
    const r = computeTaxes(scale2025)
    expect(c.scenarios[0]!.annual).toEqual(r.annual.find((a) => a.year === 2025))
    expect(c.scenarios[0]!.settlement).toEqual(r.healthSettlements.find((h) => h.year === 2025))
  })

  it('warns of the thresholds crossed and near, with the month they are crossed in', () => {
    expect(money(c.warnings)).toEqual([
      {
        kind: 'scaleThreshold',
        status: 'crossed',
        limit: '120000.00',
        value: '124486.00',
        month: '2025-12',
        // December's running base is the year's: the advances and the return deduct contributions on the same days
        valueInMonth: '124486.00',
        projected: false,
      },
      {
        kind: 'flatHealthBand60',
        status: 'crossed',
        limit: '60000.00',
        value: '161888.83',
        month: '2025-05',
        // crossed in May with May's running figure, never the year's 161 888.83
        valueInMonth: '66767.65',
        projected: false,
      },
      // Not a VAT payer: 180000 of the 200000 limit is 90 %.
      {
        kind: 'vatExemption',
        status: 'near',
        limit: '200000.00',
        value: '180000.00',
        month: null,
        valueInMonth: null,
        projected: false,
      },
      {
        kind: 'smallZusPlusRevenue',
        status: 'crossed',
        limit: '120000.00',
        value: '180000.00',
        month: '2025-09',
        valueInMonth: '135000.00',
        projected: false,
      },
    ])
    expect(c.smallZusPlus.map((z) => [z.basedOn, z.appliesIn, z.eligible, z.reasons])).toEqual([
      [2025, 2026, false, ['revenueOverLimit']],
    ])
  })

  it('marks the months after the last actual one as projected', () => {
    const p = compareForms(scale2025, 2025, { actualThrough: '2025-08', flatRate: '12' })
    expect(p.months.filter((m) => m.projected).map((m) => m.month)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
    ])
    expect(p.warnings.find((w) => w.kind === 'scaleThreshold')).toMatchObject({ month: '2025-12', projected: true })
    expect(p.warnings.find((w) => w.kind === 'flatHealthBand60')).toMatchObject({ month: '2025-05', projected: false })
  })

  it('assumes 8.5 % for ryczałt when the user never chose a rate, and takes the user’s rate otherwise', () => {
    expect(compareForms(scale2025, 2025, { actualThrough: '2025-12' })).toMatchObject({
      flatRate: '8.5',
      flatRateAssumed: true,
    })
    const flat = { ...scale2025, pit: [pitInput('Flat', { date: '2025-01-01', firstPercent: '15' })] }
    expect(compareForms(flat, 2025, { actualThrough: '2025-12' })).toMatchObject({
      flatRate: '15',
      flatRateAssumed: false,
      currentTaxType: 'Flat',
    })
  })
})

describe('thresholds of 2026', () => {
  it('warns when a month of invoices with VAT passes 10 000 zł from April 2026 (KSeF)', () => {
    const input: TaxInput = {
      months: [...months('2026-01', 5, 8_000, 0, 1_840), ...months('2026-06', 8, 8_200, 0, 1_886)],
      vat: [{ date: '2026-01-01', percent: '23', paymentInterval: 1 }],
      pit: [pitInput('Linear', { date: '2026-01-01' })],
      socialSecurity: [{ date: '2026-01-01', amount: '1926.76', percent: '4.9' }],
    }
    const c = compareForms(input, 2026, { actualThrough: '2026-05' })
    // January – May 9840 a month (not above); June on 10086, projected.
    expect(money(c.warnings.filter((w) => w.kind === 'ksefMonthly'))).toEqual([
      {
        kind: 'ksefMonthly',
        status: 'crossed',
        limit: '10000.00',
        value: '10086.00',
        month: '2026-06',
        valueInMonth: '10086.00',
        projected: true,
      },
    ])
    // A VAT payer sees no exemption limit, whether by a setting or by sales carrying VAT.
    expect(c.warnings.some((w) => w.kind === 'vatExemption')).toBe(false)
    const noSetting = compareForms({ ...input, vat: [] }, 2026, { actualThrough: '2026-05' })
    expect(noSetting.warnings.some((w) => w.kind === 'vatExemption')).toBe(false)
  })

  it('prorates the VAT exemption limit of 240 000 zł to the days of a business started in the year', () => {
    const input: TaxInput = {
      months: months('2026-07', 7, 25_000, 0),
      vat: [],
      pit: [pitInput('Scale', { date: '2026-07-01' })],
      socialSecurity: [{ date: '2026-07-01', amount: '456.18', percent: '9' }],
      company: { businessStartDate: '2026-07-01', vatRegistrationDate: null },
    }
    const c = compareForms(input, 2026, { actualThrough: '2026-12' })
    // 240000 × 184 / 365 = 120986.30; the sales pass it in November (125000).
    expect(money(c.warnings.find((w) => w.kind === 'vatExemption'))).toEqual({
      kind: 'vatExemption',
      status: 'crossed',
      limit: '120986.30',
      value: '150000.00',
      month: '2026-11',
      valueInMonth: '125000.00',
      projected: false,
    })
  })
})

describe('mały ZUS plus', () => {
  it('takes half the average monthly income of the year before, within the preferential and full bases', () => {
    // 2025: revenue 8000 and costs 2500 a month, and Fundusz Pracy paid January – November 11 × 127.49 = 1402.39 (a
    // cost in the return) → income 64597.61, 365 days → 64597.61 / 365 × 30 × 50 % = 2654.696… → 2654.70.
    const input: TaxInput = {
      months: months('2025-01', 24, 8_000, 2_500),
      vat: [],
      pit: [pitInput('Scale', { date: '2025-01-01' })],
      socialSecurity: [{ date: '2025-01-01', amount: '1773.96', percent: '9', contributionsPaid: 'byDeadline' }],
    }
    const c = compareForms(input, 2026, { actualThrough: '2026-12' })
    const z = c.smallZusPlus.find((x) => x.appliesIn === 2026)!
    expect(money(z)).toMatchObject({
      basedOn: 2025,
      eligible: true,
      reasons: [],
      revenue: '96000.00',
      revenueLimit: '120000.00',
      days: 365,
      income: '64597.61',
      basis: '2654.70',
      minBasis: '1441.80',
      maxBasis: '5652.00',
      // 2026 percents: 19.52 % 518.20, 8 % 212.38, 2.45 % 65.04, 1.67 % 44.33; no Fundusz Pracy under 4806.
      contributions: {
        pension: '518.20',
        disability: '212.38',
        sickness: '65.04',
        accident: '44.33',
        labourFund: '0.00',
        total: '839.95',
      },
      currentMonthly: '1773.96',
      monthlyChange: '934.01',
      yearlyChange: '11208.12',
      projected: false,
    })
  })

  it('counts the Fundusz Pracy paid in the year, by the day it is paid', () => {
    // The same year with the contributions paid in the month they concern: December's Fundusz Pracy is paid in
    // December 2025 too, so 12 × 127.49 = 1529.88 → income 96000 − 30000 − 1529.88 = 64470.12;
    // 64470.12 / 365 × 30 × 50 % = 2649.456… → 2649.46.
    const input: TaxInput = {
      months: months('2025-01', 24, 8_000, 2_500),
      vat: [],
      pit: [pitInput('Scale', { date: '2025-01-01' })],
      socialSecurity: [{ date: '2025-01-01', amount: '1773.96', percent: '9', contributionsPaid: 'inMonth' }],
    }
    const z = compareForms(input, 2026, { actualThrough: '2026-12' }).smallZusPlus.find((x) => x.appliesIn === 2026)!
    expect(money(z)).toMatchObject({ basedOn: 2025, income: '64470.12', basis: '2649.46' })
  })

  it('is bounded by the bases and refuses ryczałt income it does not derive', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 30_000 }), (rev, cost) => {
        const input: TaxInput = {
          months: months('2025-01', 12, rev, cost),
          vat: [],
          pit: [pitInput('Linear', { date: '2025-01-01' })],
          socialSecurity: [],
        }
        const z = compareForms(input, 2025, { actualThrough: '2025-12' }).smallZusPlus.find((x) => x.basedOn === 2025)!
        expect(z.basis! >= z.minBasis && z.basis! <= z.maxBasis).toBe(true)
        expect(z.eligible).toBe(z.revenue <= z.revenueLimit)
        const flat = { ...input, pit: [pitInput('Flat', { date: '2025-01-01' })] }
        const f = compareForms(flat, 2025, { actualThrough: '2025-12' }).smallZusPlus.find((x) => x.basedOn === 2025)!
        expect([f.income, f.basis, f.reasons.includes('flatIncome')]).toEqual([null, null, true])
      }),
      { numRuns: 40 },
    ))
})
