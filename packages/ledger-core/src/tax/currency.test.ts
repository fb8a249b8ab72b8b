/**
 * Foreign currency by the law (docs/tax-rules.md, "Foreign currency"): golden worked examples through the decider and
 * every view, and the rounding property. The rates are a recorded fixture in the NBP's shape (table numbers and days
 * as the NBP numbers them in 2026; the rates are round example values, not the published ones).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isDomainError } from '../errors.ts'
import { decide } from '../decide.ts'
import { foldBooks } from '../deciders/books.ts'
import { taxesThrough } from '../projections/derived.ts'
import { taxBook } from '../projections/taxBook.ts'
import { vatFiling } from '../projections/vatRegister.ts'
import { line, statement } from '../bank/testing.ts'
import { income } from '../testing/fixtures.ts'
import { cmd, type CommandInput, recordRates, runCommands, vatAndLinearPit } from '../testing/given.ts'
import { initialRates, perUnit, rateBefore, toZloty, withTables } from './currency.ts'

/** The instant of a command marking a row paid: after every payment day these tests name. */
const LATER = '2027-12-31T10:00:00.000Z'

/** Tables of April–June 2026 (a few days each), the range 1 April – 30 June recorded whole. */
const rates = recordRates([
  { no: '064/A/NBP/2026', date: '2026-04-02', rates: { EUR: '4.2100', USD: '3.9000' } },
  { no: '068/A/NBP/2026', date: '2026-04-09', rates: { EUR: '4.2200', USD: '3.8500' } },
  { no: '083/A/NBP/2026', date: '2026-04-29', rates: { EUR: '4.2290', USD: '3.8700' } },
  { no: '084/A/NBP/2026', date: '2026-04-30', rates: { EUR: '4.2345', USD: '3.8800' } },
  { no: '095/A/NBP/2026', date: '2026-05-19', rates: { EUR: '4.2200', USD: '3.8000' } },
  { no: '110/A/NBP/2026', date: '2026-06-09', rates: { EUR: '4.2500', USD: '3.9500' } },
])

const settings = vatAndLinearPit()

/** The books after the settings, the rates and one item of `dataType` with `data` added through the decider. */
const withItem = (dataType: 'Income' | 'Expense', data: Record<string, unknown>) =>
  runCommands([...settings, rates, { type: 'AddItem', dataType, data }])

/** An EUR service supplied and invoiced on Monday 4 May 2026: 1 May (Friday) and 3 May are holidays. */
const eurService = (over: Record<string, unknown> = {}) =>
  income({
    date: '2026-05-04',
    name: 'Consulting for a client in Germany',
    amount: '',
    percent: '23',
    invoiceDate: '2026-05-04',
    supplyDate: '2026-05-04',
    documentNumber: 'FV 7/05/2026',
    currency: { code: 'EUR', amount: '1000.00', paidOn: null },
    ...over,
  })

/** A USD licence invoiced on 3 April 2026 (Friday), supplied on 10 April (Friday). */
const usdCost = (over: Record<string, unknown> = {}) =>
  income({
    date: '2026-04-20',
    name: 'Software licence',
    amount: '',
    percent: '23',
    invoiceDate: '2026-04-03',
    supplyDate: '2026-04-10',
    documentNumber: 'INV-2026-118',
    currency: { code: 'USD', amount: '500.00', paidOn: null },
    ...over,
  })

