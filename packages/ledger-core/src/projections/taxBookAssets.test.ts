import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LedgerEvent } from '../events.ts'
import { parseMoney } from '../money.ts'
import { income, itemAdded, pitSetting } from '../testing/fixtures.ts'
import { runCommands } from '../testing/given.ts'
import { taxesThrough } from './derived.ts'
import { bookHistory, taxBook } from './taxBook.ts'

const linear = { type: 'SettingAdded', data: { id: 100, kind: 'Pit', data: pitSetting() } } as LedgerEvent
const expense = (id: number, date: string, amount: string) =>
  itemAdded(id, income({ name: `Purchase ${id}`, date, amount, documentNumber: `FV ${id}` }), 'Expense')
const sale = (id: number, date: string, amount: string) => itemAdded(id, income({ date, amount }))

describe('the register in the KPiR', () => {
  it('books each month’s write-off in column 13 on the month’s last day, and the purchase not at all', () => {
    const { state } = runCommands(
      [{ type: 'EnterAsset', data: { itemId: 1, kst: '491', name: 'Laptop' } }],
      [linear, expense(1, '2026-01-12', '8000.00'), sale(2, '2026-02-10', '20000.00')],
    )
    const book = taxBook(state, 2026)
    const lines = book.kpir.rows.filter((r) => r.source.asset)
    expect(lines).toHaveLength(11) // February – December
    expect(lines[0]).toMatchObject({
      date: '2026-02-28',
      otherExpenses: '200.00',
      expenses: '200.00',
      documentNumber: 'ŚT 1',
      description: 'Odpis amortyzacyjny: Laptop, nr 1',
    })
    expect(book.kpir.rows.some((r) => r.documentNumber === 'FV 1')).toBe(false)
    expect(book.kpir.totals.costs).toBe('2200.00')
    // Numbered with the other entries, in date order: the sale of 10 February first.
    expect(book.kpir.rows.map((r) => r.number).slice(0, 3)).toEqual([1, 2, 3])
    expect(book.kpir.rows[0]!.sales).toBe('20000.00')
  })

  it('books the undepreciated value of a sale as a cost on the day of the sale', () => {
    const { state } = runCommands(
      [
        {
          type: 'EnterAsset',
          data: { kst: '491', name: 'Laptop', acquisitionDate: '2026-01-12', initialValue: '12000' },
        },
        { type: 'DisposeAsset', id: 101, data: { date: '2026-04-15', reason: 'sale', price: '9000' } },
      ],
      [linear],
    )
    const lines = taxBook(state, 2026).kpir.rows.filter((r) => r.source.asset)
    // February – April: 3 × 300; then 12 000 − 900 = 11 100.
    expect(lines.map((r) => [r.date, r.otherExpenses])).toEqual([
      ['2026-02-28', '300.00'],
      ['2026-03-31', '300.00'],
      ['2026-04-15', '11100.00'],
      ['2026-04-30', '300.00'],
    ])
  })

  it('corrects a closed month when an asset is entered late', () => {
    const events: { event: LedgerEvent; recordedAt: string }[] = [
      { event: linear, recordedAt: '2026-01-05T10:00:00Z' },
      { event: sale(1, '2026-01-10', '1000.00'), recordedAt: '2026-01-10T10:00:00Z' },
      { event: sale(2, '2026-02-10', '1000.00'), recordedAt: '2026-02-10T10:00:00Z' },
    ]
    const entered = runCommands(
      [
        {
          type: 'EnterAsset',
          data: { kst: '491', name: 'Laptop', acquisitionDate: '2026-01-05', initialValue: '8000' },
        },
      ],
      events.map((e) => e.event),
    ).events.at(-1)!
    // Entered on 10 April: February's and March's books had closed (20 March, 20 April is still ahead for March).
    const book = bookHistory([...events, { event: entered, recordedAt: '2026-04-10T10:00:00Z' }]).book(2026)
    const lines = book.kpir.rows.filter((r) => r.source.asset)
    expect(lines.find((r) => r.kind === 'correction')).toMatchObject({ period: '2026-02', otherExpenses: '200.00' })
  })

  it('property: the book’s costs are the ordinary costs plus the write-offs, as the PIT advances count them', () => {
    const arb = fc.record({
      purchases: fc.array(
        fc.record({
          month: fc.integer({ min: 1, max: 12 }),
          amount: fc.integer({ min: 1, max: 40_000 }),
          asset: fc.option(
            fc.record({
              kst: fc.constantFrom('491', '4', '8', '742', '741'),
              method: fc.constantFrom('linear', 'degressive', 'expensed'),
              period: fc.constantFrom('month', 'quarter', 'year'),
            }),
          ),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    })
    fc.assert(
      fc.property(arb, ({ purchases }) => {
        const events: LedgerEvent[] = [linear, sale(1, '2026-01-05', '100000.00')]
        const commands: Parameters<typeof runCommands>[0][number][] = []
        purchases.forEach((p, i) => {
          const id = 10 + i
          const amount = `${p.amount}.00`
          events.push(expense(id, `2026-${String(p.month).padStart(2, '0')}-15`, amount))
          if (p.asset) {
            const method =
              p.asset.method === 'degressive' && p.asset.kst === '741'
                ? 'linear'
                : p.asset.method === 'expensed' && p.amount > 10_000
                  ? 'linear'
                  : p.asset.method
            commands.push({
              type: 'EnterAsset',
              data: { itemId: id, kst: p.asset.kst, method, period: p.asset.period },
            })
          }
        })
        const { state } = runCommands(commands, events)
        const book = taxBook(state, 2026)
        const taxes = taxesThrough(state, '2026-12')!
        const engineCosts = taxes.result.pit.filter((p) => p.from.startsWith('2026-')).reduce((s, p) => s + p.costs, 0n)
        expect(parseMoney(book.kpir.totals.costs)).toBe(engineCosts)
        const ordinary = book.kpir.rows
          .filter((r) => !r.source.asset)
          .reduce((s, r) => s + parseMoney(r.expenses ?? '0'), 0n)
        const writeOffs = book.kpir.rows
          .filter((r) => r.source.asset)
          .reduce((s, r) => s + parseMoney(r.expenses ?? '0'), 0n)
        expect(parseMoney(book.kpir.totals.costs)).toBe(ordinary + writeOffs)
      }),
      { numRuns: 40 },
    )
  })
})
