import { describe, expect, it } from 'vitest'
import { listTotals } from './totals.ts'

describe('listTotals', () => {
  it('adds amounts, VAT and sums exactly', () => {
    const items = [
      { dataObject: { amount: '0.10', vatAmount: '0.02', sum: '0.12' } },
      { dataObject: { amount: '0.20', vatAmount: '0.05', sum: '0.25' } },
      { dataObject: { amount: '1000.00', vatAmount: '0.00', sum: '1000.00' } },
    ]
    expect(listTotals(items)).toEqual({ amount: '1000.30', vatAmount: '0.07', sum: '1000.37' })
  })
  it('is zero for an empty list and skips missing figures', () => {
    expect(listTotals([])).toEqual({ amount: '0.00', vatAmount: '0.00', sum: '0.00' })
    expect(listTotals([{ dataObject: { amount: '5' } }])).toEqual({ amount: '5.00', vatAmount: '0.00', sum: '0.00' })
  })
})
