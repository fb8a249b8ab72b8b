/**
 * How the API answers malformed requests (SPEC §5, §7; docs/api.md "Errors"): a body that is not a JSON object, a
 * wrong content type, an empty JSON body and a wrongly typed field each get a clear message of the contract, never
 * a schema dump or one of the validator's internal texts, and nothing is written.
 */
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { bearer, call, PASSWORD, harnessEachTest } from './helpers.ts'

const opened = harnessEachTest()

/** Effect's own texts ("Expected …, actual …", "is missing") must never reach a client. */
const INTERNAL = /Expected |actual |is missing|readonly |Unable to decode/

const raw = (token: string, url: string, contentType: string | null, payload?: string) =>
  opened.h.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload === undefined ? {} : { payload }),
  })

describe('malformed requests', () => {
  it('a JSON body that is not an object is a 400 saying so, and writes nothing', async () => {
    const { h, t } = await opened.user('a@example.com')
    const before = await h.store.headPosition()
    for (const payload of ['[1,2]', '"text"', '42', 'true']) {
      const res = await raw(t, '/api/fee', 'application/json', payload)
      expect(res.statusCode, payload).toBe(400)
      expect(res.json(), payload).toEqual({ success: false, errors: ['Request body must be a JSON object'] })
    }
    const tx = await raw(t, '/api/transaction/resetCurrentMonth', 'application/json', '[]')
    expect(tx.json()).toEqual({ success: false, errors: ['Request body must be a JSON object'] })
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '["a@example.com"]',
    })
    expect(login.json()).toEqual({ success: false, errors: ['Request body must be a JSON object'] })
    expect(await h.store.headPosition()).toBe(before)
  })

  it('a JSON body whose bytes are not UTF-8 is a 400 saying so, and nothing is stored', async () => {
    const { h, t } = await opened.user('a@example.com')
    const before = await h.store.headPosition()
    const [head, tail] = JSON.stringify({ dataType: 'Income', dataObject: { ...bodies.Income, name: 'NAME' } }).split(
      'NAME',
    ) as [string, string]
    for (const name of [Buffer.from([0xff, 0xfe]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80])]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/revenue',
        headers: { ...bearer(t), 'content-type': 'application/json' },
        payload: Buffer.concat([Buffer.from(head), name, Buffer.from(tail)]),
      })
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { success: false, errors: ['Request body must be UTF-8 text'] },
      ])
    }
    expect(await h.store.headPosition()).toBe(before)
    // UTF-8 text, Polish letters included, is read as before.
    const ok = await call(h.app, t, 'POST', '/api/revenue', {
      dataType: 'Income',
      dataObject: { ...bodies.Income, name: 'Usługa źródłowa' },
    })
    expect([ok.statusCode, ok.json().dataObject.name]).toEqual([201, 'Usługa źródłowa'])
  })

  it('a list or a text as the body of a route that reads no field of it is refused like on every other route', async () => {
    const { h, t } = await opened.user('a@example.com')
    for (const payload of ['[1,2]', '"str"', '5', 'true'])
      for (const url of ['/api/account/refreshToken', '/api/account/logout']) {
        const res = await raw(t, url, 'application/json', payload)
        expect([url, payload, res.statusCode, res.json()]).toEqual([
          url,
          payload,
          400,
          { success: false, errors: ['Request body must be a JSON object'] },
        ])
      }
    // No body, an empty one, null or an object still refresh.
    for (const payload of [undefined, '', 'null', '{}']) {
      const res = await raw(t, '/api/account/refreshToken', payload === undefined ? null : 'application/json', payload)
      expect([payload, res.statusCode]).toEqual([payload, 200])
    }
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/account/refreshToken',
          payload: '[1]',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(401)
  })

  it('a body that is not JSON is 415 Unsupported media type, text/plain included', async () => {
    const { h, t } = await opened.user('a@example.com')
    const before = await h.store.headPosition()
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await raw(t, '/api/fee', type, 'dataType=Vat')
      expect(res.statusCode, type).toBe(415)
      expect(res.json(), type).toEqual({ success: false, errors: ['Unsupported media type'] })
    }
    expect(await h.store.headPosition()).toBe(before)
  })

  it('an empty JSON body is no body: bodiless calls work, others answer their field messages', async () => {
    const { t } = await opened.user('a@example.com')
    const refresh = await raw(t, '/api/account/refreshToken', 'application/json', '')
    expect(refresh.statusCode).toBe(200)
    expect(refresh.json()).toMatchObject({ success: true, token: expect.any(String), errors: [] })
    const reset = await raw(t, '/api/transaction/resetCurrentMonth', 'application/json; charset=utf-8', '')
    expect(reset.statusCode).toBe(400)
    expect(reset.json()).toEqual({
      success: false,
      errors: ['Date is required'],
      fieldErrors: { date: 'Date is required' },
    })
    const blank = await raw(t, '/api/fee', 'application/json', '  \n')
    expect(blank.json().fieldErrors).toEqual({ dataType: 'Unknown data type', dataObject: 'Data is required' })
    // Malformed JSON and prototype poisoning are still refused.
    expect((await raw(t, '/api/fee', 'application/json', '{"a":')).json()).toEqual({
      success: false,
      errors: ['Invalid JSON body'],
    })
    const poisoned = await raw(t, '/api/fee', 'application/json', '{"__proto__":{"x":1},"dataType":"Vat"}')
    expect(poisoned.statusCode).toBe(400)
  })

  it('a wrongly typed field answers only the field message, never the validator internals', async () => {
    const { h, t } = await opened.user('a@example.com')
    await call(h.app, t, 'POST', '/api/fee', { dataType: 'Expense', dataObject: bodies.Expense })
    const rows = (await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-01')).json()
    expect(rows.length).toBeGreaterThan(0)
    const before = await h.store.headPosition()
    const flags = await call(h.app, t, 'PUT', `/api/transaction/${rows[0].id}`, { completed: 'yes' })
    expect(flags.statusCode).toBe(400)
    expect(flags.json()).toEqual({
      success: false,
      errors: ['Completed must be true or false'],
      fieldErrors: { completed: 'Completed must be true or false' },
    })
    const role = await call(h.app, h.adminToken, 'POST', '/api/account/register', {
      email: 'c@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      appRole: 'LACK',
      key: h.config.secrets.registrationKey,
    })
    expect(role.statusCode).toBe(400)
    expect(role.json()).toEqual({ success: false, errors: ['Select role'], fieldErrors: { appRole: 'Select role' } })
    const wrongTypes = await call(h.app, null, 'POST', '/api/account/login', { email: 5, password: { a: 1 } })
    expect(wrongTypes.json().errors).toEqual([
      'Email is required and should be in correct format.',
      'Password is required.',
    ])
    const id = await call(h.app, t, 'GET', '/api/fee/GetById/x')
    expect(id.json().errors).toEqual(['Id must be a positive whole number'])
    const page = await call(h.app, h.adminToken, 'GET', `/api/log/GetPage/x/y/true/-?key=${h.config.secrets.apiKey}`)
    expect(page.json()).toEqual({
      success: false,
      errors: ['Page size must be a whole number from 1 to 1000', 'Page number must be a whole number of at least 1'],
      fieldErrors: {
        pageSize: 'Page size must be a whole number from 1 to 1000',
        pageNumber: 'Page number must be a whole number of at least 1',
      },
    })
    for (const descending of ['maybe', 'yes', '2']) {
      const res = await call(
        h.app,
        h.adminToken,
        'GET',
        `/api/log/GetPage/10/1/${descending}?key=${h.config.secrets.apiKey}`,
      )
      expect([descending, res.statusCode, res.json().fieldErrors]).toEqual([
        descending,
        400,
        { descending: 'Descending must be true or false' },
      ])
    }
    for (const descending of ['true', 'False', '1', '0']) {
      const res = await call(
        h.app,
        h.adminToken,
        'GET',
        `/api/log/GetPage/10/1/${descending}?key=${h.config.secrets.apiKey}`,
      )
      expect([descending, res.statusCode]).toEqual([descending, 200])
    }
    const register = (language: unknown) =>
      call(h.app, h.adminToken, 'POST', '/api/account/register', {
        email: 'lang@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        appRole: 'USER',
        key: 'reg-key',
        language,
      })
    for (const language of ['de', 'EN', ['pl'], 5]) {
      const res = await register(language)
      expect([language, res.statusCode, res.json().fieldErrors]).toEqual([
        language,
        400,
        { language: 'Language must be pl or en' },
      ])
    }
    const reset = await call(h.app, null, 'POST', '/api/account/resetPassword', {
      email: 'a@example.com',
      language: 'de',
    })
    expect([reset.statusCode, reset.json().fieldErrors]).toEqual([400, { language: 'Language must be pl or en' }])
    // A field without a message of its own is named in words.
    const language = await call(h.app, null, 'POST', '/api/account/resetPassword', {
      email: 'a@example.com',
      url: 5,
    })
    expect(language.json()).toEqual({
      success: false,
      errors: ['Url is not valid'],
      fieldErrors: { url: 'Url is not valid' },
    })
    for (const res of [flags, role, wrongTypes, id, page, language]) expect(res.body).not.toMatch(INTERNAL)
    expect(await h.store.headPosition()).toBe(before)
  })
})
