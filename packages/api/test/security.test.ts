import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { ADMIN, call, closeHarnessAfterEach, type Harness, harness, PASSWORD, seeded } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const cookiesOf = (setCookie: string | string[] | undefined): string =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) => c.split(';')[0]).join('; ')

describe('CSRF', () => {
  it('cookie-borne writes need the x-csrf-token from GET /api/csrf; bearer-only writes do not', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const csrf = await h.app.inject({ method: 'GET', url: '/api/csrf' })
    expect(csrf.statusCode).toBe(200)
    const { token } = csrf.json()
    const cookie = cookiesOf(csrf.headers['set-cookie'])
    expect(cookie).toMatch(/_csrf=/)
    expect(cookie).toContain(`XSRF-TOKEN=${token}`)
    const post = (headers: Record<string, string>) =>
      h.app.inject({
        method: 'POST',
        url: '/api/fee',
        headers: { authorization: `Bearer ${t}`, ...headers },
        payload: { dataType: 'Vat', dataObject: bodies.Vat },
      })
    const without = await post({ cookie })
    expect(without.statusCode).toBe(403)
    expect(without.json()).toEqual({ success: false, errors: ['Invalid CSRF token'] })
    expect((await post({ cookie, 'x-csrf-token': 'forged' })).statusCode).toBe(403)
    expect((await post({ cookie, 'x-csrf-token': token })).statusCode).toBe(201)
    // No cookies at all: a bearer header cannot be sent cross-site by a browser, so no token is needed.
    expect((await post({})).statusCode).toBe(201)
  })
})

