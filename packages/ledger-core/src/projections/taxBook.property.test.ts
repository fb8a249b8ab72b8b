/**
 * Properties of the tax books against the engine: the books hold exactly the revenue and costs the taxes are
 * computed from, month by month when every change is recorded in time, and in total whatever the timing; and a
 * closed month never changes.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonthsToMonth } from '../calendar.ts'
import { foldBooks } from '../deciders/books.ts'
import { decide } from '../decide.ts'
import type { BooksState } from '../model/state.ts'
import { isDomainError } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { parseMoney } from '../money.ts'
import { dateArb, moneyArb, percentArb, socialSecurityArb } from '../testing/arbitraries.ts'
import { type CommandInput, cmd } from '../testing/given.ts'
import { derive, monthFigures, taxesThrough } from './derived.ts'
import { type BookHistory, bookHistory, type TaxBook, taxBook } from './taxBook.ts'

const itemData = fc.record({
  date: dateArb,
  name: fc.constantFrom('Invoice', 'Rent', 'Fuel'),
  amount: moneyArb,
  isCompany: fc.boolean(),
  percent: percentArb,
  invoiceDate: fc.option(dateArb, { nil: null }),
  repetitions: fc.integer({ min: 1, max: 14 }),
  kpirColumn: fc.constantFrom(null, 'goods', 'sideCosts', 'salaries', 'other', 'free', 'research', 'notCost'),
  flatRate: fc.constantFrom(null, '3', '8.5', '12', '15'),
  documentNumber: fc.constantFrom('', 'FV 1'),
})

const itemType = fc.constantFrom('Income', 'RecurringIncome', 'Expense', 'RecurringExpense' as const)
const id = fc.integer({ min: 1, max: 30 })

/** Income columns only on incomes, the ryczałt rate only on incomes. */
const fitItem = (dataType: string, d: Record<string, unknown>) => {
  const income = dataType.endsWith('Income')
  const kpirColumn = income
    ? d.kpirColumn === 'other'
      ? 'otherRevenue'
      : d.kpirColumn === null
        ? null
        : 'sales'
    : d.kpirColumn
  return { ...d, kpirColumn, flatRate: income ? d.flatRate : null }
}

const pitArb = (flat: boolean) =>
  fc.record({
    date: dateArb,
    taxType: flat ? fc.constantFrom('Flat', 'Linear', 'Scale') : fc.constantFrom('Linear', 'Scale'),
    firstPercent: fc.constantFrom('12', '19', '8.5'),
    paymentInterval: fc.constantFrom(1, 3),
  })

const commandArb = (flat: boolean): fc.Arbitrary<CommandInput> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({ dataType: itemType, data: itemData })
        .map(({ dataType, data }) => ({ type: 'AddItem' as const, dataType, data: fitItem(dataType, data) })),
    },
    {
      weight: 3,
      arbitrary: fc.record({ dataType: itemType, id, data: itemData }).map(({ dataType, id, data }) => ({
        type: 'UpdateItem' as const,
        dataType,
        id,
        data: fitItem(dataType, data),
      })),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('DeleteItem' as const), id }) },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('AddSetting' as const),
        kind: fc.constant('Pit' as const),
        data: pitArb(flat),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('UpdateSetting' as const),
        kind: fc.constant('Pit' as const),
        id,
        data: pitArb(flat),
      }),
    },
    // Social contributions: full amounts carry the owner's Fundusz Pracy, a cost the KPiR enters when paid.
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('AddSetting' as const),
        kind: fc.constant('SocialSecurity' as const),
        data: fc
          .tuple(
            socialSecurityArb(['1773.96', '1926.76', '1646.47', '456.18']),
            fc.constantFrom('inMonth', 'byDeadline'),
          )
          .map(([d, contributionsPaid]) => ({ ...d, contributionsPaid })),
      }),
    },
  )

/** The owner's Fundusz Pracy the engine deducts, by the month it is paid in (the KPiR's lines, `taxBook/history`). */
const labourFundPaidIn = (state: BooksState, year: number) => {
  const paid = new Map<string, bigint>()
  for (const c of taxesThrough(state, `${year}-12`)?.result.contributions ?? [])
    if (c.configured && c.labourFund > 0n)
      paid.set(c.paidOn.slice(0, 7), (paid.get(c.paidOn.slice(0, 7)) ?? 0n) + c.labourFund)
  return paid
}

/** Runs the commands (skipping the ones the books refuse); each event keeps the day of its command. */
const run = (commands: readonly CommandInput[], days: readonly string[] = []) => {
  const recorded: { event: LedgerEvent; recordedAt?: string }[] = []
  let state: BooksState = foldBooks([])
  commands.forEach((c, i) => {
    const r = decide(cmd(c), state)
    if (isDomainError(r)) return
    state = foldBooks(r, state)
    for (const event of r) recorded.push({ event, recordedAt: days[i] })
  })
  return { state, recorded }
}

