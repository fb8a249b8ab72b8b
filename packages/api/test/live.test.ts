/**
 * The live month through HTTP: what the monthly dashboard reads is computed from the current books on every read,
 * the user's ticks are kept by the row's identity, Reset clears only the ticks, and reminder e-mails follow the
 * amounts (Accept links keep working after edits; a payment that grew after it was paid is reminded of).
 */
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, seeded, type TxRow, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

type Tx = TxRow<{ name: string; amount: string; sum: string; dueDate: string | null; overdue: boolean }>

const month = async (token: string, date: string) => {
  const res = await call(h.app, token, 'GET', `/api/transaction/getCurrentMonth/${date}`)
  expect(res.statusCode).toBe(200)
  return res.json() as Tx[]
}
const row = (rows: Tx[], id: string) => {
  const r = rows.find((x) => x.id === id)
  if (!r) throw new Error(`no row ${id} in ${rows.map((x) => x.id).join(', ')}`)
  return r
}
const flags = async (token: string, id: string, body: Record<string, boolean>) => {
  const res = await call(h.app, token, 'PUT', `/api/transaction/${id}`, body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Pick<Tx, 'id' | 'completed' | 'paidAmount' | 'remainingAmount'>
}
const addItem = async (token: string, family: 'fee' | 'revenue', dataType: string, dataObject: object) => {
  const res = await call(h.app, token, 'POST', `/api/${family}`, { dataType, dataObject })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: number }
}
/** A back-dated company invoice of January (raises January's VAT by 230.00). */
const lateJanuaryInvoice = {
  ...bodies.Income,
  name: 'Late invoice',
  amount: '1000.00',
  date: '2026-01-28',
  invoiceDate: null,
}
const linkIn = (text: string) => new URL(/http\S+accept\?key=\S+/.exec(text)![0])
const accept = (key: string) =>
  h.app.inject({ method: 'GET', url: `/api/transaction/Accept?key=${encodeURIComponent(key)}` })

