import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach, userWith } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

/** A user on the Linear tax with ZUS, VAT and a few items (the fixtures' bodies). */
const seeded = (hh: Harness) => userWith(hh, ['Vat', 'Pit', 'SocialSecurity', 'Income', 'RecurringIncome', 'Expense'])

describe('transaction/annual/{year}', () => {
  it('gives the year end of the caller’s books: return, health settlement, obligations and the forms compared', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await seeded(h)
    const res = await call(h.app, t, 'GET', '/api/transaction/annual/2026')
    expect(res.statusCode).toBe(200)
    const r = res.json()
    expect(r).toMatchObject({ year: 2026, today: '2026-03-10', actualThrough: '2026-03', projected: true })
    expect(r.annualReturn).toMatchObject({ year: 2026, form: 'PIT-36L', taxType: 'Linear', dueDate: '2027-04-30' })
    expect(typeof r.annualReturn.tax).toBe('string')
    expect(r.healthSettlement).toMatchObject({ year: 2026, taxType: 'Linear', dueDate: '2027-05-20' })
    // The settlement's working: its base, the minimum base and the months insured.
    expect(typeof r.healthSettlement.basis).toBe('string')
    expect(r.healthSettlement.minimumBase).toMatch(/^\d+\.\d{2}$/)
    expect(r.healthSettlement.insuredMonths).toHaveLength(r.healthSettlement.months)
    expect(r.healthSettlement.insuredMonths[0]).toBe('2026-02')
    expect(r.comparison.scenarios.map((s: { taxType: string; current: boolean }) => [s.taxType, s.current])).toEqual([
      ['Scale', false],
      ['Linear', true],
      ['Flat', false],
    ])
    expect(r.comparison.months.filter((m: { projected: boolean }) => !m.projected)).toHaveLength(3)
    // Another user sees only their own (empty) books.
    const other = await h.user('b@example.com')
    expect((await call(h.app, other, 'GET', '/api/transaction/annual/2026')).json()).toMatchObject({
      annualReturn: null,
      comparison: null,
    })
  })

  it('takes the ryczałt rate to compare with, and refuses bad years and rates with the field', async () => {
    h = await harness()
    const t = await seeded(h)
    const r = (await call(h.app, t, 'GET', '/api/transaction/annual/2026?flatRate=12')).json()
    expect(r.comparison).toMatchObject({ flatRate: '12', flatRateAssumed: false })
    expect((await call(h.app, t, 'GET', '/api/transaction/annual/2026?flatRate=13')).json()).toEqual({
      success: false,
      errors: ['Flat rate must be one of 2, 3, 5.5, 8.5, 10, 12, 14, 15, 17'],
      fieldErrors: { flatRate: 'Flat rate must be one of 2, 3, 5.5, 8.5, 10, 12, 14, 15, 17' },
    })
    expect((await call(h.app, t, 'GET', '/api/transaction/annual/20x6')).statusCode).toBe(400)
    expect((await call(h.app, t, 'GET', '/api/transaction/annual/2300')).json()).toEqual({
      success: false,
      errors: ['Year is too far from today'],
      fieldErrors: { year: 'Year is too far from today' },
    })
    expect((await h.app.inject({ method: 'GET', url: '/api/transaction/annual/2026' })).statusCode).toBe(401)
  })

  it('puts the return on the dashboard in April and the health settlement in May, with a reminder whose link marks it paid', async () => {
    h = await harness({ now: '2026-05-18T08:00:00.000Z' })
    const t = await h.user('y@example.com')
    const post = async (family: string, dataType: string, dataObject: Record<string, unknown>) => {
      const res = await call(h.app, t, 'POST', `/api/${family}`, { dataType, dataObject })
      if (res.statusCode !== 201) throw new Error(res.body)
    }
    await post('fee', 'Pit', { ...bodies.Pit, date: '2025-01-01', taxType: 'Scale', firstPercent: '12' })
    await post('fee', 'SocialSecurity', {
      date: '2025-01-01',
      amount: '1773.96',
      percent: '9',
      contributionsPaid: 'byDeadline',
    })
    const item = { isCompany: true, percent: '0', invoiceDate: null, repetitions: 13 }
    await post('revenue', 'RecurringIncome', { ...item, date: '2025-01-10', name: 'Client', amount: '15000.00' })
    await post('fee', 'RecurringExpense', { ...item, date: '2025-01-12', name: 'Office', amount: '3000.00' })
    type Row = { id: string; eventType: string; dataObject: { displayName: string; amount: string; dueDate: string } }
    const april = (await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-04-01')).json() as Row[]
    // The advances deducted the contributions on the days the return does (paid by the deadline): nothing is left.
    expect(april.find((r) => r.dataObject.displayName === 'PIT-36 2025')).toMatchObject({
      id: 'pit-annual-2025',
      eventType: '4_Pit',
      dataObject: { amount: '0.00', dueDate: '2026-04-30' },
    })
    const may = (await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-05-01')).json() as Row[]
    const row = may.find((r) => r.id === 'health-annual-2025')!
    expect(row).toMatchObject({
      eventType: '5_SocialSecurity',
      dataObject: { amount: '0.04', dueDate: '2026-05-20' },
    })
    await call(h.app, t, 'PUT', `/api/transaction/${row.id}`, { notification: true })
    h.mailer.sent.length = 0
    expect(await h.app.runReminders()).toEqual({ sent: 1, failed: 0 })
    const mail = h.mailer.sent[0]!
    const link = new URL(/http\S+accept\?key=\S+/.exec(mail.text)![0])
    const accepted = await h.app.inject({
      method: 'GET',
      url: `/api/transaction/Accept?key=${link.searchParams.get('key')}`,
    })
    expect(accepted.statusCode).toBe(200)
    const report = (await call(h.app, t, 'GET', '/api/transaction/annual/2025')).json()
    type Obligation = { kind: string; transactionId: string; completed: boolean }
    expect(report.obligations.map((o: Obligation) => [o.kind, o.transactionId, o.completed])).toEqual([
      ['HealthAnnual', 'health-annual-2025', true],
    ])
    // The settlement's row is found by its identity too, in May.
    const health = (await call(h.app, t, 'GET', '/api/transaction/GetById/health-annual-2025')).json()
    expect(health).toMatchObject({ id: 'health-annual-2025', date: '2026-05-20', eventType: '5_SocialSecurity' })
  })
})
