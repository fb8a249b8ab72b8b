import { describe, expect, it } from 'vitest'
import { bodies, type BodyType, familyOf } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const types = Object.keys(bodies) as BodyType[]

describe('records through config/, fee/, revenue/', () => {
  it.each(types)('%s: create 201, read, list, update, no-change 400, delete, then 404', async (type) => {
    h = await harness()
    const t = await h.user('a@example.com')
    const family = familyOf(type)
    const created = await call(h.app, t, 'POST', `/api/${family}`, {
      dataType: type,
      eventType: 'add',
      dataObject: bodies[type],
    })
    expect(created.statusCode).toBe(201)
    const record = created.json()
    expect(record).toMatchObject({ id: expect.any(Number), dataType: type, dataObject: expect.any(Object) })
    expect(record.id).toBeGreaterThan(0)
    const id = record.id as number

    if (family !== 'config') {
      const byId = await call(h.app, t, 'GET', `/api/${family}/GetById/${id}`)
      expect(byId.json()).toEqual(record)
      const list = await call(h.app, t, 'GET', `/api/${family}/GetListByType/${type}`)
      expect(list.json().map((r: { id: number }) => r.id)).toEqual([id])
    }
    const byType = await call(h.app, t, 'GET', `/api/${family}/GetByType/${type}`)
    expect(byType.statusCode).toBe(200)
    expect(byType.json().id).toBe(id)

    const same = await call(h.app, t, 'PUT', `/api/${family}/${id}`, { dataType: type, dataObject: bodies[type] })
    expect(same.statusCode).toBe(400)
    expect(same.json()).toEqual({ success: false, errors: ['No changes on the form'] })

    const changedObject = 'name' in bodies[type] ? { ...bodies[type], name: 'Renamed' } : changeOf(type)
    const updated = await call(h.app, t, 'PUT', `/api/${family}/${id}`, { dataType: type, dataObject: changedObject })
    expect(updated.statusCode).toBe(200)
    expect(updated.json().id).toBe(id)

    const deleted = await call(h.app, t, 'DELETE', `/api/${family}/${id}`)
    expect(deleted.json()).toEqual({ success: true, id })
    expect((await call(h.app, t, 'GET', `/api/${family}/GetByType/${type}`)).statusCode).toBe(404)
    expect((await call(h.app, t, 'DELETE', `/api/${family}/${id}`)).json()).toEqual({
      success: false,
      errors: ['Not found'],
    })
  })

  it('items in lists carry vatAmount and sum; settings list newest first', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    await call(h.app, t, 'POST', '/api/fee', { dataType: 'Expense', dataObject: bodies.Expense })
    const list = (await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json()
    expect(list[0].dataObject).toMatchObject({ amount: '4000.00', vatAmount: '920.00', sum: '4920.00' })
    await call(h.app, t, 'POST', '/api/fee', { dataType: 'Vat', dataObject: bodies.Vat })
    await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'Vat',
      dataObject: { ...bodies.Vat, date: '2026-02-01', percent: '8' },
    })
    const vats = (await call(h.app, t, 'GET', '/api/fee/GetListByType/Vat')).json()
    expect(vats.map((v: { dataObject: { date: string } }) => v.dataObject.date)).toEqual(['2026-02-01', '2026-01-01'])
    // The VAT in force today (2026-03-10) is the newest one.
    expect((await call(h.app, t, 'GET', '/api/fee/GetByType/Vat')).json().dataObject.percent).toBe('8')
    const byDates = (await call(h.app, t, 'GET', '/api/fee/GetListByDates/2026-03-01/2026-03-31')).json()
    expect(byDates.map((r: { dataType: string }) => r.dataType)).toEqual(['Expense'])
  })

  it('the generic data client reaches the same records, with PUT …/delete/{id}', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const created = await call(h.app, t, 'POST', '/api/data/Income', { dataObject: bodies.Income })
    expect(created.statusCode).toBe(201)
    const id = created.json().id
    expect((await call(h.app, t, 'GET', '/api/data/Income')).json()).toHaveLength(1)
    expect((await call(h.app, t, 'GET', `/api/data/Income/${id}`)).json().id).toBe(id)
    expect((await call(h.app, t, 'GET', `/api/revenue/GetById/${id}`)).json().id).toBe(id)
    // A record is reachable only under its own type and family.
    expect((await call(h.app, t, 'GET', `/api/data/Expense/${id}`)).statusCode).toBe(404)
    expect((await call(h.app, t, 'GET', `/api/fee/GetById/${id}`)).statusCode).toBe(404)
    const upd = await call(h.app, t, 'PUT', `/api/data/Income/${id}`, {
      dataObject: { ...bodies.Income, amount: '1.50' },
    })
    expect(upd.json().dataObject.amount).toBe('1.50')
    expect((await call(h.app, t, 'PUT', `/api/data/Income/delete/${id}`)).json()).toEqual({ success: true, id })
    expect((await call(h.app, t, 'GET', '/api/data/Income')).json()).toEqual([])
  })

  it('a dataType that contradicts the record it writes is a 400 on dataType, and nothing changes', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const id = (await call(h.app, t, 'POST', '/api/revenue', { dataType: 'Income', dataObject: bodies.Income })).json()
      .id
    const before = await h.store.headPosition()
    const MISMATCH = {
      success: false,
      errors: ['Data type does not match the record'],
      fieldErrors: { dataType: 'Data type does not match the record' },
    }
    for (const [method, url, body] of [
      ['PUT', `/api/revenue/${id}`, { dataType: 'RecurringIncome', dataObject: bodies.RecurringIncome }],
      ['POST', '/api/data/Income', { dataType: 'Expense', dataObject: bodies.Income }],
      ['PUT', `/api/data/Income/${id}`, { dataType: 'RecurringIncome', dataObject: bodies.Income }],
      ['POST', '/api/data/Income', { dataType: 7, dataObject: bodies.Income }],
    ] as const) {
      const res = await call(h.app, t, method, url, body)
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 400, MISMATCH])
    }
    expect(await h.store.headPosition()).toBe(before)
    // The record's own type, or none on the generic client, still writes.
    const same = await call(h.app, t, 'PUT', `/api/revenue/${id}`, {
      dataType: 'Income',
      dataObject: { ...bodies.Income, amount: '2.00' },
    })
    expect([same.statusCode, same.json().dataObject.amount]).toEqual([200, '2.00'])
    const untyped = await call(h.app, t, 'PUT', `/api/data/Income/${id}`, {
      dataType: null,
      dataObject: { ...bodies.Income, amount: '3.00' },
    })
    expect([untyped.statusCode, untyped.json().dataType]).toEqual([200, 'Income'])
  })

  it('bad input is a 400 with SPEC field messages, never a 500, and writes nothing', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const before = await h.store.headPosition()
    const vat = await call(h.app, t, 'POST', '/api/fee', { dataType: 'Vat', dataObject: {} })
    expect(vat.statusCode).toBe(400)
    expect(vat.json().fieldErrors).toMatchObject({ date: 'Date is required', percent: 'Percent is required' })
    const ss = await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'SocialSecurity',
      dataObject: { date: '2026-01-01', percent: '9' },
    })
    expect(ss.json().errors).toContain('Amount is requred')
    const money = await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'Expense',
      dataObject: { ...bodies.Expense, amount: '1.234' },
    })
    expect(money.statusCode).toBe(400)
    expect(Object.keys(money.json().fieldErrors)).toEqual(['amount'])
    const primary = await call(h.app, t, 'POST', '/api/config', { dataType: 'Primary', dataObject: { nip: '' } })
    expect(primary.json().errors).toEqual(expect.arrayContaining(['Company name is required', 'Nip is required']))
    const wrongFamily = await call(h.app, t, 'POST', '/api/revenue', { dataType: 'Vat', dataObject: bodies.Vat })
    expect(wrongFamily.json()).toEqual({
      success: false,
      errors: ['Unknown data type'],
      fieldErrors: { dataType: 'Unknown data type' },
    })
    const noData = await call(h.app, t, 'POST', '/api/fee', { dataType: 'Vat' })
    expect(noData.json().fieldErrors).toEqual({ dataObject: 'Data is required' })
    const badId = await call(h.app, t, 'GET', '/api/fee/GetById/abc')
    expect(badId.statusCode).toBe(400)
    // An id is decimal digits: not a hexadecimal, signed, zero-padded or spaced form of a number.
    for (const id of ['0x1', '%2B1', '01', '1%20', '%201', '1e0', '1.0', '0'])
      expect((await call(h.app, t, 'GET', `/api/fee/GetById/${id}`)).json()).toMatchObject({
        fieldErrors: { id: 'Id must be a positive whole number' },
      })
    const badType = await call(h.app, t, 'GET', '/api/fee/GetListByType/Nope')
    expect(badType.json().errors).toEqual(['Unknown data type'])
    const badDate = await call(h.app, t, 'GET', '/api/fee/GetListByDates/2026-02-30/2026-03-01')
    expect(badDate.statusCode).toBe(400)
    // A day the calendar has not is named as such; a date written wrongly still says the format; each names its end.
    expect(badDate.json().fieldErrors).toEqual({ from: 'From is not a real date' })
    const badFormat = await call(h.app, t, 'GET', '/api/fee/GetListByDates/2026-3-1/2026-03-01')
    expect(badFormat.json().fieldErrors).toEqual({ from: 'From must be a date in format yyyy-mm-dd' })
    const json = await h.app.inject({
      method: 'POST',
      url: '/api/fee',
      headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
      payload: '{"dataType":',
    })
    expect(json.statusCode).toBe(400)
    expect(json.json()).toEqual({ success: false, errors: ['Invalid JSON body'] })
    expect((await call(h.app, t, 'PUT', '/api/fee/999', { dataType: 'Vat', dataObject: bodies.Vat })).statusCode).toBe(
      404,
    )
    // Only the two registration-time events (no ledger writes) happened.
    const after = await h.store.headPosition()
    const written = (await h.store.readAll({ after: before })).events.filter((e) => e.streamId.startsWith('books-'))
    expect(written).toEqual([])
    expect(after).toBe(before)
  })
})

function changeOf(type: BodyType): Record<string, unknown> {
  switch (type) {
    case 'Primary':
      return { ...bodies.Primary, companyName: 'Other' }
    case 'Contact':
      return { ...bodies.Contact, website: 'https://example.com' }
    case 'Addresses':
      return { ...bodies.Addresses, postDeliveryAddress: { ...bodies.Addresses.postDeliveryAddress, city: 'Kraków' } }
    case 'Invoice':
      return { ...bodies.Invoice, regon: '012345678' }
    case 'Vat':
      return { ...bodies.Vat, percent: '8' }
    case 'Pit':
      return { ...bodies.Pit, firstPercent: '12' }
    case 'SocialSecurity':
      return { ...bodies.SocialSecurity, amount: '1700.00' }
    default:
      return { ...bodies[type], name: 'Renamed' }
  }
}
