/**
 * Refunds of the excess of input VAT (uVAT art. 87): the declaration's P_54 (at most the excess P_53), P_62 what is
 * left to carry, the next period's P_39, a quarter's refund, the term's last day, the decider's checks, and a
 * changed refund recomputing from its own period only.
 */
import { describe, expect, it } from 'vitest'
import { VatRefundMessages } from '../deciders/vatRefund.ts'
import { vatFiling } from '../projections/vatRegister.ts'
import { taxesThrough } from '../projections/derived.ts'
import { income, vatSetting } from '../testing/fixtures.ts'
import { addItem, type CommandInput, cmd, given, runCommands } from '../testing/given.ts'
import { decide } from '../decide.ts'
import { isDomainError } from '../errors.ts'
import { foldBooks } from '../model/evolve.ts'
import { taxCounter } from './engine.ts'
import { applyVatRefund, generalVatRefundTerm, vatRefundDeadline, vatRefundTermsFor } from './vatRefund.ts'

/** A monthly VAT payer from 2026: January sells 1 000 net and buys 10 000 net (an excess of 2 070), later months sell. */
const books = (interval = 1, extra: CommandInput[] = []) =>
  runCommands([
    { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-01-01', paymentInterval: interval }) },
    addItem('Income', income({ date: '2026-01-10', amount: '1000.00' })),
    addItem('Expense', income({ date: '2026-01-12', amount: '10000.00' })),
    ...['02', '03', '04', '05', '06'].map((m) =>
      addItem('Income', income({ date: `2026-${m}-10`, amount: '1000.00' })),
    ),
    ...extra,
  ])

const refund = (month: string, r: Record<string, unknown> | null): CommandInput => ({
  type: 'SetVatRefund',
  month,
  refund: r,
})

const declarationOf = (state: ReturnType<typeof books>['state'], month: string) =>
  vatFiling(state, month)!.period.declaration

describe('a refund of the excess (art. 87 ust. 1–2)', () => {
  it('the whole excess: P_54 = P_53, nothing carried, the next period starts from 0', () => {
    const { state } = books(1, [refund('2026-01', { amount: null, term: 'days60' })])
    const jan = declarationOf(state, '2026-01')
    // 230 output, 2 300 input: 2 070 excess.
    expect(jan).toMatchObject({ P_38: 23000n, P_48: 230000n, P_53: 207000n, P_54: 207000n, P_62: 0n })
    expect(jan.refund).toEqual({ term: 'days60', amount: 207000n, requested: null, offset: null })
    expect(declarationOf(state, '2026-02')).toMatchObject({ P_39: 0n, P_51: 23000n })
  })

  it('a part: the rest is carried; more than the excess refunds the excess; a set-off is at most the refund', () => {
    const { state } = books(1, [refund('2026-01', { amount: '1500', term: 'days25', offset: null })])
    expect(declarationOf(state, '2026-01')).toMatchObject({ P_53: 207000n, P_54: 150000n, P_62: 57000n })
    expect(declarationOf(state, '2026-02')).toMatchObject({ P_39: 57000n, P_51: 0n, P_53: 34000n, P_62: 34000n })
    expect(applyVatRefund({ amount: '5000.00', term: 'days60', offset: null }, 207000n)).toMatchObject({
      amount: 207000n,
      requested: 500000n,
    })
    expect(
      applyVatRefund({ amount: null, term: 'days60', offset: { amount: '3000.00', liability: 'PIT-36' } }, 207000n),
    ).toMatchObject({ amount: 207000n, offset: { amount: 207000n, liability: 'PIT-36' } })
  })

  it('an excess carried in can be refunded; with tax to pay there is no refund, and the request waits', () => {
    const { state } = books(1, [refund('2026-02', { amount: null, term: 'days40' })])
    // February: 2 070 carried in, 230 output: an excess of 1 840, all of it refunded; March starts from 0.
    expect(declarationOf(state, '2026-02')).toMatchObject({ P_39: 207000n, P_53: 184000n, P_54: 184000n, P_62: 0n })
    expect(declarationOf(state, '2026-03')).toMatchObject({ P_39: 0n, P_51: 23000n })
    const { state: toPay } = runCommands([
      { type: 'AddSetting', kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) },
      addItem('Income', income({ date: '2026-01-10', amount: '1000.00' })),
      refund('2026-01', { amount: '100', term: 'days60' }),
    ])
    const jan = declarationOf(toPay, '2026-01')
    expect(jan).toMatchObject({ P_51: 23000n, P_53: 0n, P_62: 0n })
    expect(jan.P_54).toBeUndefined()
    expect(jan.refund).toBeUndefined()
    expect(toPay.vatRefunds?.get('2026-01')?.amount).toBe('100.00')
    expect(applyVatRefund({ amount: null, term: 'days60', offset: null }, 0n)).toBeNull()
  })

  it('a quarterly payer: the refund asked for in any month of the quarter is the quarter’s', () => {
    const { state } = books(3, [refund('2026-02', { amount: '1000', term: 'days40' })])
    const q1 = declarationOf(state, '2026-03')
    // Q1: 690 output, 2 300 input: 1 610 excess, 1 000 refunded, 610 carried into Q2.
    expect(q1).toMatchObject({ P_53: 161000n, P_54: 100000n, P_62: 61000n })
    expect(declarationOf(state, '2026-06')).toMatchObject({ P_39: 61000n, P_51: 8000n })
  })

  it('the term counts from the filing; a last day on a Saturday, Sunday or holiday moves to the next working day', () => {
    // Filed on Wednesday 25 February 2026: 25 days → Sunday 22 March → Monday 23 March.
    expect(vatRefundDeadline('days25', '2026-02-25')).toBe('2026-03-23')
    // 60 days from 25 March 2026 → Sunday 24 May (Pentecost) → Monday 25 May.
    expect(vatRefundDeadline('days60', '2026-03-25')).toBe('2026-05-25')
    expect(vatRefundDeadline('days15', '2026-04-24')).toBe('2026-05-11')
  })
})

