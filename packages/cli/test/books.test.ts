/**
 * `finance books`: the same book and the same JPK files as the API, from a stored history with its recording
 * moments (the golden years of @finance/tax-files), in every format and both languages.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { booksStream, createAccounts } from '@finance/books'
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { serializeEvent } from '@finance/ledger-core'
import { contact, createdAt, flat2026, primary, type Scenario, scale2025 } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { problemText } from '../src/commands/books.ts'
import { run } from './helpers.ts'

const JAN = 'jan@example.com'

/** A store with Jan's company data and a recorded history. */
const seeded = async (s: Scenario, company = primary): Promise<EventStore> => {
  const store = createMemoryStore()
  const accounts = createAccounts(store, { hashCost: 4 })
  const jan = await accounts.register({ email: JAN, password: 'Jan-Pass1', role: 'USER', actor: 'cli' })
  if (!jan.ok) throw new Error(jan.errors.join())
  const meta = (at: string) => ({ userId: jan.value.id, correlationId: 'test', createdAt: at })
  const companyEvents = [
    { type: 'CompanyRecordSaved', data: { id: 900, dataType: 'Primary', data: company } },
    { type: 'CompanyRecordSaved', data: { id: 901, dataType: 'Contact', data: contact } },
  ]
  await store.append(
    booksStream(jan.value.id),
    [
      ...companyEvents.map((e) => ({ ...serializeEvent(e as never), metadata: meta('2020-01-01T10:00:00Z') })),
      ...s.events.map(({ event, recordedAt }) => ({ ...serializeEvent(event), metadata: meta(recordedAt) })),
    ] as never,
    'no_stream',
  )
  return store
}

