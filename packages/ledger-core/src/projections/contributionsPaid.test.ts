/**
 * Contributions are deducted when paid (uPIT art. 26 ust. 1 pkt 2, art. 30c ust. 2; uZPD art. 11): the advances and
 * the annual return take them on the same days — the payment's day where the books know it, else the setting's
 * assumption (within the month they concern, or by the deadline).
 */
import { describe, expect, it } from 'vitest'
import { pitSetting, recurring, ssSetting } from '../testing/fixtures.ts'
import { type CommandInput, runCommands } from '../testing/given.ts'
import { taxesThrough } from './derived.ts'

/** The instant of a command marking a row paid: after every payment day these tests name. */
const LATER = '2027-12-31T10:00:00.000Z'

const year = (contributionsPaid?: 'inMonth' | 'byDeadline'): CommandInput[] => [
  { type: 'AddSetting', kind: 'Pit', data: pitSetting({ date: '2026-01-01', taxType: 'Linear', firstPercent: '19' }) },
  {
    type: 'AddSetting',
    kind: 'SocialSecurity',
    data: ssSetting({
      date: '2026-01-01',
      amount: '1926.76',
      percent: '4.9',
      ...(contributionsPaid ? { contributionsPaid } : {}),
    }),
  },
  {
    type: 'AddItem',
    dataType: 'RecurringIncome',
    data: recurring({ date: '2026-01-10', name: 'Client', amount: '20000', percent: '0', repetitions: 13 }),
  },
  {
    type: 'AddItem',
    dataType: 'RecurringExpense',
    data: recurring({ date: '2026-01-12', name: 'Office', amount: '4000', percent: '0', repetitions: 13 }),
  },
]

const figures = (commands: CommandInput[]) => {
  const { state, events } = runCommands(commands)
  const t = taxesThrough(state, '2027-01')!.result
  const r = t.annual.find((a) => a.year === 2026)!
  const advances = t.pit.filter((p) => p.from.startsWith('2026')).reduce((s, p) => s + p.advance, 0n)
  const december = t.contributions.find((c) => c.month === '2026-12')!
  return { state, events, r, advances, december, t }
}

describe('contributions deducted when paid, by one rule', () => {
  it('paid within the month they concern (the default): the return equals the advances, December counts in 2026', () => {
    const { r, advances, december } = figures(year())
    expect([december.paidOn, december.paidOnSource]).toEqual(['2026-12-31', 'inMonth'])
    expect(r.socialPaid).toBe(12n * 178829n)
    expect(r.advances).toBe(advances)
    expect(r.difference).toBe(0n)
  })

  it('paid by the deadline: December counts in 2027 in the advances and the return alike', () => {
    const { r, advances, december, t } = figures(year('byDeadline'))
    expect([december.paidOn, december.paidOnSource]).toEqual(['2027-01-20', 'byDeadline'])
    expect(r.socialPaid).toBe(11n * 178829n)
    expect(r.advances).toBe(advances)
    expect(r.difference).toBe(0n)
    // January 2026 deducts nothing (nothing paid in it); January 2027 deducts December 2026's.
    expect(t.pit.find((p) => p.from === '2026-01')!.social).toBe(0n)
    expect(t.pit.find((p) => p.from === '2027-01')!.social).toBe(192676n)
  })

  it('a ZUS row marked paid on a day moves its deduction there, in the advance and in the return', () => {
    const base = figures(year())
    const { state } = runCommands(
      [{ type: 'SetTransactionFlags', at: LATER, id: 'zus-2026-12', completed: true, paidOn: '2027-01-08' }],
      base.events,
    )
    expect(state.flags.get('zus-2026-12')?.paidOn).toBe('2027-01-08')
    const t = taxesThrough(state, '2027-01')!.result
    const december = t.contributions.find((c) => c.month === '2026-12')!
    expect([december.paidOn, december.paidOnSource]).toEqual(['2027-01-08', 'payment'])
    const r = t.annual.find((a) => a.year === 2026)!
    expect(r.socialPaid).toBe(11n * 178829n)
    expect(t.pit.find((p) => p.from === '2026-12')!.social).toBe(0n)
    expect(t.pit.find((p) => p.from === '2027-01')!.social).toBe(2n * 192676n)
    expect(r.difference).toBe(0n)
  })

  it('refuses a payment day that is not a date, still to come, or given without marking the row paid', () => {
    const { events } = figures(year())
    expect(() =>
      runCommands(
        [{ type: 'SetTransactionFlags', at: LATER, id: 'zus-2026-03', completed: true, paidOn: '2026-13-01' }],
        events,
      ),
    ).toThrow(/Paid on is not a real date/)
    expect(() =>
      runCommands(
        [{ type: 'SetTransactionFlags', at: LATER, id: 'zus-2026-03', completed: true, paidOn: '1 April' }],
        events,
      ),
    ).toThrow(/Paid on must be a date/)
    expect(() =>
      runCommands(
        [{ type: 'SetTransactionFlags', at: LATER, id: 'zus-2026-03', notification: true, paidOn: '2026-04-01' }],
        events,
      ),
    ).toThrow(/only when marking a row paid/)
    // A day still to come in Poland is refused: 23:30 UTC on 30 April is already 1 May in Warsaw.
    const at = '2026-04-30T23:30:00.000Z'
    expect(() =>
      runCommands(
        [{ type: 'SetTransactionFlags', at, id: 'zus-2026-03', completed: true, paidOn: '2026-05-02' }],
        events,
      ),
    ).toThrow(/cannot be later than today/)
    const paid = runCommands(
      [{ type: 'SetTransactionFlags', at, id: 'zus-2026-03', completed: true, paidOn: '2026-05-01' }],
      events,
    )
    expect(paid.state.flags.get('zus-2026-03')?.paidOn).toBe('2026-05-01')
  })

  it('refuses a setting whose payment habit is neither inMonth nor byDeadline', () => {
    expect(() =>
      runCommands([
        {
          type: 'AddSetting',
          kind: 'SocialSecurity',
          data: ssSetting({ date: '2026-01-01', contributionsPaid: 'whenever' }),
        },
      ]),
    ).toThrow(/"field":"contributionsPaid".*Contributions paid must be inMonth or byDeadline/)
  })

  it('un-marking a row forgets its payment day: the setting applies again', () => {
    const { events } = figures(year())
    const { state } = runCommands(
      [
        { type: 'SetTransactionFlags', at: LATER, id: 'zus-2026-12', completed: true, paidOn: '2027-01-08' },
        { type: 'SetTransactionFlags', id: 'zus-2026-12', completed: false },
      ],
      events,
    )
    const december = taxesThrough(state, '2027-01')!.result.contributions.find((c) => c.month === '2026-12')!
    expect(december.paidOnSource).toBe('inMonth')
  })
})
