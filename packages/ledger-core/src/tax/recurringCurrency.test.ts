/**
 * A recurring item in a foreign currency (docs/tax-rules.md §31): each occurrence converted at the rates of its own
 * dates — golden through the decider, the engine, the VAT register and the tax book; refused when an occurrence has
 * no rate, naming the day.
 */
import { describe, expect, it } from 'vitest'
import { decide } from '../decide.ts'
import { isDomainError } from '../errors.ts'
import { taxesThrough } from '../projections/derived.ts'
import { taxBook } from '../projections/taxBook.ts'
import { vatFiling } from '../projections/vatRegister.ts'
import { income } from '../testing/fixtures.ts'
import { type CommandInput, cmd, recordRates, runCommands, vatAndLinearPit } from '../testing/given.ts'

const rates = recordRates([
  { no: '067/A/NBP/2026', date: '2026-04-08', rates: { USD: '3.8500' } },
  { no: '088/A/NBP/2026', date: '2026-05-08', rates: { USD: '3.8000' } },
  { no: '110/A/NBP/2026', date: '2026-06-09', rates: { USD: '3.9500' } },
])
const settings = vatAndLinearPit()
/** A software subscription of 100.00 USD a month, invoiced on the 10th, April–June 2026. */
const subscription = (repetitions: number): CommandInput => ({
  type: 'AddItem',
  dataType: 'RecurringExpense',
  data: {
    ...income({
      date: '2026-04-10',
      invoiceDate: '2026-04-10',
      name: 'Software subscription',
      amount: '',
      percent: '23',
      currency: { code: 'USD', amount: '100.00', paidOn: null },
    }),
    repetitions,
  },
})

describe('golden §31: a monthly USD subscription', () => {
  const { state, events } = runCommands([...settings, rates, subscription(3)])

  it('keeps each month’s conversion: 385.00 (8 April), 380.00 (8 May), 395.00 (9 June)', () => {
    const c = (events.at(-1)!.data as unknown as { data: { amount: string; currency: { occurrences: unknown[] } } })
      .data
    expect(c.amount).toBe('385.00')
    expect(c.currency.occurrences).toEqual([
      {
        amount: '385.00',
        pitAmount: '385.00',
        vatRate: { table: '067/A/NBP/2026', date: '2026-04-08', rate: '3.8500' },
        pitRate: { table: '067/A/NBP/2026', date: '2026-04-08', rate: '3.8500' },
      },
      expect.objectContaining({ amount: '380.00', vatRate: expect.objectContaining({ date: '2026-05-08' }) }),
      expect.objectContaining({ amount: '395.00', vatRate: expect.objectContaining({ date: '2026-06-09' }) }),
    ])
  })

  it('each month counts its own złoty amount: VAT register, engine and the tax book', () => {
    const inputs = ['2026-04', '2026-05', '2026-06'].map((m) => vatFiling(state, m)!.purchases.map((r) => r.fields))
    expect(inputs).toEqual([
      [{ K_42: 38_500n, K_43: 8_855n }],
      [{ K_42: 38_000n, K_43: 8_740n }],
      [{ K_42: 39_500n, K_43: 9_085n }],
    ])
    const pit = taxesThrough(state, '2026-06')!.result.pit
    expect(['2026-04', '2026-05', '2026-06'].map((m) => pit.find((p) => p.from === m)!.costs)).toEqual([
      38_500n,
      38_000n,
      39_500n,
    ])
    expect(taxBook(state, 2026).kpir.rows.map((r) => r.otherExpenses)).toEqual(['385.00', '380.00', '395.00'])
  })

  it('an occurrence without a rate refuses the item, naming the table and the day; a payment day is refused', () => {
    const r = decide(cmd(subscription(4)), runCommands([...settings, rates]).state)
    expect(isDomainError(r) && r.errors?.map((e) => e.message)).toEqual([
      'No NBP table A rate of USD for 2026-07-09: import the NBP table for that day',
    ])
    const paid = subscription(2) as { data: { currency: object } }
    paid.data.currency = { code: 'USD', amount: '100.00', paidOn: '2026-04-20' }
    const p = decide(cmd(paid as CommandInput), runCommands([...settings, rates]).state)
    expect(isDomainError(p) && p.errors?.map((e) => e.field)).toEqual(['currency.paidOn'])
  })
})
