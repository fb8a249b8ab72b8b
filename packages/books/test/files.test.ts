/**
 * The files the product writes, one function each: what the books still lack comes back as problems (the caller
 * translates them), and a file handed out has passed its official schema.
 */
import { readFileSync } from 'node:fs'
import { createMemoryStore } from '@finance/event-store'
import type { LedgerCommand } from '@finance/ledger-core/light'
import { companyInvoice, companyPrimary, pitSetting, vatSetting } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import {
  executeBooks,
  importRatesArchive,
  issueInvoice,
  loadBooks,
  taxBookFile,
  v7File,
  yearBook,
} from '../src/index.ts'

const at = '2026-01-10T10:00:00.000Z'
const primary = companyPrimary({ birthDate: '1985-04-02', taxOfficeCode: '1471' })

/** A Linear trader with VAT monthly and one invoice in January 2026; without Primary data unless asked. */
async function trader(withPrimary: boolean) {
  const store = createMemoryStore()
  const run = async (c: Record<string, unknown>) => {
    const r = await executeBooks(store, 'u1', { ...c, at, userId: 'u1' } as LedgerCommand)
    if ('code' in r) throw new Error(`${String(c.type)}: ${r.message}`)
  }
  if (withPrimary) {
    await run({ type: 'SaveCompanyRecord', dataType: 'Primary', data: primary })
    await run({ type: 'SaveCompanyRecord', dataType: 'Contact', data: { email: 'biuro@example.com', phoneNumber: '' } })
    await run({ type: 'SaveCompanyRecord', dataType: 'Invoice', data: companyInvoice() })
  }
  await run({ type: 'AddSetting', kind: 'Vat', data: vatSetting() })
  await run({ type: 'AddSetting', kind: 'Pit', data: pitSetting() })
  await run({
    type: 'AddItem',
    dataType: 'Income',
    data: {
      date: '2026-01-08',
      name: 'Invoice 1/2026',
      amount: '10000.00',
      isCompany: true,
      percent: '23',
      invoiceDate: null,
      documentNumber: 'FV 1/2026',
      counterparty: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'Warszawa' },
    },
  })
  return store
}

const when = { today: '2026-03-10', now: new Date('2026-03-10T10:00:00.000Z') }

describe('files', () => {
  it('writes the JPK_PKPIR file of a year, checked against its schema', async () => {
    const store = await trader(true)
    const { book } = await yearBook(store, 'u1', 2026, when.today)
    expect(book.kpir.rows).toHaveLength(1)
    const file = await taxBookFile(store, 'u1', 2026, when)
    if (!file.ok) throw new Error(JSON.stringify(file.problems))
    expect(file.fileName).toMatch(/JPK_PKPIR/)
    expect(file.xml).toContain('5260250274')
    expect(file.xml).toContain('FV 1/2026')
  })

  it('answers what the book lacks as problems, writing no file', async () => {
    const store = await trader(false)
    const file = await taxBookFile(store, 'u1', 2026, when)
    expect(file.ok).toBe(false)
    if (!file.ok) expect(file.problems.map((p) => p.message)).toContain('Primary data is required for a JPK file')
    // A month without entries is refused as empty.
    const empty = await taxBookFile(await trader(true), 'u1', 2026, { ...when, month: 2 })
    expect(empty.ok).toBe(false)
  })

  it('writes JPK_V7M of a month and the FA(3) invoice of an income', async () => {
    const store = await trader(true)
    const { state } = await loadBooks(store, 'u1')
    const v7 = await v7File(state, '2026-01', { purpose: 1, now: when.now })
    if (!v7.ok) throw new Error(JSON.stringify(v7.problems))
    expect(v7.month).toBe('2026-01')
    expect(v7.xml).toContain('5260250274')
    expect(await v7File(state, '2026-13', { purpose: 1, now: when.now })).toMatchObject({ ok: false })
    const invoiceId = [...state.records.values()].find((r) => r.dataType === 'Income')!.id
    const invoice = await issueInvoice(state, invoiceId, { now: when.now })
    if (!invoice.ok) throw new Error(JSON.stringify(invoice.problems))
    expect(invoice.xml).toContain('FV 1/2026')
    expect(await issueInvoice(state, 9999, { now: when.now })).toMatchObject({ ok: false, status: 404 })
  })
})

describe('files of an income in euro', () => {
  it('JPK_V7M, JPK_PKPIR and the FA(3) invoice carry its złoty amounts at the NBP rate of 7 January', async () => {
    const store = await trader(true)
    const archive = new Uint8Array(readFileSync(new URL('./fixtures/nbp/archiwum_tab_a_2026.csv', import.meta.url)))
    await importRatesArchive(store, 'u1', archive, when.now)
    // Thursday 8 January 2026: 6 January is a holiday, the last working day before is 7 January (EUR 4.2205).
    const added = await executeBooks(store, 'u1', {
      type: 'AddItem',
      at,
      userId: 'u1',
      dataType: 'Income',
      data: {
        date: '2026-01-08',
        name: 'Consulting FV 2/2026',
        isCompany: true,
        percent: '23',
        invoiceDate: '2026-01-08',
        documentNumber: 'FV 2/2026',
        counterparty: { name: 'Cloud GmbH', taxId: '5260001246', country: 'PL', address: 'Warszawa' },
        currency: { code: 'EUR', amount: '1000.00' },
      },
    } as LedgerCommand)
    if ('code' in added) throw new Error(added.message)
    const { state } = await loadBooks(store, 'u1')
    const v7 = await v7File(state, '2026-01', { purpose: 1, now: when.now })
    if (!v7.ok) throw new Error(JSON.stringify(v7.problems))
    // 1000.00 × 4.2205 = 4220.50; VAT 970.715 → 970.72. The sale's row in złoty.
    expect(v7.xml).toMatch(/<K_19>4220\.50<\/K_19>\s*<K_20>970\.72<\/K_20>/)
    const book = await taxBookFile(store, 'u1', 2026, when)
    if (!book.ok) throw new Error(JSON.stringify(book.problems))
    expect(book.xml).toContain('4220.50')
    const id = [...state.records.values()].find(
      (r) => (r.data as { documentNumber?: string }).documentNumber === 'FV 2/2026',
    )!.id
    const invoice = await issueInvoice(state, id, { now: when.now })
    if (!invoice.ok) throw new Error(JSON.stringify(invoice.problems))
    expect(invoice.xml).toContain('<KodWaluty>EUR</KodWaluty>')
    expect(invoice.xml).toContain('<P_14_1W>970.72</P_14_1W>')
    expect(invoice.xml).toContain('<KursWaluty>4.2205</KursWaluty>')
  })
})
