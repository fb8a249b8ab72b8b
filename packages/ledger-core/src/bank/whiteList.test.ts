import { describe, expect, it } from 'vitest'
import { decide } from '../decide.ts'
import { foldBooks } from '../deciders/books.ts'
import type { BooksState } from '../model/state.ts'
import { isDomainError } from '../errors.ts'
import { income } from '../testing/fixtures.ts'
import { cmd, type CommandInput, runCommands, vatAndLinearPit } from '../testing/given.ts'
import { line, statement } from './testing.ts'
import { betterEvidence, polishNip, whiteListPayments } from './whiteList.ts'

const SUPPLIER = 'PL27114020040000300201355387'
const NIP = '5260250274'

const books = () =>
  runCommands([
    ...vatAndLinearPit(),
    {
      type: 'AddItem',
      dataType: 'Expense',
      // 16 000 net + 23 % = 19 680 gross: above the 15 000 zł of art. 22p.
      data: income({
        date: '2026-02-05',
        name: 'Server',
        amount: '16000.00',
        documentNumber: 'FZ/7/2026',
        counterparty: { name: 'Hardware sp. z o.o.', taxId: NIP, country: 'PL', address: '' },
      }),
    },
    {
      type: 'AddItem',
      dataType: 'Expense',
      data: income({
        date: '2026-02-06',
        name: 'Paper',
        amount: '100.00',
        documentNumber: 'FZ/8/2026',
        counterparty: { name: 'Hardware sp. z o.o.', taxId: NIP, country: 'PL', address: '' },
      }),
    },
  ]).state

const run = (state: BooksState, c: CommandInput) => {
  const r = decide(cmd({ at: '2026-03-31T10:00:00.000Z', ...c } as CommandInput), state)
  if (isDomainError(r)) throw new Error(JSON.stringify(r))
  return { events: r, state: foldBooks(r, state) }
}

const paid = () =>
  run(books(), {
    type: 'ImportBankStatement',
    statement: statement(
      [
        line({ bookingDate: '2026-02-10', amount: '-19680.00', title: 'FZ/7/2026', counterpartyAccount: SUPPLIER }),
        line({ bookingDate: '2026-02-11', amount: '-123.00', title: 'FZ/8/2026', counterpartyAccount: SUPPLIER }),
      ],
      { openingBalance: '50000.00' },
    ),
  }).state

describe('white list: the payments it concerns', () => {
  it('lists an outgoing payment of an expense above 15 000 zł to a Polish NIP and account, not the small one', () => {
    const payments = whiteListPayments(paid())
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatchObject({
      bookingDate: '2026-02-10',
      amount: '19680.00',
      nip: NIP,
      account: SUPPLIER.slice(2),
      counterparty: 'Hardware sp. z o.o.',
      check: null,
      warning: false,
    })
    expect(payments[0]!.expenses.map((e) => [e.documentNumber, e.gross])).toEqual([['FZ/7/2026', '19680.00']])
  })

  it('keeps the answer as evidence, warns when the account is not on the list, and keeps the nearest list', () => {
    const state = paid()
    const p = whiteListPayments(state)[0]!
    const check = { lineId: p.lineId, nip: NIP, account: p.account, source: 'flatFile', requestId: null }
    const later = run(state, {
      type: 'RecordWhiteListChecks',
      checks: [{ ...check, listDate: '2026-02-20', result: 'absent' }],
    })
    expect(later.events.map((e) => e.type)).toEqual(['BankWhiteListChecked'])
    expect(whiteListPayments(later.state)[0]).toMatchObject({ warning: true, check: { listDate: '2026-02-20' } })
    // The list of the payment's day is better evidence; a list after it, or one before the payment, is not.
    const sameDay = run(later.state, {
      type: 'RecordWhiteListChecks',
      checks: [{ ...check, listDate: '2026-02-10', result: 'active' }],
    })
    expect(whiteListPayments(sameDay.state)[0]).toMatchObject({ warning: false, check: { result: 'active' } })
    for (const listDate of ['2026-02-15', '2026-02-09'])
      expect(
        decide(
          cmd({ type: 'RecordWhiteListChecks', checks: [{ ...check, listDate, result: 'absent' }] }),
          sameDay.state,
        ),
      ).toEqual([])
  })

  it('refuses a check of another account or a line the rule does not concern, naming the field', () => {
    const state = paid()
    const p = whiteListPayments(state)[0]!
    const base = { lineId: p.lineId, nip: NIP, listDate: '2026-02-10', source: 'api', result: 'listed' }
    const other = decide(
      cmd({ type: 'RecordWhiteListChecks', checks: [{ ...base, account: '10101010101010101010101010' }] }),
      state,
    )
    expect(isDomainError(other) && other.errors?.[0]?.field).toBe('checks.0.account')
    const small = [...state.bank.lines.values()].find((l) => l.amount === '-123.00')!
    const notCovered = decide(
      cmd({ type: 'RecordWhiteListChecks', checks: [{ ...base, lineId: small.lineId, account: p.account }] }),
      state,
    )
    expect(isDomainError(notCovered) && notCovered.errors?.[0]?.field).toBe('checks.0.lineId')
    const malformed = decide(
      cmd({ type: 'RecordWhiteListChecks', checks: [{ ...base, account: p.account, result: 'maybe' }] }),
      state,
    )
    expect(isDomainError(malformed) && malformed.errors?.map((e) => e.field)).toEqual(['checks.0.result'])
  })

  it('reads a NIP with its prefix and separators, and no foreign one', () => {
    expect(polishNip('PL 526-025-02-74')).toBe(NIP)
    expect(polishNip('DE123456789', 'DE')).toBeNull()
    expect(betterEvidence('2026-02-10', null, '2026-02-11')).toBe(false)
  })
})
