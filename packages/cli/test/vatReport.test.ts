/** `finance report vat`: the VAT return of the worked cross-border March 2026, in Polish, English and JSON. */
import { booksStream } from '@finance/books'
import type { EventStore } from '@finance/event-store'
import { serializeEvent } from '@finance/ledger-core'
import { crossBorderEvents } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { run, seedUser } from './helpers.ts'

const JAN = 'jan@example.com'

const seeded = async (): Promise<EventStore> => {
  const { store, userId } = await seedUser({ email: JAN, password: 'Jan-Pass1' })
  const metadata = { userId, correlationId: 'test', createdAt: '2026-04-01T10:00:00Z' }
  await store.append(
    booksStream(userId),
    crossBorderEvents.map((e) => ({ ...serializeEvent(e), metadata })) as never,
    'no_stream',
  )
  return store
}

describe('finance report vat', () => {
  it('names each field of the month’s return in Polish, the cross-border and fixed-asset ones included', async () => {
    const r = await run(['report', 'vat', '2026-03', '--user', JAN], { store: await seeded() })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Deklaracja VAT — okres 2026-03')
    expect(r.stdout).toMatch(/P_29\s+Import usług z art\. 28b \(netto\)\s+1\s?000,00/)
    expect(r.stdout).toMatch(/P_41\s+Podatek naliczony od środków trwałych\s+1\s?380,00/)
    expect(r.stdout).toMatch(/P_51\s+Podatek do wpłaty\s+862,00/)
  })

  it('prints the same figures as JSON, and in English', async () => {
    const store = await seeded()
    const json = await run(['report', 'vat', '2026-03', '--user', JAN, '--json'], { store })
    expect(JSON.parse(json.stdout)).toMatchObject({
      period: { from: '2026-03', to: '2026-03' },
      declaration: {
        P_12: '4000.00',
        P_21: '8000.00',
        P_22: '3000.00',
        P_24: '1150.00',
        P_43: '1438.00',
        P_51: '862.00',
      },
    })
    const en = await run(['report', 'vat', '2026-03', '--user', JAN, '--lang', 'en'], { store })
    expect(en.stdout).toMatch(/P_21\s+Intra-EU supplies of goods \(net\)\s+8,000\.00/)
  })
})