describe('the live month', () => {
  it('an item added after its month was viewed shows at once, in the month, the summary and the taxes', async () => {
    h = await harness()
    const t = await seeded(h)
    const before = await month(t, '2026-03-10')
    const summaryBefore = (await call(h.app, t, 'GET', '/api/transaction/getSummaryList/2026-03-10/false')).json()
    const { id } = await addItem(t, 'fee', 'Expense', { ...bodies.Expense, name: 'Printer', amount: '100.00' })
    const after = await month(t, '2026-03-10')
    expect(row(after, `i${id}-2026-03`)).toMatchObject({ eventType: '2_Fee', dataObject: { name: 'Printer' } })
    expect(after).toHaveLength(before.length + 1)
    const summaryAfter = (await call(h.app, t, 'GET', '/api/transaction/getSummaryList/2026-03-10/false')).json()
    expect(summaryAfter[2].companyExpenseAmmount).not.toBe(summaryBefore[2].companyExpenseAmmount)
    // A back-dated invoice changes the VAT shown in March for February, without a reset.
    const vatBefore = row(after, 'vat-2026-02').dataObject.amount
    await addItem(t, 'revenue', 'Income', { ...lateJanuaryInvoice, date: '2026-02-27' })
    expect(row(await month(t, '2026-03-10'), 'vat-2026-02').dataObject.amount).not.toBe(vatBefore)
    // Deleting the item removes its occurrence from the month; its history stays in the log.
    expect((await call(h.app, t, 'DELETE', `/api/fee/${id}`)).statusCode).toBe(200)
    expect((await month(t, '2026-03-10')).some((r) => r.id === `i${id}-2026-03`)).toBe(false)
    const types = (await h.store.readAll({ maxCount: 10_000 })).events.map((e) => e.type)
    expect(types).toEqual(expect.arrayContaining(['ItemAdded', 'ItemDeleted']))
    expect(types).not.toContain('MonthGenerated')
  })

  it('a completed row whose amount changes stays completed and shows paid, now and remaining', async () => {
    h = await harness()
    const t = await seeded(h)
    const vat = row(await month(t, '2026-02-10'), 'vat-2026-01')
    expect(vat.dataObject.amount).toBe('805.00')
    expect(await flags(t, 'vat-2026-01', { completed: true })).toMatchObject({
      completed: true,
      paidAmount: '805.00',
      remainingAmount: '0.00',
    })
    await addItem(t, 'revenue', 'Income', lateJanuaryInvoice)
    const changed = row(await month(t, '2026-02-10'), 'vat-2026-01')
    expect(changed).toMatchObject({
      completed: true,
      paidAmount: '805.00',
      remainingAmount: '230.00',
      dataObject: { amount: '1035.00', sum: '1035.00' },
    })
    // The obligation list says the same, and the remainder makes it overdue after the due date.
    const obligation = ((await call(h.app, t, 'GET', '/api/transaction/obligations/2026')).json() as Tx[]).find(
      (o) => (o as unknown as { transactionId: string }).transactionId === 'vat-2026-01',
    )
    expect(obligation).toMatchObject({
      amount: '1035.00',
      completed: true,
      paidAmount: '805.00',
      remainingAmount: '230.00',
    })
    expect(row(await month(t, '2026-02-10'), 'vat-2026-01').dataObject.overdue).toBe(true)
    // Ticking it again records the new amount as paid.
    expect(await flags(t, 'vat-2026-01', { completed: true })).toMatchObject({
      paidAmount: '1035.00',
      remainingAmount: '0.00',
    })
    expect((await call(h.app, t, 'GET', '/api/transaction/GetById/vat-2026-01')).json()).toMatchObject({
      completed: true,
      remainingAmount: '0.00',
    })
  })

  it('Reset current month clears the flags of the month and keeps items, settings and amounts', async () => {
    h = await harness()
    const t = await seeded(h)
    const rows = await month(t, '2026-03-10')
    for (const r of rows) await flags(t, r.id, { completed: true, notification: true })
    await flags(t, 'i5-2026-04', { completed: true })
    const items = (await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json()
    const before = await h.store.headPosition()
    const reset = await call(h.app, t, 'POST', '/api/transaction/resetCurrentMonth', { date: '2026-03-10' })
    expect(reset.statusCode).toBe(200)
    const after = reset.json() as Tx[]
    expect(after.map((r) => r.id)).toEqual(rows.map((r) => r.id))
    expect(after.map((r) => r.dataObject.sum)).toEqual(rows.map((r) => r.dataObject.sum))
    expect(after.every((r) => !r.completed && !r.notification && !r.notificationCompleted)).toBe(true)
    expect((await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json()).toEqual(items)
    const written = (await h.store.readAll({ maxCount: 10_000 })).events.filter((e) => e.position > before)
    expect(written.map((e) => e.type)).toEqual(['TransactionFlagsCleared'])
    // April keeps its tick; the year's reset clears it.
    expect(row(await month(t, '2026-04-10'), 'i5-2026-04').completed).toBe(true)
    const year = await call(h.app, t, 'POST', '/api/transaction/resetCurrentYear', { date: '2026-03-10' })
    expect(year.statusCode).toBe(200)
    expect(row(await month(t, '2026-04-10'), 'i5-2026-04').completed).toBe(false)
    // Nothing left to clear: nothing is written.
    const quiet = await h.store.headPosition()
    await call(h.app, t, 'POST', '/api/transaction/resetCurrentMonth', { date: '2026-03-10' })
    expect(await h.store.headPosition()).toBe(quiet)
  })

  it('old ids and unknown ids: 404 for a row the books do not show, 400 for what is no id', async () => {
    h = await harness()
    const t = await seeded(h)
    expect((await call(h.app, t, 'GET', '/api/transaction/GetById/i4-2026-04')).statusCode).toBe(404)
    expect((await call(h.app, t, 'GET', '/api/transaction/GetById/vat-2031-Q1')).statusCode).toBe(404)
    expect((await call(h.app, t, 'GET', '/api/transaction/GetById/i4-2026-03')).statusCode).toBe(200)
    expect((await call(h.app, t, 'GET', '/api/transaction/GetById/zus-2026-Q1')).statusCode).toBe(400)
    expect((await call(h.app, t, 'DELETE', '/api/transaction/..')).statusCode).toBe(404)
  })
})

describe('reminders on live books', () => {
  it("the Accept link of a reminder still works after the row's amount changed", async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const { id } = await addItem(t, 'fee', 'Expense', { ...bodies.Expense, name: 'Rent', date: '2026-03-12' })
    await flags(t, `i${id}-2026-03`, { notification: true })
    expect(await h.app.runReminders()).toEqual({ sent: 1, failed: 0 })
    const mail = h.mailer.sent.at(-1)!
    expect(mail.text).toContain('4920,00\u00a0zł')
    // The expense is corrected after the e-mail went out: the link completes the corrected row.
    const put = await call(h.app, t, 'PUT', `/api/fee/${id}`, {
      dataType: 'Expense',
      dataObject: { ...bodies.Expense, name: 'Rent', date: '2026-03-12', amount: '4100.00' },
    })
    expect(put.statusCode, put.body).toBe(200)
    const ok = await accept(linkIn(mail.text).searchParams.get('key')!)
    expect(ok.json()).toEqual({ success: true, message: 'Transakcja oznaczona jako zrealizowana.' })
    expect(row(await month(t, '2026-03-10'), `i${id}-2026-03`)).toMatchObject({
      completed: true,
      notificationCompleted: true,
      paidAmount: '5043.00',
      remainingAmount: '0.00',
    })
    expect((await accept(linkIn(mail.text).searchParams.get('key')!)).json().message).toBe(
      'Transakcja była już oznaczona jako zrealizowana.',
    )
  })

  it('a payment that grew after it was completed is reminded of once, for the remainder', async () => {
    h = await harness()
    const t = await seeded(h)
    // January's VAT (due 25 February) was paid; a back-dated January invoice raises it in March.
    await flags(t, 'vat-2026-01', { notification: true, completed: true })
    expect(await h.app.runReminders()).toEqual({ sent: 0, failed: 0 })
    await addItem(t, 'revenue', 'Income', lateJanuaryInvoice)
    expect(await h.app.runReminders()).toEqual({ sent: 1, failed: 0 })
    const mail = h.mailer.sent.at(-1)!
    expect(mail.subject).toContain('VAT 2026-01')
    expect(mail.text).toContain('zapłacono 805,00\u00a0zł — teraz 1035,00\u00a0zł — 230,00\u00a0zł do zapłaty')
    expect(row(await month(t, '2026-02-10'), 'vat-2026-01')).toMatchObject({
      completed: true,
      notificationCompleted: true,
      remainingAmount: '230.00',
    })
    expect(await h.app.runReminders()).toEqual({ sent: 0, failed: 0 })
    // Its Accept link records the new amount as paid.
    const ok = await accept(linkIn(mail.text).searchParams.get('key')!)
    expect(ok.json().message).toBe('Transakcja oznaczona jako zrealizowana.')
    expect(row(await month(t, '2026-02-10'), 'vat-2026-01')).toMatchObject({
      paidAmount: '1035.00',
      remainingAmount: '0.00',
    })
    const events = (await h.store.readAll({ maxCount: 10_000 })).events
    expect(events.find((e) => e.type === 'ReminderSent')?.data).toEqual({ id: 'vat-2026-01', amount: '230.00' })
  })
})
