/**
 * The six-year rule (uPIT art. 10 ust. 2 pkt 3), worked in docs/tax-rules.md ("Cars"): a car taken to private use and
 * sold within six years is the business's sale — its price revenue, its undepreciated value a cost — in the month's
 * figures and in the tax book; sold after six years, it is a private sale.
 */
import { describe, expect, it } from 'vitest'
import { AssetMessages } from '../deciders/assets.ts'
import type { LedgerEvent } from '../events.ts'
import { taxesThrough } from '../projections/derived.ts'
import { taxBook } from '../projections/taxBook.ts'
import { pitSetting } from '../testing/fixtures.ts'
import { given, runCommands } from '../testing/given.ts'
import { privateSaleOfAsset, registerPlans } from './register.ts'
import { sixYearsAfter } from './privateSale.ts'

const linear = {
  type: 'SettingAdded',
  data: { id: 100, kind: 'Pit', data: pitSetting({ date: '2025-01-01' }) },
} as LedgerEvent

/** A petrol car for 120 000 zł entered 10 January 2025 (limit 150 000 zł), 20 %: 2 000 zł a month from February. */
const car = {
  name: 'Skoda Octavia',
  acquisitionDate: '2025-01-10',
  entryDate: '2025-01-10',
  document: 'FV 1/2025',
  kst: '741',
  initialValue: '120000.00',
  method: 'linear',
  period: 'month',
  car: { drive: 'combustion', co2GramsPerKm: 130 },
}

const transferred = () =>
  runCommands(
    [
      { type: 'EnterAsset', data: car },
      { type: 'DisposeAsset', id: 101, data: { date: '2026-03-15', reason: 'privateUse' } },
    ],
    [linear],
  )

describe('a car sold after its transfer to private use (the six-year rule)', () => {
  it('counts six years from the first day of the month after the transfer', () => {
    expect(sixYearsAfter('2026-03-15')).toBe('2032-03-31')
    expect(sixYearsAfter('2026-12-31')).toBe('2032-12-31')
  })

  it('within six years: the price is revenue and the undepreciated value a cost, in the figures and the book', () => {
    const { events } = transferred()
    const { state } = runCommands(
      [{ type: 'SellAssetAfterPrivateUse', id: 101, data: { date: '2028-05-10', price: '60000', document: 'UM 1' } }],
      events,
    )
    const { asset, plan } = registerPlans(state.assets)[0]!
    // February 2025 – March 2026 (the month of the transfer): 14 × 2 000 = 28 000; 92 000 left.
    expect(plan.disposal).toMatchObject({ reason: 'privateUse', undepreciated: 9_200_000n, cost: 0n })
    expect(privateSaleOfAsset(asset, plan)).toEqual({
      date: '2028-05-10',
      month: '2028-05',
      until: '2032-03-31',
      business: true,
      price: 6_000_000n,
      revenue: 6_000_000n,
      cost: 9_200_000n,
    })
    const may = taxesThrough(state, '2028-05')!.result.pit.find((p) => p.from === '2028-05')!
    const april = taxesThrough(state, '2028-05')!.result.pit.find((p) => p.from === '2028-04')!
    expect(may.revenueYearToDate - april.revenueYearToDate).toBe(6_000_000n)
    expect(may.costsYearToDate - april.costsYearToDate).toBe(9_200_000n)
    const line = taxBook(state, 2028).kpir.rows.find((r) => r.date === '2028-05-10')!
    expect(line).toMatchObject({ otherRevenue: '60000.00', otherExpenses: '92000.00', documentNumber: 'UM 1' })
  })

  it('after six years: a private sale, nothing in the books', () => {
    const { events } = transferred()
    const { state } = runCommands(
      [{ type: 'SellAssetAfterPrivateUse', id: 101, data: { date: '2032-04-01', price: '30000' } }],
      events,
    )
    const { asset, plan } = registerPlans(state.assets)[0]!
    expect(privateSaleOfAsset(asset, plan)).toMatchObject({ business: false, revenue: 0n, cost: 0n })
    expect(taxBook(state, 2032).kpir.rows).toEqual([])
  })

  it('refuses a sale of an asset not taken to private use, a second one, and one before the transfer', () => {
    const entered = runCommands([{ type: 'EnterAsset', data: car }], [linear]).events
    given(entered)
      .when({ type: 'SellAssetAfterPrivateUse', id: 101, data: { date: '2027-01-01', price: '1' } })
      .thenFails('VALIDATION', { id: AssetMessages.notInPrivateUse })
    const { events } = transferred()
    given(events)
      .when({ type: 'SellAssetAfterPrivateUse', id: 101, data: { date: '2026-03-01', price: 'x' } })
      .thenFails('VALIDATION', { price: AssetMessages.price, date: AssetMessages.saleBeforeTransfer })
    const sold = runCommands(
      [{ type: 'SellAssetAfterPrivateUse', id: 101, data: { date: '2027-01-01', price: '1' } }],
      events,
    ).events
    given(sold)
      .when({ type: 'SellAssetAfterPrivateUse', id: 101, data: { date: '2027-02-01', price: '1' } })
      .thenFails('VALIDATION', { id: AssetMessages.alreadySold })
  })
})
