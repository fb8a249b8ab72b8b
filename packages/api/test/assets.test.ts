import { describe, expect, it } from 'vitest'
import { bodies, familyOf } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

/** A Linear trader with a purchase of a laptop (8 000 zł net, 7 March 2026). */
async function seeded(hh: Harness) {
  const t = await hh.user('a@example.com')
  for (const type of ['Vat', 'Pit', 'Income'] as const) {
    const res = await call(hh.app, t, 'POST', `/api/${familyOf(type)}`, { dataType: type, dataObject: bodies[type] })
    if (res.statusCode !== 201) throw new Error(`${type}: ${res.body}`)
  }
  const laptop = await call(hh.app, t, 'POST', '/api/fee', {
    dataType: 'Expense',
    dataObject: { ...bodies.Expense, amount: '8000.00', documentNumber: 'FV 7/03' },
  })
  return { t, itemId: laptop.json().id as number }
}

describe('assets/*', () => {
  it('turns a purchase into an asset: its card, the register, the month’s depreciation and the tax book', async () => {
    h = await harness({ now: '2026-06-10T10:00:00.000Z' })
    const { t, itemId } = await seeded(h)
    const created = await call(h.app, t, 'POST', '/api/assets', { itemId, kst: '491' })
    expect(created.statusCode).toBe(201)
    const card = created.json()
    expect(card.asset).toMatchObject({
      name: 'Laptop',
      number: '1',
      value: '8000.00',
      rate: '30',
      acquisitionDate: '2026-03-07',
      document: 'FV 7/03',
      itemId,
    })
    expect(card.years[0]).toEqual({
      year: 2026,
      writeOff: '1800.00',
      deductible: '1800.00',
      cumulative: '1800.00',
      remaining: '6200.00',
    })
    // The card's row is this year's (2026) register row, not the plan's last year's (2029, when the 8 000 zł is written off).
    expect(card.asset).toMatchObject({ writeOffYear: '1800.00', writeOffToDate: '1800.00', remaining: '6200.00' })
    const register = (await call(h.app, t, 'GET', '/api/assets?year=2026')).json()
    expect(register.assets.map((a: { id: number }) => a.id)).toEqual([card.asset.id])
    expect((await call(h.app, t, 'GET', `/api/assets/${card.asset.id}`)).json().asset).toEqual(register.assets[0])
    expect(register.totals.writeOffYear).toBe('1800.00')
    expect((await call(h.app, t, 'GET', '/api/assets/depreciation/2026-04')).json()).toMatchObject({
      writeOff: '200.00',
      assets: [{ id: card.asset.id, name: 'Laptop', writeOff: '200.00' }],
    })
    // The book: no purchase cost in March, the register's line of 200 zł each month from April.
    const book = (await call(h.app, t, 'GET', '/api/books/2026')).json()
    const march = book.months.find((m: { month: string }) => m.month === '2026-03')
    const april = book.months.find((m: { month: string }) => m.month === '2026-04')
    expect(march.kpir.costs).toBe('0.00')
    expect(april.kpir.otherExpenses).toBe('200.00')
    // Another user sees an empty register.
    const other = await h.user('b@example.com')
    expect((await call(h.app, other, 'GET', '/api/assets?year=2026')).json().assets).toEqual([])
    expect((await call(h.app, other, 'GET', `/api/assets/${card.asset.id}`)).statusCode).toBe(404)
  })

  it('improves, disposes of and removes an asset; refuses bad input with each field', async () => {
    h = await harness({ now: '2026-06-10T10:00:00.000Z' })
    const { t } = await seeded(h)
    const bad = await call(h.app, t, 'POST', '/api/assets', { kst: '741', method: 'degressive', initialValue: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toMatchObject({
      name: 'Name is required',
      acquisitionDate: 'Acquisition date must be a date in format yyyy-mm-dd',
      initialValue: 'Initial value must be a positive number with at most 2 decimals',
    })
    // The entry date left to default to the acquisition date is not refused as well: one field, one message.
    expect(bad.json().fieldErrors).not.toHaveProperty('entryDate')
    const noDay = await call(h.app, t, 'POST', '/api/assets', {
      name: 'Car',
      acquisitionDate: '2026-02-30',
      kst: '491',
      initialValue: '100',
    })
    expect(noDay.json().fieldErrors).toEqual({ acquisitionDate: 'Acquisition date is not a real date' })
    const law = await call(h.app, t, 'POST', '/api/assets', {
      name: 'Car',
      acquisitionDate: '2026-02-01',
      kst: '741',
      initialValue: '120000',
      method: 'degressive',
    })
    expect(law.json()).toEqual({
      success: false,
      errors: [
        'Degressive depreciation is only for machinery, equipment and means of transport other than passenger cars',
      ],
      fieldErrors: {
        method:
          'Degressive depreciation is only for machinery, equipment and means of transport other than passenger cars',
      },
    })
    expect((await call(h.app, t, 'GET', '/api/assets?year=2026')).json().assets).toEqual([])
    const id = (
      await call(h.app, t, 'POST', '/api/assets', {
        name: 'Server',
        acquisitionDate: '2026-01-20',
        kst: '491',
        initialValue: '12000',
        period: 'quarter',
      })
    ).json().asset.id
    // Up to 10 000 zł in a year it is no improvement (art. 22g ust. 17): the value stays, the spending is a cost.
    const repair = await call(h.app, t, 'POST', `/api/assets/${id}/improvements`, {
      date: '2026-03-02',
      amount: '1000',
    })
    expect(repair.json().asset.value).toBe('12000.00')
    expect(repair.json().asset.improvements).toEqual([
      { date: '2026-03-02', amount: '1000.00', document: '', expensed: true },
    ])
    const depreciation = await call(h.app, t, 'GET', '/api/assets/depreciation/2026-03')
    expect(depreciation.json()).toMatchObject({ improvementCost: '1000.00' })
    const improved = await call(h.app, t, 'POST', `/api/assets/${id}/improvements`, {
      date: '2026-03-10',
      amount: '9500',
    })
    expect(improved.statusCode).toBe(200)
    // 10 500 in the year: both raise the value.
    expect(improved.json().asset.value).toBe('22500.00')
    expect(improved.json().asset.improvements.map((i: { expensed: boolean }) => i.expensed)).toEqual([false, false])
    const sold = await call(h.app, t, 'POST', `/api/assets/${id}/disposal`, {
      date: '2026-05-20',
      reason: 'sale',
      price: '11000',
    })
    // February 300, March 300 (the improvements count from April), April 562.50, May 562.50: 1 725; left 20 775.
    expect(sold.json().asset.disposal).toMatchObject({ reason: 'sale', undepreciated: '20775.00', cost: '20775.00' })
    const again = await call(h.app, t, 'POST', `/api/assets/${id}/disposal`, { date: '2026-05-21', reason: 'sale' })
    expect(again.json().fieldErrors).toEqual({ id: 'The asset has already left the register' })
    expect((await call(h.app, t, 'DELETE', `/api/assets/${id}`)).json()).toEqual({ success: true })
    expect((await call(h.app, t, 'DELETE', `/api/assets/${id}`)).statusCode).toBe(404)
    expect((await call(h.app, t, 'GET', '/api/assets/depreciation/2026-13')).statusCode).toBe(400)
  })
})

describe('inventory/*', () => {
  it('records the year’s stock-takings with their list; the annual return’s income follows, the advance does not', async () => {
    h = await harness({ now: '2027-02-10T10:00:00.000Z' })
    const { t } = await seeded(h)
    const before = (await call(h.app, t, 'GET', '/api/transaction/annual/2026')).json().annualReturn.income
    const start = await call(h.app, t, 'POST', '/api/inventory', { year: 2026, kind: 'start', amount: '1000' })
    expect(start.json()).toMatchObject({ year: 2026, start: '1000.00', end: null, change: '0.00' })
    const end = await call(h.app, t, 'POST', '/api/inventory', {
      year: 2026,
      kind: 'end',
      lines: [{ name: 'Papier A4', quantity: '40', unit: 'ryza', price: '25' }],
    })
    expect(end.json()).toMatchObject({ start: '1000.00', end: '1000.00', change: '0.00' })
    const bigger = await call(h.app, t, 'POST', '/api/inventory', { year: 2026, kind: 'end', amount: '4500' })
    expect(bigger.json()).toMatchObject({ end: '4500.00', change: '3500.00', lists: { end: { amount: '4500.00' } } })
    const after = (await call(h.app, t, 'GET', '/api/transaction/annual/2026')).json().annualReturn.income
    expect(Number(after) - Number(before)).toBe(3500)
    const bad = await call(h.app, t, 'POST', '/api/inventory', { year: 2026, kind: 'end', lines: [{ name: 'X' }] })
    expect(bad.json().fieldErrors).toMatchObject({
      'lines.0.quantity': 'Quantity must be a positive number with at most 3 decimals',
    })
    expect((await call(h.app, t, 'GET', '/api/inventory/2026')).json().change).toBe('3500.00')
  })
})
