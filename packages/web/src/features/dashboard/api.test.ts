import { describe, expect, it } from 'vitest'
import { ApiError, type ApiClient } from '../../api/client.ts'
import { createLogsApi, logPagePath } from '../logs/api.ts'
import { createDashboardApi } from './api.ts'
import { fixtureMonth, fixtureSummary } from './fixtures.ts'

const fakeClient = (
  answer: (method: string, path: string, body?: unknown) => unknown,
  headers: Record<string, string> = {},
) => {
  const calls: { method: string; path: string; body?: unknown; key?: string }[] = []
  const run = async (method: string, path: string, body?: unknown, key?: string) => {
    calls.push({ method, path, body, key })
    const a = answer(method, path, body)
    if (a instanceof Error) throw a
    return a
  }
  const client = {
    get: async (p: string, o?: { key?: string; onHeaders?: (h: Headers) => void }) => {
      const a = await run('GET', p, undefined, o?.key)
      o?.onHeaders?.(new Headers(headers))
      return a
    },
    post: (p: string, b?: unknown) => run('POST', p, b),
    put: (p: string, b?: unknown) => run('PUT', p, b),
    del: (p: string, b?: unknown) => run('DELETE', p, b),
  } as unknown as ApiClient
  return { client, calls }
}

const notFound = () => new ApiError({ status: 404, statusText: 'Not Found', errors: ['Not found'] })

describe('dashboard API effects', () => {
  it('loads a month and its cumulative summary with the first day of the month', async () => {
    const { client, calls } = fakeClient((_, path) =>
      path.includes('getCurrentMonth') ? fixtureMonth() : fixtureSummary(true),
    )
    const data = await createDashboardApi(client).loadMonth({ month: '2026-03' })
    expect(calls.map((c) => c.path).sort()).toEqual([
      'transaction/getCurrentMonth/2026-03-01',
      'transaction/getSummaryList/2026-03-01/true',
    ])
    expect(data.transactions).toHaveLength(6)
    expect(data.summary).toHaveLength(13)
  })

  it('treats 404 as no data and lets other errors through', async () => {
    const empty = await createDashboardApi(fakeClient(() => notFound()).client).loadMonth({ month: '2026-03' })
    expect(empty).toEqual({ transactions: [], summary: [] })
    const failing = createDashboardApi(
      fakeClient(() => new ApiError({ status: 0, statusText: 'Unknown Error' })).client,
    )
    await expect(failing.loadMonth({ month: '2026-03' })).rejects.toMatchObject({ status: 0 })
  })

  it('resets, saves flags and deletes items on the contract paths', async () => {
    const { client, calls } = fakeClient((method) =>
      method === 'POST' ? fixtureMonth() : { id: 'vat-2026-Q1', completed: true },
    )
    const a = createDashboardApi(client)
    await a.reset({ scope: 'month', month: '2026-02' })
    await a.reset({ scope: 'year', month: '2026-02' })
    await a.saveFlags({ id: 'vat-2026-Q1', flags: { completed: true } })
    await a.deleteItem({ kind: 'fee', itemId: 3 })
    await a.deleteItem({ kind: 'revenue', itemId: 4 })
    expect(calls).toEqual([
      { method: 'POST', path: 'transaction/resetCurrentMonth', body: { date: '2026-02-01' }, key: undefined },
      { method: 'POST', path: 'transaction/resetCurrentYear', body: { date: '2026-02-01' }, key: undefined },
      { method: 'PUT', path: 'transaction/vat-2026-Q1', body: { completed: true }, key: undefined },
      { method: 'DELETE', path: 'fee/3', body: undefined, key: undefined },
      { method: 'DELETE', path: 'revenue/4', body: undefined, key: undefined },
    ])
  })

  it('loads the monthly and increasing lists of a year', async () => {
    const { client, calls } = fakeClient((_, path) => fixtureSummary(path.endsWith('true')))
    const y = await createDashboardApi(client).loadYear({ year: 2025 })
    expect(calls.map((c) => c.path).sort()).toEqual([
      'transaction/getSummaryList/2025-01-01/false',
      'transaction/getSummaryList/2025-01-01/true',
    ])
    expect(y.increasing[11]!.companyIncomeAmmount).not.toBe(y.monthly[11]!.companyIncomeAmmount)
  })
})

describe('log API effect', () => {
  it('sends the key and encodes the query, "-" for no search', async () => {
    expect(logPagePath({ pageSize: 5, pageNumber: 1, descending: true, search: '' })).toBe('log/GetPage/5/1/true/-')
    expect(logPagePath({ pageSize: 10, pageNumber: 2, descending: false, search: 'a/b c' })).toBe(
      'log/GetPage/10/2/false/a%2Fb%20c',
    )
    const { client, calls } = fakeClient(() => [{ id: 7 }], { 'x-total-count': '42' })
    const page = await createLogsApi(client).loadPage({
      key: 'secret',
      query: { pageSize: 5, pageNumber: 1, descending: true, search: '' },
    })
    // The list is the page; the total of matching entries comes from X-Total-Count.
    expect(page).toEqual({ items: [{ id: 7 }], total: 42 })
    expect(calls[0]).toMatchObject({ method: 'GET', key: 'secret' })
    const noHeader = await createLogsApi(fakeClient(() => [{ id: 1 }, { id: 2 }]).client).loadPage({
      key: 'k',
      query: { pageSize: 5, pageNumber: 1, descending: true, search: '' },
    })
    expect(noHeader.total).toBe(2)
  })

  it('reads 404 as an empty page and passes 403 on', async () => {
    const q = { pageSize: 5, pageNumber: 1, descending: true, search: '' }
    expect(await createLogsApi(fakeClient(() => notFound()).client).loadPage({ key: 'k', query: q })).toEqual({
      items: [],
      total: 0,
    })
    const denied = fakeClient(() => new ApiError({ status: 403, statusText: 'Forbidden', errors: ['Access denied'] }))
    await expect(createLogsApi(denied.client).loadPage({ key: 'k', query: q })).rejects.toMatchObject({ status: 403 })
  })
})
