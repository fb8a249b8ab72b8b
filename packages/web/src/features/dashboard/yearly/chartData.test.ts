import { parseMoney } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { fixtureSummary } from '../fixtures.ts'
import type { SummaryRow } from '../types.ts'
import { monthBars, popupBars } from './chartData.ts'

const zeroRow = (): SummaryRow =>
  Object.fromEntries(
    Object.entries(fixtureSummary(false)[0]!).map(([k, v]) => [k, typeof v === 'string' ? '0.00' : v]),
  ) as unknown as SummaryRow

describe('yearly chart data', () => {
  it('gives twelve months of three bars, expenses negative, ignoring the year row', () => {
    const bars = monthBars(fixtureSummary(false))
    expect(bars.map((b) => b.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    const march = bars[2]!
    // 10 000 + 3 × 250 income; 1 125 + 2 079.04 + 2 000 + 1 500 + 830 expenses (the VAT payment of 1 840 is not a
    // cost of net amounts: docs/tax-rules.md §12)
    expect(march.values.incomes).toBe('10750.00')
    expect(march.values.expenses).toBe('-7534.04')
    expect(march.values.summary).toBe('3215.96')
    expect(march.plot.expenses).toBeCloseTo(-7534.04, 2)
  })

  it('draws incomes and expenses that add up to the summary in every month', () => {
    for (const b of monthBars(fixtureSummary(false))) {
      expect(parseMoney(b.values.incomes) + parseMoney(b.values.expenses)).toBe(parseMoney(b.values.summary))
    }
  })

  it('keeps exact sums where floats would drift', () => {
    const [row] = fixtureSummary(false)
    const bars = monthBars([{ ...row!, companyIncomeAmmount: '0.10', privateIncomeAmmount: '0.20', month: 1 }])
    expect(bars[0]!.values.incomes).toBe('0.30')
  })

  it('draws popup bars proportional to value/max at half scale', () => {
    const row = { ...zeroRow(), companyIncomeAmmount: '1000.00', companyVatAmmount: '230.00', summary: '-500.00' }
    const bars = popupBars(row)
    const income = bars.find((b) => b.field === 'companyIncomeAmmount')!
    const summary = bars.find((b) => b.field === 'summary')!
    expect(income.widthPercent).toBe(50)
    expect(summary.widthPercent).toBe(25)
    expect(summary.negative).toBe(true)
    expect(bars.find((b) => b.field === 'companyVatAmmount')!.widthPercent).toBe(11.5)
    expect(Math.max(...bars.map((b) => b.widthPercent))).toBe(50)
  })

  it('draws nothing for an all-zero month', () => {
    expect(popupBars(zeroRow()).every((b) => b.widthPercent === 0)).toBe(true)
  })
})