const monthsOfYear = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`)

const revenueOf = (book: TaxBook, i: number) =>
  parseMoney(book.months[i]!.kpir.revenue) + parseMoney(book.months[i]!.ewp.total)

/** Revenue and costs of every month, as the engine takes them. */
const engineTotals = (state: BooksState, from: string, to: string) => {
  let revenue = 0n
  let costs = 0n
  for (const f of monthFigures(derive(state).schedule, from, to)) {
    revenue += f.companyRevenue
    costs += f.companyCosts
  }
  return { revenue, costs }
}

const YEARS = [2024, 2025, 2026, 2027, 2028, 2029]

describe('the tax books hold what the engine taxes', () => {
  it('month by month and for the year, when every change is recorded in time', () => {
    fc.assert(
      fc.property(fc.array(commandArb(true), { minLength: 1, maxLength: 30 }), (commands) => {
        const { state } = run(commands)
        const schedule = derive(state).schedule
        for (const year of [2025, 2026]) {
          const book = taxBook(state, year)
          const taxes = taxesThrough(state, `${year}-12`)
          const fund = labourFundPaidIn(state, year)
          monthsOfYear(year).forEach((month, i) => {
            const [f] = monthFigures(schedule, month, month)
            const m = book.months[i]!
            expect(revenueOf(book, i)).toBe(f!.companyRevenue)
            if (m.kind === 'kpir') expect(parseMoney(m.kpir.costs)).toBe(f!.companyCosts + (fund.get(month) ?? 0n))
            else expect(m.kpir.revenue).toBe('0.00')
            // The monthly PIT card of the dashboard shows the same month's revenue and costs.
            const period = taxes?.result.pit.find((p) => p.from === month && p.to === month)
            // (Its costs leave out the Fundusz Pracy, deducted there with the social contributions.)
            if (period && m.kind === 'kpir') {
              expect(parseMoney(m.kpir.revenue)).toBe(period.revenue)
              expect(parseMoney(m.kpir.costs)).toBe(period.costs + (fund.get(month) ?? 0n))
            }
          })
          const year_ = engineTotals(state, `${year}-01`, `${year}-12`)
          expect(parseMoney(book.kpir.totals.revenue) + parseMoney(book.ewp.totals.total)).toBe(year_.revenue)
          const december = taxes?.result.pit.find((p) => p.to === `${year}-12` && p.taxType !== 'Flat')
          if (december && book.months.every((m) => m.kind === 'kpir')) {
            expect(parseMoney(book.kpir.totals.revenue)).toBe(december.revenueYearToDate)
            let yearFund = 0n
            for (const [month, g] of fund) if (month.startsWith(`${year}-`)) yearFund += g
            expect(parseMoney(book.kpir.totals.costs)).toBe(december.costsYearToDate + yearFund)
          }
        }
      }),
      { numRuns: 150 },
    )
  })

  it('in total whenever changes are recorded: corrections move amounts, never lose or invent them', () => {
    const daysArb = (n: number) =>
      fc.array(dateArb, { minLength: n, maxLength: n }).map((d) => [...d].sort().map((x) => `${x}T12:00:00Z`))
    const scenario = (flat: boolean) =>
      fc
        .array(commandArb(flat), { minLength: 1, maxLength: 30 })
        .chain((commands) => fc.tuple(fc.constant(commands), daysArb(commands.length)))
    fc.assert(
      fc.property(
        fc.boolean().chain((flat) => fc.tuple(fc.constant(flat), scenario(flat))),
        ([flat, [commands, days]]) => {
          const { state, recorded } = run(commands, days)
          const h = bookHistory(recorded)
          let revenue = 0n
          let costs = 0n
          for (const year of YEARS) {
            const book = h.book(year)
            revenue += parseMoney(book.kpir.totals.revenue) + parseMoney(book.ewp.totals.total)
            costs += parseMoney(book.kpir.totals.costs)
            for (const rows of [book.kpir.rows, book.ewp.rows])
              expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => i + 1))
          }
          const engine = engineTotals(state, '2024-01', '2029-12')
          let fund = 0n
          for (const [month, g] of labourFundPaidIn(state, 2029))
            if (month >= '2024-01' && month <= '2029-12') fund += g
          expect(revenue).toBe(engine.revenue)
          if (!flat) expect(costs).toBe(engine.costs + fund)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('never changes a closed month when later changes are recorded', () => {
    const strip = (rows: readonly { number: number; corrects: unknown }[]) =>
      rows.map(({ number: _n, corrects: _c, ...rest }) => rest)
    const closedRows = (h: BookHistory, year: number, months: ReadonlySet<string>) => {
      const b = h.book(year)
      return {
        kpir: strip(b.kpir.rows.filter((r) => months.has(r.month))),
        ewp: strip(b.ewp.rows.filter((r) => months.has(r.month))),
      }
    }
    fc.assert(
      fc.property(
        fc
          .array(commandArb(true), { minLength: 2, maxLength: 25 })
          .chain((commands) =>
            fc.tuple(
              fc.constant(commands),
              fc.array(dateArb, { minLength: commands.length, maxLength: commands.length }),
              fc.integer({ min: 1, max: commands.length - 1 }),
            ),
          ),
        ([commands, rawDays, cut]) => {
          const days = [...rawDays].sort().map((d) => `${d}T12:00:00Z`)
          const all = run(commands, days).recorded
          const firstDays = days.slice(0, cut)
          const part = run(commands.slice(0, cut), firstDays).recorded
          const before = bookHistory(part)
          const after = bookHistory(all)
          for (const year of YEARS) {
            const closed = new Set(
              before
                .book(year)
                .months.filter((m) => m.closed)
                .map((m) => m.month),
            )
            if (closed.size === 0) continue
            expect(closedRows(after, year, closed)).toEqual(closedRows(before, year, closed))
          }
        },
      ),
      { numRuns: 150 },
    )
  })
})

// Keeps the month helper honest for the ranges used above.
it('spans whole years', () => {
  expect(addMonthsToMonth('2024-01', 71)).toBe('2029-12')
})
