/**
 * Bounded work per request: books of 10 years × 50 items a month, and the CPU time of the costliest requests a user
 * (or an attacker with an account) can send, each beside a normal request measured in the same run. Shared by the
 * test (`test/work.test.ts`, which asserts the ratios) and `npm run bench -- api` (which prints them with the
 * absolute times).
 *
 * Every measurement is taken right after a small write, so no cached derivation of the books helps the request: the
 * figures are what a request costs on books that just changed. CPU time is the process's (`process.cpuUsage`), which
 * is what a request takes from every other user of the instance.
 */
import type { EventStore, NewEvent } from '@finance/event-store'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { booksStream } from '@finance/books'
import { bodies } from '../test/fixtures.ts'

export const BOOKS = { years: 10, itemsPerMonth: 50 } as const

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * Appends the books of `years` years ending with the year before `lastYear` + 1: yearly VAT and PIT settings, a
 * social-security setting every month, 45 one-time items a month and 5 recurring items running all along (50
 * occurrences a month). Written as events in batches (as an import would), not through 5 000 requests.
 */
export async function seedBooks(store: EventStore, userId: string, lastYear: number): Promise<number> {
  const metadata = { userId, correlationId: 'bench-seed', createdAt: `${lastYear}-01-01T00:00:00.000Z` }
  const events: NewEvent[] = []
  let id = 1
  const push = (type: string, data: Record<string, unknown>) =>
    events.push({ type, schemaVersion: type.startsWith('Item') ? 2 : 1, data: data as never, metadata })
  const first = lastYear - BOOKS.years + 1
  for (let y = first; y <= lastYear; y++) {
    push('SettingAdded', { id: id++, kind: 'Vat', data: { date: `${y}-01-01`, percent: '23', paymentInterval: 1 } })
    push('SettingAdded', { id: id++, kind: 'Pit', data: { ...bodies.Pit, date: `${y}-01-01` } })
    for (let m = 1; m <= 12; m++) {
      push('SettingAdded', {
        id: id++,
        kind: 'SocialSecurity',
        data: { date: `${y}-${pad(m)}-01`, amount: `${1500 + m}.00`, percent: '9' },
      })
      for (let k = 0; k < BOOKS.itemsPerMonth - 5; k++) {
        const income = k % 3 === 0
        const company = k % 2 === 0
        push('ItemAdded', {
          id: id++,
          dataType: income ? 'Income' : 'Expense',
          data: {
            date: `${y}-${pad(m)}-${pad(1 + (k % 28))}`,
            name: `${income ? 'Invoice' : 'Cost'} ${k + 1}/${m}/${y}`,
            amount: `${100 + k * 37}.${pad(k)}`,
            isCompany: company,
            percent: company ? '23' : '0',
            invoiceDate: null,
          },
        })
      }
    }
  }
  for (let k = 0; k < 5; k++)
    push('ItemAdded', {
      id: id++,
      dataType: k < 2 ? 'RecurringIncome' : 'RecurringExpense',
      data: {
        date: `${first}-01-${pad(10 + k)}`,
        name: `Recurring ${k + 1}`,
        amount: `${2000 + k * 100}.00`,
        isCompany: true,
        percent: '23',
        invoiceDate: null,
        repetitions: BOOKS.years * 12,
      },
    })
  for (let i = 0; i < events.length; i += 1000)
    await store.append(booksStream(userId), events.slice(i, i + 1000), i === 0 ? 'no_stream' : 'any')
  return events.length
}

export interface WorkCase {
  readonly name: string
  /** The request of round `i` (cases that record something vary their input per round). */
  readonly request: (i: number) => InjectOptions
}