describe('SetVatRefund', () => {
  it('records a refund, replaces it, and withdraws it; the same again writes nothing', () => {
    const r = { amount: '1200', term: 'days60', offset: { amount: '200.00', liability: '  PIT   za 2026 ' } }
    const after = given([])
      .when(refund('2026-01', r))
      .thenEmits([
        {
          type: 'VatRefundSet',
          data: {
            month: '2026-01',
            refund: { amount: '1200.00', term: 'days60', offset: { amount: '200.00', liability: 'PIT za 2026' } },
          },
        },
      ])
    expect(after.vatRefunds?.get('2026-01')?.amount).toBe('1200.00')
    const events = [
      {
        type: 'VatRefundSet' as const,
        data: {
          month: '2026-01',
          refund: { amount: '1200.00', term: 'days60' as const, offset: null },
        },
      },
    ]
    given(events)
      .when(refund('2026-01', { amount: '1200.00', term: 'days60' }))
      .thenNothing()
    const cleared = given(events)
      .when(refund('2026-01', null))
      .thenEmits([{ type: 'VatRefundSet', data: { month: '2026-01', refund: null } }])
    expect(cleared.vatRefunds).toBeUndefined()
    given([]).when(refund('2026-01', null)).thenNothing()
  })

  it('refuses, naming every field, what the declaration cannot carry', () => {
    given([])
      .when(refund('2026-13', { amount: '12.50', term: 'days30', offset: { amount: '0', liability: '' } }))
      .thenFails('VALIDATION', {
        month: VatRefundMessages.month,
        amount: VatRefundMessages.amount,
        term: VatRefundMessages.term,
        'offset.amount': VatRefundMessages.offsetAmount,
        'offset.liability': VatRefundMessages.liability,
      })
    // The 60-day term is gone from February 2026 (art. 87 ust. 2: 40 days); January's declaration still has it.
    given([])
      .when(refund('2026-02', { amount: '100', term: 'days60' }))
      .thenFails('VALIDATION', { term: VatRefundMessages.noSixtyDays })
    expect(vatRefundTermsFor('2026-01')).toContain('days60')
    expect(vatRefundTermsFor('2026-02')).not.toContain('days60')
    expect([generalVatRefundTerm('2026-01'), generalVatRefundTerm('2026-02')]).toEqual(['days60', 'days40'])
    given([])
      .when(refund('2026-01', { amount: '100', term: 'days60', offset: { amount: '101', liability: 'PIT' } }))
      .thenFails('VALIDATION', { 'offset.amount': VatRefundMessages.offsetOverRefund })
    given([])
      .when(refund('2026-01', { amount: '-5', term: 'days60', offset: { amount: '1', liability: 'x'.repeat(241) } }))
      .thenFails('VALIDATION', { amount: VatRefundMessages.amount, 'offset.liability': VatRefundMessages.liability })
    // An offset that is no object is named as a whole, not field by field.
    given([])
      .when(refund('2026-01', { amount: '100', term: 'days60', offset: '50 PIT' }))
      .thenFails('VALIDATION', { offset: VatRefundMessages.offset })
  })
})

describe('a changed refund recomputes from its own period', () => {
  it('asking in May recomputes May to December; the months before are kept, and equal a fresh fold', () => {
    const { state: base, events } = books(1)
    taxesThrough(base, '2026-12')
    const r = decide(cmd(refund('2026-05', { amount: null, term: 'days40' })), base)
    if (isDomainError(r)) throw new Error(r.code)
    const state = foldBooks(r, base)
    const months = taxCounter.months
    const taxes = taxesThrough(state, '2026-12')!
    expect(taxes.run.run.months[taxes.run.restartedAt]!.month).toBe('2026-05')
    expect(taxCounter.months - months).toBe(8)
    expect(taxes.result).toEqual(taxesThrough(foldBooks([...events, ...r]), '2026-12')!.result)
    // Withdrawn again: the same figures as without it.
    const back = foldBooks([{ type: 'VatRefundSet', data: { month: '2026-05', refund: null } }], state)
    expect(taxesThrough(back, '2026-12')!.result).toEqual(taxesThrough(books(1).state, '2026-12')!.result)
  })
})
