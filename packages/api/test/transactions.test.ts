import { describe, expect, it } from 'vitest'
import { call, type Harness, harness, seeded, type TxRow, closeHarnessAfterEach } from './helpers.ts'
import { bodies } from './fixtures.ts'

let h: Harness
closeHarnessAfterEach(() => h)

type Tx = TxRow

describe('transaction/*', () => {
  it('a month outside the books’ date window is a 400 on the request field date, and writes nothing', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const before = await h.store.headPosition()
    const expected = {
      success: false,
      errors: ['Date must be between 2000-01-01 and 2099-12-31'],
      fieldErrors: { date: 'Date must be between 2000-01-01 and 2099-12-31' },
    }
    const view = await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2300-01-01')
    expect(view.statusCode).toBe(400)
    expect(view.json()).toEqual(expected)
    for (const path of ['resetCurrentMonth', 'resetCurrentYear']) {
      const res = await call(h.app, t, 'POST', `/api/transaction/${path}`, { date: '1800-06-01' })
      expect(res.statusCode, path).toBe(400)
      expect(res.json(), path).toEqual(expected)
    }
    expect(await h.store.headPosition()).toBe(before)
  })

  it('deletes through the generic client verb PUT transaction/delete/{id} with a body (SPEC §7), own rows only', async () => {
    h = await harness()
    const t = await seeded(h)
    const other = await h.user('b@example.com')
    const rows = (await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-15')).json() as Tx[]
    const target = rows[0]!
    const before = await h.store.headPosition()
    const foreign = await call(h.app, other, 'PUT', `/api/transaction/delete/${target.id}`, target)
    expect(foreign.statusCode).toBe(404)
    expect(await h.store.headPosition()).toBe(before)
    const res = await call(h.app, t, 'PUT', `/api/transaction/delete/${target.id}`, target)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, id: target.id })
    expect((await call(h.app, t, 'GET', `/api/transaction/GetById/${target.id}`)).statusCode).toBe(404)
    expect((await call(h.app, t, 'PUT', `/api/transaction/delete/${target.id}`, target)).statusCode).toBe(404)
  })

  it('computes the month on every read and writes nothing for a view', async () => {
    h = await harness()
    const t = await seeded(h)
    const before = await h.store.headPosition()
    const first = await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-15')
    expect(first.statusCode).toBe(200)
    const rows = first.json() as Tx[]
    expect(rows.map((r) => r.eventType)).toEqual(expect.arrayContaining(['1_Revenue', '2_Fee']))
    expect(rows.every((r) => /^(i\d+|vat|pit|zus)-/.test(r.id))).toBe(true)
    expect(await h.store.headPosition()).toBe(before)
    const again = await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-01')
    expect(again.json()).toEqual(rows)
    expect((await call(h.app, t, 'POST', '/api/transaction/resetCurrentMonth', {})).json().fieldErrors).toEqual({
      date: 'Date is required',
    })
  })

  it('toggles flags, answers lookups and keeps manual transactions', async () => {
    h = await harness()
    const t = await seeded(h)
    const rows = (await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-15')).json() as Tx[]
    const target = rows[0]!
    const put = await call(h.app, t, 'PUT', `/api/transaction/${target.id}`, { completed: true, notification: true })
    expect(put.json()).toEqual({
      id: target.id,
      completed: true,
      notification: true,
      notificationCompleted: false,
      paidAmount: target.dataObject.sum,
      paidOn: null,
      remainingAmount: '0.00',
    })
    expect((await call(h.app, t, 'PUT', `/api/transaction/${target.id}`, { completed: 'yes' })).statusCode).toBe(400)
    // The day it was paid: kept and answered; a day that is not a date, or one without marking paid, is a 400.
    // The clock reads 10 March 2026: a later day is no payment yet.
    const future = await call(h.app, t, 'PUT', `/api/transaction/${target.id}`, {
      completed: true,
      paidOn: '2026-03-11',
    })
    expect(future.statusCode).toBe(400)
    expect(future.json()).toMatchObject({ fieldErrors: { paidOn: 'Paid on cannot be later than today' } })
    const paid = await call(h.app, t, 'PUT', `/api/transaction/${target.id}`, { completed: true, paidOn: '2026-03-09' })
    expect(paid.json()).toMatchObject({ completed: true, paidOn: '2026-03-09' })
    const badDay = await call(h.app, t, 'PUT', `/api/transaction/${target.id}`, {
      completed: true,
      paidOn: '2026-02-30',
    })
    expect(badDay.statusCode).toBe(400)
    expect(badDay.json()).toMatchObject({ fieldErrors: { paidOn: 'Paid on is not a real date' } })
    const noTick = await call(h.app, t, 'PUT', `/api/transaction/${target.id}`, {
      notification: false,
      paidOn: '2026-03-09',
    })
    expect(noTick.statusCode).toBe(400)
    expect(noTick.json()).toMatchObject({ fieldErrors: { paidOn: 'Paid on is given only when marking a row paid' } })
    expect((await call(h.app, t, 'PUT', '/api/transaction/99999', { completed: true })).statusCode).toBe(404)
    expect((await call(h.app, t, 'PUT', '/api/transaction/i1-2031-01', { completed: true })).statusCode).toBe(404)
    const bad = await call(h.app, t, 'PUT', '/api/transaction/x..y', { completed: true })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({ id: 'Id is not a transaction id' })
    const byId = (await call(h.app, t, 'GET', `/api/transaction/GetById/${target.id}`)).json() as Tx
    expect(byId).toMatchObject({ id: target.id, completed: true, notification: true })
    const byType = (await call(h.app, t, 'GET', `/api/transaction/GetListByType/${target.eventType}`)).json() as Tx[]
    expect(byType.map((r) => r.id)).toContain(target.id)
    expect(byType.every((r) => r.eventType === target.eventType)).toBe(true)
    const latest = (await call(h.app, t, 'GET', `/api/transaction/GetByType/${target.eventType}`)).json() as Tx
    expect(latest.eventType).toBe(target.eventType)
    // SPEC's lookup types are the company's revenues and fees: the rows of 1_Revenue and 2_Fee marked company.
    const privateIncome = { ...bodies.Income, name: 'Sold bike', isCompany: false, percent: '0', invoiceDate: null }
    const added = await call(h.app, t, 'POST', '/api/revenue', { dataType: 'Income', dataObject: privateIncome })
    expect(added.statusCode).toBe(201)
    const all = (await call(h.app, t, 'GET', '/api/transaction/GetListByDates/2026-01-01/2026-12-31')).json() as Tx[]
    for (const [lookup, eventType] of [
      ['7_CompanyRevenues', '1_Revenue'],
      ['8_CompanyFees', '2_Fee'],
    ] as const) {
      const rows = (await call(h.app, t, 'GET', `/api/transaction/GetListByType/${lookup}`)).json() as Tx[]
      const expected = all.filter((r) => r.eventType === eventType && r.dataObject.isCompany)
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id))
    }
    expect(all.some((r) => r.eventType === '1_Revenue' && !r.dataObject.isCompany)).toBe(true)
    // A type no row has is 404; a type that is none is 400.
    expect((await call(h.app, t, 'GET', '/api/transaction/GetByType/Manual')).statusCode).toBe(404)
    expect((await call(h.app, t, 'GET', '/api/transaction/GetByType/9_None')).statusCode).toBe(400)
    const byDates = (
      await call(h.app, t, 'GET', '/api/transaction/GetListByDates/2026-03-01/2026-03-31')
    ).json() as Tx[]
    expect(byDates.every((r) => r.date >= '2026-03-01' && r.date <= '2026-03-31')).toBe(true)
    expect(byDates.length).toBeGreaterThan(0)
    // Rows are computed for every month of the range: at most 12 months; a type's lookups cover the current year.
    expect((await call(h.app, t, 'GET', '/api/transaction/GetListByDates/2026-01-01/2026-12-31')).statusCode).toBe(200)
    expect((await call(h.app, t, 'GET', '/api/transaction/GetListByDates/2026-01-01/2027-01-01')).json()).toEqual({
      success: false,
      errors: ['Date range must be at most 12 months'],
      fieldErrors: { to: 'Date range must be at most 12 months' },
    })
    const fees = (await call(h.app, t, 'GET', '/api/transaction/GetListByType/2_Fee')).json() as Tx[]
    expect(fees.length).toBeGreaterThan(0)
    expect(fees.every((r) => r.date.startsWith('2026'))).toBe(true)
    const latestFee = (await call(h.app, t, 'GET', '/api/transaction/GetByType/2_Fee')).json() as Tx
    expect(latestFee.date <= '2026-03-10').toBe(true)

    const manual = await call(h.app, t, 'POST', '/api/transaction', {
      dataObject: { date: '2026-03-21', name: 'Cash sale', amount: '100.00', isCompany: false, percent: '0' },
      eventType: '1_Revenue',
    })
    expect(manual.statusCode).toBe(201)
    const m = manual.json() as Tx
    expect(m).toMatchObject({ eventType: '1_Revenue', date: '2026-03-21' })
    expect(
      (await call(h.app, t, 'POST', '/api/transaction', { dataObject: { name: 'x' } })).json().fieldErrors,
    ).toMatchObject({
      date: 'Date is required',
      amount: 'Amount is required',
    })
    expect((await call(h.app, t, 'DELETE', `/api/transaction/${m.id}`)).json()).toEqual({ success: true, id: m.id })
    expect((await call(h.app, t, 'GET', `/api/transaction/GetById/${m.id}`)).statusCode).toBe(404)
  })

  it('summaries: 12 month rows and a year row, cumulative on request; obligations', async () => {
    h = await harness()
    const t = await seeded(h)
    const monthly = (await call(h.app, t, 'GET', '/api/transaction/getSummaryList/2026-03-15/false')).json()
    expect(monthly).toHaveLength(13)
    expect(monthly.map((r: { month: number }) => r.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0])
    expect(typeof monthly[0].companyIncomeAmmount).toBe('string')
    const cumulative = (await call(h.app, t, 'GET', '/api/transaction/getSummaryList/2026-03-15/1')).json()
    expect(cumulative[2].companyIncomeAmmount).not.toBe(monthly[2].companyIncomeAmmount)
    const year = (await call(h.app, t, 'GET', '/api/transaction/getSummary/2026-06-01')).json()
    expect(year).toEqual(monthly[12])
    expect((await call(h.app, t, 'GET', '/api/transaction/getSummaryList/2026-03-15/maybe')).statusCode).toBe(400)
    const obligations = (await call(h.app, t, 'GET', '/api/transaction/obligations/2026')).json()
    expect(Array.isArray(obligations)).toBe(true)
    expect(obligations.length).toBeGreaterThan(0)
    expect(obligations[0]).toMatchObject({
      kind: expect.any(String),
      amount: expect.any(String),
      dueDate: expect.any(String),
    })
    expect((await call(h.app, t, 'GET', '/api/transaction/obligations/20x6')).statusCode).toBe(400)
    // Reads far from today are refused instead of computing centuries of taxes.
    expect((await call(h.app, t, 'GET', '/api/transaction/obligations/9999')).json()).toEqual({
      success: false,
      errors: ['Year must be a year from 2000 to 2099'],
      fieldErrors: { year: 'Year must be a year from 2000 to 2099' },
    })
    expect((await call(h.app, t, 'GET', '/api/transaction/getSummaryList/2300-01-01/true')).statusCode).toBe(400)
    expect((await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2300-05-01')).json().errors).toEqual([
      'Date must be between 2000-01-01 and 2099-12-31',
    ])
  })
})
