/**
 * The live month: whatever the order of edits, views and flag toggles, a month view is the view of fresh books built
 * from the final items and settings, and every flag set on an identity that still exists is kept.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addMonthsToMonth } from '../calendar.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { foldBooks, initialBooks, isDomainError } from '../deciders/books.ts'
import { decide } from '../decide.ts'
import type { BooksState } from '../model/state.ts'
import type { LedgerEvent } from '../events.ts'
import type { TransactionDto } from '../schemas/transaction.ts'
import { commandArb, dateArb, itemDataArb, monthArb, percentArb } from '../testing/arbitraries.ts'
import { type CommandInput, cmd } from '../testing/given.ts'
import { monthTransactions, transactionById } from './month.ts'
import { summaryList } from './summary.ts'

const TODAY = '2026-06-15'

type Action =
  | { readonly kind: 'edit'; readonly command: CommandInput }
  /** An update (with `data`) or a delete of the `pick`-th live item or setting, of whatever type it is. */
  | { readonly kind: 'change'; readonly pick: number; readonly data: Record<string, unknown> | null }
  | { readonly kind: 'view'; readonly month: string }
  | {
      readonly kind: 'toggle'
      readonly month: string
      readonly pick: number
      readonly completed: boolean | undefined
      readonly notification: boolean | undefined
    }
  | { readonly kind: 'reset'; readonly month: string }

/** Additions of items and settings (the flag commands of `commandArb` are left to the toggles below). */
/**
 * No `zw` setting here: under it a purchase's VAT is part of its cost, which the summary counts and a month row's
 * net amount (what `rowTotals` sums) does not show (`vatRegister.test.ts` checks that summary; the incremental
 * property of `incremental.test.ts` draws `zw` settings).
 */
