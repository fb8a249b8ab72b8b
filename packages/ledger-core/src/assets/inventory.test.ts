import { describe, expect, it } from 'vitest'
import { AssetMessages } from '../deciders/assets.ts'
import type { LedgerEvent } from '../events.ts'
import { taxesThrough } from '../projections/derived.ts'
import { income, itemAdded, pitSetting } from '../testing/fixtures.ts'
import { given, runCommands } from '../testing/given.ts'
import { inventoryLineValue, yearInventory } from './inventory.ts'

const linear = { type: 'SettingAdded', data: { id: 100, kind: 'Pit', data: pitSetting() } } as LedgerEvent
const sale = itemAdded(1, income({ date: '2026-06-10', amount: '50000.00' }))
const goods = itemAdded(2, income({ date: '2026-02-10', amount: '20000.00', kpirColumn: 'goods' }), 'Expense')

describe('stock-taking (spis z natury, uPIT art. 24 ust. 2)', () => {
  it('values a line as quantity × price to the grosz, and a list as the sum of its lines', () => {
    expect(inventoryLineValue({ name: 'Kabel', quantity: '12.5', unit: 'm', price: '3.33' })).toBe(4163n) // 41.625
    const { state } = runCommands([
      {
        type: 'RecordInventory',
        data: {
          year: 2026,
          kind: 'end',
          lines: [
            { name: 'Kabel', quantity: '12.5', unit: 'm', price: '3.33' },
            { name: 'Router', quantity: 2, unit: 'szt.', price: '250' },
          ],
        },
      },
    ])
    expect(state.inventories.get('2026:end')).toMatchObject({ date: '2026-12-31', amount: '541.63' })
  })

  it('refuses a list whose value is not the sum of its lines, and bad lines, naming each field', () => {
    given([])
      .when({
        type: 'RecordInventory',
        data: { year: 2026, kind: 'end', amount: '10', lines: [{ name: 'Kabel', quantity: '1', price: '5' }] },
      })
      .thenFails('VALIDATION', { amount: AssetMessages.inventorySum })
    given([])
      .when({
        type: 'RecordInventory',
        data: { year: 2026, kind: 'mid', date: '2025-12-31', lines: [{ quantity: '-1' }] },
      })
      .thenFails('VALIDATION', {
        kind: AssetMessages.inventoryKind,
        date: AssetMessages.inventoryDate,
        'lines.0.name': AssetMessages.lineName,
        'lines.0.quantity': AssetMessages.lineQuantity,
        'lines.0.price': AssetMessages.linePrice,
      })
  })

  it('takes the start of a year from the end of the year before', () => {
    const { state } = runCommands([
      { type: 'RecordInventory', data: { year: 2025, kind: 'end', amount: '3000' } },
      { type: 'RecordInventory', data: { year: 2026, kind: 'end', amount: '8000' } },
    ])
    expect(yearInventory(state.inventories, 2026)).toEqual({
      year: 2026,
      start: 300_000n,
      end: 800_000n,
      change: 500_000n,
    })
    expect(yearInventory(state.inventories, 2027)).toEqual({ year: 2027, start: 800_000n, end: null, change: 0n })
  })

  it('raises the annual return’s income by the growth of the stock, and leaves December’s advance alone', () => {
    const before = [linear, sale, goods]
    const plain = taxesThrough(runCommands([], before).state, '2027-01')!
    const { state } = runCommands(
      [
        { type: 'RecordInventory', data: { year: 2026, kind: 'start', amount: '2000' } },
        { type: 'RecordInventory', data: { year: 2026, kind: 'end', amount: '9000' } },
      ],
      before,
    )
    const taxed = taxesThrough(state, '2027-01')!
    const december = (t: typeof plain) => t.result.pit.find((p) => p.from === '2026-12')!
    expect(december(taxed).advance).toBe(december(plain).advance)
    const annual = (t: typeof plain) => t.result.annual.find((a) => a.year === 2026)!
    // 50 000 − 20 000 = 30 000 in the book; the stock grew by 7 000: the year's income is 37 000.
    expect(annual(plain).income).toBe(3_000_000n)
    expect(annual(taxed).income).toBe(3_700_000n)
    expect(annual(taxed).costs).toBe(1_300_000n)
  })
})

describe('the forms compared', () => {
  it('count the register’s write-offs as costs of Scale and Linear, never of ryczałt', async () => {
    const { annualReport } = await import('../reports/annual.ts')
    const purchase = itemAdded(3, income({ date: '2026-01-12', amount: '60000.00' }), 'Expense')
    const before = [linear, sale, purchase]
    const { state } = runCommands([{ type: 'EnterAsset', data: { itemId: 3, kst: '6' } }], before)
    const tax = (s: typeof state, form: string) =>
      annualReport(s, 2026, '2027-02-01').comparison!.scenarios.find((x) => x.taxType === form)!.tax
    const plain = runCommands([], before).state
    // The purchase as a cost: 50 000 − 60 000 is a loss, no Linear tax. As an asset (10 %): 5 500 of write-offs in
    // 2026, so the Linear tax is 19 % of 44 500.
    expect(tax(plain, 'Linear')).toBe('0.00')
    expect(tax(state, 'Linear')).toBe('8455.00')
    expect(tax(state, 'Flat')).toBe(tax(plain, 'Flat'))
  })
})