describe('headers, docs, errors and the web app', () => {
  it('sets helmet headers with a CSP for the SPA and no CORS', async () => {
    h = await harness()
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/home/GetSettingsData',
      headers: { origin: 'https://evil.example' },
    })
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    // Every header of helmet's set, on every response (taken once from helmet, set per request).
    for (const r of [res, await h.app.inject({ method: 'GET', url: '/api/nothing-here' })])
      expect(r.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      })
  })

  it('answers of the API are never stored by a cache (no-store); the web app and the API docs keep their caching', async () => {
    const root = mkdtempSync(join(tmpdir(), 'finance-web-'))
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Finance SPA</title>')
    writeFileSync(join(root, 'app.js'), 'console.log(1)')
    h = await harness({ config: { webRoot: root } })
    const t = await seeded(h)
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'a@example.com', password: PASSWORD },
    })
    expect(login.statusCode).toBe(200)
    expect(login.json().token).toEqual(expect.any(String))
    expect(login.headers['cache-control']).toBe('no-store')
    const answers = [
      await call(h.app, t, 'POST', '/api/account/refreshToken'),
      await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense'),
      await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-15'),
      await call(h.app, t, 'GET', '/api/invoices'),
      await call(h.app, t, 'GET', '/api/bank/lines'),
      await call(h.app, t, 'GET', '/api/ksef/connection'),
      await call(h.app, t, 'GET', '/api/export/transactions?from=2026-03&to=2026-03'),
      await call(h.app, t, 'GET', '/api/export/books/2026'),
      await call(h.app, t, 'GET', '/api/account/export'),
    ]
    expect(answers.map((r) => [r.statusCode, r.headers['cache-control']])).toEqual(answers.map(() => [200, 'no-store']))
    // The CSV download is among them, and so are refusals: a missing token, another user's id, a wrong login.
    expect(answers[6]!.headers['content-type']).toMatch(/^text\/csv/)
    for (const r of [
      await call(h.app, null, 'GET', '/api/invoices'),
      await call(h.app, t, 'GET', '/api/ksef/invoices/999/pdf'),
      await h.app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'a@example.com', password: 'x' },
      }),
      await call(h.app, t, 'GET', '/api/no-such-route'),
    ])
      expect([r.statusCode >= 400, r.headers['cache-control']]).toEqual([true, 'no-store'])
    // Files of the web app and the API docs (the same for everyone) keep their caching.
    const asset = await h.app.inject({ method: 'GET', url: '/app.js' })
    expect(asset.body).toBe('console.log(1)')
    expect(asset.headers['cache-control']).not.toContain('no-store')
    expect((await h.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).not.toContain('no-store')
    expect((await h.app.inject({ method: 'GET', url: '/api/docs/json' })).headers['cache-control']).toBeUndefined()
  })

  it('serves the OpenAPI document generated from the schemas', async () => {
    h = await harness()
    const doc = await h.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(doc.statusCode).toBe(200)
    const paths = doc.json().paths as Record<string, Record<string, { requestBody?: unknown }>>
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/account/login',
        '/api/fee/GetListByType/{type}',
        '/api/data/{type}/{id}',
        '/api/log/GetPage/{pageSize}/{pageNumber}/{descending}/{search}',
      ]),
    )
    const login = JSON.stringify(paths['/api/account/login']!.post!.requestBody)
    expect(login).toContain('"email"')
    expect(login).toContain('"password"')
    // Record bodies document the core's dataObject schemas.
    const fee = JSON.stringify(paths['/api/fee']!.post!.requestBody)
    expect(fee).toContain('"title":"Vat"')
    expect(fee).toContain('"paymentInterval"')
    expect((paths['/api/fee']!.post as { security?: unknown }).security).toEqual([{ bearer: [] }])
    const ui = await h.app.inject({ method: 'GET', url: '/api/docs' })
    expect(ui.statusCode).toBe(200)
    expect(ui.headers['content-security-policy']).toContain("script-src 'self'")
    expect(ui.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
  })

  it('GetSettingsData works without a token and names the user with one', async () => {
    h = await harness()
    const anon = (await call(h.app, null, 'GET', '/api/home/GetSettingsData')).json()
    expect(anon).toEqual({ name: '', dbName: 'memory: memory', sizeInKB: expect.any(Number) })
    const named = (await call(h.app, h.adminToken, 'GET', '/api/home/GetSettingsData')).json()
    expect(named.name).toBe(ADMIN.email)
  })

  it('answers 404 for unknown API paths, 413 for huge bodies and hides 5xx internals', async () => {
    h = await harness({ config: { bodyLimit: 2048 } })
    expect((await call(h.app, h.adminToken, 'GET', '/api/nope')).json()).toEqual({
      success: false,
      errors: ['Not found'],
    })
    const big = await call(h.app, h.adminToken, 'POST', '/api/fee', {
      dataType: 'Vat',
      dataObject: { pad: 'x'.repeat(5000) },
    })
    expect(big.statusCode).toBe(413)
    h.app.finance.store.info = async () => {
      throw new Error('disk /secret/path exploded')
    }
    const boom = await call(h.app, null, 'GET', '/api/home/GetSettingsData')
    expect(boom.statusCode).toBe(500)
    expect(boom.json()).toEqual({ success: false, errors: ['Internal server error'] })
    expect(boom.body).not.toContain('secret')
  })

  it('serves the built web app with an SPA fallback, or a not-built page', async () => {
    h = await harness({ config: { webRoot: join(tmpdir(), 'finance-no-web-here') } })
    const home = await h.app.inject({ method: 'GET', url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain('not built')
    await h.close()
    const root = mkdtempSync(join(tmpdir(), 'finance-web-'))
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Finance SPA</title>')
    writeFileSync(join(root, 'app.js'), 'console.log(1)')
    h = await harness({ config: { webRoot: root } })
    expect((await h.app.inject({ method: 'GET', url: '/' })).body).toContain('Finance SPA')
    expect((await h.app.inject({ method: 'GET', url: '/companydashboard/fees' })).body).toContain('Finance SPA')
    expect((await h.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)')
    expect((await h.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404)
    expect((await h.app.inject({ method: 'GET', url: '/api/missing' })).statusCode).toBe(404)
  })
})

describe('logs', () => {
  it('need an ADMIN token AND the api key, page and search the global log, and never show secrets', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    await call(h.app, t, 'POST', '/api/fee', { dataType: 'Vat', dataObject: bodies.Vat })
    await call(h.app, null, 'POST', '/api/account/resetPassword', { email: 'a@example.com' })
    const url = '/api/log/GetPage/3/1/true/-'
    const get = (token: string | null, key?: string, path = url) =>
      h.app.inject({
        method: 'GET',
        url: path,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key ? { 'x-api-key': key } : {}) },
      })
    expect((await get(null, 'api-key')).statusCode).toBe(401)
    expect((await get(t, 'api-key')).statusCode).toBe(403)
    expect((await get(h.adminToken)).statusCode).toBe(403)
    expect((await get(h.adminToken, 'wrong')).statusCode).toBe(403)
    const page = await get(h.adminToken, 'api-key')
    expect(page.statusCode).toBe(200)
    // SPEC §7: a list of log entries; the count of matching entries comes in X-Total-Count.
    const items = page.json()
    expect(Array.isArray(items)).toBe(true)
    const total = Number(page.headers['x-total-count'])
    expect(total).toBe(Number(await h.store.headPosition()))
    expect(items).toHaveLength(3)
    // Two users (an e-mail claim and a registration each), a setting, a reset request.
    expect(total).toBe(6)
    expect(items[0].id).toBeGreaterThan(items[1].id)
    expect(items[0]).toMatchObject({
      createdDate: expect.any(String),
      userName: expect.any(String),
      eventType: expect.any(String),
    })
    const withQueryKey = await get(h.adminToken, undefined, '/api/log/GetPage/5/1/false?key=api-key')
    expect(
      withQueryKey
        .json()
        .map((i: { eventType: string }) => i.eventType)
        .slice(0, 2),
    ).toEqual(['EmailClaimed', 'UserRegistered'])
    const searched = await get(h.adminToken, 'api-key', '/api/log/GetPage/10/1/true/SettingAdded')
    expect(searched.headers['x-total-count']).toBe('1')
    expect(searched.json()[0]).toMatchObject({ userName: 'a@example.com', eventType: 'SettingAdded', dataType: 'Vat' })
    const byUser = (await get(h.adminToken, 'api-key', '/api/log/GetPage/50/1/true/a%40example.com')).json()
    expect(
      byUser.every((i: { userName: string; dataObject: unknown }) => JSON.stringify(i).includes('a@example.com')),
    ).toBe(true)
    const everything = JSON.stringify((await get(h.adminToken, 'api-key', '/api/log/GetPage/1000/1/true')).json())
    expect(everything).not.toMatch(/scrypt\$|Secret#123|Admin#Pass1/)
    expect((await get(h.adminToken, 'api-key', '/api/log/GetPage/0/1/true')).statusCode).toBe(400)
  })
})

