/**
 * One item, every view on the same dates: a service performed on 30 September 2026 and invoiced on 2 October, by a
 * ryczałt taxpayer — September's in the VAT register (the JPK_V7 of September), the ewidencja przychodów (its
 * JPK_EWP), the engine's VAT and ryczałt, and the monthly dashboard's October rows that pay for September.
 */
import { describe, expect, it } from 'vitest'
import { income, pitSetting, vatSetting } from '../testing/fixtures.ts'
import { runCommands } from '../testing/given.ts'
import { taxesThrough } from './derived.ts'
import { monthTransactions } from './month.ts'
import { taxBook } from './taxBook.ts'
import { vatFiling } from './vatRegister.ts'

const { state } = runCommands([
  { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) },
  {
    type: 'AddSetting',
    kind: 'Pit',
    data: pitSetting({ date: '2026-01-01', taxType: 'Flat', firstPercent: '8.5', deductions: '0.00' }),
  },
  {
    type: 'AddItem',
    dataType: 'Income',
    data: income({
      date: '2026-10-16',
      name: 'Audit',
      amount: '3000.00',
      percent: '8',
      invoiceDate: '2026-10-02',
      supplyDate: '2026-09-30',
      documentNumber: 'FV 1/10/2026',
    }),
  },
])

describe('the tax point across a month end, in every view', () => {
  it('the engine: 240 of VAT and 255 of ryczałt for September, nothing for October', () => {
    const t = taxesThrough(state, '2026-10')!.result
    expect(t.vat.find((p) => p.from === '2026-09')!.due).toBe(24_000n)
    expect(t.vat.find((p) => p.from === '2026-10')!.due).toBe(0n)
    expect(t.pit.find((p) => p.from === '2026-09')!.advance).toBe(25_500n)
    expect(t.pit.find((p) => p.from === '2026-10')!.advance).toBe(0n)
  })

  it('the VAT register of September holds the sale with its issue and supply dates; October’s does not', () => {
    const september = vatFiling(state, '2026-09')!
    expect(september.sales.map((r) => [r.documentNumber, r.issueDate, r.supplyDate, r.fields])).toEqual([
      ['FV 1/10/2026', '2026-10-02', '2026-09-30', { K_17: 300_000n, K_18: 24_000n }],
    ])
    expect(vatFiling(state, '2026-10')!.sales).toEqual([])
  })

  it('the ewidencja przychodów enters it in September, dated the revenue date', () => {
    const book = taxBook(state, 2026)
    expect(book.ewp.rows.map((r) => [r.month, r.date, r.documentNumber])).toEqual([
      ['2026-09', '2026-09-30', 'FV 1/10/2026'],
    ])
  })

  it('a telecom service invoiced on 5 November for October is November’s for VAT when marked as taxed on the invoice', () => {
    const { state: s2 } = runCommands([
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) },
      {
        type: 'AddItem',
        dataType: 'Income',
        data: income({
          date: '2026-11-20',
          name: 'Hosting for October',
          amount: '1000.00',
          invoiceDate: '2026-11-05',
          supplyDate: '2026-10-31',
          taxPoint: 'invoice',
        }),
      },
    ])
    expect(vatFiling(s2, '2026-10')!.sales).toEqual([])
    expect(vatFiling(s2, '2026-11')!.sales.map((r) => r.fields)).toEqual([{ K_19: 100_000n, K_20: 23_000n }])
    expect(() => runCommands([{ type: 'AddItem', dataType: 'Income', data: income({ taxPoint: 'later' }) }])).toThrow(
      /"field":"taxPoint"/,
    )
  })

  it('the monthly dashboard of October shows September’s VAT and ryczałt due in October', () => {
    const october = monthTransactions(state, '2026-10', '2026-10-01')
    const taxes = october.filter((r) => r.eventType === '3_Vat' || r.eventType === '4_Pit')
    expect(taxes.map((r) => [r.dataObject.displayName, r.dataObject.amount])).toEqual([
      ['VAT 2026-09', '240.00'],
      ['PIT 2026-09', '255.00'],
    ])
  })
})
