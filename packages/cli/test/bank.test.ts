/**
 * `finance import bank` and `finance bank unmatched`: a file no parser reads is refused with its reason and exit
 * code 1 (one line per file), and the lines of an imported statement wait in the queue with their suggestion.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { executeBooks } from '@finance/books'
import type { LedgerCommand } from '@finance/ledger-core'
import { line, statement } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { ANNA, run, seedUser } from './helpers.ts'

const seeded = () => seedUser()

describe('finance import bank', () => {
  it('refuses a file that is no statement, a line per file, exit code 1', async () => {
    const { store } = await seeded()
    const dir = mkdtempSync(join(tmpdir(), 'bank-'))
    writeFileSync(join(dir, 'a.sta'), 'not a statement')
    writeFileSync(join(dir, 'b.csv'), 'x;y')
    const r = await run(['import', 'bank', join(dir, 'a.sta'), join(dir, 'b.csv'), '--user', ANNA], { store })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('✗ a.sta: odrzucono')
    expect(r.stdout).toContain('✗ b.csv: odrzucono')
    expect(r.stdout).toContain('to nie jest wyciąg bankowy w obsługiwanym formacie')
    expect(r.stderr).toContain('plików zaimportowanych: 0, odrzuconych: 2')
    const json = await run(['import', 'bank', join(dir, 'a.sta'), '--user', ANNA, '--json'], { store })
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({
      refused: 1,
      results: [{ ok: false, error: { code: 'bank.format.unknown' } }],
    })
  })

  it('reads real statements and says in Polish why the reader refused one (a PKO BP CSV names no account)', async () => {
    const { store } = await seeded()
    const fixtures = fileURLToPath(new URL('../../books/test/fixtures/bank/', import.meta.url))
    const r = await run(['import', 'bank', join(fixtures, 'mbank.sta'), join(fixtures, 'pko.csv'), '--user', ANNA], {
      store,
    })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/✓ mbank\.sta: mt940 mbank/)
    expect(r.stdout).toContain('✗ pko.csv: odrzucono')
    expect(r.stdout).toContain('plik nie podaje, którego rachunku dotyczy: wskaż rachunek')
    expect(r.stdout).not.toContain('The file does not say')
    const again = await run(['import', 'bank', join(fixtures, 'mbank.sta'), '--user', ANNA], { store })
    expect(again.code).toBe(0)
    expect(again.stdout).toContain('nowych operacji: 0 z 3')
  })

  it('says why a statement does not balance with its figures, as amounts of the language', async () => {
    const { store } = await seeded()
    const fixtures = fileURLToPath(new URL('../../books/test/fixtures/bank/', import.meta.url))
    const dir = mkdtempSync(join(tmpdir(), 'bank-'))
    const file = join(dir, 'unbalanced.sta')
    // The first statement's closing balance 13 200,00 where 4200,00 − 1000,00 = 3200,00.
    const text = readFileSync(join(fixtures, 'mbank.sta'), 'latin1')
    writeFileSync(file, text.replace(':62F:C260302PLN3200,00', ':62F:C260302PLN13200,00'), 'latin1')
    const pl = await run(['import', 'bank', file, '--user', ANNA], { store })
    expect(pl.code).toBe(1)
    expect(pl.stdout.replace(/\u00a0/g, ' ')).toContain(
      'wyciąg się nie bilansuje: saldo otwarcia plus operacje daje 3200,00, a saldo zamknięcia to 13 200,00 (różnica 10 000,00) (wiersz 8)',
    )
    const en = await run(['import', 'bank', file, '--user', ANNA, '--lang', 'en'], { store })
    expect(en.stdout).toContain(
      'the statement does not balance: the opening balance plus the lines is 3,200.00, but the closing balance is 13,200.00 (difference 10,000.00) (at line 8)',
    )
  })

  it('sends a CSV of a bank with no preset to camt.053, MT940 or the app, in both languages', async () => {
    const { store } = await seeded()
    const dir = mkdtempSync(join(tmpdir(), 'bank-'))
    const file = join(dir, 'inny.csv')
    writeFileSync(file, 'Kiedy;Ile;Co\n2026-03-02;100,00;Faktura FV 1\n')
    const pl = await run(['import', 'bank', file, '--user', ANNA], { store })
    expect(pl.code).toBe(1)
    expect(pl.stdout).toContain(
      'zaimportuj wyciąg w formacie camt.053 albo MT940, albo określ kolumny tego pliku na ekranie Bank',
    )
    const en = await run(['import', 'bank', file, '--user', ANNA, '--lang', 'en'], { store })
    expect(en.stdout).toContain("import the bank's camt.053 or MT940 statement instead")
  })

  it('names a missing file', async () => {
    const { store } = await seeded()
    const r = await run(['import', 'bank', '/nonexistent/x.sta', '--user', ANNA], { store })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('/nonexistent/x.sta')
  })
})

describe('finance bank unmatched', () => {
  it('lists the lines waiting in the queue, or says there are none', async () => {
    const { store, userId } = await seeded()
    const empty = await run(['bank', 'unmatched', '--user', ANNA, '--lang', 'en'], { store })
    expect(empty.stdout).toContain('No unmatched lines.')
    const r = await executeBooks(store, userId, {
      type: 'ImportBankStatement',
      statement: statement([line({ bookingDate: '2026-02-02', amount: '-12.30', title: 'Opłata za przelew' })]),
      at: '2026-03-01T10:00:00.000Z',
      userId,
    } as LedgerCommand)
    expect('events' in r).toBe(true)
    const listed = await run(['bank', 'unmatched', '--user', ANNA], { store })
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/2026-02-02\s.*-12,30\szł\s+Opłata za przelew/)
    const json = JSON.parse((await run(['bank', 'unmatched', '--user', ANNA, '--json'], { store })).stdout)
    expect(json).toHaveLength(1)
  })

  it('names the transaction a suggestion would pay by its name and date, the id after it', async () => {
    const { store, userId } = await seeded()
    const at = '2026-03-01T10:00:00.000Z'
    const item = { date: '2026-02-10', name: 'Programowanie', amount: '1000.00', isCompany: true, percent: '23' }
    const added = await executeBooks(store, userId, { type: 'AddItem', dataType: 'Income', data: item, at, userId })
    expect('events' in added).toBe(true)
    const paid = line({ bookingDate: '2026-02-12', amount: '1230.00', title: 'Zapłata za usługi' })
    const r = await executeBooks(store, userId, {
      type: 'ImportBankStatement',
      statement: statement([paid]),
      at,
      userId,
    } as LedgerCommand)
    expect('events' in r).toBe(true)
    const listed = await run(['bank', 'unmatched', '--user', ANNA], { store })
    expect(listed.stdout).toMatch(/propozycja: Programowanie, 2026-02-10, 1230,00\szł \[i\d+-2026-02\]/)
  })
})

describe('finance import bank --account', () => {
  const fixtures = fileURLToPath(new URL('../../books/test/fixtures/bank/', import.meta.url))

  it('reads a PKO BP CSV export (which names no account) as the account given', async () => {
    const { store } = await seeded()
    const r = await run(
      ['import', 'bank', join(fixtures, 'pko.csv'), '--account', '84 1020 1026 0000 1202 0345 6789', '--user', ANNA],
      { store },
    )
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('✓ pko.csv: csv pko — wyciągów: 1, nowych operacji: 2 z 2')
    const json = await run(
      [
        'import',
        'bank',
        join(fixtures, 'pko.csv'),
        '--account',
        'PL84102010260000120203456789',
        '--user',
        ANNA,
        '--json',
      ],
      { store },
    )
    expect(JSON.parse(json.stdout).results[0].statements[0]).toMatchObject({
      account: 'PL84102010260000120203456789',
      newLines: 0,
    })
  })

  it('refuses an account whose check digits are wrong, and one no file needs, as usage errors (exit 2)', async () => {
    const { store } = await seeded()
    const bad = await run(
      ['import', 'bank', join(fixtures, 'pko.csv'), '--account', '84 1020 1026 0000 1202 0345 6788', '--user', ANNA],
      { store },
    )
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--account: 84 1020 1026 0000 1202 0345 6788 nie jest poprawnym numerem rachunku')
    const unused = await run(
      ['import', 'bank', join(fixtures, 'mbank.sta'), '--account', 'PL84102010260000120203456789', '--user', ANNA],
      { store },
    )
    expect(unused.code).toBe(2)
    expect(unused.stderr).toContain('--account dotyczy pliku CSV, który nie podaje rachunku')
    // Nothing was written: the statement is new to a later import.
    const later = await run(['import', 'bank', join(fixtures, 'mbank.sta'), '--user', ANNA], { store })
    expect(later.stdout).toContain('nowych operacji: 3 z 3')
  })
})

describe('finance bank matched / unmatch', () => {
  const matchedLine = async () => {
    const { store, userId } = await seeded()
    const at = '2026-03-01T10:00:00.000Z'
    const item = { date: '2026-02-10', name: 'Programowanie', amount: '1000.00', isCompany: true, percent: '23' }
    const added = await executeBooks(store, userId, { type: 'AddItem', dataType: 'Income', data: item, at, userId })
    if (!('events' in added)) throw new Error(JSON.stringify(added))
    const paid = line({ bookingDate: '2026-02-12', amount: '1230.00', title: 'Zapłata za usługi' })
    const imported = await executeBooks(store, userId, {
      type: 'ImportBankStatement',
      statement: statement([paid]),
      at,
      userId,
    } as LedgerCommand)
    if (!('events' in imported)) throw new Error(JSON.stringify(imported))
    const [entry] = JSON.parse((await run(['bank', 'unmatched', '--user', ANNA, '--json'], { store })).stdout)
    const lineId = entry.line.lineId as string
    const matched = await executeBooks(store, userId, {
      type: 'MatchBankLine',
      lineId,
      allocations: entry.suggestions[0].allocations,
      at,
      userId,
    } as LedgerCommand)
    if (!('events' in matched)) throw new Error(JSON.stringify(matched))
    return { store, lineId }
  }

  it('lists a matched line with what it pays and its id, undoes its match, and the line waits in the queue again', async () => {
    const { store, lineId } = await matchedLine()
    const listed = await run(['bank', 'matched', '--user', ANNA], { store })
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain(`Zapłata za usługi  [${lineId}]`)
    expect(listed.stdout).toMatch(/płaci: Programowanie, 2026-02-10, 1230,00\szł \[i\d+-2026-02\]/)
    expect((await run(['bank', 'unmatched', '--user', ANNA, '--lang', 'en'], { store })).stdout).toContain(
      'No unmatched lines.',
    )

    const undone = await run(['bank', 'unmatch', lineId, '--user', ANNA], { store })
    expect(undone.stderr).toBe('')
    expect(undone.code).toBe(0)
    expect(undone.stdout).toMatch(/^Cofnięto dopasowanie \(Programowanie, 2026-02-10, 1230,00\szł \[i\d+-2026-02\]\)/)
    expect(undone.stdout).toContain(`Zapłata za usługi  [${lineId}]`)
    expect((await run(['bank', 'unmatched', '--user', ANNA], { store })).stdout).toContain(`[${lineId}]`)
    expect((await run(['bank', 'matched', '--user', ANNA], { store })).stdout).toBe('Brak dopasowanych operacji.\n')

    // Nothing left to undo: a user error; so is a line the books do not hold.
    const again = await run(['bank', 'unmatch', lineId, '--user', ANNA, '--lang', 'en'], { store })
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(`line ${lineId} is not matched: there is nothing to undo`)
    const unknown = await run(['bank', 'unmatch', '0000000000000000', '--user', ANNA], { store })
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('w księgach nie ma operacji bankowej 0000000000000000')
  })

  it('answers the line as JSON, and refuses an id that is none as a usage error (exit 2)', async () => {
    const { store, lineId } = await matchedLine()
    const json = await run(['bank', 'unmatch', lineId, '--user', ANNA, '--json'], { store })
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toMatchObject({ lineId, status: 'unmatched', match: null })
    const bad = await run(['bank', 'unmatch', 'xyz', '--user', ANNA], { store })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('oczekiwano identyfikatora operacji bankowej')
  })
})
