/**
 * The rest of the currency law (docs/tax-rules.md §23–§25): the ECB rate as the taxpayer's choice for VAT (uVAT art.
 * 31a ust. 1 zdanie drugie), NBP table B currencies, and the bank's own rate of a payment (uPIT art. 24c). Golden examples through
 * the decider and the views; the cross rate's rounding as a property. Rates are round example values in the sources'
 * shapes (NBP table numbers, ECB days), not the published ones.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decide } from '../decide.ts'
import { isDomainError } from '../errors.ts'
import { taxesThrough } from '../projections/derived.ts'
import { taxBook } from '../projections/taxBook.ts'
import { vatFiling } from '../projections/vatRegister.ts'
import { income, vatSetting } from '../testing/fixtures.ts'
import { type CommandInput, cmd, recordRates, runCommands, vatAndLinearPit } from '../testing/given.ts'
import { crossRate, rateBefore } from './currency.ts'
import { vatExchangeRateOn } from './vatExchangeRate.ts'

const nbpA = recordRates([
  { no: '064/A/NBP/2026', date: '2026-04-02', rates: { EUR: '4.2100', USD: '3.9000' } },
  { no: '068/A/NBP/2026', date: '2026-04-09', rates: { EUR: '4.2200', USD: '3.8500' } },
  { no: '084/A/NBP/2026', date: '2026-04-30', rates: { EUR: '4.2345', USD: '3.8800' } },
  { no: '110/A/NBP/2026', date: '2026-06-09', rates: { EUR: '4.2500', USD: '3.9500' } },
])

/** ECB reference rates (units per 1 EUR): 1 May is a TARGET holiday, so 30 April is the last before 4 May. */
const ecb = recordRates(
  [
    { no: 'ECB', date: '2026-04-09', rates: { PLN: '4.2200', USD: '1.0950' } },
    { no: 'ECB', date: '2026-04-30', rates: { PLN: '4.2310', USD: '1.0900' } },
  ],
  { source: 'ecbHistory', table: 'ECB', to: '2026-05-31' },
)

/** NBP table B of Wednesday 29 April 2026. */
const nbpB = recordRates(
  [
    { no: '015/B/NBP/2026', date: '2026-04-15', rates: { AED: '1.0450' } },
    { no: '017/B/NBP/2026', date: '2026-04-29', rates: { AED: '1.0520' } },
  ],
  { table: 'B', to: '2026-05-31' },
)

const settings = vatAndLinearPit

const sale = (currency: Record<string, unknown>, over: Record<string, unknown> = {}) =>
  income({
    date: '2026-05-04',
    name: 'Consulting',
    amount: '',
    percent: '23',
    invoiceDate: '2026-05-04',
    supplyDate: '2026-05-04',
    documentNumber: 'FV 7/05/2026',
    currency: { paidOn: null, ...currency },
    ...over,
  })

const saved = (events: readonly { type: string; data: unknown }[]) =>
  (events.at(-1)!.data as { data: { amount: string; currency: Record<string, unknown> } }).data

