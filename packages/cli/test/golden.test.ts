/** Every command's output for the fixed scenario (test/scenario.ts), compared with checked-in golden files. */
import { beforeAll, describe, expect, it } from 'vitest'
import { expectGolden } from './golden.ts'
import { run } from './helpers.ts'
import { ANNA, type Scenario, seedScenario } from './scenario.ts'

let s: Scenario
beforeAll(async () => {
  s = await seedScenario()
})

const golden = async (name: string, argv: string[]) => {
  const r = await run(argv, { store: s.store })
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  expectGolden(name, r.stdout)
  return r.stdout
}

describe('golden outputs', () => {
  it('report month: table (pl, en), JSON, CSV', async () => {
    const pl = await golden('report-month.pl.txt', ['report', 'month', '2026-02', '--user', ANNA])
    expect(pl).toContain('po terminie')
    await golden('report-month.en.txt', ['report', 'month', '2026-02', '--user', ANNA, '--lang', 'en'])
    const json = JSON.parse(await golden('report-month.json', ['report', 'month', '2026-02', '--user', ANNA, '--json']))
    expect(json.month).toBe('2026-02')
    expect(json.obligations.filter((o: { completed: boolean }) => o.completed)).toHaveLength(2)
    await golden('report-month.csv', ['report', 'month', '2026-02', '--user', ANNA, '--csv'])
  })

  it('report month of a later month is computed from the current books', async () => {
    const out = await golden('report-month-future.en.txt', [
      'report',
      'month',
      '2026-04',
      '--user',
      ANNA,
      '--lang',
      'en',
    ])
    expect(out).toContain('i5-2026-04')
  })

  it('report year: table, cumulative, JSON, CSV', async () => {
    await golden('report-year.pl.txt', ['report', 'year', '2026', '--user', ANNA])
    await golden('report-year-cumulative.en.txt', [
      'report',
      'year',
      '2026',
      '--user',
      ANNA,
      '--cumulative',
      '--lang',
      'en',
    ])
    const json = JSON.parse(await golden('report-year.json', ['report', 'year', '2026', '--user', ANNA, '--json']))
    expect(json.months).toHaveLength(12)
    await golden('report-year.csv', ['report', 'year', '2026', '--user', ANNA, '--csv'])
  })

  it('report annual: the year end and the forms compared, as a table (pl, en), JSON and CSV', async () => {
    const pl = await golden('report-annual.pl.txt', ['report', 'annual', '2026', '--user', ANNA])
    expect(pl).toContain('PIT-36L (podatek liniowy)')
    expect(pl).toContain('prognoza')
    // The health contribution's rate with a decimal comma, as every rate of the CLI (not `4.9 %`).
    expect(pl).toMatch(/\nStawka {2,}4,9%\n/)
    await golden('report-annual.en.txt', [
      'report',
      'annual',
      '2026',
      '--user',
      ANNA,
      '--lang',
      'en',
      '--flat-rate',
      '12',
    ])
    const json = JSON.parse(await golden('report-annual.json', ['report', 'annual', '2026', '--user', ANNA, '--json']))
    expect(json.annualReturn.form).toBe('PIT-36L')
    expect(json.comparison.scenarios).toHaveLength(3)
    await golden('report-annual.csv', ['report', 'annual', '2026', '--user', ANNA, '--csv'])
  })

  it('replay: the whole log, and one user as of a moment', async () => {
    const all = await golden('replay.txt', ['replay'])
    expect(all).toMatch(/^odtworzono zdarzeń: 17: ksiąg: 1, użytkowników: 2 w/)
    const en = await golden('replay.en.txt', ['replay', '--lang', 'en'])
    expect(en).toMatch(/^replayed 17 events: 1 books, 2 users in/)
    await golden('replay.json', ['replay', '--json'])
    const partial = await golden('replay-as-of.txt', ['replay', '--as-of', s.moments.afterJanuary, '--lang', 'en'])
    expect(partial).toMatch(/^replayed 17 events as of 2026-01-31T18:00:00.000Z \(12 applied\)/)
    const then = await golden('replay-as-of-january.en.txt', [
      'replay',
      '--user',
      ANNA,
      '--as-of',
      s.moments.afterJanuary,
      '--lang',
      'en',
    ])
    // The salary was ticked as received by then.
    expect(then).toMatch(/i5-2026-01 .* done/)
    // Before any item existed the month had only the settings: no revenue rows.
    const early = await golden('replay-as-of-settings.en.txt', [
      'replay',
      '--user',
      ANNA,
      '--as-of',
      s.moments.afterSettings,
      '--month',
      '2026-01',
      '--lang',
      'en',
    ])
    expect(early).not.toContain('Software development')
  })

  it('diff: which events changed which figures', async () => {
    const out = await golden('diff.en.txt', [
      'diff',
      '--from',
      s.moments.afterJanuary,
      '--to',
      s.moments.afterPayment,
      '--user',
      ANNA,
      '--lang',
      'en',
    ])
    expect(out).toContain('completed false → true')
    expect(out).toContain('Laptop "Pro", 14-inch 6,000.00 2026-02-03')
    // A record's amount reads as the figures under it: a decimal comma in Polish.
    const pl = await run(['diff', '--from', s.moments.afterJanuary, '--to', s.moments.afterPayment, '--user', ANNA], {
      store: s.store,
    })
    expect(pl.stdout).toContain('Laptop "Pro", 14-inch 6000,00 2026-02-03\n  2026-02 Koszty firmy: 1200,00 → 7200,00')
    // The words around the API's names are Polish too: the change, a transaction, a flag's values.
    expect(pl.stdout).toContain('Expense #8 dodano: Laptop')
    expect(pl.stdout).toContain('transakcja #pit-2026-01 (2026-02) zmieniono flagi: completed nie → tak')
    await golden('diff.json', ['diff', '--from', s.moments.afterJanuary, '--to', s.moments.afterPayment, '--json'])
  })

  it('export: JSON lines, CSV and the ledger journal', async () => {
    const jsonl = await golden('export.jsonl', ['export', '--format', 'json'])
    expect(jsonl.trimEnd().split('\n')).toHaveLength(17)
    const csv = await golden('export.csv', ['export', '--format', 'csv'])
    expect(csv).toContain('"Laptop ""Pro"", 14-inch"')
    expect(csv.split('\r\n')[0]).toBe(
      'user,month,id,date,eventType,name,net,vatPercent,vat,gross,isCompany,completed,notification,dueDate',
    )
    const journal = await golden('export.journal', ['export', '--format', 'ledger'])
    // The CSV holds the computed books, every month of them (not only the two months someone viewed): one row per
    // journal transaction, plus the rows of no amount, which a journal leaves out.
    const transactions = journal.match(/^\d{4}-\d{2}-\d{2} /gm)!.length
    expect(transactions).toBeGreaterThan(90)
    const rows = csv.trimEnd().split('\r\n').slice(1)
    // gross is the fifth cell from the end (names may hold commas, the last columns never do)
    const gross = (row: string) => row.split(',').at(-5)
    expect(rows.filter((r) => gross(r) !== '0.00')).toHaveLength(transactions)
    expect(new Set(rows.map((r) => r.split(',')[1])).size).toBeGreaterThan(12)
    const excel = await golden('export-2026-excel.csv', [
      'export',
      '--format',
      'csv',
      '--excel',
      '--from',
      '2026-01',
      '--to',
      '2026-12',
    ])
    expect(excel.startsWith('\uFEFFuser;month;id;date;')).toBe(true)
    expect(excel).toContain(';15000,00;23;3450,00;18450,00;')
    const q1 = await golden('export-2026-q1.journal', [
      'export',
      '--format',
      'ledger',
      '--from',
      '2026-01',
      '--to',
      '2026-03',
    ])
    expect(q1).toContain('2026-03-')
    expect(q1).not.toContain('2026-04-')
  })

  it('users list: table and JSON', async () => {
    await golden('users-list.txt', ['users', 'list'])
    const json = JSON.parse(await golden('users-list.json', ['users', 'list', '--json']))
    expect(json.map((u: { email: string; role: string }) => `${u.email}:${u.role}`)).toEqual([
      'admin@example.com:ADMIN',
      'anna@example.com:USER',
    ])
  })
})