describe('framework errors', () => {
  it('answer in the contract shape, never with the framework’s own body', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const cases: [string, number, string][] = [
      ['/api/fee/GetById/%zz', 400, 'Invalid request address'],
      ['/api/%', 400, 'Invalid request address'],
      ['/api/data/Vat/%E0%A4%A', 400, 'Invalid request address'],
      [`/api/fee/GetById/${'1'.repeat(3000)}`, 414, 'Request address is too long'],
      [`/api/log/GetPage/5/1/true/${'x'.repeat(3000)}`, 414, 'Request address is too long'],
    ]
    for (const [url, status, message] of cases) {
      const res = await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t}` } })
      expect(res.statusCode, url).toBe(status)
      expect(res.json(), url).toEqual({ success: false, errors: [message] })
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.body, url).not.toMatch(/FST_|fastify/i)
    }
  })

  it('a malformed HTTP request gets the contract shape on a real socket', async () => {
    h = await harness()
    await h.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = h.app.server.address() as { port: number }
    const { connect } = await import('node:net')
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /api/csrf HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      )
      let data = ''
      socket.on('data', (d) => {
        data += String(d)
      })
      socket.on('end', () => resolve(data))
      socket.on('error', reject)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 400/)
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({ success: false, errors: ['Bad request'] }),
    )
  })
})
