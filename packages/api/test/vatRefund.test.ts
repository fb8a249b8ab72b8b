/**
 * `vat/refund/{month}`: asking for a refund of March's excess of input VAT, part of it and all of it, with a set-off;
 * the month's VAT row and JPK_V7M carry it, April carries in what is left; bad bodies are refused whole with 400
 * naming each field and nothing written; one user's refund is not another's.
 */
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach, userWith } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

/**
 * A monthly VAT payer from January 2026: in March a sale of 1 000 net (230 VAT) and a machine of 20 000 net (4 600 VAT),
 * an excess of 4 370; April sells 10 000 net (2 300 VAT).
 */
const trader = (hh: Harness, email = 'a@example.com') =>
  userWith(
    hh,
    [
      ['Primary', { ...bodies.Primary, birthDate: '1985-04-02', taxOfficeCode: '1471' }],
      'Contact',
      'Vat',
      ['Income', { date: '2026-03-05', name: 'FV 1/03', amount: '1000.00', isCompany: true, percent: '23' }],
      ['Expense', { date: '2026-03-07', name: 'Machine', amount: '20000.00', isCompany: true, percent: '23' }],
      ['Income', { date: '2026-04-05', name: 'FV 1/04', amount: '10000.00', isCompany: true, percent: '23' }],
    ],
    email,
  )

/** The VAT row of the period starting in `month`: in the month view of its due date, the month after. */
const vatRow = async (t: string, month: string, dueMonth: string) => {
  const rows = (await call(h.app, t, 'GET', `/api/transaction/getCurrentMonth/${dueMonth}-15`)).json() as {
    eventType: string
    dataObject: {
      sum: string
      period: { from: string } | null
      breakdown: Record<string, string>
      vatRefund?: Record<string, unknown>
    }
  }[]
  return rows.find((r) => r.eventType === '3_Vat' && r.dataObject.period?.from === month)!
}