describe('the last working day before, from the tables the books hold', () => {
  const s = foldBooks(runCommands([rates]).events)
  it('a Monday after a holiday weekend takes Thursday 30 April (1 May and 3 May are holidays)', () => {
    expect(rateBefore(s.rates!, 'EUR', '2026-05-04')).toEqual({
      ok: true,
      rate: { table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.2345' },
    })
  })
  it('a working day in the recorded range without a table is skipped; one outside any range is missing', () => {
    // 8 April (Wednesday) is inside the range and has no table in the fixture: the walk goes on to 2 April... after
    // 7 and 3 April, which have none either (the fixture's range says the NBP published none).
    expect(rateBefore(s.rates!, 'USD', '2026-04-09')).toMatchObject({ ok: true, rate: { date: '2026-04-02' } })
    expect(rateBefore(s.rates!, 'EUR', '2026-04-01')).toEqual({
      ok: false,
      missing: { code: 'EUR', table: 'A', day: '2026-03-31' },
    })
  })
  it('a table without the currency is a missing rate of that day', () => {
    expect(rateBefore(s.rates!, 'GBP', '2026-05-04')).toEqual({
      ok: false,
      missing: { code: 'GBP', table: 'A', day: '2026-04-30' },
    })
  })
})

describe('golden: an EUR service supplied on the Monday after the May holidays', () => {
  const { state, events } = withItem('Income', eurService())
  const saved = events.at(-1)!

  it('keeps the currency amount as typed and converts at table 084/A/NBP/2026 of 30 April: 4234.50 zł, VAT 973.94', () => {
    expect(saved).toMatchObject({
      type: 'ItemAdded',
      data: {
        data: {
          amount: '4234.50',
          currency: {
            code: 'EUR',
            amount: '1000.00',
            vatRate: { table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.2345' },
            pitRate: { table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.2345' },
            pitAmount: '4234.50',
            paidRate: null,
            paidAmount: null,
          },
        },
      },
    })
  })

  it('the VAT register and the engine count the złoty base in May', () => {
    expect(vatFiling(state, '2026-05')!.sales.map((r) => r.fields)).toEqual([{ K_19: 423_450n, K_20: 97_394n }])
    const t = taxesThrough(state, '2026-05')!.result
    expect(t.vat.find((p) => p.from === '2026-05')!.output).toBe(97_394n)
    expect(t.pit.find((p) => p.from === '2026-05')!.revenue).toBe(423_450n)
  })

  it('the KPiR enters 4234.50 in column 7 on 4 May', () => {
    const rows = taxBook(state, 2026).kpir.rows
    expect(rows.map((r) => [r.date, r.documentNumber, r.sales])).toEqual([['2026-05-04', 'FV 7/05/2026', '4234.50']])
  })
})

describe('an EUR service invoiced before it is supplied (uVAT art. 31a ust. 2)', () => {
  it('converts the VAT base at the rate before the invoice, 29 April → 4.2290 of 083/A, not the supply’s 30 April', () => {
    // Invoiced on Thursday 30 April, supplied on Monday 4 May: VAT arises in May, but the rate is the one of the last
    // working day before the invoice (29 April); the revenue's day is the invoice's too (uPIT art. 14 ust. 1c).
    const { events, state } = withItem('Income', eurService({ date: '2026-05-04', invoiceDate: '2026-04-30' }))
    expect(events.at(-1)!.data).toMatchObject({
      data: {
        amount: '4229.00',
        currency: {
          vatRate: { table: '083/A/NBP/2026', date: '2026-04-29', rate: '4.2290' },
          pitRate: { table: '083/A/NBP/2026', date: '2026-04-29', rate: '4.2290' },
        },
      },
    })
    expect(vatFiling(state, '2026-05')!.sales.map((r) => r.fields)).toEqual([{ K_19: 422_900n, K_20: 97_267n }])
  })
})

describe('golden: a USD cost with different VAT and cost dates', () => {
  const { state, events } = withItem('Expense', usdCost())

  it('input VAT as the seller converted it, at the rate before the invoice issued first (2 April: 1950.00), and the cost too', () => {
    // The seller's VAT arises on 10 April, but its invoice of 3 April came first: the seller converts at the rate of
    // 2 April (uVAT art. 31a ust. 2) and the buyer deducts the tax the invoice states (art. 86 ust. 2 pkt 1 lit. a).
    // Input VAT is deducted in April, not before the supply (art. 86 ust. 10, 10b pkt 1).
    expect(events.at(-1)).toMatchObject({
      data: {
        data: {
          amount: '1950.00',
          currency: { vatRate: { date: '2026-04-02' }, pitRate: { date: '2026-04-02' }, pitAmount: '1950.00' },
        },
      },
    })
    const t = taxesThrough(state, '2026-04')!.result
    expect(t.vat.find((p) => p.from === '2026-04')!.input).toBe(44_850n)
    expect(t.pit.find((p) => p.from === '2026-04')!.costs).toBe(195_000n)
    expect(taxBook(state, 2026).kpir.rows.map((r) => [r.date, r.otherExpenses])).toEqual([['2026-04-03', '1950.00']])
  })
})

describe('golden: realised exchange differences both ways (uPIT art. 24c)', () => {
  it('an EUR income received on 10 June at 4.2500: +15.50 revenue in June, a KPiR column 8 entry', () => {
    const { state } = withItem(
      'Income',
      eurService({ currency: { code: 'EUR', amount: '1000.00', paidOn: '2026-06-10' } }),
    )
    const t = taxesThrough(state, '2026-06')!.result
    expect(t.pit.find((p) => p.from === '2026-05')!.revenue).toBe(423_450n)
    expect(t.pit.find((p) => p.from === '2026-06')!.revenue).toBe(1_550n)
    expect(t.vat.find((p) => p.from === '2026-06')!.output).toBe(0n)
    const fx = taxBook(state, 2026).kpir.rows.find((r) => r.date === '2026-06-10')!
    expect([fx.otherRevenue, fx.otherExpenses]).toEqual(['15.50', null])
  })

  it('a USD cost paid on 20 May at 3.8000 (lower than booked 3.9000): +50.00 revenue in May', () => {
    const { state } = withItem(
      'Expense',
      usdCost({ currency: { code: 'USD', amount: '500.00', paidOn: '2026-05-20' } }),
    )
    expect(taxesThrough(state, '2026-05')!.result.pit.find((p) => p.from === '2026-05')!.revenue).toBe(5_000n)
  })

  it('the same cost paid on 10 June at 3.9500 (higher): 25.00 of cost in June, KPiR column 13', () => {
    const { state } = withItem(
      'Expense',
      usdCost({ currency: { code: 'USD', amount: '500.00', paidOn: '2026-06-10' } }),
    )
    expect(taxesThrough(state, '2026-06')!.result.pit.find((p) => p.from === '2026-06')!.costs).toBe(2_500n)
    const fx = taxBook(state, 2026).kpir.rows.find((r) => r.date === '2026-06-10')!
    expect([fx.otherRevenue, fx.otherExpenses]).toEqual([null, '25.00'])
  })
})

describe('the payment day from the row marked paid (or a matched bank line)', () => {
  it('marking the EUR income’s row paid on 10 June sets its payment and the +15.50 of June; un-marking clears it', () => {
    const { state, events } = withItem('Income', eurService())
    const id = (events.at(-1)!.data as { id: number }).id
    const paid = runCommands(
      [{ type: 'SetTransactionFlags', at: LATER, id: `i${id}-2026-05`, completed: true, paidOn: '2026-06-10' }],
      events,
    )
    expect(paid.events.slice(events.length).map((e) => e.type)).toEqual(['TransactionCompletedSet', 'ItemUpdated'])
    expect(taxesThrough(paid.state, '2026-06')!.result.pit.find((p) => p.from === '2026-06')!.revenue).toBe(1_550n)
    const open = runCommands([{ type: 'SetTransactionFlags', id: `i${id}-2026-05`, completed: false }], paid.events)
    expect(taxesThrough(open.state, '2026-06')!.result.pit.find((p) => p.from === '2026-06')!.revenue).toBe(0n)
    expect(taxesThrough(state, '2026-06')!.result.pit.find((p) => p.from === '2026-06')!.revenue).toBe(0n)
  })
  it('a bank line matched to the income sets its payment day the same way', () => {
    const { events } = withItem('Income', eurService())
    const id = (events.at(-1)!.data as { id: number }).id
    const imported = runCommands(
      [
        {
          type: 'ImportBankStatement',
          statement: statement([line({ bookingDate: '2026-06-10', amount: '5208.44', title: 'FV 7/05/2026' })]),
          autoMatch: false,
        },
      ],
      events,
    )
    const lineId = [...imported.state.bank.lines.keys()][0]!
    const matched = runCommands(
      [
        {
          type: 'MatchBankLine',
          lineId,
          allocations: [{ kind: 'transaction', id: `i${id}-2026-05`, amount: '5208.44' }],
        },
      ],
      imported.events,
    )
    const item = matched.state.records.get(id)!.data as { currency: { paidOn: string; paidAmount: string } }
    expect([item.currency.paidOn, item.currency.paidAmount]).toEqual(['2026-06-10', '4250.00'])
    expect(taxesThrough(matched.state, '2026-06')!.result.pit.find((p) => p.from === '2026-06')!.revenue).toBe(1_550n)
  })

  it('a payment day without a rate refuses the flag: nothing is written', () => {
    const { state, events } = withItem('Income', eurService())
    const id = (events.at(-1)!.data as { id: number }).id
    const r = decide(
      cmd({ type: 'SetTransactionFlags', at: LATER, id: `i${id}-2026-05`, completed: true, paidOn: '2026-07-15' }),
      state,
    )
    expect(isDomainError(r) && r.errors?.[0]?.message).toBe(
      'No NBP table A rate of EUR for 2026-07-14: import the NBP table for that day',
    )
  })
})

describe('refusals', () => {
  const state = foldBooks(runCommands([...settings, rates]).events)
  it('a missing rate is a 400 naming the currency, the table and the day; nothing is written', () => {
    const r = decide(
      cmd({
        type: 'AddItem',
        dataType: 'Income',
        data: eurService({ date: '2026-03-10', invoiceDate: '2026-03-10', supplyDate: '2026-03-10' }),
      }),
      state,
    )
    expect(isDomainError(r) && r.errors).toEqual([
      {
        field: 'currency',
        code: 'REQUIRED',
        message: 'No NBP table A rate of EUR for 2026-03-09: import the NBP table for that day',
      },
    ])
  })
  it('a currency outside tables A and B, and a recurring item beyond the rates held (§31), are refused', () => {
    const r = decide(
      cmd({ type: 'AddItem', dataType: 'Income', data: eurService({ currency: { code: 'XYZ', amount: '1.00' } }) }),
      state,
    )
    expect(isDomainError(r) && r.errors?.map((e) => e.field)).toEqual(['currency.code'])
    const rec = decide(
      cmd({ type: 'AddItem', dataType: 'RecurringIncome', data: { ...eurService(), repetitions: 3 } }),
      state,
    )
    expect(isDomainError(rec) && [...new Set(rec.errors?.map((e) => e.field))]).toEqual(['currency'])
  })
  it('a table that contradicts a recorded one is refused; the same table again writes nothing', () => {
    const again = decide(cmd(rates), state)
    expect(again).toEqual([])
    const other = decide(
      cmd({
        ...rates,
        tables: [{ no: '084/A/NBP/2026', date: '2026-04-30', rates: { EUR: '4.3000' } }],
      } as CommandInput),
      state,
    )
    expect(isDomainError(other) && other.errors?.[0]?.field).toBe('tables.0.rates.EUR')
  })
  it('an old item without a currency is unchanged', () => {
    const r = decide(cmd({ type: 'AddItem', dataType: 'Income', data: income({ amount: '100.00' }) }), state)
    expect(!isDomainError(r) && (r[0]!.data as { data: object }).data).not.toHaveProperty('currency')
  })
})

describe('conversion never loses a grosz (half-up to the grosz, once)', () => {
  it('|złoty × 10^k − amount × rate| ≤ half a grosz, ties up', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 99_999_999_999n }),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 0, max: 8 }),
        (hundredths, n, k) => {
          const whole = BigInt(n) / 10n ** BigInt(k)
          const frac = (BigInt(n) % 10n ** BigInt(k)).toString().padStart(k, '0')
          const rate = k === 0 ? whole.toString() : `${whole}.${frac}`
          const amount = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`
          const g = toZloty(amount, rate)
          const d = 10n ** BigInt(k)
          const exact = hundredths * BigInt(n)
          const diff = g * d - exact
          // Within half a grosz; exactly half rounds up.
          expect(2n * diff <= d && 2n * diff > -d).toBe(true)
        },
      ),
    )
  })
  it('a rate per 100 units is the same rate per unit, exact', () => {
    expect(perUnit('1.1135', 100)).toBe('0.011135')
    expect(perUnit('2.5432', 10000)).toBe('0.00025432')
    expect(perUnit('4.2345', 1)).toBe('4.2345')
    expect(toZloty('100000.00', perUnit('1.1135', 100))).toBe(111_350n)
  })
  it('tables recorded twice keep the first', () => {
    const s = withTables(
      initialRates,
      [{ no: '1/A/NBP/2026', date: '2026-01-02', rates: { EUR: '4.1' } }],
      '2026-01-02',
      '2026-01-02',
    )
    const t = withTables(
      s,
      [{ no: '1/A/NBP/2026', date: '2026-01-02', rates: { EUR: '9' } }],
      '2026-01-02',
      '2026-01-02',
    )
    expect(t.tables.get('2026-01-02')!.rates.EUR).toBe('4.1')
  })
})
