/**
 * Deterministic history generator for the benchmark: `users` traders, each with one `user-` stream
 * (UserRegistered) and one `books-` stream of company data, VAT/PIT/ZUS settings and a mix of item additions,
 * updates and deletions spread over 2025–2026. The same seed always gives the same events (ids, dates, amounts).
 */
import type { EventStore, NewEvent } from '@finance/event-store'
import { pitSetting } from '@finance/ledger-core/testing'

/** mulberry32: small, fast, deterministic. */
export const prng = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const hex = (rnd: () => number, n: number) => {
  let s = ''
  for (let i = 0; i < n; i++) s += Math.floor(rnd() * 16).toString(16)
  return s
}

export const uuidFrom = (rnd: () => number): string =>
  `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-${(8 + Math.floor(rnd() * 4)).toString(16)}${hex(rnd, 3)}-${hex(rnd, 12)}`

const pad = (n: number) => String(n).padStart(2, '0')

export interface GenerateOptions {
  readonly users: number
  /** Events per user including the one UserRegistered event. */
  readonly eventsPerUser: number
  readonly seed?: number
  /** Called after each user's events are appended. */
  readonly onUser?: (done: number) => void
}

const NAMES = ['Invoice', 'Hosting', 'Office rent', 'Fuel', 'Software licence', 'Consulting', 'Phone', 'Books']

export const generateHistory = async (store: EventStore, o: GenerateOptions): Promise<number> => {
  const rnd = prng(o.seed ?? 20260101)
  let clock = Date.parse('2025-01-01T08:00:00.000Z')
  let written = 0
  const meta = (userId: string) => {
    clock += 1000
    return { userId, correlationId: uuidFrom(rnd), createdAt: new Date(clock).toISOString() }
  }
  for (let u = 0; u < o.users; u++) {
    const userId = uuidFrom(rnd)
    await store.append(
      `user-${userId}`,
      [
        {
          eventId: uuidFrom(rnd),
          type: 'UserRegistered',
          schemaVersion: 1,
          data: { userId, email: `trader${u}@example.com`, role: 1, language: 'pl' },
          metadata: meta('cli'),
        },
      ],
      'no_stream',
    )
    const events: NewEvent[] = []
    const push = (type: string, data: NewEvent['data']) =>
      events.push({
        eventId: uuidFrom(rnd),
        type,
        schemaVersion: type.startsWith('Item') && type !== 'ItemDeleted' ? 2 : 1,
        data,
        metadata: meta(userId),
      })
    push('CompanyRecordSaved', {
      id: 1,
      dataType: 'Primary',
      data: { companyName: `Trader ${u}`, nip: '5260250274', ownerName: 'Jan', ownerLastName: `Nowak${u}`, regon: '' },
    })
    push('SettingAdded', { id: 2, kind: 'Vat', data: { date: '2025-01-01', percent: '23', paymentInterval: 1 } })
    push('SettingAdded', {
      id: 3,
      kind: 'Pit',
      data: pitSetting({ date: '2025-01-01' }),
    })
    push('SettingAdded', {
      id: 4,
      kind: 'SocialSecurity',
      data: { date: '2025-01-01', amount: '1773.96', percent: '4.9' },
    })
    let nextId = 5
    const live: { id: number; dataType: string }[] = []
    while (events.length < o.eventsPerUser - 1) {
      const r = rnd()
      if (r < 0.1 && live.length > 0) {
        const it = live[Math.floor(rnd() * live.length)]!
        push('ItemUpdated', { id: it.id, dataType: it.dataType, data: item(rnd, it.dataType) })
      } else if (r < 0.14 && live.length > 0) {
        const k = Math.floor(rnd() * live.length)
        const it = live[k]!
        live.splice(k, 1)
        push('ItemDeleted', { id: it.id, dataType: it.dataType })
      } else {
        const dataType =
          rnd() < 0.55 ? 'Expense' : rnd() < 0.9 ? 'Income' : rnd() < 0.5 ? 'RecurringExpense' : 'RecurringIncome'
        const id = nextId++
        live.push({ id, dataType })
        push('ItemAdded', { id, dataType, data: item(rnd, dataType) })
      }
    }
    await store.append(`books-${userId}`, events, 'no_stream')
    written += events.length + 1
    o.onUser?.(u + 1)
  }
  return written
}

const item = (rnd: () => number, dataType: string) => {
  const year = rnd() < 0.5 ? 2025 : 2026
  const date = `${year}-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}`
  const isCompany = rnd() < 0.8
  const amount = `${1 + Math.floor(rnd() * 20000)}.${pad(Math.floor(rnd() * 100))}`
  const base = {
    date,
    name: `${NAMES[Math.floor(rnd() * NAMES.length)]} ${Math.floor(rnd() * 1000)}`,
    amount,
    isCompany,
    percent: isCompany ? '23' : '0',
    invoiceDate: isCompany ? date : null,
  }
  return dataType.startsWith('Recurring') ? { ...base, repetitions: 1 + Math.floor(rnd() * 12) } : base
}
