import { describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient } from './client.ts'

type Call = { url: string; init: RequestInit }

const fakeFetch = (responses: ((call: Call) => Response | Promise<Response>)[]) => {
  const calls: Call[] = []
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} }
    calls.push(call)
    const next = responses.shift()
    if (!next) throw new Error('unexpected call')
    return next(call)
  })
  return { fetch: fn as unknown as typeof fetch, calls }
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } })

const header = (call: Call | undefined, name: string) =>
  (call?.init.headers as Record<string, string> | undefined)?.[name]

describe('api client', () => {
  it('sends JSON with the bearer token and resolves the body', async () => {
    const { fetch, calls } = fakeFetch([() => json(200, { name: 'a@b.pl' })])
    const api = createApiClient({ fetch, getToken: () => 'jwt' })
    await expect(api.get('home/GetSettingsData')).resolves.toEqual({ name: 'a@b.pl' })
    expect(calls[0]?.url).toBe('/api/home/GetSettingsData')
    expect(header(calls[0], 'authorization')).toBe('Bearer jwt')
    expect(header(calls[0], 'x-csrf-token')).toBeUndefined()
  })

  it('adds x-api-key only when a key is given', async () => {
    const { fetch, calls } = fakeFetch([() => json(200, {}), () => json(200, {})])
    const api = createApiClient({ fetch })
    await api.get('log/GetPage/5/1/true/-', { key: 'secret' })
    await api.get('log/GetPage/5/1/true/-', { key: '' })
    expect(header(calls[0], 'x-api-key')).toBe('secret')
    expect(header(calls[1], 'x-api-key')).toBeUndefined()
    expect(header(calls[0], 'authorization')).toBeUndefined()
  })

  it("hands a successful answer's headers to onHeaders, and not a failed one's", async () => {
    const withCount = () =>
      new Response('[]', { status: 200, headers: { 'content-type': 'application/json', 'x-total-count': '7' } })
    const { fetch } = fakeFetch([withCount, () => json(403, { errors: ['Access denied'] })])
    const api = createApiClient({ fetch })
    const seen: (string | null)[] = []
    await expect(
      api.get('log/GetPage/5/1/true/-', { onHeaders: (h) => seen.push(h.get('x-total-count')) }),
    ).resolves.toEqual([])
    await expect(api.get('log/GetPage/5/1/true/-', { onHeaders: () => seen.push('called') })).rejects.toBeInstanceOf(
      ApiError,
    )
    expect(seen).toEqual(['7'])
  })

  it('copies the XSRF-TOKEN cookie into x-csrf-token on non-GET relative requests only', async () => {
    const { fetch, calls } = fakeFetch([() => json(201, { id: 1 }), () => json(200, {})])
    const api = createApiClient({ fetch, readCookie: (n) => (n === 'XSRF-TOKEN' ? 'tok' : undefined) })
    await api.post('fee', { dataType: 'Vat' })
    await api.post('https://elsewhere.example/api/x', {})
    expect(header(calls[0], 'x-csrf-token')).toBe('tok')
    expect(calls[0]?.init.body).toBe(JSON.stringify({ dataType: 'Vat' }))
    expect(header(calls[1], 'x-csrf-token')).toBeUndefined()
  })

  it('fetches a CSRF token once when there is no cookie yet', async () => {
    const { fetch, calls } = fakeFetch([
      () => json(200, { token: 'from-endpoint' }),
      () => json(200, {}),
      () => json(200, {}),
    ])
    const api = createApiClient({ fetch, readCookie: () => undefined })
    await api.put('fee/3', {})
    await api.del('fee/3')
    expect(calls.map((c) => c.url)).toEqual(['/api/csrf', '/api/fee/3', '/api/fee/3'])
    expect(header(calls[1], 'x-csrf-token')).toBe('from-endpoint')
    expect(header(calls[2], 'x-csrf-token')).toBe('from-endpoint')
    expect(calls[2]?.init.method).toBe('DELETE')
  })

  it('turns an error answer into one ApiError with status, text, errors and field errors', async () => {
    const body = { success: false, errors: ['Date is required'], fieldErrors: { date: 'Date is required' } }
    const { fetch } = fakeFetch([() => json(400, body, 'Bad Request')])
    const api = createApiClient({ fetch, readCookie: () => 'tok' })
    const error = await api.post('fee', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      statusText: 'Bad Request',
      errors: ['Date is required'],
      fieldErrors: { date: 'Date is required' },
    })
  })

  it('reports a network failure as status 0, Unknown Error', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof globalThis.fetch
    const api = createApiClient({ fetch })
    await expect(api.get('transaction/getSummary/2026-01-01')).rejects.toMatchObject({
      status: 0,
      statusText: 'Unknown Error',
      errors: [],
    })
  })

  it('calls the token-rejected handler for !Token without a token, not otherwise', async () => {
    const onTokenRejected = vi.fn()
    const { fetch } = fakeFetch([
      () => json(401, { success: false, errors: ['!Token'] }, 'Unauthorized'),
      () => json(200, { success: true, token: 'new', errors: ['!Token'] }),
      () => json(401, { success: false, errors: ['Incorrect password.'] }, 'Unauthorized'),
    ])
    const api = createApiClient({ fetch, onTokenRejected })
    await expect(api.get('fee/GetByType/Vat')).rejects.toMatchObject({ status: 401, errors: ['!Token'] })
    await api.get('x')
    await api.get('y').catch(() => {})
    expect(onTokenRejected).toHaveBeenCalledTimes(1)
  })

  it('sends a given token instead of the stored one, and leaves its rejection to the caller', async () => {
    const onTokenRejected = vi.fn()
    const { fetch, calls } = fakeFetch([() => json(401, { success: false, errors: ['!Token'] }, 'Unauthorized')])
    const api = createApiClient({ fetch, getToken: () => null, onTokenRejected, readCookie: () => 'csrf' })
    await expect(api.post('account/logout', {}, { token: 'ended' })).rejects.toMatchObject({ status: 401 })
    expect(header(calls[0], 'authorization')).toBe('Bearer ended')
    expect(header(calls[0], 'x-csrf-token')).toBe('csrf')
    expect(onTokenRejected).not.toHaveBeenCalled()
  })

  it('tolerates empty and non-JSON bodies', async () => {
    const { fetch } = fakeFetch([
      () => new Response(null, { status: 204 }),
      () => new Response('oops', { status: 502, statusText: 'Bad Gateway' }),
    ])
    const api = createApiClient({ fetch })
    await expect(api.get('a')).resolves.toBeNull()
    await expect(api.get('b')).rejects.toMatchObject({ status: 502, statusText: 'Bad Gateway', errors: [] })
  })
})
