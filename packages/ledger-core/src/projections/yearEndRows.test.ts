import { describe, expect, it } from 'vitest'
import { formatMoney, parseMoney } from '../money.ts'
import { scaleYearCommands } from '../testing/fixtures.ts'
import { runCommands } from '../testing/given.ts'
import { monthTransactions } from './month.ts'
import { obligations } from './obligations.ts'
import { summaryList } from './summary.ts'

const setup = scaleYearCommands(13)

describe('year-end rows on the monthly dashboard', () => {
  it('shows the return in April and the health settlement in May, due then, with the figures behind them', () => {
    const { state } = runCommands([...setup])
    const april = monthTransactions(state, '2026-04', '2026-04-01').find(
      (t) => t.dataObject.displayName === 'PIT-36 2025',
    )!
    // The advances deducted the contributions on the days the return does: nothing is left to pay with it.
    expect(april).toMatchObject({
      eventType: '4_Pit',
      dataType: 'Pit',
      date: '2026-04-30',
      dataObject: {
        amount: '0.00',
        taxType: 'Scale',
        period: { from: '2025-01', to: '2025-12' },
        dueDate: '2026-04-30',
        overdue: false,
        deductions: { socialSecurity: '18111.17', healthInsurance: '0.00', other: '0.00' },
      },
    })
    expect(april.dataObject.breakdown).toMatchObject({
      annualForm: 'PIT-36',
      income: '142597.61',
      base: '124486.00',
      tax: '12236.00',
      advances: '12236.00',
      difference: '0.00',
      refund: '0.00',
    })
    const may = monthTransactions(state, '2026-05', '2026-05-21').filter((t) => t.dataObject.period?.to === '2026-01')
    expect(
      may.map((t) => [t.dataObject.displayName, t.dataObject.amount, t.dataObject.dueDate, t.dataObject.overdue]),
    ).toEqual([['ZUS 2025-02 – 2026-01', '0.04', '2026-05-20', true]])
    expect(may[0]!.dataObject.breakdown).toMatchObject({
      healthSettlementYear: '2025',
      dueForYear: '11203.78',
      paid: '11203.74',
    })
    // A cash view: the year's difference is PIT paid in April.
    const aprilPit = monthTransactions(state, '2026-04', '2026-04-01')
      .filter((t) => t.eventType === '4_Pit')
      .reduce((s, t) => s + parseMoney(t.dataObject.amount), 0n)
    expect(summaryList(state, 2026, false)[3]!.companyPitAmmount).toBe(formatMoney(aprilPit))
  })

  it('keeps the paid flag of the row and answers it in the obligations', () => {
    let { state, events } = runCommands([...setup])
    const row = monthTransactions(state, '2026-05', '2026-05-02').find((t) => t.dataObject.period?.to === '2026-01')!
    expect(row.id).toBe('health-annual-2025')
    ;({ state, events } = runCommands(
      [{ type: 'SetTransactionFlags', id: row.id, completed: true, notification: false }],
      events,
    ))
    const o = obligations(state, { year: 2026, today: '2026-06-01' }).filter(
      (x) => x.kind === 'PITAnnual' || x.kind === 'HealthAnnual',
    )
    // No PIT is left to pay with the return (the advances deducted the same contributions), so no PITAnnual.
    expect(o.map((x) => [x.kind, x.amount, x.transactionId, x.completed, x.overdue])).toEqual([
      ['HealthAnnual', '0.04', 'health-annual-2025', true, false],
    ])
  })
})
