/**
 * VAT across borders, on fixed assets and on cars: the worked March 2026 of `testing/crossBorder.ts` field by field
 * (register and declaration), the tax points of WNT and imported services, the 50 % of a car's VAT and its cost, and
 * what the item validation refuses.
 */
import { describe, expect, it } from 'vitest'
import { foldBooks } from '../deciders/books.ts'
import { derive, taxesThrough } from '../projections/derived.ts'
import { vatFiling } from '../projections/vatRegister.ts'
import { validateRecord } from '../schemas/validate.ts'
import { crossBorderEvents } from '../testing/crossBorder.ts'
import { income } from '../testing/fixtures.ts'
import { carVatSplit, crossBorderVatDate, deductibleVat, paidVat } from './crossBorder.ts'

const zl = (n: number) => BigInt(n) * 100n
const state = foldBooks(crossBorderEvents)

describe('the worked March 2026', () => {
  const march = vatFiling(state, '2026-03')!

  it('declares each kind in its own field, every field rounded once', () => {
    const d = march.period.declaration
    expect({
      P_11: d.P_11,
      P_12: d.P_12,
      P_19: d.P_19,
      P_20: d.P_20,
      P_21: d.P_21,
      P_22: d.P_22,
      P_23: d.P_23,
      P_24: d.P_24,
      P_29: d.P_29,
      P_30: d.P_30,
      P_37: d.P_37,
      P_38: d.P_38,
      P_40: d.P_40,
      P_41: d.P_41,
      P_42: d.P_42,
      P_43: d.P_43,
      P_44: d.P_44,
      P_48: d.P_48,
      P_51: d.P_51,
    }).toEqual({
      P_11: zl(4000),
      P_12: zl(4000),
      P_19: zl(10000),
      P_20: zl(2300),
      P_21: zl(8000),
      P_22: zl(3000),
      P_23: zl(5000),
      P_24: zl(1150),
      P_29: zl(1000),
      P_30: zl(230),
      // 4 000 + 10 000 + 8 000 + 3 000 + 5 000 + 1 000
      P_37: zl(31000),
      // 2 300 + 1 150 + 230
      P_38: zl(3680),
      P_40: zl(6000),
      P_41: zl(1380),
      // 1 000 + 5 000 + 500: the car's net in full, its VAT by half
      P_42: zl(6500),
      // 230 + 1 150 + 57.50 = 1 437.50 → 1 438
      P_43: zl(1438),
      P_44: 0n,
      P_48: zl(2818),
      P_51: zl(862),
    })
  })

  it('puts the self-assessed purchases in both registers, the asset in K_40 / K_41, the car at half its VAT', () => {
    const sales = march.sales.map((r) => [r.documentNumber, r.fields, r.documentType])
    expect(sales).toEqual([
      ['IE-2026-117', { K_29: 100000n, K_30: 23000n }, null],
      ['RE 4411', { K_23: 500000n, K_24: 115000n }, null],
      ['FV 7/03/2026', { K_21: 800000n }, null],
      ['FV 8/03/2026', { K_22: 300000n }, null],
      ['FV 9/03/2026', { K_11: 400000n, K_12: 400000n }, null],
      ['FV 10/03/2026', { K_19: 1000000n, K_20: 230000n }, null],
    ])
    const purchases = march.purchases.map((r) => [r.documentNumber, r.fields])
    expect(purchases).toEqual([
      ['IE-2026-117', { K_42: 100000n, K_43: 23000n }],
      ['FS 220/2026', { K_40: 600000n, K_41: 138000n }],
      ['RE 4411', { K_42: 500000n, K_43: 115000n }],
      ['PAR 12/03', { K_42: 50000n, K_43: 5750n }],
    ])
  })

  it('a WNT supplied in March and invoiced on 20 April is taxed on 15 April, output and input', () => {
    const d = vatFiling(state, '2026-04')!.period.declaration
    expect([d.P_23, d.P_24, d.P_42, d.P_43, d.P_51]).toEqual([zl(2000), zl(460), zl(2000), zl(460), 0n])
  })

  it('the car’s VAT not deducted is a cost; a self-assessed purchase is paid net', () => {
    taxesThrough(state, '2026-03')
    // 1 000 + 5 000 + 6 000 + 75 % × (500 + 57.50) = 418.13 for the car in mixed use (uPIT art. 23 ust. 1 pkt 46a,
    // docs/tax-rules.md §21); the tools of April are April's cost.
    expect(derive(state).figures.get('2026-03')!.companyCosts).toBe(1241813n)
    expect(paidVat(23000n, { crossBorder: 'importServices', carUse: null, fixedAsset: false })).toBe(0n)
    expect(paidVat(23000n, { crossBorder: null, carUse: 'mixed', fixedAsset: false })).toBe(23000n)
  })
})