const editArb: fc.Arbitrary<CommandInput> = commandArb.filter(
  (c) =>
    c.type === 'AddItem' ||
    (c.type === 'AddSetting' && !(c.kind === 'Vat' && (c.data as { percent?: unknown }).percent === 'zw')),
)
/** New data for an item (a setting takes the fields it knows: date, percent, …; invalid data is refused). */
/** Items whose VAT is the rate in force on the day of supply: their occurrences follow the VAT settings. */
const inForceArb = itemDataArb.map((d) => ({ ...d, isCompany: true, vatTreatment: 'inForce' }))
const changeArb = fc.record({
  kind: fc.constant('change' as const),
  pick: fc.nat(),
  data: fc.option(
    fc.oneof(
      itemDataArb,
      inForceArb,
      fc.record({ date: dateArb, percent: percentArb, paymentInterval: fc.constantFrom(1, 3) }),
    ) as fc.Arbitrary<Record<string, unknown>>,
    { nil: null },
  ),
})

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: editArb.map((command) => ({ kind: 'edit' as const, command })) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('Income', 'Expense' as const), inForceArb).map(([dataType, data]) => ({
      kind: 'edit' as const,
      command: { type: 'AddItem', dataType, data } as CommandInput,
    })),
  },
  { weight: 4, arbitrary: changeArb },
  // Primary data: the business start and VAT registration dates change how contributions and VAT apply.
  {
    weight: 2,
    arbitrary: fc
      .record({
        businessStartDate: fc.option(dateArb, { nil: null }),
        vatRegistrationDate: fc.option(dateArb, { nil: null }),
      })
      .map((dates) => ({
        kind: 'edit' as const,
        command: {
          type: 'SaveCompanyRecord',
          dataType: 'Primary',
          data: { companyName: 'Firma', nip: '5260250274', ...dates },
        } as CommandInput,
      })),
  },
  { weight: 3, arbitrary: monthArb.map((month) => ({ kind: 'view' as const, month })) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('toggle' as const),
      month: monthArb,
      pick: fc.nat(),
      completed: fc.option(fc.boolean(), { nil: undefined }),
      notification: fc.option(fc.boolean(), { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: monthArb.map((month) => ({ kind: 'reset' as const, month })) },
)

/** Books holding only the current live items and settings of `s`, under the same ids, folded from nothing. */
const freshBooks = (s: BooksState): BooksState => {
  const events: LedgerEvent[] = []
  for (const r of [...s.records.values()].sort((a, b) => a.id - b.id)) {
    if (r.deleted) continue
    if (r.dataType === 'Vat' || r.dataType === 'Pit' || r.dataType === 'SocialSecurity')
      events.push({ type: 'SettingAdded', data: { id: r.id, kind: r.dataType, data: r.data } } as LedgerEvent)
    else if (
      r.dataType === 'Primary' ||
      r.dataType === 'Contact' ||
      r.dataType === 'Addresses' ||
      r.dataType === 'Invoice'
    )
      events.push({ type: 'CompanyRecordSaved', data: { id: r.id, dataType: r.dataType, data: r.data } } as LedgerEvent)
    else events.push({ type: 'ItemAdded', data: { id: r.id, dataType: r.dataType, data: r.data } } as LedgerEvent)
  }
  return foldBooks(events)
}

/** A view without what the user decided (flags, and the overdue mark that depends on them). */
const rowsOnly = (rows: readonly TransactionDto[]) =>
  rows.map((t) => ({
    id: t.id,
    date: t.date,
    eventType: t.eventType,
    dataType: t.dataType,
    dataObject: { ...t.dataObject, overdue: null },
  }))

/** The summary's month figures summed from a month's rows, as a reader of the dashboard would. */
const rowTotals = (rows: readonly TransactionDto[]) => {
  const sum = (p: (t: TransactionDto) => boolean, f: (t: TransactionDto) => string) =>
    formatMoney(rows.filter(p).reduce((a, t) => a + parseMoney(f(t)), 0n))
  const is = (type: string, company?: boolean) => (t: TransactionDto) =>
    t.eventType === type && (company === undefined || t.dataObject.isCompany === company)
  return {
    companyIncomeAmmount: sum(is('1_Revenue', true), (t) => t.dataObject.amount),
    companyExpenseAmmount: sum(is('2_Fee', true), (t) => t.dataObject.amount),
    privateIncomeAmmount: sum(is('1_Revenue', false), (t) => t.dataObject.sum),
    privateExpenseAmmount: sum(is('2_Fee', false), (t) => t.dataObject.sum),
    companyVatAmmount: sum(is('3_Vat'), (t) => t.dataObject.sum),
    companyPitAmmount: sum(is('4_Pit'), (t) => t.dataObject.sum),
    companySocialSecurityAmmount: sum(is('5_SocialSecurity'), (t) => t.dataObject.sum),
  }
}

const MONTHS: string[] = []
for (let m = '2024-12'; m <= '2027-04'; m = addMonthsToMonth(m, 1)) MONTHS.push(m)

// A property over 200 random histories: on a loaded machine it can take longer than the default 5 s.
describe('the live month', { timeout: 60_000 }, () => {
  it('every view equals the view of fresh books from the final items and settings; flags of surviving rows are kept', () =>
    fc.assert(
      fc.property(fc.array(actionArb, { minLength: 1, maxLength: 50 }), (actions) => {
        let state = initialBooks
        const run = (c: CommandInput) => {
          const r = decide(cmd(c), state)
          if (isDomainError(r)) return r
          state = foldBooks(r, state)
          return null
        }
        /** What the user set, by identity, and the month whose view it was set on. */
        const model = new Map<string, { completed: boolean; notification: boolean; month: string }>()
        for (const a of actions) {
          switch (a.kind) {
            case 'edit':
              run(a.command)
              break
            case 'change': {
              const live = [...state.records.values()].filter((r) => !r.deleted).sort((x, y) => x.id - y.id)
              const r = live[a.pick % Math.max(live.length, 1)]
              if (!r) break
              const isSetting = r.dataType === 'Vat' || r.dataType === 'Pit' || r.dataType === 'SocialSecurity'
              if (a.data === null)
                run(isSetting ? { type: 'DeleteSetting', id: r.id } : { type: 'DeleteItem', id: r.id })
              else
                run(
                  isSetting
                    ? ({
                        type: 'UpdateSetting',
                        kind: r.dataType,
                        id: r.id,
                        data: { ...r.data, ...a.data },
                      } as CommandInput)
                    : ({ type: 'UpdateItem', dataType: r.dataType, id: r.id, data: a.data } as CommandInput),
                )
              break
            }
            case 'view':
              expect(rowsOnly(monthTransactions(state, a.month, TODAY))).toEqual(
                rowsOnly(monthTransactions(freshBooks(state), a.month, TODAY)),
              )
              break
            case 'toggle': {
              const rows = monthTransactions(state, a.month, TODAY)
              if (rows.length === 0) break
              const row = rows[a.pick % rows.length]!
              const error = run({
                type: 'SetTransactionFlags',
                id: row.id,
                ...(a.completed === undefined ? {} : { completed: a.completed }),
                ...(a.notification === undefined ? {} : { notification: a.notification }),
              })
              // Every row a view shows can be acted on by its id.
              expect(error).toBeNull()
              const before = model.get(row.id) ?? { completed: row.completed, notification: row.notification }
              model.set(row.id, {
                completed: a.completed ?? before.completed,
                notification: a.notification ?? before.notification,
                month: a.month,
              })
              break
            }
            case 'reset':
              expect(run({ type: 'ResetMonth', month: a.month })).toBeNull()
              for (const [id, f] of model) if (f.month === a.month) model.delete(id)
              for (const t of monthTransactions(state, a.month, TODAY)) {
                expect(t.completed).toBe(false)
                expect(t.notification).toBe(false)
              }
              break
          }
        }
        const fresh = freshBooks(state)
        for (const month of MONTHS)
          expect(rowsOnly(monthTransactions(state, month, TODAY)), month).toEqual(
            rowsOnly(monthTransactions(fresh, month, TODAY)),
          )
        expect(summaryList(state, 2026, true)).toEqual(summaryList(fresh, 2026, true))
        // The summary sums exactly the rows the months show.
        const summary = summaryList(state, 2026, false)
        for (let m = 1; m <= 12; m++) {
          const rows = monthTransactions(state, `2026-${String(m).padStart(2, '0')}`, TODAY)
          expect(summary[m - 1], `2026-${m}`).toMatchObject(rowTotals(rows))
        }
        for (const [id, f] of model) {
          const t = transactionById(state, id, TODAY)
          if (t === null) continue
          expect({ id, completed: t.completed, notification: t.notification }).toEqual({
            id,
            completed: f.completed,
            notification: f.notification,
          })
        }
      }),
      { numRuns: 200 },
    ))
})
