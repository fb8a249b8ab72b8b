/**
 * A CSV mapping saved with the books is offered on the next import: a file of the bank it was made for (its header
 * row) is read with it; a file with another header is still refused as an unknown bank.
 */
import { createMemoryStore } from '@finance/event-store'
import { isDomainError, type LedgerCommand } from '@finance/ledger-core'
import { csvMapping } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { executeBooks } from '../../src/commands/execute.ts'
import { loadBooks } from '../../src/books.ts'
import { importBankFiles } from '../../src/imports/bank/import.ts'

const file = (header: string) =>
  new TextEncoder().encode(
    [
      'Historia rachunku firmowego',
      header,
      '02.01.2026;Zapłata FV 1/2026;Klient;;"1 234,56";"2 234,56"',
      '03.01.2026;Czynsz;Wynajmujący;"1 000,00";;"1 234,56"',
      '',
    ].join('\n'),
  )
const HEADER = 'Data;Opis;Kontrahent;Wypłaty;Wpłaty;Saldo'
const mapping = csvMapping()

describe('saved CSV mappings', () => {
  it('reads the next file of that bank with the saved mapping, and no other', async () => {
    const store = createMemoryStore()
    const user = 'u1'
    const at = () => new Date('2026-02-01T10:00:00.000Z')
    const first = await importBankFiles(store, user, [{ fileName: 'a.csv', bytes: file(HEADER) }], at)
    expect(first.results[0]).toMatchObject({ ok: false, error: { code: 'bank.csv.unknown' } })

    const saved = await executeBooks(store, user, {
      type: 'SaveBankCsvMapping',
      name: 'Bank Spółdzielczy',
      // As the file writes it: the signature ignores case, spaces and quotes.
      header: ' "DATA"; Opis ;Kontrahent;Wypłaty;Wpłaty;Saldo;',
      mapping,
      at: at().toISOString(),
      userId: user,
    } as LedgerCommand)
    if (isDomainError(saved)) throw new Error(JSON.stringify(saved))
    const { state } = await loadBooks(store, user)
    const m = [...state.bank.csvMappings.values()][0]!
    expect(m).toMatchObject({ name: 'Bank Spółdzielczy', header: 'data;opis;kontrahent;wypłaty;wpłaty;saldo' })
    expect(m.mapping).toMatchObject({ account: 'PL61109010140000071219812874' })

    const next = await importBankFiles(store, user, [{ fileName: 'b.csv', bytes: file(HEADER) }], at)
    expect(next.results[0]).toMatchObject({
      ok: true,
      csvMapping: { id: m.id, name: 'Bank Spółdzielczy' },
      statements: [{ lines: 2, newLines: 2 }],
    })
    const other = await importBankFiles(
      store,
      user,
      [{ fileName: 'c.csv', bytes: file('Datum;Text;Partner;Soll;Haben;Saldo') }],
      at,
    )
    expect(other.results[0]).toMatchObject({ ok: false, error: { code: 'bank.csv.unknown' } })
  })

  it('refuses an incomplete mapping with its fields', async () => {
    const store = createMemoryStore()
    const r = await executeBooks(store, 'u1', {
      type: 'SaveBankCsvMapping',
      name: '',
      header: HEADER,
      mapping: { ...mapping, columns: { bookingDate: 0, title: 1 } },
      at: '2026-02-01T10:00:00.000Z',
      userId: 'u1',
    } as LedgerCommand)
    expect(isDomainError(r) && r.errors?.map((e) => e.field)).toEqual(['name', 'mapping.columns.amount'])
    const bad = await executeBooks(store, 'u1', {
      type: 'SaveBankCsvMapping',
      name: 'X',
      header: HEADER,
      mapping: { ...mapping, delimiter: '|' },
      at: '2026-02-01T10:00:00.000Z',
      userId: 'u1',
    } as LedgerCommand)
    expect(isDomainError(bad) && bad.errors?.map((e) => e.field)).toEqual(['mapping'])
  })
})
