import { describe, expect, it } from 'vitest'
import { registerPlans } from '../assets/register.ts'
import type { LedgerEvent } from '../events.ts'
import { taxesThrough } from '../projections/derived.ts'
import { income, itemAdded, pitSetting, ssSetting } from '../testing/fixtures.ts'
import { given, runCommands } from '../testing/given.ts'
import { AssetMessages } from './assets.ts'
import { foldBooks } from './books.ts'

const laptopPurchase = (id = 1) =>
  itemAdded(
    id,
    income({ name: 'Laptop Dell', date: '2026-01-12', amount: '8000.00', documentNumber: 'FV 12/2026' }),
    'Expense',
  )
const sale = (id: number) => itemAdded(id, income({ date: '2026-02-10', amount: '20000.00' }))
const linear = { type: 'SettingAdded', data: { id: 9, kind: 'Pit', data: pitSetting() } } as LedgerEvent

const entry = (over: Record<string, unknown> = {}) => ({
  name: 'Laptop',
  acquisitionDate: '2026-01-12',
  entryDate: '2026-01-12',
  document: 'FV 12/2026',
  kst: '491',
  initialValue: '8000.00',
  method: 'linear',
  period: 'month',
  ...over,
})

describe('entering an asset', () => {
  it('records every field of the register, taking the annex rate and the next number when left out', () => {
    const events = given([]).when({ type: 'EnterAsset', data: entry() }).result as LedgerEvent[]
    expect(events).toEqual([
      {
        type: 'AssetEntered',
        data: {
          id: 1,
          // The entry's own fields, and the register's number, rate and the fields left out.
          data: {
            ...entry(),
            number: '1',
            rate: '30',
            degressiveFactor: null,
            individualMonths: null,
            car: null,
            oneOffEurRate: null,
            itemId: null,
          },
        },
      },
    ])
    const state = foldBooks(events)
    expect(state.assets.get(1)?.version).toBe(1)
    expect(state.nextId).toBe(2)
  })

  it('turns a purchase into an asset in one action: the item stops being a cost, the register takes its data', () => {
    const { events, state } = runCommands([{ type: 'EnterAsset', data: { itemId: 1, kst: '491' } }], [laptopPurchase()])
    const written = events.slice(1)
    expect(written.map((e) => e.type)).toEqual(['ItemUpdated', 'AssetEntered'])
    expect((written[0]!.data as { data: { kpirColumn: string } }).data.kpirColumn).toBe('notCost')
    expect(state.assets.get(2)?.data).toMatchObject({
      name: 'Laptop Dell',
      initialValue: '8000.00',
      acquisitionDate: '2026-01-12',
      document: 'FV 12/2026',
      itemId: 1,
    })
    // The same purchase cannot become a second asset.
    given(events)
      .when({ type: 'EnterAsset', data: { itemId: 1, kst: '491' } })
      .thenFails('VALIDATION', { itemId: AssetMessages.itemTaken })
  })

  it('takes into a car’s initial value the half of its VAT that may not be deducted (uPIT art. 22g ust. 3)', () => {
    // 60 000 net + 13 800 VAT, mixed use: 6 900 deducted (uVAT art. 86a ust. 1), 6 900 part of the price.
    const car = itemAdded(
      1,
      income({ name: 'Skoda', date: '2026-03-10', amount: '60000.00', percent: '23', car: { use: 'mixed' } }),
      'Expense',
    )
    const kst741 = { itemId: 1, kst: '741', car: { drive: 'combustion', co2GramsPerKm: 150 } }
    const { state } = runCommands([{ type: 'EnterAsset', data: kst741 }], [car])
    expect(state.assets.get(2)?.data.initialValue).toBe('66900.00')
    // A car for business use only deducts all of its VAT: the net amount is the price.
    const business = itemAdded(
      1,
      income({ name: 'Van', date: '2026-03-10', amount: '60000.00', percent: '23', car: { use: 'business' } }),
      'Expense',
    )
    expect(runCommands([{ type: 'EnterAsset', data: kst741 }], [business]).state.assets.get(2)?.data.initialValue).toBe(
      '60000.00',
    )
    // The laptop's VAT is deductible whole.
    const laptop = runCommands([{ type: 'EnterAsset', data: { itemId: 1, kst: '491' } }], [laptopPurchase()]).state
    expect(laptop.assets.get(2)?.data.initialValue).toBe('8000.00')
  })

  it('refuses bad input whole, naming each field, and what the law does not allow', () => {
    given([])
      .when({ type: 'EnterAsset', data: { kst: 'x', initialValue: '-1', entryDate: '2026-13-01', method: 'fast' } })
      .thenFails('VALIDATION', {
        name: AssetMessages.nameRequired,
        acquisitionDate: AssetMessages.acquisitionDate,
        entryDate: 'Entry date is not a real date',
        kst: AssetMessages.kst,
        initialValue: AssetMessages.initialValue,
        method: AssetMessages.method,
      })
    // A day the calendar has not is named so; the entry date, left to default to it, is not refused as well.
    given([])
      .when({ type: 'EnterAsset', data: entry({ acquisitionDate: '2026-02-30', entryDate: undefined }) })
      .thenFails('VALIDATION', { acquisitionDate: 'Acquisition date is not a real date' })
    given([])
      .when({ type: 'EnterAsset', data: entry({ acquisitionDate: 'soon', entryDate: undefined }) })
      .thenFails('VALIDATION', { acquisitionDate: AssetMessages.acquisitionDate })
    given([])
      .when({ type: 'EnterAsset', data: entry({ kst: '741', method: 'degressive' }) })
      .thenFails('VALIDATION', { method: AssetMessages.degressiveNotAllowed })
    given([])
      .when({ type: 'EnterAsset', data: entry({ method: 'expensed', initialValue: '12000' }) })
      .thenFails('VALIDATION', { method: AssetMessages.expensedOverLimit })
    given([])
      .when({ type: 'EnterAsset', data: entry({ method: 'oneOff' }) })
      .thenFails('VALIDATION', { oneOffEurRate: AssetMessages.eurRate })
    given([])
      .when({ type: 'EnterAsset', data: entry({ entryDate: '2026-01-01' }) })
      .thenFails('VALIDATION', { entryDate: AssetMessages.entryBeforeAcquisition })
    given([laptopPurchase()])
      .when({ type: 'EnterAsset', data: entry({ itemId: 5 }) })
      .thenFails('VALIDATION', { itemId: AssetMessages.item })
  })

  it('gives a passenger car its facts and the one-offs of a year their shared limit', () => {
    const { state } = runCommands([
      {
        type: 'EnterAsset',
        data: entry({ kst: '741', initialValue: '200000', car: { drive: 'combustion', co2GramsPerKm: 140 } }),
      },
      {
        type: 'EnterAsset',
        data: entry({ kst: '5', initialValue: '150000', method: 'oneOff', oneOffEurRate: '4.2692' }),
      },
      {
        type: 'EnterAsset',
        data: entry({ kst: '5', initialValue: '90000', method: 'oneOff', oneOffEurRate: '4.2692' }),
      },
    ])
    const plans = registerPlans(state.assets)
    expect(plans[0]!.plan.carLimit).toBe(10_000_000n)
    // 213 000 zł in 2026: the first takes 150 000, the second the 63 000 left; its other 27 000 straight-line.
    expect(plans[1]!.plan.months[0]!.writeOff).toBe(15_000_000n)
    expect(plans[2]!.plan.months[0]!.writeOff).toBe(6_300_000n)
    expect(plans[2]!.plan.months[1]!.basis).toBe('linear')
  })
})

