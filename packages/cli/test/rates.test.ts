/**
 * `finance rates import|show`: the NBP archive recorded in the books and the rate a tax date uses; a file that is no
 * archive and a day without a rate are exit code 1 with the reason in Polish (English with `--lang en`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { inLang } from '../src/commands/rates.ts'
import { ANNA, run, seedUser } from './helpers.ts'

const archive = fileURLToPath(new URL('../../books/test/fixtures/nbp/archiwum_tab_a_2026.csv', import.meta.url))

const seeded = async () => (await seedUser()).store

describe('finance rates', () => {
  it('imports the archive, then shows the rate of the last working day before a tax date', async () => {
    const store = await seeded()
    const r = await run(['rates', 'import', archive, '--user', ANNA], { store })
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('Zapisano tabel kursów NBP: 6 (zakres 2026-01-01 – 2026-05-04).\n')
    const show = await run(['rates', 'show', 'eur', '2026-05-04', '--user', ANNA], { store })
    expect(show.stdout).toBe(
      'EUR: kurs średni 4,2345 zł z tabeli 084/A/NBP/2026 z dnia 2026-04-30 (ostatni dzień roboczy przed 2026-05-04)\n',
    )
    const again = await run(['rates', 'import', archive, '--user', ANNA, '--json'], { store })
    expect(JSON.parse(again.stdout)).toMatchObject({ added: 0 })
  })

  it('a day the books hold no rate for, and a file that is no archive, are exit code 1 with the reason', async () => {
    const store = await seeded()
    const missing = await run(['rates', 'show', 'USD', '2026-05-04', '--user', ANNA], { store })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('Brak kursu średniego USD w tabeli A NBP z dnia 2026-04-30')
    const dir = mkdtempSync(join(tmpdir(), 'rates-'))
    writeFileSync(join(dir, 'x.csv'), 'Date,EUR\n2026-01-02,4.2')
    const bad = await run(['rates', 'import', join(dir, 'x.csv'), '--user', ANNA, '--lang', 'en'], { store })
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('Not an NBP table A archive: no header row starting with "data;"')
  })

  it("says an unreachable NBP or ECB in Polish words, never the runtime's English reason", () => {
    expect(inLang('pl', 'The NBP API cannot be reached: fetch failed')).toBe(
      'Nie można połączyć się z API NBP: brak połączenia z siecią albo serwer nie odpowiada',
    )
    expect(inLang('pl', 'The ECB cannot be reached: getaddrinfo ENOTFOUND www.ecb.europa.eu')).toBe(
      'Nie można połączyć się z EBC: brak połączenia z siecią albo serwer nie odpowiada',
    )
    expect(inLang('en', 'The NBP API cannot be reached: fetch failed')).toBe(
      'The NBP API cannot be reached: fetch failed',
    )
  })
})
