/**
 * `finance rates … --ecb`, `--table B` and `finance rates choose`: the ECB's reference rates and the VAT setting's
 * choice of them (uVAT art. 31a ust. 1 zdanie drugie) from the terminal, in Polish (English with `--lang en`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createAccounts, executeBooks, loadBooks } from '@finance/books'
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { describe, expect, it } from 'vitest'
import { run } from './helpers.ts'

const ANNA = 'anna@example.com'
const ecbCsv = fileURLToPath(new URL('../../books/test/fixtures/ecb/eurofxref-hist.csv', import.meta.url))
const tableB = fileURLToPath(new URL('../../books/test/fixtures/nbp/archiwum_tab_b_2026.csv', import.meta.url))

const seeded = async (): Promise<{ store: EventStore; userId: string }> => {
  const store = createMemoryStore()
  const anna = await createAccounts(store, { hashCost: 4 }).register({
    email: ANNA,
    password: 'Anna-Pass1',
    role: 'USER',
    actor: 'cli',
  })
  if (!anna.ok) throw new Error(anna.errors.join())
  return { store, userId: anna.value.id }
}

describe('finance rates with the ECB and table B', () => {
  it('imports the ECB history and shows the ECB rate of a tax date; table B comes from its archive', async () => {
    const { store } = await seeded()
    const r = await run(['rates', 'import', ecbCsv, '--ecb', '--user', ANNA], { store })
    expect(r.stdout).toBe('Zapisano dni kursów referencyjnych EBC: 3 (zakres 2026-04-29 – 2026-05-04).\n')
    const show = await run(['rates', 'show', 'EUR', '2026-05-04', '--ecb', '--user', ANNA], { store })
    expect(show.stdout).toBe('EUR: kurs EBC 4,2310 zł z dnia 2026-04-30 (ostatni kurs opublikowany przed 2026-05-04)\n')
    const b = await run(['rates', 'import', tableB, '--user', ANNA], { store })
    expect(b.stderr).toBe('')
    const aed = await run(['rates', 'show', 'AED', '2026-05-04', '--user', ANNA], { store })
    expect(aed.stderr).toBe('')
    expect(aed.stdout).toContain('AED: kurs średni 1,0520 zł z tabeli 017/B/NBP/2026 z dnia 2026-04-29')
    const missing = await run(['rates', 'show', 'AED', '2025-12-20', '--user', ANNA], { store })
    expect(missing.stderr).toContain('Brak kursu średniego AED w tabeli B NBP z dnia 2025-12-17')
  })

  it('chooses the ECB rate from a day and the NBP rate again a month later', async () => {
    const { store, userId } = await seeded()
    const none = await run(['rates', 'choose', 'ecb', '--from', '2026-03-01', '--user', ANNA], { store })
    expect([none.code, none.stderr.trim()]).toEqual([
      1,
      'błąd: Na dzień 2026-03-01 nie ma ustawienia VAT: najpierw ustaw stawkę VAT',
    ])
    await executeBooks(store, userId, {
      type: 'AddSetting',
      at: '2026-01-02T10:00:00Z',
      userId,
      kind: 'Vat',
      data: { date: '2026-01-01', percent: '23', paymentInterval: 1 },
    })
    const chosen = await run(['rates', 'choose', 'ecb', '--from', '2026-03-01', '--user', ANNA], { store })
    expect(chosen.stdout).toBe(
      'Od 2026-03-01 podstawa VAT w walucie obcej jest przeliczana według kursu EBC (art. 31a ust. 1 zd. 2 ustawy o VAT).\n',
    )
    const { state } = await loadBooks(store, userId)
    const vat = [...state.records.values()].filter((x) => x.dataType === 'Vat').map((x) => x.data)
    expect(vat).toContainEqual({ date: '2026-03-01', percent: '23', paymentInterval: 1, vatExchangeRate: 'ecb' })
    // No minimum period: the NBP rate may come back on any day (the 12 months of ust. 2b are another election's).
    const back = await run(['rates', 'choose', 'nbp', '--from', '2026-04-01', '--user', ANNA, '--lang', 'en'], {
      store,
    })
    expect([back.code, back.stderr, back.stdout]).toEqual([
      0,
      '',
      'From 2026-04-01 a foreign-currency VAT base is converted at the NBP average rate (uVAT art. 31a ust. 1).\n',
    ])
    const after = await loadBooks(store, userId)
    const settings = [...after.state.records.values()].filter((x) => x.dataType === 'Vat').map((x) => x.data)
    expect(settings).toContainEqual({ date: '2026-04-01', percent: '23', paymentInterval: 1, vatExchangeRate: 'nbp' })
    const wrong = await run(['rates', 'choose', 'fed', '--from', '2026-09-01', '--user', ANNA], { store })
    expect(wrong.code).not.toBe(0)
  })
})

describe('a file of rates refused, in Polish', () => {
  const dir = mkdtempSync(join(tmpdir(), 'finance-rates-refused-'))
  const fileWith = (name: string, text: string) => {
    const file = join(dir, name)
    writeFileSync(file, text)
    return file
  }
  it.each([
    [
      [],
      'nothing.csv',
      'x;y\n1;2\n',
      'To nie jest archiwum tabel A NBP (brak wiersza nagłówka zaczynającego się od „data;”)',
    ],
    [
      ['--ecb'],
      'ecb.csv',
      'Date,USD,PLN\n2026/01/02,1.1,4.2\n',
      'Wiersz 2: „2026/01/02” nie jest datą w formacie RRRR-MM-DD',
    ],
    [
      ['--ecb'],
      'ecb-header.csv',
      'Day,USD\n2026-01-02,1.1\n',
      'To nie są kursy referencyjne EBC (pierwszy wiersz musi mieć postać „Date,USD,JPY,…” z kolumną PLN)',
    ],
  ])('%s %s: the reason in Polish, the file not imported', async (options, name, text, reason) => {
    const { store } = await seeded()
    const r = await run(['rates', 'import', fileWith(name, text), ...options, '--user', ANNA], { store })
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(`błąd: ${reason}\n`)
  })
})