describe('improving, disposing of and removing an asset', () => {
  const entered = runCommands([{ type: 'EnterAsset', data: entry() }]).events
  it('improves and disposes, in order, and refuses what comes after the disposal', () => {
    const improved = given(entered).when({
      type: 'ImproveAsset',
      id: 1,
      data: { date: '2026-03-02', amount: '2000', document: 'FV 7' },
    })
    const afterImprove = improved.thenEmits([
      { type: 'AssetImproved', data: { id: 1, data: { date: '2026-03-02', amount: '2000.00', document: 'FV 7' } } },
    ])
    expect(afterImprove.assets.get(1)?.improvements).toHaveLength(1)
    const events = [...entered, ...(improved.result as LedgerEvent[])]
    given(events)
      .when({ type: 'DisposeAsset', id: 1, data: { date: '2026-02-01', reason: 'sale', price: '100' } })
      .thenFails('VALIDATION', { date: AssetMessages.beforeEntry })
    const disposed = given(events).when({
      type: 'DisposeAsset',
      id: 1,
      data: { date: '2026-06-30', reason: 'sale', price: '5000' },
    })
    const after = disposed.thenEmits([
      {
        type: 'AssetDisposed',
        data: {
          id: 1,
          data: { date: '2026-06-30', reason: 'sale', price: '5000.00', changeOfActivity: false, document: '' },
        },
      },
    ])
    expect(after.assets.get(1)?.disposal?.reason).toBe('sale')
    const all = [...events, ...(disposed.result as LedgerEvent[])]
    given(all)
      .when({ type: 'ImproveAsset', id: 1, data: { date: '2026-07-01', amount: '10' } })
      .thenFails('VALIDATION', { id: AssetMessages.alreadyDisposed })
    given(all)
      .when({ type: 'DeleteAsset', id: 1 })
      .thenEmits([{ type: 'AssetDeleted', data: { id: 1 } }])
    given([...all, { type: 'AssetDeleted', data: { id: 1 } }])
      .when({ type: 'DeleteAsset', id: 1 })
      .thenFails('ALREADY_DELETED')
    given([]).when({ type: 'DeleteAsset', id: 4 }).thenFails('NOT_FOUND')
  })
})

