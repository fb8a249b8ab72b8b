import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  advanceDateOf,
  costDateOf,
  itemDatesOf,
  pitDateOf,
  revenueDateOf,
  vatDateOf,
  vatPurchaseDate,
  vatRateDay,
  vatSaleDate,
} from './taxPoint.ts'

const sale = (date: string, invoiceDate: string | null, supplyDate: string | null = null) => ({
  isIncome: true,
  date,
  invoiceDate,
  supplyDate,
})
const earliestOf = (a: string, b: string | null) => (b !== null && b < a ? b : a)
const purchase = (date: string, invoiceDate: string | null, supplyDate: string | null = null) => ({
  ...sale(date, invoiceDate, supplyDate),
  isIncome: false,
})

describe('the tax point of each tax', () => {
  it.each([
    [
      'a service performed on 30 September, invoiced 2 October, paid 16 October: September for VAT and for PIT',
      sale('2026-10-16', '2026-10-02', '2026-09-30'),
      { vat: '2026-09-30', revenue: '2026-09-30' },
    ],
    [
      'an invoice issued before the supply: VAT on the supply, revenue on the invoice (the earlier)',
      sale('2026-05-20', '2026-04-28', '2026-05-06'),
      { vat: '2026-05-06', revenue: '2026-04-28' },
    ],
  ])('%s', (_, item, expected) => {
    expect(vatDateOf(item)).toBe(expected.vat)
    expect(vatSaleDate(item)).toBe(expected.vat)
    expect(revenueDateOf(item)).toBe(expected.revenue)
  })

  it('money received before the supply is an advance: VAT when received (art. 19a ust. 8), revenue on the supply', () => {
    expect(vatSaleDate(sale('2026-03-05', '2026-03-05', '2026-04-10'))).toBe('2026-03-05')
    expect(vatSaleDate(sale('2026-03-05', null, '2026-04-10'))).toBe('2026-03-05')
    // uPIT art. 14 ust. 3 pkt 1: an advance for a supply of a later period is not revenue.
    expect(revenueDateOf(sale('2026-03-05', null, '2026-04-10'))).toBe('2026-04-10')
    expect(revenueDateOf(sale('2026-03-05', '2026-04-10', '2026-04-10'))).toBe('2026-04-10')
    // An invoice issued before the supply still sets the revenue (art. 14 ust. 1c).
    expect(revenueDateOf(sale('2026-03-05', '2026-03-20', '2026-04-10'))).toBe('2026-03-20')
  })

  it('without an invoice or supply date the item counts on its date for every tax', () => {
    for (const it of [sale('2026-02-11', null), purchase('2026-02-11', null)]) {
      expect(vatDateOf(it)).toBe('2026-02-11')
      expect(pitDateOf(it)).toBe('2026-02-11')
    }
  })

  it('a purchase: input VAT not before the supply nor the invoice; the cost on the invoice date', () => {
    const it = purchase('2026-10-12', '2026-09-28', '2026-10-05')
    expect(vatPurchaseDate(it)).toBe('2026-10-05')
    expect(costDateOf(it)).toBe('2026-09-28')
    expect(vatPurchaseDate(purchase('2026-10-12', '2026-10-03', '2026-09-30'))).toBe('2026-10-03')
  })

  it('a KSeF invoice is deducted not before the day its number was assigned (art. 86 ust. 10b pkt 1, art. 106na ust. 3)', () => {
    // Dated 30 October, its KSeF number given on 2 November: November's input VAT; the cost stays October's.
    const item = { date: '2026-10-30', invoiceDate: '2026-10-30', ksefNumber: '5260001246-20261102-A1B2C3-D4E5F6-9E' }
    const it = itemDatesOf(item, false)
    expect(it.receivedDate).toBe('2026-11-02')
    expect(vatPurchaseDate(it)).toBe('2026-11-02')
    expect(vatDateOf(it)).toBe('2026-11-02')
    expect(costDateOf(it)).toBe('2026-10-30')
    expect(pitDateOf(it)).toBe('2026-10-30')
    // A domestic purchase's rate day is the seller's: the receipt does not move it.
    expect(vatRateDay(it, vatDateOf(it))).toBe('2026-10-30')
    // Received before the supply or on the invoice's day: the later of the supply and the invoice stands.
    expect(vatPurchaseDate(itemDatesOf({ ...item, supplyDate: '2026-11-20' }, false))).toBe('2026-11-20')
    expect(vatPurchaseDate(itemDatesOf({ ...item, ksefNumber: '5260001246-20261030-A1B2C3-D4E5F6-7A' }, false))).toBe(
      '2026-10-30',
    )
    // A service taxed on the invoice: not before its receipt either.
    expect(vatPurchaseDate(itemDatesOf({ ...item, taxPoint: 'invoice' }, false))).toBe('2026-11-02')
    // Without a KSeF number the invoice's date stands for its receipt; a sale ignores the number's date.
    expect(vatPurchaseDate(itemDatesOf({ ...item, ksefNumber: null }, false))).toBe('2026-10-30')
    expect(vatSaleDate(itemDatesOf(item, true))).toBe('2026-10-30')
  })

  it('an advance is dated by the payment received, only for a sale taxed on its supply', () => {
    const advance = { ...sale('2026-08-05', '2026-08-06', '2026-09-10'), taxPoint: null }
    expect(advanceDateOf(advance)).toBe('2026-08-05')
    expect(vatSaleDate(advance)).toBe('2026-08-05')
    // Paid on or after the supply, taxed on the invoice, a purchase, a correction: no advance.
    expect(advanceDateOf(sale('2026-09-10', '2026-08-06', '2026-09-10'))).toBeNull()
    expect(advanceDateOf({ ...advance, taxPoint: 'invoice' })).toBeNull()
    expect(advanceDateOf({ ...advance, isIncome: false })).toBeNull()
    expect(advanceDateOf({ ...advance, correction: true })).toBeNull()
  })

  it('a service taxed on the invoice date (art. 19a ust. 5 pkt 4): VAT on the invoice, the item’s date without one', () => {
    const rent = { ...sale('2026-11-10', '2026-11-05', '2026-10-31'), taxPoint: 'invoice' as const }
    expect(vatSaleDate(rent)).toBe('2026-11-05')
    expect(revenueDateOf(rent)).toBe('2026-10-31')
    // Paid before the invoice: no advance rule for these services (ust. 8 does not apply).
    expect(vatSaleDate({ ...rent, date: '2026-10-20' })).toBe('2026-11-05')
    expect(vatSaleDate({ ...rent, invoiceDate: null })).toBe('2026-11-10')
    expect(vatPurchaseDate({ ...rent, isIncome: false })).toBe('2026-11-05')
  })

  const day = fc
    .integer({ min: 0, max: 800 })
    .map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10))
  const dates = fc.record({
    isIncome: fc.boolean(),
    date: day,
    invoiceDate: fc.option(day, { nil: null }),
    supplyDate: fc.option(day, { nil: null }),
  })

  it('revenue is never after the supply or the invoice, nor the payment without a day of supply; a sale is taxed no later than supplied', () => {
    fc.assert(
      fc.property(dates, (it) => {
        const r = revenueDateOf(it)
        const bounds = it.supplyDate !== null ? [it.invoiceDate, it.supplyDate] : [it.date, it.invoiceDate]
        for (const d of bounds) if (d !== null) expect(r <= d).toBe(true)
        // A payment before the supply (an advance) never brings the revenue forward.
        if (it.supplyDate !== null) expect(r >= earliestOf(it.supplyDate, it.invoiceDate)).toBe(true)
        expect(vatSaleDate(it) <= (it.supplyDate ?? it.invoiceDate ?? it.date)).toBe(true)
        expect(vatPurchaseDate(it) >= (it.invoiceDate ?? it.date)).toBe(true)
        const advance = advanceDateOf(it)
        if (advance !== null) expect(advance).toBe(vatSaleDate(it))
        expect([it.date, it.invoiceDate, it.supplyDate]).toContain(pitDateOf(it))
        expect([it.date, it.invoiceDate, it.supplyDate]).toContain(vatDateOf(it))
      }),
    )
  })
})