describe('the rules one by one', () => {
  it('a car in mixed use deducts half its VAT, rounded half up; business only or no car: all', () => {
    expect(carVatSplit(2301n, 'mixed')).toEqual({ deductible: 1151n, nonDeductible: 1150n })
    expect(carVatSplit(11500n, 'mixed')).toEqual({ deductible: 5750n, nonDeductible: 5750n })
    expect(carVatSplit(11500n, 'businessOnly')).toEqual({ deductible: 11500n, nonDeductible: 0n })
    expect(deductibleVat(11500n, null)).toBe(11500n)
  })

  const dates = (over: Partial<Parameters<typeof crossBorderVatDate>[1]>) => ({
    isIncome: false,
    date: '2026-12-01',
    invoiceDate: null,
    supplyDate: null,
    ...over,
  })

  it('WNT and WDT: the invoice date, at the latest the 15th of the next month (art. 20 ust. 1, 5)', () => {
    expect(crossBorderVatDate('wnt', dates({ invoiceDate: '2027-01-20', supplyDate: '2026-12-10' }))).toBe('2027-01-15')
    expect(crossBorderVatDate('wdt', dates({ invoiceDate: '2026-12-12', supplyDate: '2026-12-10' }))).toBe('2026-12-12')
    // Paid before the supply: no advance rule for WNT.
    expect(
      crossBorderVatDate('wnt', dates({ date: '2026-11-05', invoiceDate: '2026-12-03', supplyDate: '2026-12-01' })),
    ).toBe('2026-12-03')
  })

  it('imported services: the performance, or an advance paid before it (art. 19a ust. 1, 8)', () => {
    expect(
      crossBorderVatDate(
        'importServices',
        dates({ invoiceDate: '2027-01-04', supplyDate: '2026-12-31', date: '2027-01-10' }),
      ),
    ).toBe('2026-12-31')
    expect(
      crossBorderVatDate(
        'importServices',
        dates({ invoiceDate: '2027-01-04', supplyDate: '2027-01-31', date: '2026-12-20' }),
      ),
    ).toBe('2026-12-20')
    expect(crossBorderVatDate('export', dates({}))).toBeNull()
    expect(crossBorderVatDate(null, dates({}))).toBeNull()
  })
})

describe('what an item may say', () => {
  const check = (dataType: 'Income' | 'Expense', over: Record<string, unknown>) =>
    validateRecord(dataType, income(over))

  it('a WDT or an export is 0 % whatever percent is sent; EU services are np', () => {
    const wdt = check('Income', { crossBorder: 'wdt', percent: '23' })
    expect(wdt.ok && wdt.value).toMatchObject({ crossBorder: 'wdt', vatTreatment: 'rate', percent: '0' })
    const eu = check('Income', { crossBorder: 'euServices' })
    expect(eu.ok && eu.value).toMatchObject({ crossBorder: 'euServices', vatTreatment: 'np', percent: '0' })
  })

  it('an older item stays without the new fields', () => {
    const plain = check('Expense', {})
    expect(plain.ok && Object.keys(plain.value)).not.toContain('crossBorder')
    expect(plain.ok && Object.keys(plain.value)).not.toContain('car')
  })

  it('refuses a purchase kind on an income, a car or an asset on an income, an exempt self-assessed purchase', () => {
    const fields = (r: ReturnType<typeof check>) => (r.ok ? [] : r.errors.map((e) => e.field))
    expect(fields(check('Income', { crossBorder: 'wnt' }))).toEqual(['crossBorder'])
    expect(fields(check('Expense', { crossBorder: 'wdt' }))).toEqual(['crossBorder'])
    expect(fields(check('Income', { car: { use: 'mixed' } }))).toEqual(['car'])
    expect(fields(check('Income', { fixedAsset: true }))).toEqual(['fixedAsset'])
    expect(fields(check('Expense', { car: { use: 'sometimes' } }))).toEqual(['car.use'])
    const blank = check('Expense', { car: { use: '' } })
    expect(blank.ok && Object.keys(blank.value)).not.toContain('car')
    expect(fields(check('Expense', { crossBorder: 'importServices', vatTreatment: 'zw' }))).toEqual(['vatTreatment'])
  })
})
