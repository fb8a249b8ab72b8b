/**
 * The account of a CSV export that does not name it (PKO BP's history): the import is refused with
 * `bank.csv.account` until the caller gives one, then reads the file as that account's; a file that names its own
 * account keeps it.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createMemoryStore } from '@finance/event-store'
import { describe, expect, it } from 'vitest'
import { loadBooks } from '../../src/books.ts'
import { importBankFiles } from '../../src/imports/bank/import.ts'

const dir = fileURLToPath(new URL('../fixtures/bank/', import.meta.url))
const fixture = (name: string) => ({ fileName: name, bytes: new Uint8Array(readFileSync(`${dir}${name}`)) })
const at = () => new Date('2026-05-01T10:00:00.000Z')

describe('the account of a CSV export that names none', () => {
  it('is refused without an account and read as the given one (an NRB, spaced as the bank prints it)', async () => {
    const store = createMemoryStore()
    const without = await importBankFiles(store, 'u1', [fixture('pko.csv')], at)
    expect(without.results[0]).toMatchObject({ ok: false, error: { code: 'bank.csv.account' } })

    const withAccount = await importBankFiles(store, 'u1', [fixture('pko.csv'), fixture('mbank.sta')], at, {
      account: '84 1020 1026 0000 1202 0345 6789',
    })
    expect(withAccount).toMatchObject({ imported: 2, refused: 0 })
    expect(withAccount.results[0]).toMatchObject({
      ok: true,
      format: 'csv',
      variant: 'pko',
      statements: [{ account: 'PL84102010260000120203456789', lines: 2, newLines: 2 }],
    })
    // The MT940 file names its own account: the one given is not forced on it.
    const mbank = withAccount.results[1]!
    expect(mbank.ok && mbank.statements.map((x) => x.account)).toEqual([
      'PL89114020040000350212345678',
      'PL89114020040000350212345678',
    ])
    const { state } = await loadBooks(store, 'u1')
    expect([...state.bank.accounts.values()].map((a) => a.iban).sort()).toEqual([
      'PL84102010260000120203456789',
      'PL89114020040000350212345678',
    ])
  })
})
