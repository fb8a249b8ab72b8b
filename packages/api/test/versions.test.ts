/**
 * No lost updates: every record read carries its version (a `version` field and an ETag), PUT and DELETE take it
 * back (If-Match or `version`), and a stale one is a 409 that writes nothing. A request without a version is an
 * unconditional write (docs/api.md).
 */
import { describe, expect, it } from 'vitest'
import { booksStream } from '@finance/books'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const STALE = 'This record was changed elsewhere. Reload it to see the latest version.'

const put = (token: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    payload: payload as Record<string, unknown>,
  })

async function streamLength(email: string) {
  const user = (await h.app.finance.accounts.findByEmail(email))!
  return (await h.store.readStream(booksStream(user.id))).length
}

describe('record versions', () => {
  it('reads carry the version and an ETag; a stale If-Match or version is a 409 that writes nothing', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const created = await call(h.app, t, 'POST', '/api/fee', { dataType: 'Expense', dataObject: bodies.Expense })
    expect(created.statusCode).toBe(201)
    expect(created.json().version).toBe(1)
    expect(created.headers.etag).toBe('"1"')
    const id = created.json().id as number
    const read = await call(h.app, t, 'GET', `/api/fee/GetById/${id}`)
    expect(read.json().version).toBe(1)
    expect(read.headers.etag).toBe('"1"')
    expect((await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json()[0].version).toBe(1)
    expect((await call(h.app, t, 'GET', `/api/data/Expense/${id}`)).headers.etag).toBe('"1"')

    const body = (name: string) => ({ dataType: 'Expense', dataObject: { ...bodies.Expense, name } })
    const first = await put(t, `/api/fee/${id}`, body('Laptop 2'), { 'if-match': '"1"' })
    expect(first.statusCode).toBe(200)
    expect(first.json().version).toBe(2)
    expect(first.headers.etag).toBe('"2"')

    const before = await streamLength('a@example.com')
    const stale = await put(t, `/api/fee/${id}`, body('Laptop 3'), { 'if-match': '"1"' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toEqual({ success: false, errors: [STALE] })
    const staleBody = await put(t, `/api/fee/${id}`, { ...body('Laptop 3'), version: 1 })
    expect(staleBody.statusCode).toBe(409)
    const staleDelete = await h.app.inject({
      method: 'DELETE',
      url: `/api/fee/${id}`,
      headers: { authorization: `Bearer ${t}`, 'if-match': 'W/"1"' },
    })
    expect(staleDelete.statusCode).toBe(409)
    const staleGenericDelete = await put(t, `/api/data/Expense/delete/${id}`, { version: 1 })
    expect(staleGenericDelete.statusCode).toBe(409)
    expect(await streamLength('a@example.com')).toBe(before)
    expect((await call(h.app, t, 'GET', `/api/fee/GetById/${id}`)).json().dataObject.name).toBe('Laptop 2')

    // The current version passes, by body or by header, on every path.
    expect((await put(t, `/api/data/Expense/${id}`, { ...body('Laptop 4'), version: 2 })).json().version).toBe(3)
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/fee/${id}`,
      headers: { authorization: `Bearer ${t}`, 'if-match': '"3"' },
    })
    expect(deleted.statusCode).toBe(200)
  })

  it('of 40 concurrent edits from the same version exactly one is written, the others get 409', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const created = await call(h.app, t, 'POST', '/api/fee', { dataType: 'Vat', dataObject: bodies.Vat })
    const id = created.json().id as number
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        put(t, `/api/fee/${id}`, {
          dataType: 'Vat',
          version: 1,
          dataObject: { ...bodies.Vat, percent: ['8', '5', '0'][i % 3] },
        }),
      ),
    )
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(39)
    const winner = answers.find((a) => a.statusCode === 200)!.json()
    const now = (await call(h.app, t, 'GET', `/api/fee/GetById/${id}`)).json()
    expect(now).toMatchObject({ version: 2, dataObject: winner.dataObject })
  })

  it('a company record created twice from an empty form: the second sees version 0 is gone', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const post = (companyName: string) =>
      call(h.app, t, 'POST', '/api/config', {
        dataType: 'Primary',
        version: 0,
        dataObject: { ...bodies.Primary, companyName },
      })
    expect((await post('First')).statusCode).toBe(201)
    const second = await post('Second')
    expect(second.statusCode).toBe(409)
    expect(second.json().errors).toEqual([STALE])
    expect((await call(h.app, t, 'GET', '/api/config/GetByType/Primary')).json().dataObject.companyName).toBe('First')
  })

  it('a write without a version is unconditional; a malformed version is a 400', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const id = (await call(h.app, t, 'POST', '/api/fee', { dataType: 'Vat', dataObject: bodies.Vat })).json().id
    await put(t, `/api/fee/${id}`, { dataType: 'Vat', dataObject: { ...bodies.Vat, percent: '8' } })
    const blind = await put(t, `/api/fee/${id}`, { dataType: 'Vat', dataObject: { ...bodies.Vat, percent: '5' } })
    expect(blind.statusCode).toBe(200)
    expect(blind.json().version).toBe(3)
    for (const [headers, payload] of [
      [{ 'if-match': 'abc' }, {}],
      [{}, { version: 'two' }],
      [{}, { version: -1 }],
      [{ 'if-match': '"3"' }, { version: 2 }],
    ] as const) {
      const res = await put(t, `/api/fee/${id}`, { dataType: 'Vat', dataObject: bodies.Vat, ...payload }, headers)
      expect(res.statusCode, JSON.stringify([headers, payload])).toBe(400)
      expect(res.json().fieldErrors).toHaveProperty('version')
    }
    expect(
      (await put(t, `/api/fee/${id}`, { dataType: 'Vat', dataObject: bodies.Vat }, { 'if-match': '*' })).statusCode,
    ).toBe(200)
  })
})