const golden = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../tax-files/test/golden/${name}.xml`, import.meta.url)), 'utf8')

describe('finance books', () => {
  it('writes the JPK file the API writes, byte for byte', async () => {
    for (const s of [scale2025, flat2026]) {
      const store = await seeded(s)
      const r = await run(['books', String(s.year), '--user', JAN, '--format', 'xml'], { store, now: createdAt })
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      expect(r.stdout).toBe(golden(s.name))
    }
  })

  it('prints the KPiR by month with the regulation’s column numbers, totals and the year so far (pl)', async () => {
    const store = await seeded(scale2025)
    const r = await run(['books', '2025', '--user', JAN], { store, now: createdAt })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Podatkowa księga przychodów i rozchodów 2025 (wzór Dz.U. 2019 poz. 2544)')
    expect(r.stdout).toContain('styczeń 2025 (zamknięty)')
    expect(r.stdout).toMatch(/1 Lp\.\s+2 Data zdarzenia\s+3 Nr dowodu\s+4 Kontrahent/)
    expect(r.stdout).toContain('Korekta zapisu nr 1/2025 z 2025-01-15')
    expect(r.stdout).toMatch(/Razem miesiąc\s+5000,00\s+0,00\s+5000,00\s+1200,00\s+80,00\s+4000,00/)
    expect(r.stdout).toContain('Razem przychód: 4650,00  Koszty: 6180,00  Dochód: -1530,00')
  })

  it('prints one month of the ewidencja with a column per rate (en)', async () => {
    const store = await seeded(flat2026)
    const r = await run(['books', '2026', '--month', '02', '--user', JAN, '--lang', 'en'], { store, now: createdAt })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Record of revenue (ryczałt) 2026')
    expect(r.stdout).toContain('February 2026 (closed)')
    expect(r.stdout).not.toContain('January 2026')
    expect(r.stdout).toMatch(/No\..*12%\s+8.5%\s+Total\s+Remarks/)
    expect(r.stdout).toContain('Entered late, period 2026-01')
    expect(r.stdout).toMatch(/Month total\s+1,500\.00\s+2,000\.00\s+3,500\.00/)
    expect(r.stdout).toMatch(/Year to date\s+11,500\.00\s+5,000\.00\s+16,500\.00/)
  })

  it('prints CSV and JSON of the same rows', async () => {
    const store = await seeded(scale2025)
    const csv = await run(['books', '2025', '--user', JAN, '--format', 'csv', '--lang', 'en'], {
      store,
      now: createdAt,
    })
    const lines = csv.stdout.trimEnd().split('\r\n')
    expect(lines).toHaveLength(9)
    expect(lines[0]).toBe(
      '1 No.,2 Date of event,3 Document,4 Counterparty,6 Description,7 Sales,8 Other revenue,9 Total revenue,10 Goods,11 Side costs,12 Salaries,13 Other expenses,14 Total expenses,15 Free column,16 R&D,17 Remarks',
    )
    expect(lines[8]).toBe(
      '8,2025-03-25,FV 1/2025,"ACME sp. z o.o., 5260001246",Usługi programistyczne — styczeń,-500.00,,-500.00,,,,,,,,Corrects entry 1/2025 of 2025-01-15',
    )
    const json = await run(['books', '2025', '--user', JAN, '--format', 'json', '--month', '3'], {
      store,
      now: createdAt,
    })
    const book = JSON.parse(json.stdout)
    expect(book.month).toBe(3)
    expect(book.kpir.rows.map((r: { number: number }) => r.number)).toEqual([8])
    expect(book.kpir.totals.revenue).toBe('4650.00')
  })

  it('says what the file needs and what a wrong argument is', async () => {
    const store = await seeded(scale2025, { ...primary, birthDate: null })
    const r = await run(['books', '2025', '--user', JAN, '--format', 'xml'], { store, now: createdAt })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('nie można utworzyć pliku JPK')
    expect(r.stderr).toContain('data urodzenia: do pliku JPK potrzebna jest data urodzenia')
    const en = await run(['books', '2025', '--user', JAN, '--format', 'xml', '--lang', 'en'], { store, now: createdAt })
    expect(en.stderr).toContain('birthDate: Birth date is required for a JPK file')
    expect(r.stdout).toBe('')
    for (const argv of [
      ['books', '2025', '--user', JAN, '--month', '13'],
      ['books', '25', '--user', JAN],
      ['books', '2051', '--user', JAN],
      ['books', '2025', '--user', JAN, '--format', 'pdf'],
      ['books', '2025', '--user', JAN, '--inventory-start', '-5'],
      ['books', '2025'],
    ])
      expect((await run(argv, { store })).code, argv.join(' ')).toBe(2)
    expect((await run(['books', '2025', '--user', 'nobody@example.com'], { store })).code).toBe(1)
  })

  it('takes the years the API’s books/{year} takes, 2000–2050, and names that window for any other year', async () => {
    const store = await seeded(scale2025)
    for (const year of ['1800', '1999', '2051', '2099']) {
      const pl = await run(['books', year, '--user', JAN], { store })
      expect(pl.code, year).toBe(2)
      expect(pl.stderr, year).toContain(`błędna wartość '${year}'. oczekiwano roku RRRR od 2000 do 2050, np. 2026`)
      const en = await run(['books', year, '--user', JAN, '--lang', 'en'], { store })
      expect(en.stderr, year).toContain(
        `'${year}' is invalid for argument 'year'. expected a year YYYY from 2000 to 2050`,
      )
    }
    for (const year of ['2000', '2050']) {
      const r = await run(['books', year, '--user', JAN, '--format', 'json'], { store })
      expect([r.code, r.stderr], year).toEqual([0, ''])
    }
  })
})

describe('finance books on a day inside the year', () => {
  it('leaves out the entries dated after today, in the table, the JSON and the JPK file', async () => {
    const store = await seeded(scale2025)
    // 11 February 2025: the entries of 12 February and later are still to come.
    const now = '2025-02-11T10:00:00Z'
    const json = await run(['books', '2025', '--user', JAN, '--format', 'json'], { store, now })
    expect(json.code).toBe(0)
    const book = JSON.parse(json.stdout)
    expect(book.kpir.rows.every((r: { date: string }) => r.date <= '2025-02-11')).toBe(true)
    expect(book.kpir.rows.map((r: { date: string }) => r.date)).toContain('2025-02-10')
    expect(book.planned.after).toBe('2025-02-11')
    expect(book.planned.entries).toBeGreaterThan(0)
    const table = await run(['books', '2025', '--user', JAN], { store, now })
    expect(table.stdout).toContain(
      `Pominięte pozycje z datą późniejszą niż 2025-02-11: ${book.planned.entries}. To plan, a nie zdarzenie`,
    )
    expect(table.stdout).not.toContain('2025-02-12')
    const xml = await run(['books', '2025', '--user', JAN, '--format', 'xml'], { store, now })
    expect(xml.code).toBe(0)
    expect(xml.stdout).toContain('<K_2>2025-02-10</K_2>')
    expect(xml.stdout).not.toContain('<K_2>2025-02-12</K_2>')
  })
})

describe("the JPK files' refusals in Polish", () => {
  it('write a rate with a decimal comma', () => {
    expect(problemText('pl', 'Entry 3 has a ryczałt rate of 8.5 %, which JPK_EWP(4) does not list')).toBe(
      'zapis 3 ma stawkę ryczałtu 8,5%, której JPK_EWP(4) nie przewiduje',
    )
    expect(problemText('pl', 'Item 7 has VAT of 5.5 %, which JPK_V7 has no field for')).toBe(
      'pozycja 7 ma stawkę VAT 5,5%, dla której JPK_V7 nie ma pola',
    )
  })
})