/** The costliest inputs found: the engine to the window's end, whole-books lists, huge bodies, the log search. */
export function worstCases(today: string, tokens: { user: string; admin: string; apiKey: string }): WorkCase[] {
  const as = (token: string) => ({ authorization: `Bearer ${token}` })
  /** A POST whose body is serialised once, here: a client's JSON.stringify is not the server's work. */
  const post = (url: string, body: unknown): (() => InjectOptions) => {
    const payload = JSON.stringify(body)
    return () => ({
      method: 'POST',
      url,
      headers: { ...as(tokens.user), 'content-type': 'application/json' },
      payload,
    })
  }
  const get = (url: string, token = tokens.user): InjectOptions => ({ method: 'GET', url, headers: as(token) })
  const year = Number(today.slice(0, 4))
  // ≈ 240 KiB of keys in a dataObject (the body limit is 256 KiB).
  const manyKeys = Object.fromEntries(Array.from({ length: 12_000 }, (_, i) => [`k${i}`, i]))
  const huge = { date: today, name: 'x'.repeat(500), amount: '9'.repeat(12), percent: '23', isCompany: true }
  return [
    {
      name: 'month at the window’s end',
      request: (i) => get(`/api/transaction/getCurrentMonth/2099-${pad(1 + (i % 12))}-15`),
    },
    { name: 'summary 20 years ahead', request: () => get(`/api/transaction/getSummaryList/${year + 20}-06-15/true`) },
    { name: 'obligations 20 years ahead', request: () => get(`/api/transaction/obligations/${year + 20}`) },
    { name: 'summary of 2000', request: () => get('/api/transaction/getSummaryList/2000-06-15/false') },
    { name: 'items of the whole window', request: () => get('/api/revenue/GetListByDates/2000-01-01/2099-12-31') },
    { name: 'transactions of the window', request: () => get('/api/transaction/GetListByDates/2000-01-01/2099-12-31') },
    { name: 'fees by type', request: () => get('/api/transaction/GetListByType/2_Fee') },
    {
      name: 'body of 12 000 keys',
      request: post('/api/fee', { dataType: 'Expense', dataObject: { ...huge, ...manyKeys } }),
    },
    {
      name: 'manual transaction of 12 000 keys',
      request: post('/api/transaction', { eventType: '2_Fee', dataObject: { ...huge, amount: '1.00' }, ...manyKeys }),
    },
    {
      name: 'recurring item of 1 200 months',
      request: post('/api/fee', {
        dataType: 'RecurringExpense',
        dataObject: { ...huge, date: '2000-01-01', invoiceDate: '2000-01-01', repetitions: 1200 },
      }),
    },
    { name: 'reset of the year', request: post('/api/transaction/resetCurrentYear', { date: today }) },
    {
      name: 'log search over every event',
      request: (i) => ({
        method: 'GET',
        url: `/api/log/GetPage/1000/1/true/nothing-matches-${i}`,
        headers: { ...as(tokens.admin), 'x-api-key': tokens.apiKey },
      }),
    },
  ]
}

/**
 * The normal request it is all compared with: the costliest read a screen makes on books that just changed — the
 * Fees screen's list of every expense (thousands of records with their VAT and sums). The dashboard's reads (the
 * month, the year's summary) are updated incrementally from the previous books and cost a fraction of it, so they
 * would make a yardstick that says more about caching than about the work an input can cause.
 */
export const normalCase = (_today: string, token: string): WorkCase => ({
  name: 'normal: every expense after a change',
  request: () => ({
    method: 'GET',
    url: '/api/fee/GetListByType/Expense',
    headers: { authorization: `Bearer ${token}` },
  }),
})

const cpuMs = async (run: () => Promise<unknown>) => {
  const start = process.cpuUsage()
  await run()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!

export interface WorkFigures {
  readonly normalMs: number
  readonly cases: readonly { name: string; ms: number; ratio: number; status: number }[]
}

/**
 * Median CPU milliseconds of each case over `rounds` rounds, every request right after a small write (the books
 * change, so nothing cached helps), the normal request measured the same way in every round.
 */
export async function measureWork(
  app: FastifyInstance,
  token: string,
  normal: WorkCase,
  cases: readonly WorkCase[],
  rounds: number,
): Promise<WorkFigures> {
  let n = 0
  const change = () =>
    app.inject({
      method: 'POST',
      url: '/api/fee',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        dataType: 'Expense',
        dataObject: { date: '2020-05-05', name: `Change ${n++}`, amount: '1.00', percent: '0', isCompany: false },
      },
    })
  const samples = new Map<string, number[]>([
    [normal.name, []],
    ...cases.map((c) => [c.name, []] as [string, number[]]),
  ])
  const statuses = new Map<string, number>()
  for (let i = 0; i < rounds; i++) {
    for (const c of [normal, ...cases]) {
      await change()
      let status = 0
      const ms = await cpuMs(async () => {
        status = (await app.inject(c.request(i))).statusCode
      })
      samples.get(c.name)!.push(ms)
      statuses.set(c.name, status)
    }
  }
  const normalMs = median(samples.get(normal.name)!)
  return {
    normalMs,
    cases: cases.map((c) => {
      const ms = median(samples.get(c.name)!)
      return { name: c.name, ms, ratio: ms / normalMs, status: statuses.get(c.name)! }
    }),
  }
}
