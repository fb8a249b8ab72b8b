import { describe, expect, it } from 'vitest'
import { applyCompanyFlag, changeItemDate, defaultInvoiceDate, vatPercentOf, vatPercentOn } from './companyFlag.ts'

describe('company flag rules (SPEC §4)', () => {
  it('ticking sets the default VAT percent when it was 0 and the invoice date to the item’s own date', () => {
    // Never "one month before, on the 28th": an expense dated 20 November stays November's for every tax.
    expect(applyCompanyFlag({ date: '2026-11-20', percent: '0', invoiceDate: null }, true)).toEqual({
      isCompany: true,
      percent: '23',
      invoiceDate: '2026-11-20',
    })
    expect(defaultInvoiceDate('2026-01-31')).toBe('2026-01-31')
  })

  it('the invoice date follows the item’s date until the user gives another one', () => {
    const item = { date: '2026-11-20', invoiceDate: '2026-11-20', isCompany: true }
    expect(changeItemDate(item, '2026-12-03')).toEqual({ date: '2026-12-03', invoiceDate: '2026-12-03' })
    expect(changeItemDate({ ...item, invoiceDate: null }, '2026-12-03')).toEqual({
      date: '2026-12-03',
      invoiceDate: '2026-12-03',
    })
    expect(changeItemDate({ ...item, invoiceDate: '2026-11-18' }, '2026-12-03')).toEqual({ date: '2026-12-03' })
    expect(changeItemDate({ ...item, isCompany: false, invoiceDate: null }, '2026-12-03')).toEqual({
      date: '2026-12-03',
    })
  })

  it('uses the loaded VAT percent instead of 23', () => {
    expect(applyCompanyFlag({ date: '2026-03-15', percent: '', invoiceDate: null }, true, '8').percent).toBe('8')
  })

  it('keeps a percent and an invoice date the user already entered', () => {
    expect(applyCompanyFlag({ date: '2026-03-15', percent: '5', invoiceDate: '2026-03-01' }, true)).toEqual({
      isCompany: true,
      percent: '5',
      invoiceDate: '2026-03-01',
    })
  })

  it('leaves the invoice date empty when the item has no date yet', () => {
    expect(applyCompanyFlag({ date: '', percent: '0', invoiceDate: null }, true).invoiceDate).toBeNull()
  })

  it('unticking sets percent 0 and clears the invoice date', () => {
    expect(applyCompanyFlag({ date: '2026-03-15', percent: '23', invoiceDate: '2026-02-28' }, false)).toEqual({
      isCompany: false,
      percent: '0',
      invoiceDate: null,
    })
  })

  it('reads the default percent from the VAT setting, 23 until it is loaded', () => {
    expect(vatPercentOf(null)).toBe('23')
    expect(vatPercentOf({ dataObject: { percent: '8' } })).toBe('8')
  })

  it('takes the VAT percent in force on the item’s date from the settings’ history', () => {
    const history = [
      { dataObject: { date: '2026-06-01', percent: '23' } },
      { dataObject: { date: '2025-01-01', percent: '8' } },
    ]
    expect(vatPercentOn(history, '2026-03-10')).toBe('8')
    expect(vatPercentOn(history, '2026-06-01')).toBe('23')
    expect(vatPercentOn(history, '2024-12-31')).toBe('23') // before any setting: the statutory default
    expect(vatPercentOn(history, '')).toBe('23') // no date yet: the latest setting
    expect(vatPercentOn([], '2026-03-10')).toBe('23')
  })
})
