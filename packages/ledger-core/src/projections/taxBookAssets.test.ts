import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LedgerEvent } from '../events.ts'
import { parseMoney } from '../money.ts'
import { income, itemAdded, pitSetting, ssSetting } from '../testing/fixtures.ts'
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

  it('books spending of 10 000 zł or less in a year on an asset as a cost of its day, the value unchanged (art. 22g ust. 17)', () => {
    const laptop = {
      type: 'EnterAsset',
      data: { kst: '491', name: 'Laptop', acquisitionDate: '2026-01-12', initialValue: '12000' },
    } as const
    const improve = (date: string, amount: string) =>
      ({ type: 'ImproveAsset', id: 101, data: { date, amount, document: `FV ${date}` } }) as const
    const { state } = runCommands([laptop, improve('2026-09-10', '3000')], [linear])
    const lines = taxBook(state, 2026).kpir.rows.filter((r) => r.source.asset)
    const september = lines.filter((r) => r.date.startsWith('2026-09'))
    expect(september.map((r) => [r.date, r.otherExpenses, r.documentNumber, r.description])).toEqual([
      [
        '2026-09-10',
        '3000.00',
        'FV 2026-09-10',
        'Wydatki na ulepszenie do 10 000 zł w roku (art. 22g ust. 17): Laptop, nr 1',
      ],
      ['2026-09-30', '300.00', 'ŚT 1', 'Odpis amortyzacyjny: Laptop, nr 1'],
    ])
    // The write-offs stay at 12 000 × 30 % / 12 = 300 after it.
    expect(lines.find((r) => r.date === '2026-10-31')?.otherExpenses).toBe('300.00')
    const pit = taxesThrough(state, '2026-12')!.result.pit
    const costs = pit.filter((p) => p.from.startsWith('2026-')).reduce((sum, p) => sum + p.costs, 0n)
    // February – December: 11 write-offs of 300, and the 3 000 of September.
    expect(costs).toBe(330_000n + 300_000n)
    // A second spending of the year that takes it above 10 000 zł makes both an improvement: no cost line any more.
    const { state: improved } = runCommands(
      [laptop, improve('2026-09-10', '3000'), improve('2026-11-05', '7500')],
      [linear],
    )
    const after = taxBook(improved, 2026).kpir.rows.filter((r) => r.source.asset)
    expect(after.some((r) => r.description.startsWith('Wydatki na ulepszenie'))).toBe(false)
    // October: (12 000 + 3 000) × 30 % / 12 = 375; December: 22 500 × 30 % / 12 = 562.50.
    expect(after.find((r) => r.date === '2026-10-31')?.otherExpenses).toBe('375.00')
    expect(after.find((r) => r.date === '2026-12-31')?.otherExpenses).toBe('562.50')
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

/**
 * The taxes of 2026 with `pit`, full ZUS and `months` incomes of `monthly` zł on the 10th, and a server for 60 000 zł
 * (KŚT 491, 30 %: 1 500 zł a month from February), sold on 15 June for 40 000 zł (its invoice an income) when `sold`.
 */
const serverYear = (pit: LedgerEvent, months: number, monthly: string, sold: boolean) => {
  const zus = { type: 'SettingAdded', data: { id: 101, kind: 'SocialSecurity', data: ssSetting() } } as LedgerEvent
  const incomes = Array.from({ length: months }, (_, i) =>
    sale(i + 1, `2026-${String(i + 1).padStart(2, '0')}-10`, monthly),
  )
  const server = {
    type: 'EnterAsset',
    data: { kst: '491', name: 'Serwer', acquisitionDate: '2026-01-12', initialValue: '60000' },
  } as const
  const { state } = runCommands(
    sold
      ? [server, { type: 'DisposeAsset', id: 102, data: { date: '2026-06-15', reason: 'sale', price: '40000' } }]
      : [server],
    [pit, zus, ...incomes, ...(sold ? [sale(50, '2026-06-15', '40000.00')] : [])],
  )
  return taxesThrough(state, '2026-12')!.result
}

describe('the sale of a fixed asset and the health contribution (uŚOZ art. 81 ust. 2c, from 2025)', () => {
  // Linear 2026, 4.9 % health, 20 000 zł of revenue a month; the server sold with 52 500 zł undepreciated.
  const health = (sold: boolean) => serverYear(linear, 8, '20000.00', sold)

  it('leaves the sale’s price and its undepreciated value out of the month’s income, for the month and the year', () => {
    const kept = health(false)
    const sold = health(true)
    const july = (r: typeof kept) => r.contributions.find((c) => c.month === '2026-07')!
    // June's income for health is the same with the sale as without it: 20 000 − 1 500 − the contributions.
    expect(july(sold).healthBase).toBe(july(kept).healthBase)
    expect(july(sold).health).toBe(july(kept).health)
    // The PIT still counts both: the sale's 40 000 of revenue and 52 500 of cost (a loss of 12 500 in June).
    const june = (r: typeof kept) => r.pit.find((p) => p.from === '2026-06')!
    expect(june(sold).revenue - june(kept).revenue).toBe(4_000_000n)
    expect(june(sold).costs - june(kept).costs).toBe(5_250_000n) // 60 000 less five write-offs (February – June)
    const basis = (r: typeof kept) => r.healthSettlements.find((h) => h.year === 2026)!.basis
    // The year's basis differs only by the write-offs of July – December that the sold server no longer makes.
    expect(basis(sold) - basis(kept)).toBe(900_000n)
  })
})

describe('the sale of a fixed asset and ryczałt’s health contribution (uŚOZ art. 81, from January 2025)', () => {
  // Ryczałt 8.5 % in 2026, 8 000 zł of revenue a month, full ZUS of 2026 (1 926.76, social without FP 1 788.29 a
  // month): by June the revenue less social is 6 × 6 211.71 = 37 270.26, the first tier (up to 60 000). A server sold
  // on 15 June for 40 000 zł would raise it to 77 270.26, the second tier, if its price counted; from January 2025 it
  // does not.
  const flat = {
    type: 'SettingAdded',
    data: { id: 100, kind: 'Pit', data: pitSetting({ taxType: 'Flat', firstPercent: '8.5' }) },
  } as LedgerEvent
  const run = (sold: boolean) => serverYear(flat, 12, '8000.00', sold)

  it('leaves the sale’s price out of the revenue the tiers count, month by month and in the year’s settlement', () => {
    const kept = run(false)
    const sold = run(true)
    for (const month of ['2026-06', '2026-07', '2026-12']) {
      const c = (r: typeof kept) => r.contributions.find((m) => m.month === month)!
      expect([c(sold).healthBase, c(sold).health]).toEqual([c(kept).healthBase, c(kept).health])
    }
    // June stays in the first tier (498.35); counted, the price would have put it in the second (830.58), where
    // December is with or without the sale (12 × 6 211.71 = 74 540.52).
    expect(sold.contributions.find((m) => m.month === '2026-06')!.health).toBe(49_835n)
    expect(sold.contributions.find((m) => m.month === '2026-12')!.health).toBe(83_058n)
    const settlement = (r: typeof kept) => r.healthSettlements.find((h) => h.year === 2026)!
    expect([settlement(sold).basis, settlement(sold).flatTier]).toEqual([7_454_052n, 2])
    expect(settlement(sold).basis).toBe(settlement(kept).basis)
    // The tax still counts the sale's revenue: 40 000 × 8.5 % = 3 400 more in June.
    const june = (r: typeof kept) => r.pit.find((p) => p.from === '2026-06')!
    expect(june(sold).revenue - june(kept).revenue).toBe(4_000_000n)
  })
})
