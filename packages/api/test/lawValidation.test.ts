/** Validation the law implies, through the API: a 400 with the field, nothing written. */
import { afterEach, describe, expect, it } from 'vitest'
import { call, type Harness, harness } from './helpers.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
})

describe('POST fee (VAT setting)', () => {
  it('refuses a rate the statute does not set (23.5 %) with the field, and writes nothing', async () => {
    h = await harness()
    const t = await h.user('vat@example.com')
    const res = await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'Vat',
      dataObject: { date: '2026-01-01', percent: '23.5', paymentInterval: 1 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors).toEqual({ percent: 'Percent must be a statutory VAT rate: 23, 8, 5 or 0' })
    const list = await call(h.app, t, 'GET', '/api/fee/GetListByType/Vat')
    expect(list.json()).toEqual([])
    const ok = await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'Vat',
      dataObject: { date: '2026-01-01', percent: '8', paymentInterval: 1 },
    })
    expect(ok.statusCode).toBe(201)
  })
})
