/**
 * Isolation: user B walks every route of the OpenAPI document with user A's ids and A's data types, and can neither
 * see nor change anything of A's. The route list comes from the served document, so a new route is walked too.
 */
import { DataTypes } from '@finance/ledger-core/light'
import { afterEach, expect, it } from 'vitest'
import { booksStream } from '@finance/books'
import { bodies, type BodyType, familyOf } from './fixtures.ts'
import { call, type Harness, harness } from './helpers.ts'

let h: Harness
afterEach(async () => {
  await h?.close()
}, 120_000)

const MARK = 'AMARKER'
const TX_TYPES = ['1_Revenue', '2_Fee', '3_Vat', '4_Pit', '5_SocialSecurity']
const SKIP = /^\/api\/(account|csrf|docs|log)\b/

const marked = (type: BodyType): Record<string, unknown> => {
  const b = bodies[type] as Record<string, unknown>
  if ('name' in b) return { ...b, name: `${MARK} ${type}` }
  if ('companyName' in b) return { ...b, companyName: `${MARK} ${type}` }
  if ('other' in b) return { ...b, other: MARK }
  if ('postDeliveryAddress' in b)
    return { ...b, postDeliveryAddress: { ...(b.postDeliveryAddress as object), city: MARK } }
  return b
}

it('user B can neither read nor change anything of user A, on any route', async () => {
  h = await harness()
  const a = await h.user('a@example.com')
  const b = await h.user('b@example.com')
  const aIds: number[] = []
  for (const type of Object.keys(bodies) as BodyType[]) {
    const res = await call(h.app, a, 'POST', `/api/${familyOf(type)}`, { dataType: type, dataObject: marked(type) })
    expect(res.statusCode).toBe(201)
    aIds.push(res.json().id)
  }
  const month = (await call(h.app, a, 'GET', '/api/transaction/getCurrentMonth/2026-03-15')).json() as { id: number }[]
  aIds.push(...month.map((t) => t.id))
  const manual = await call(h.app, a, 'POST', '/api/transaction', {
    eventType: '1_Revenue',
    dataObject: { date: '2026-03-20', name: MARK, amount: '10.00', isCompany: false, percent: '0' },
  })
  aIds.push(manual.json().id)
  expect(aIds.length).toBeGreaterThan(15)

  const aStream = booksStream((await h.app.finance.accounts.findByEmail('a@example.com'))!.id)
  const aBefore = await h.store.readStream(aStream)
  const aViewBefore = (await call(h.app, a, 'GET', '/api/transaction/getCurrentMonth/2026-03-15')).body

  const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>
  }
  const routes = Object.entries(doc.paths)
    .filter(([path]) => !SKIP.test(path))
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => ({ path, method: m.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE' })),
    )
  expect(routes.length).toBeGreaterThan(40)

  const expand = (path: string): { url: string; type: string | null }[] => {
    let urls = [{ url: path, type: null as string | null }]
    const sub = (name: string, values: string[], isType = false) => {
      if (!path.includes(`{${name}}`)) return
      urls = urls.flatMap((u) => values.map((v) => ({ url: u.url.replace(`{${name}}`, v), type: isType ? v : u.type })))
    }
    sub('type', [...DataTypes, ...TX_TYPES], true)
    sub('id', aIds.map(String))
    sub('date', ['2026-03-15'])
    sub('from', ['2000-01-01'])
    sub('to', ['2030-12-31'])
    sub('n', ['true'])
    sub('year', ['2026'])
    return urls
  }
  const bodyFor = (path: string, type: string | null): unknown => {
    if (path.startsWith('/api/transaction/reset')) return { date: '2026-03-15' }
    if (path.startsWith('/api/transaction/{id}')) return { completed: true, notification: true }
    if (path === '/api/transaction')
      return { eventType: '2_Fee', dataObject: { date: '2026-03-02', name: 'B', amount: '1.00' } }
    const t = (type ?? 'Vat') as BodyType
    return { dataType: t, dataObject: { ...(bodies[t] ?? bodies.Vat), name: 'B changed' } }
  }

  let walked = 0
  const check = async (phase: 'ids' | 'rest') => {
    for (const { path, method } of routes) {
      const hasId = path.includes('{id}')
      if ((phase === 'ids') !== hasId) continue
      for (const { url, type } of expand(path)) {
        const res = await call(
          h.app,
          b,
          method,
          url,
          method === 'GET' || method === 'DELETE' ? undefined : bodyFor(path, type),
        )
        walked++
        expect(res.body, `${method} ${url}`).not.toContain(MARK)
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500)
        // B's books are still empty in the first phase: every id of A's is unknown to B.
        if (phase === 'ids' && !path.includes('/Accept/'))
          expect([400, 404], `${method} ${url}`).toContain(res.statusCode)
      }
    }
  }
  await check('ids')
  await check('rest')
  console.log('isolation: walked', walked, 'requests over', routes.length, 'routes')
  expect(walked).toBeGreaterThan(500)

  expect(await h.store.readStream(aStream)).toEqual(aBefore)
  expect((await call(h.app, a, 'GET', '/api/transaction/getCurrentMonth/2026-03-15')).body).toBe(aViewBefore)
  const aVat = await call(h.app, a, 'GET', '/api/fee/GetListByType/Vat')
  expect(aVat.json()).toHaveLength(1)
}, 120_000)