describe('golden §23: the ECB rate chosen for VAT (uVAT art. 31a ust. 1 zdanie drugie)', () => {
  it('an EUR service of 4 May: the VAT base at the ECB PLN rate of 30 April (4231.00, VAT 973.13), revenue at NBP', () => {
    const { state, events } = runCommands([
      ...settings({ vatExchangeRate: 'ecb' }),
      nbpA,
      ecb,
      { type: 'AddItem', dataType: 'Income', data: sale({ code: 'EUR', amount: '1000.00' }) },
    ])
    const item = saved(events)
    expect(item.amount).toBe('4231.00')
    expect(item.currency).toMatchObject({
      vatRate: { table: 'ECB', date: '2026-04-30', rate: '4.2310' },
      pitRate: { table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.2345' },
      pitAmount: '4234.50',
    })
    expect(vatFiling(state, '2026-05')!.sales.map((r) => r.fields)).toEqual([{ K_19: 423_100n, K_20: 97_313n }])
    const t = taxesThrough(state, '2026-05')!.result
    expect(t.vat.find((p) => p.from === '2026-05')!.output).toBe(97_313n)
    expect(t.pit.find((p) => p.from === '2026-05')!.revenue).toBe(423_450n)
    expect(taxBook(state, 2026).kpir.rows.map((r) => r.sales)).toEqual(['4234.50'])
  })

  it('a USD cost supplied and invoiced on 10 April: the cross rate through the euro of 9 April, 4.2200 / 1.0950 = 3.853881', () => {
    const { events } = runCommands([
      ...settings({ vatExchangeRate: 'ecb' }),
      nbpA,
      ecb,
      {
        type: 'AddItem',
        dataType: 'Expense',
        data: sale(
          { code: 'USD', amount: '500.00' },
          { date: '2026-04-20', invoiceDate: '2026-04-10', supplyDate: '2026-04-10', documentNumber: 'INV-118' },
        ),
      },
    ])
    const item = saved(events)
    expect(item.currency).toMatchObject({ vatRate: { table: 'ECB', date: '2026-04-09', rate: '3.853881' } })
    expect(item.amount).toBe('1926.94')
    // The cost at the NBP rate before the invoice, 9 April: 500 × 3.8500.
    expect(item.currency.pitAmount).toBe('1925.00')
  })

  it('without the choice the NBP rate stays (4234.50); with it and no ECB rates, the day is named', () => {
    const nbp = runCommands([
      ...settings(),
      nbpA,
      ecb,
      { type: 'AddItem', dataType: 'Income', data: sale({ code: 'EUR', amount: '1000.00' }) },
    ])
    expect(saved(nbp.events).amount).toBe('4234.50')
    const { state } = runCommands([...settings({ vatExchangeRate: 'ecb' }), nbpA])
    const r = decide(
      cmd({ type: 'AddItem', dataType: 'Income', data: sale({ code: 'EUR', amount: '1000.00' }) }),
      state,
    )
    expect(isDomainError(r) && r.errors?.map((e) => e.message)).toEqual([
      'No ECB rate of EUR for 2026-05-01: import the ECB rates for that day',
    ])
  })

  it('the choice may end on any day: ECB from 1 April 2026, NBP again from 1 May is accepted and applies from then', () => {
    const { state } = runCommands([
      ...settings(),
      nbpA,
      ecb,
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-04-01', vatExchangeRate: 'ecb' }) },
    ])
    const back = decide(
      cmd({ type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-05-01', vatExchangeRate: 'nbp' }) }),
      state,
    )
    expect(isDomainError(back)).toBe(false)
    const { events } = runCommands([
      ...settings(),
      nbpA,
      ecb,
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-04-01', vatExchangeRate: 'ecb' }) },
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-05-01', vatExchangeRate: 'nbp' }) },
      {
        type: 'AddItem',
        dataType: 'Expense',
        data: sale(
          { code: 'USD', amount: '500.00' },
          { date: '2026-04-20', invoiceDate: '2026-04-10', supplyDate: '2026-04-10', documentNumber: 'INV-118' },
        ),
      },
      { type: 'AddItem', dataType: 'Income', data: sale({ code: 'EUR', amount: '1000.00' }) },
    ])
    // The USD cost of 10 April, under the ECB choice: the cross rate of 9 April.
    expect(saved(events.slice(0, -1)).currency).toMatchObject({ vatRate: { table: 'ECB', rate: '3.853881' } })
    // The service of 4 May, after the return: NBP's 4.2345 of 30 April (4234.50), not the ECB's 4.2310.
    expect(saved(events).amount).toBe('4234.50')
    expect(saved(events).currency).toMatchObject({ vatRate: { table: '084/A/NBP/2026', rate: '4.2345' } })
  })

  it('a VAT setting moved or changed back to NBP a month after the ECB choice is saved', () => {
    const { state } = runCommands([
      ...settings({ vatExchangeRate: 'ecb' }),
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-03-01', vatExchangeRate: 'ecb' }) },
    ])
    const id = [...state.records.values()].find(
      (r) => r.dataType === 'Vat' && (r.data as { date: string }).date === '2026-03-01',
    )!.id
    const r = decide(
      cmd({
        type: 'UpdateSetting',
        kind: 'Vat',
        id,
        data: vatSetting({ date: '2026-02-01', vatExchangeRate: 'nbp' }),
      } as CommandInput),
      state,
    )
    expect(isDomainError(r) ? r.errors : r.map((e) => e.type)).toEqual(['SettingUpdated'])
  })

  it('the choice in force follows the settings by date', () => {
    const s = [
      { id: 1, date: '2026-01-01' },
      { id: 2, date: '2026-03-15', vatExchangeRate: 'ecb' as const },
    ]
    expect(vatExchangeRateOn(s, '2026-03-14')).toBe('nbp')
    expect(vatExchangeRateOn(s, '2026-03-15')).toBe('ecb')
    expect(vatExchangeRateOn([...s, { id: 3, date: '2026-04-15', vatExchangeRate: 'nbp' }], '2026-04-15')).toBe('nbp')
  })
})

describe('property: the ECB cross rate', () => {
  it('is the quotient rounded half up to 6 decimals: |rate × b − a| ≤ b / 2 · 10⁻⁶', () => {
    const rate = fc.integer({ min: 1, max: 99_999_999 }).map((n) => (n / 10_000).toFixed(4))
    fc.assert(
      fc.property(rate, rate, (a, b) => {
        const r = crossRate(a, b)
        const micro = (s: string, d: number) => BigInt(Math.round(Number(s) * 10 ** d))
        // Exact integers: r·10⁶ × b·10⁴ against a·10⁴ × 10⁶.
        const diff = micro(r, 6) * micro(b, 4) - micro(a, 4) * 1_000_000n
        const abs = diff < 0n ? -diff : diff
        return 2n * abs <= micro(b, 4)
      }),
    )
  })
})

describe('golden §24: NBP table B currencies', () => {
  it('an AED service of 4 May takes table B of Wednesday 29 April: 10 000 AED × 1.0520 = 10 520.00, VAT 2 419.60', () => {
    const { state, events } = runCommands([
      ...settings(),
      nbpA,
      nbpB,
      { type: 'AddItem', dataType: 'Income', data: sale({ code: 'AED', amount: '10000.00' }) },
    ])
    expect(saved(events).amount).toBe('10520.00')
    expect(saved(events).currency).toMatchObject({
      vatRate: { table: '017/B/NBP/2026', date: '2026-04-29', rate: '1.0520' },
      pitAmount: '10520.00',
    })
    expect(vatFiling(state, '2026-05')!.sales.map((r) => r.fields)).toEqual([{ K_19: 1_052_000n, K_20: 241_960n }])
  })
  it('the table of the day itself is not "before" it: a tax point on 29 April takes 15 April', () => {
    const { state } = runCommands([nbpB])
    expect(rateBefore(state.rates!, 'AED', '2026-04-29')).toMatchObject({ ok: true, rate: { date: '2026-04-15' } })
  })
  it('a missing table B names table B and its Wednesday', () => {
    const { state } = runCommands([...settings(), nbpA])
    const r = decide(cmd({ type: 'AddItem', dataType: 'Income', data: sale({ code: 'AED', amount: '10.00' }) }), state)
    expect(isDomainError(r) && r.errors?.map((e) => e.message)).toEqual([
      'No NBP table B rate of AED for 2026-04-29: import the NBP table for that day',
    ])
  })
  it('a table B rate of a table A currency is refused', () => {
    const r = decide(
      cmd({ ...nbpB, tables: [{ no: '017/B/NBP/2026', date: '2026-04-29', rates: { EUR: '4.2' } }] } as CommandInput),
      runCommands([]).state,
    )
    expect(isDomainError(r) && r.errors?.[0]?.field).toBe('tables.0.rates')
  })
})

describe("golden §25: the bank's own rate of a payment (uPIT art. 24c ust. 2 pkt 1)", () => {
  it('1 000 EUR received on 10 June and exchanged by the bank at 4.2300: 4 230.00 − 4 234.50 = 4.50 of cost', () => {
    const { state, events } = runCommands([
      ...settings(),
      nbpA,
      {
        type: 'AddItem',
        dataType: 'Income',
        data: sale({ code: 'EUR', amount: '1000.00', paidOn: '2026-06-10', bankRate: '4.2300' }),
      },
    ])
    expect(saved(events).currency).toMatchObject({
      bankRate: '4.2300',
      paidRate: { table: 'bank', date: '2026-06-10', rate: '4.2300' },
      paidAmount: '4230.00',
    })
    const t = taxesThrough(state, '2026-06')!.result
    expect(t.pit.find((p) => p.from === '2026-06')!.costs).toBe(450n)
    const fx = taxBook(state, 2026).kpir.rows.find((r) => r.date === '2026-06-10')!
    expect([fx.otherRevenue, fx.otherExpenses]).toEqual([null, '4.50'])
  })
  it('without the bank rate the NBP rate of 9 June counts (+15.50); a bank rate without the payment day is refused', () => {
    const { events } = runCommands([
      ...settings(),
      nbpA,
      { type: 'AddItem', dataType: 'Income', data: sale({ code: 'EUR', amount: '1000.00', paidOn: '2026-06-10' }) },
    ])
    expect(saved(events).currency.paidAmount).toBe('4250.00')
    const r = decide(
      cmd({ type: 'AddItem', dataType: 'Income', data: sale({ code: 'EUR', amount: '1.00', bankRate: '4.23' }) }),
      runCommands([...settings(), nbpA]).state,
    )
    expect(isDomainError(r) && r.errors?.map((e) => e.field)).toEqual(['currency.bankRate'])
  })
})
