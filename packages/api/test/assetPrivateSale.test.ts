import { describe, expect, it } from 'vitest'
import { petrolCar } from '@finance/ledger-core/testing'
import { bodies, familyOf } from './fixtures.ts'
import { call, harnessEachTest } from './helpers.ts'

const opened = harnessEachTest()

describe('assets/{id}/private-sale (the six-year rule)', () => {
  it('books a sale within six years of the transfer as revenue and cost, and refuses bad input whole', async () => {
    const { h, t } = await opened.user('a@example.com', { now: '2027-06-10T10:00:00.000Z' })
    const pit = await call(h.app, t, 'POST', `/api/${familyOf('Pit')}`, { dataType: 'Pit', dataObject: bodies.Pit })
    expect(pit.statusCode).toBe(201)
    const id = (await call(h.app, t, 'POST', '/api/assets', petrolCar())).json().asset.id
    // Not yet taken to private use.
    const early = await call(h.app, t, 'POST', `/api/assets/${id}/private-sale`, { date: '2027-05-10', price: '1' })
    expect(early.statusCode).toBe(400)
    expect(early.json().fieldErrors).toEqual({ id: 'Only an asset taken to private use can be sold after it' })
    const transfer = await call(h.app, t, 'POST', `/api/assets/${id}/disposal`, {
      date: '2026-12-15',
      reason: 'privateUse',
    })
    expect(transfer.json().asset.privateSale).toMatchObject({ until: '2032-12-31', date: null, business: null })
    const bad = await call(h.app, t, 'POST', `/api/assets/${id}/private-sale`, { date: '2026-12-01', price: '-5' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({
      price: 'Price must be a number with at most 2 decimals, not negative',
      date: 'The sale must not be dated before the transfer to private use',
    })
    const sold = await call(h.app, t, 'POST', `/api/assets/${id}/private-sale`, {
      date: '2027-05-10',
      price: '70000',
      document: 'UM 3/2027',
    })
    expect(sold.statusCode).toBe(200)
    // February – December 2026: 11 × 2 000 = 22 000 written off; of the 98 000 left the cost is the 100 000 zł limit's
    // share (a petrol car entered in 2026): 98 000 × 100 000 / 120 000 = 81 666.67.
    expect(sold.json().asset.privateSale).toEqual({
      until: '2032-12-31',
      date: '2027-05-10',
      price: '70000.00',
      document: 'UM 3/2027',
      business: true,
      revenue: '70000.00',
      cost: '81666.67',
    })
    const book = (await call(h.app, t, 'GET', '/api/books/2027')).json()
    const may = book.months.find((m: { month: string }) => m.month === '2027-05')
    expect(may.kpir).toMatchObject({ otherRevenue: '70000.00', otherExpenses: '81666.67' })
  })
})

describe('assets/{id}/disposal: a transfer to private use with output VAT (uVAT art. 7 ust. 2)', () => {
  it('refuses a bad rate or a rate without its value whole, then shows the VAT on the card and in the register', async () => {
    const { h, t } = await opened.user('b@example.com', { now: '2027-06-10T10:00:00.000Z' })
    const vat = await call(h.app, t, 'POST', `/api/${familyOf('Vat')}`, { dataType: 'Vat', dataObject: bodies.Vat })
    expect(vat.statusCode).toBe(201)
    const id = (await call(h.app, t, 'POST', '/api/assets', petrolCar())).json().asset.id
    const bad = await call(h.app, t, 'POST', `/api/assets/${id}/disposal`, {
      date: '2026-12-15',
      reason: 'privateUse',
      vatRate: '22',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({
      vatRate: 'VAT rate must be 23, 8 or 5',
      price: 'The value for VAT must be a positive number with at most 2 decimals',
    })
    const noValue = await call(h.app, t, 'POST', `/api/assets/${id}/disposal`, {
      date: '2026-12-15',
      reason: 'privateUse',
      vatRate: '23',
    })
    expect(noValue.json().fieldErrors).toEqual({
      price: 'The value for VAT must be a positive number with at most 2 decimals',
    })
    const onSale = await call(h.app, t, 'POST', `/api/assets/${id}/disposal`, {
      date: '2026-12-15',
      reason: 'sale',
      price: '90000',
      vatRate: '23',
    })
    expect(onSale.json().fieldErrors).toEqual({ vatRate: 'VAT is charged on a transfer to private use only' })
    // Nothing was written: the asset is still in use.
    expect((await call(h.app, t, 'GET', `/api/assets/${id}`)).json().asset.disposal).toBeNull()
    const done = await call(h.app, t, 'POST', `/api/assets/${id}/disposal`, {
      date: '2026-12-15',
      reason: 'privateUse',
      price: '95000.50',
      vatRate: 23,
    })
    expect(done.statusCode).toBe(200)
    // 95 000.50 × 23 % = 21 850.115 → 21 850.12.
    expect(done.json().asset.disposal).toMatchObject({
      reason: 'privateUse',
      price: '95000.50',
      vat: { percent: '23', amount: '21850.12' },
    })
    const register = (await call(h.app, t, 'GET', '/api/assets?year=2026')).json()
    expect(register.assets[0].disposal.vat).toEqual({ percent: '23', amount: '21850.12' })
  })
})