describe('where the write-offs count', () => {
  it('makes the month’s write-off a cost of the PIT advance and the health base instead of the purchase', () => {
    const before = [linear, laptopPurchase(1), sale(2)]
    const plain = taxesThrough(foldBooks(before), '2026-03')!
    const { state } = runCommands([{ type: 'EnterAsset', data: { itemId: 1, kst: '491' } }], before)
    const withAsset = taxesThrough(state, '2026-03')!
    const pit = (t: typeof plain, m: string) => t.result.pit.find((p) => p.from === m)!
    // Without the register: January's cost is the whole laptop (8 000). With it: nothing in January, 200 in February.
    expect(pit(plain, '2026-01').costs).toBe(800_000n)
    expect(pit(withAsset, '2026-01').costs).toBe(0n)
    expect(pit(withAsset, '2026-02').costs).toBe(20_000n)
    // February's advance: 19 % of (20 000 − 200 − social 0) = 3 762.
    expect(pit(withAsset, '2026-02').advance).toBe(376_200n)
  })

  it('lowers the Linear health base by the write-offs instead of the purchase', () => {
    const ss = { type: 'SettingAdded', data: { id: 8, kind: 'SocialSecurity', data: ssSetting() } } as LedgerEvent
    const before = [linear, ss, laptopPurchase(1), sale(2)]
    const plain = taxesThrough(foldBooks(before), '2026-03')!
    const { state } = runCommands([{ type: 'EnterAsset', data: { itemId: 1, kst: '491' } }], before)
    const withAsset = taxesThrough(state, '2026-03')!
    const march = (t: typeof plain) => t.result.contributions.find((c) => c.month === '2026-03')!
    // Income since January through February: 8 000 of purchase as a cost before, 200 of write-off after.
    expect(march(withAsset).healthIncomeYearToDate! - march(plain).healthIncomeYearToDate!).toBe(780_000n)
  })

  it('drops the write-offs of an asset removed as an entry made in error', () => {
    const { state, events } = runCommands([{ type: 'EnterAsset', data: entry({ entryDate: '2026-01-12' }) }], [linear])
    expect(taxesThrough(state, '2026-02')!.result.pit.find((p) => p.from === '2026-02')!.costs).toBe(20_000n)
    const id = [...state.assets.keys()][0]!
    const removed = foldBooks([{ type: 'AssetDeleted', data: { id } }], foldBooks(events))
    expect(taxesThrough(removed, '2026-02')!.result.pit.find((p) => p.from === '2026-02')!.costs).toBe(0n)
  })
})
