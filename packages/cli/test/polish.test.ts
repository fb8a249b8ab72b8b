/**
 * Polish is the CLI's default language: the checks of its arguments and options, and the reasons and notes the
 * import and books commands print from the core, leave no English behind.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildInvoice23 } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { problemText } from '../src/commands/books.ts'
import { ANNA, run, seedKsefTrader, seedUser } from './helpers.ts'

/** English words the CLI's messages use, none of which is a Polish word. */
const ENGLISH =
  /\b(expected|the|must|line|at|enter|before|filing|number|amount|date|month|whole|positive|period|item|id|not|no|is|of|or|like|refund)\b/i

/** The first English word of `text`, leaving out what is quoted (an option's name, the value given). */
const englishIn = (text: string) => ENGLISH.exec(text.replace(/'[^']*'/g, ''))?.[0] ?? null

describe('the Polish CLI', () => {
  it('says in Polish why an argument or option value is refused (usage error, exit 2)', async () => {
    const { store } = await seedUser()
    const cases: [readonly string[], string][] = [
      [['books', '2026', '--user', ANNA, '--month', '13'], 'oczekiwano numeru miesiąca od 01 do 12'],
      [['books', '2026', '--user', ANNA, '--format', 'xml', '--inventory-start', 'x'], 'oczekiwano kwoty'],
      [['books', '2026', '--user', ANNA, '--format', 'xml', '--inventory-end', '1,5'], 'oczekiwano kwoty'],
      [['invoices', 'issue', 'abc', '--user', ANNA], 'oczekiwano numeru'],
      [['rates', 'show', 'EUR', '2026-13-01', '--user', ANNA], 'oczekiwano daty RRRR-MM-DD'],
      [['rates', 'fetch', '2026-02-30', '2026-03-01', '--user', ANNA], 'oczekiwano daty RRRR-MM-DD'],
      [['rates', 'choose', 'ecb', '--from', 'jutro', '--user', ANNA], 'oczekiwano daty RRRR-MM-DD'],
      [['jpk', 'v7', '2026-Q5', '--user', ANNA], 'oczekiwano okresu RRRR-MM albo RRRR-Qn'],
      [['ksef', 'pdf', 'x', '--user', ANNA], 'oczekiwano numeru pozycji'],
      [['ksef', 'offline', '0', '--user', ANNA], 'oczekiwano numeru pozycji'],
      [['report', 'month', '2026-13', '--user', ANNA], 'oczekiwano miesiąca RRRR-MM'],
      [['replay', '--threads', '0'], 'oczekiwano liczby całkowitej'],
    ]
    for (const [argv, polish] of cases) {
      const r = await run(argv, { store })
      expect(r.code, argv.join(' ')).toBe(2)
      expect(r.stderr, argv.join(' ')).toContain(polish)
      expect(englishIn(r.stderr), r.stderr).toBeNull()
      const en = await run([...argv, '--lang', 'en'], { store })
      expect(en.stderr, argv.join(' ')).toContain('expected')
    }
  })

  it('names the line of a refused bank statement in Polish', async () => {
    const { store } = await seedUser()
    const fixture = fileURLToPath(new URL('../../books/test/fixtures/bank/mbank.sta', import.meta.url))
    const text = readFileSync(fixture, 'latin1')
    // The first operation (:61:, line 6) loses its amount.
    const broken = text.replace(':61:2603020302D1000,00N152', ':61:2603020302DN152')
    expect(broken).not.toBe(text)
    const file = join(mkdtempSync(join(tmpdir(), 'finance-pl-')), 'broken.sta')
    writeFileSync(file, broken, 'latin1')
    const r = await run(['import', 'bank', file, '--user', ANNA], { store })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('✗ broken.sta: odrzucono')
    expect(r.stdout).toMatch(/\(wiersz \d+\)/)
    expect(englishIn(r.stdout), r.stdout).toBeNull()
    const en = await run(['import', 'bank', file, '--user', ANNA, '--lang', 'en'], { store })
    expect(en.stdout).toMatch(/\(at line \d+\)/)
  })

  it('prints the notes on an imported KSeF invoice in Polish', async () => {
    const { store } = await seedKsefTrader({ contact: true })
    const file = join(mkdtempSync(join(tmpdir(), 'finance-pl-')), 'sale.xml')
    writeFileSync(
      file,
      buildInvoice23({
        sellerNip: '5260250274',
        buyerNip: '7740001454',
        number: 'FV 1/03',
        net: '100.00',
        vat: '23.00',
      }),
    )
    const r = await run(['import', 'ksef', file, '--user', ANNA], { store, now: '2026-04-10T10:00:00.000Z' })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('brak numeru KSeF: wpisz go (albo oznaczenie) przed złożeniem JPK_V7')
    expect(englishIn(r.stdout.replace(/FV 1\/03|KSeF|JPK_V7/g, '')), r.stdout).toBeNull()
    const again = await run(['import', 'ksef', file, '--user', ANNA], { store, now: '2026-04-10T10:00:00.000Z' })
    expect(again.stdout).toContain('Ten dokument jest już w księgach')
    expect(englishIn(again.stdout), again.stdout).toBeNull()
  })

  it('says in Polish what stops a JPK file, the core’s own texts included', () => {
    const text = problemText('pl', 'From February 2026 there is no 60-day refund: the general term is 40 days')
    expect(text).toBe('Od lutego 2026 nie ma zwrotu w terminie 60 dni: terminem podstawowym jest 40 dni')
  })
})
