import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from './helpers.ts'
import { ANNA, seedScenario } from './scenario.ts'

const dir = mkdtempSync(join(tmpdir(), 'finance-import-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const USER = '0190a6e2-7b1c-7d2e-9f00-000000000001'
const meta = (s: number) => ({ userId: USER, correlationId: 'c', createdAt: `2026-01-01T00:00:0${s}.000Z` })
let lines: string[]

beforeAll(async () => {
  const store = createMemoryStore()
  await store.append(
    `user-${USER}`,
    [
      {
        type: 'UserRegistered',
        schemaVersion: 1,
        data: { userId: USER, email: 'a@example.com', role: 1, language: 'pl' },
        metadata: meta(0),
      },
    ],
    'no_stream',
  )
  await store.append(
    `books-${USER}`,
    [
      {
        type: 'SettingAdded',
        schemaVersion: 1,
        data: { id: 1, kind: 'Vat', data: { date: '2026-01-01', percent: '23', paymentInterval: 1 } },
        metadata: meta(1),
      },
      { type: 'MonthReset', schemaVersion: 1, data: { month: '2026-01' }, metadata: meta(2) },
    ],
    'no_stream',
  )
  const out = await run(['export', '--format', 'json'], { store })
  lines = out.stdout.trimEnd().split('\n')
  expect(lines).toHaveLength(3)
})

const file = (name: string, content: string) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

const importInto = async (store: EventStore, path: string) => {
  const r = await run(['import', path, '--lang', 'en'], { store })
  return { ...r, head: await store.headPosition() }
}

describe('finance import', () => {
  it('restores an export and says how much', async () => {
    const store = createMemoryStore()
    const r = await importInto(store, file('ok.jsonl', `${lines.join('\n')}\n`))
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('imported 3 events into 2 streams\n')
    expect(r.head).toBe(3n)
    const [first] = await store.readStream(`books-${USER}`)
    expect(first?.eventId).toBe(JSON.parse(lines[1]!).eventId)
  })

  it('reports bad JSON with its line number and writes nothing', async () => {
    const store = createMemoryStore()
    const r = await importInto(store, file('bad-json.jsonl', `${lines[0]}\n${lines[1]}\n{oops\n`))
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error: line 3: not valid JSON/)
    expect(r.head).toBe(0n)
  })

  it('rejects an unknown event type and an invalid payload by line, writing nothing', async () => {
    const unknown = lines[2]!.replace('"MonthReset"', '"MonthExploded"')
    const r1 = await importInto(createMemoryStore(), file('unknown.jsonl', `${lines[0]}\n${lines[1]}\n${unknown}\n`))
    expect(r1.code).toBe(1)
    expect(r1.stderr).toContain('line 3: event MonthExploded v1 rejected')
    expect(r1.head).toBe(0n)
    const invalid = lines[1]!.replace('"percent":"23"', '"percent":"twenty"')
    const r2 = await importInto(createMemoryStore(), file('invalid.jsonl', `${lines[0]}\n${invalid}\n`))
    expect(r2.code).toBe(1)
    expect(r2.stderr).toContain('line 2: event SettingAdded v1 rejected')
    expect(r2.head).toBe(0n)
  })

  it('rejects a record the figures would leave out (an impossible date, a percent over 100), in the CLI language', async () => {
    for (const [from, to, field] of [
      ['"date":"2026-01-01"', '"date":"2026-02-30"', 'date'],
      ['"date":"2026-01-01"', '"date":"9999-12-31"', 'date'],
      ['"percent":"23"', '"percent":"500"', 'percent'],
    ] as const) {
      const bad = lines[1]!.replace(from, to)
      expect(bad).not.toBe(lines[1])
      const r = await importInto(createMemoryStore(), file('record.jsonl', `${lines[0]}\n${bad}\n${lines[2]}\n`))
      expect(r.code).toBe(1)
      expect(r.stderr).toContain(`line 2: event SettingAdded v1 rejected: data.data.${field}: `)
      expect(r.head).toBe(0n)
    }
    const bad = lines[1]!.replace('"date":"2026-01-01"', '"date":"2026-02-30"')
    // 30 February is no day at all: said so, not that it lies outside the books' years.
    const pl = await run(['import', file('record-pl.jsonl', `${lines[0]}\n${bad}\n`)], { store: createMemoryStore() })
    expect(pl.stderr).toContain(
      'wiersz 2: zdarzenie SettingAdded v1 odrzucone: data.data.date: To nie jest istniejąca data',
    )
    const late = lines[1]!.replace('"date":"2026-01-01"', '"date":"9999-12-31"')
    const outside = await run(['import', file('record-late.jsonl', `${lines[0]}\n${late}\n`)], {
      store: createMemoryStore(),
    })
    expect(outside.stderr).toContain(
      'wiersz 2: zdarzenie SettingAdded v1 odrzucone: data.data.date: Podaj datę od 2000-01-01',
    )
  })

  it('rejects a revision gap', async () => {
    const r = await importInto(createMemoryStore(), file('gap.jsonl', `${lines[0]}\n${lines[2]}\n`))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(`line 2: stream books-${USER} revision 1, expected 0`)
    expect(r.head).toBe(0n)
  })

  it('refuses a store that is not empty', async () => {
    const store = createMemoryStore()
    await store.append(
      'books-x',
      [{ type: 'MonthReset', schemaVersion: 1, data: { month: '2026-01' }, metadata: meta(0) }],
      'any',
    )
    const r = await importInto(store, file('ok2.jsonl', `${lines.join('\n')}\n`))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('the store is not empty (1 events)')
    expect(r.head).toBe(1n)
  })

  it('fails clearly on a missing file', async () => {
    const r = await importInto(createMemoryStore(), join(dir, 'missing.jsonl'))
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('no such file')
  })
})

describe('import of a real history', () => {
  it('restores the scenario (all event types the books glue writes) with identical reports and users', async () => {
    const s = await seedScenario()
    const first = await run(['export', '--format', 'json'], { store: s.store })
    const path = file('scenario.jsonl', first.stdout)
    const target = createMemoryStore()
    const imported = await run(['import', path, '--lang', 'en'], { store: target })
    expect(imported.stderr).toBe('')
    expect(imported.stdout).toBe('imported 17 events into 5 streams\n')
    expect((await run(['export', '--format', 'json'], { store: target })).stdout).toBe(first.stdout)
    for (const argv of [
      ['report', 'month', '2026-02', '--user', ANNA, '--json'],
      ['report', 'year', '2026', '--user', ANNA, '--csv'],
      ['users', 'list', '--json'],
    ])
      expect((await run(argv, { store: target })).stdout).toBe((await run(argv, { store: s.store })).stdout)
  })
})
