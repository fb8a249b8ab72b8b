/** Validation the law implies, through the API: a 400 with the field, nothing written. */
import { describe, expect, it } from 'vitest'
import { call, type Harness, harnessEachTest } from './helpers.ts'

const opened = harnessEachTest()

/** A monthly VAT setting of `fields` (from 1 January 2026 unless they say otherwise) posted as `t`. */
const postVat = (h: Harness, t: string, fields: Record<string, unknown>) =>
  call(h.app, t, 'POST', '/api/fee', {
    dataType: 'Vat',
    dataObject: { date: '2026-01-01', ...fields, paymentInterval: 1 },
  })

describe('POST fee (VAT setting)', () => {
  it('refuses a rate the statute does not set (23.5 %) with the field, and writes nothing', async () => {
    const { h, t } = await opened.user('vat@example.com')
    const res = await postVat(h, t, { percent: '23.5' })
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors).toEqual({ percent: 'Percent must be a statutory VAT rate: 23, 8, 5 or 0' })
    const list = await call(h.app, t, 'GET', '/api/fee/GetListByType/Vat')
    expect(list.json()).toEqual([])
    const ok = await postVat(h, t, { percent: '8' })
    expect(ok.statusCode).toBe(201)
  })
})

describe('POST fee (VAT setting): zw and np (docs/tax-rules.md §32)', () => {
  it('takes zw with its legal basis and np; refuses zw without a basis with the field, writing nothing', async () => {
    const { h, t } = await opened.user('zw@example.com')
    const bad = await postVat(h, t, { percent: 'zw' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({
      exemptionBasis:
        'Exemption basis must be art113 (the subjective exemption, uVAT art. 113) or art43 (an exempt supply, uVAT art. 43)',
    })
    expect((await call(h.app, t, 'GET', '/api/fee/GetListByType/Vat')).json()).toEqual([])
    const zw = await postVat(h, t, { percent: 'zw', exemptionBasis: 'art43' })
    expect(zw.statusCode).toBe(201)
    expect(zw.json().dataObject).toEqual({
      date: '2026-01-01',
      percent: 'zw',
      exemptionBasis: 'art43',
      paymentInterval: 1,
    })
    const np = await postVat(h, t, { date: '2026-02-01', percent: 'np' })
    expect(np.statusCode).toBe(201)
  })
})
