/** Property: export → import (into an empty store) → export is byte-identical, over generated histories. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStore, type NewEvent } from '@finance/event-store'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { run } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'finance-roundtrip-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const hex = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n })
const uuid = fc.tuple(hex(8), hex(4), hex(3), hex(3), hex(12)).map(([a, b, c, d, e]) => `${a}-${b}-7${c}-8${d}-${e}`)
const date = fc
  .tuple(fc.integer({ min: 2024, max: 2027 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`)
const money = fc
  .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99 }))
  .map(([z, g]) => `${z}.${String(g).padStart(2, '0')}`)
/** Names with quotes, commas, line breaks and non-ASCII letters. */
const name = fc
  .string({
    unit: fc.constantFrom('a', 'Ż', 'ł', ' ', '"', ',', '\n', '\\', 'é', '😀', 'Z'),
    minLength: 1,
    maxLength: 12,
  })
  .filter((s) => s.trim().length > 0)

const ledgerEvent = (id: number): fc.Arbitrary<Pick<NewEvent, 'type' | 'schemaVersion' | 'data'>> =>
  fc.oneof(
    fc
      .record({
        dataType: fc.constantFrom('Income', 'Expense'),
        date,
        name,
        amount: money,
        isCompany: fc.boolean(),
        percent: fc.constantFrom('0', '8', '23'),
      })
      .map(({ dataType, ...d }) => ({
        type: 'ItemAdded',
        schemaVersion: 2,
        data: { id, dataType, data: { ...d, invoiceDate: d.isCompany ? d.date : null } },
      })),
    fc
      .record({
        dataType: fc.constantFrom('Income', 'Expense'),
        date,
        amount: fc.double({ min: 0, max: 1e6, noNaN: true }),
      })
      .map(({ dataType, date: d, amount }) => ({
        type: 'ItemAdded',
        schemaVersion: 1,
        data: {
          id,
          dataType,
          data: { date: d, name: 'v1 item', amount: Math.round(amount * 100) / 100, isCompany: false, percent: 0 },
        },
      })),
    fc.boolean().map((completed) => ({ type: 'TransactionCompletedSet', schemaVersion: 1, data: { id, completed } })),
    date.map((d) => ({ type: 'MonthReset', schemaVersion: 1, data: { month: d.slice(0, 7) } })),
    fc.record({ date, percent: fc.constantFrom('23', '8', '5.5') }).map((d) => ({
      type: 'SettingAdded',
      schemaVersion: 1,
      data: { id, kind: 'Vat', data: { ...d, paymentInterval: 1 } },
    })),
  )

/** A history: a few users, each with a user stream and a books stream, appended in an interleaved order. */
const history = fc.array(fc.tuple(uuid, fc.constantFrom('pl', 'en')), { minLength: 1, maxLength: 3 }).chain((users) =>
  fc.tuple(
    fc.constant(users),
    fc.array(
      fc
        .tuple(fc.nat({ max: users.length - 1 }), fc.nat({ max: 50 }), fc.integer({ min: 1, max: 3 }))
        .chain(([u, id, batch]) =>
          fc.tuple(fc.constant(u), fc.array(ledgerEvent(id + 1), { minLength: 1, maxLength: batch })),
        ),
      { maxLength: 12 },
    ),
  ),
)

describe('export → import → export', () => {
  it('is byte-identical over generated histories', async () => {
    let n = 0
    await fc.assert(
      fc.asyncProperty(history, async ([users, appends]) => {
        const store = createMemoryStore()
        let second = 0
        const metadata = (userId: string) => ({
          userId,
          correlationId: `c-${second}`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second++)).toISOString(),
        })
        const ids = new Set<string>()
        for (const [userId, language] of users) {
          if (ids.has(userId)) continue
          ids.add(userId)
          await store.append(
            `user-${userId}`,
            [
              {
                type: 'UserRegistered',
                schemaVersion: 1,
                data: { userId, email: `${userId}@example.com`, role: 1, language },
                metadata: metadata('cli'),
              },
            ],
            'no_stream',
          )
        }
        let eventNo = 0
        const eventId = () => `00000000-0000-7000-8000-${String(++eventNo).padStart(12, '0')}`
        for (const [u, events] of appends) {
          const userId = users[u]![0]
          await store.append(
            `books-${userId}`,
            events.map((e) => ({ ...e, eventId: eventId(), metadata: metadata(userId) })),
            'any',
          )
        }
        const first = await run(['export', '--format', 'json'], { store })
        expect(first.code).toBe(0)
        const file = join(dir, `h${n++}.jsonl`)
        writeFileSync(file, first.stdout)
        const target = createMemoryStore()
        const imported = await run(['import', file], { store: target })
        expect(imported.stderr).toBe('')
        expect(imported.code).toBe(0)
        const again = await run(['export', '--format', 'json'], { store: target })
        expect(again.stdout).toBe(first.stdout)
      }),
      { numRuns: 60 },
    )
  })
})