describe('vat/refund/{month}', () => {
  it('asks for part of the excess, then all of it; the row, April and JPK_V7M follow; DELETE withdraws it', async () => {
    h = await harness({ now: '2026-04-10T10:00:00.000Z' })
    const t = await trader(h)
    const none = (await call(h.app, t, 'GET', '/api/vat/refund/2026-03')).json()
    expect(none).toMatchObject({ month: '2026-03', refund: null, period: { excess: '4370.00', refunded: '0.00' } })

    const part = await call(h.app, t, 'PUT', '/api/vat/refund/2026-03', {
      amount: '3000',
      term: 'days40',
      offset: { amount: '500', liability: 'PIT advance for April 2026' },
    })
    expect(part.statusCode).toBe(200)
    expect(part.json()).toEqual({
      month: '2026-03',
      refund: {
        amount: '3000.00',
        term: 'days40',
        offset: { amount: '500.00', liability: 'PIT advance for April 2026' },
      },
      period: {
        from: '2026-03',
        to: '2026-03',
        complete: true,
        dueDate: '2026-04-27',
        requestMonth: '2026-03',
        excess: '4370.00',
        refunded: '3000.00',
        offsetApplied: '500.00',
        carried: '1370.00',
        // Filed on Monday 27 April (the 25th is a Saturday): 40 days → Saturday 6 June → Monday 8 June.
        lastDay: '2026-06-08',
      },
    })
    const march = await vatRow(t, '2026-03', '2026-04')
    expect(march.dataObject.breakdown).toMatchObject({
      P_53: '4370.00',
      P_54: '3000.00',
      P_60: '500.00',
      P_62: '1370.00',
    })
    expect(march.dataObject.vatRefund).toMatchObject({ refunded: '3000.00', term: 'days40', lastDay: '2026-06-08' })
    // April: 2 300 output less the 1 370 carried in.
    const april = await vatRow(t, '2026-04', '2026-05')
    expect(april.dataObject.breakdown).toMatchObject({ P_39: '1370.00', P_51: '930.00' })
    const jpk = await call(h.app, t, 'GET', '/api/jpk/v7/2026-03')
    expect(jpk.statusCode, jpk.body).toBe(200)
    for (const field of [
      '<P_54>3000</P_54>',
      '<P_560>1</P_560>',
      '<P_59>1</P_59>',
      '<P_60>500</P_60>',
      '<P_62>1370</P_62>',
    ])
      expect(jpk.body).toContain(field)
    expect(jpk.body).toContain('<P_61>PIT advance for April 2026</P_61>')

    // All of it, in 25 days: nothing carried; April pays its 2 300 whole.
    const all = await call(h.app, t, 'PUT', '/api/vat/refund/2026-03', { term: 'days25' })
    expect(all.json().period).toMatchObject({ refunded: '4370.00', carried: '0.00', lastDay: '2026-05-22' })
    expect((await vatRow(t, '2026-04', '2026-05')).dataObject.breakdown).toMatchObject({
      P_39: '0.00',
      P_51: '2300.00',
    })
    // The same again writes nothing.
    const events = (await call(h.app, t, 'GET', '/api/vat/refund/2026-03')).json()
    expect((await call(h.app, t, 'PUT', '/api/vat/refund/2026-03', { term: 'days25' })).json()).toEqual(events)

    const withdrawn = await call(h.app, t, 'DELETE', '/api/vat/refund/2026-03')
    expect(withdrawn.json()).toMatchObject({ refund: null, period: { refunded: '0.00', carried: '4370.00' } })
    expect((await vatRow(t, '2026-03', '2026-04')).dataObject.vatRefund).toBeUndefined()
  })

  it('refuses a bad body whole with 400 naming each field, writes nothing, and keeps users apart', async () => {
    h = await harness({ now: '2026-04-10T10:00:00.000Z' })
    const t = await trader(h)
    const other = await trader(h, 'b@example.com')
    const bad = await call(h.app, t, 'PUT', '/api/vat/refund/2026-03', {
      amount: '10.50',
      term: 'tomorrow',
      offset: { amount: 'x', liability: '' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({
      amount: 'Refund must be a whole number of złoty greater than 0',
      term: 'Refund term must be one of days15, vatAccount25, days25, days40, days60, days180',
      'offset.amount': 'The amount set against future liabilities must be a whole number of złoty greater than 0',
      'offset.liability': 'Name the future tax liability in at most 240 characters',
    })
    expect((await call(h.app, t, 'PUT', '/api/vat/refund/2026-13', { term: 'days40' })).statusCode).toBe(400)
    expect((await call(h.app, t, 'PUT', '/api/vat/refund/2026-03', [1])).statusCode).toBe(400)
    // A month before the books' VAT has no declaration to ask in.
    const early = await call(h.app, t, 'PUT', '/api/vat/refund/2020-01', { term: 'days40' })
    expect(early.statusCode).toBe(400)
    expect(early.json().fieldErrors).toEqual({ month: 'There is no VAT period for this month' })
    expect((await call(h.app, t, 'GET', '/api/vat/refund/2020-01')).json().refund).toBeNull()
    expect((await call(h.app, t, 'GET', '/api/vat/refund/2026-03')).json().refund).toBeNull()
    // The refund is of the period's excess (uVAT art. 87 ust. 1): not a złoty more, also where there is none.
    const over = await call(h.app, t, 'PUT', '/api/vat/refund/2026-03', { amount: '4371', term: 'days40' })
    expect([over.statusCode, over.json().fieldErrors]).toEqual([
      400,
      { amount: "Refund must not be more than the period's excess of input VAT, 4370.00" },
    ])
    const february = (await call(h.app, t, 'GET', '/api/vat/refund/2026-02')).json()
    expect(february.period.excess).toBe('0.00')
    const nothing = await call(h.app, t, 'PUT', '/api/vat/refund/2026-02', { amount: '100', term: 'days40' })
    expect([nothing.statusCode, nothing.json().fieldErrors]).toEqual([
      400,
      { amount: "Refund must not be more than the period's excess of input VAT, 0.00" },
    ])
    expect((await call(h.app, t, 'GET', '/api/vat/refund/2026-03')).json().refund).toBeNull()
    expect((await call(h.app, t, 'GET', '/api/vat/refund/2026-02')).json().refund).toBeNull()

    expect((await call(h.app, t, 'PUT', '/api/vat/refund/2026-03', { term: 'days40' })).statusCode).toBe(200)
    expect((await call(h.app, other, 'GET', '/api/vat/refund/2026-03')).json()).toMatchObject({
      refund: null,
      period: { refunded: '0.00', carried: '4370.00' },
    })
    expect((await h.app.inject({ method: 'GET', url: '/api/vat/refund/2026-03' })).statusCode).toBe(401)
  })
})
