/** `finance setup FILE --user EMAIL`: the first-run set-up written at once — every record, or none and every field. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadBooks } from '@finance/books'
import { createMemoryStore } from '@finance/event-store'
import { listRecords } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import { run } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'finance-setup-'))
const fileWith = (name: string, data: unknown) => {
  const file = join(dir, name)
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data))
  return file
}

const setup = {
  company: {
    companyName: 'Kowalski IT',
    nip: '5260250274',
    ownerName: 'Jan',
    ownerLastName: 'Kowalski',
    regon: '',
    taxOfficeCode: '1471',
    businessStartDate: '2026-03-10',
  },
  vat: { date: '2026-03-10', percent: '23', paymentInterval: 1 },
  pit: [{ date: '2026-03-10', taxType: 'Linear', firstPercent: '19', paymentInterval: 1, deductions: '0.00' }],
  socialSecurity: { date: '2026-03-10', amount: '1646.47', percent: '4.9' },
}

const withUser = async () => {
  const store = createMemoryStore()
  const added = await run(['users', 'add', 'anna@example.com', '--role', 'USER', '--password', 'Str0ng!pass'], {
    store,
  })
  expect(added.code).toBe(0)
  const userId = /([0-9a-f-]{36})/.exec(added.stdout)![1]!
  return { store, userId }
}

describe('finance setup', () => {
  it('writes the company data and every setting at once', async () => {
    const { store, userId } = await withUser()
    const r = await run(['setup', fileWith('ok.json', setup), '--user', 'anna@example.com', '--lang', 'en'], { store })
    expect(r.stderr).toBe('')
    expect(r.stdout).toBe('set up the books of anna@example.com: 4 record(s) written\n')
    const { state } = await loadBooks(store, userId)
    expect(['Primary', 'Vat', 'Pit', 'SocialSecurity'].map((t) => listRecords(state, t as 'Vat').length)).toEqual([
      1, 1, 1, 1,
    ])
  })

  it('says a NIP whose check digit is wrong, saved as given, and writes no second copy when run again', async () => {
    const { store, userId } = await withUser()
    const typo = { ...setup, company: { ...setup.company, nip: '5260250275' } }
    const file = fileWith('typo.json', typo)
    const r = await run(['setup', file, '--user', 'anna@example.com'], { store })
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('uwaga: company.nip: cyfra kontrolna NIP się nie zgadza: sprawdź numer\n')
    const again = await run(['setup', file, '--user', 'anna@example.com', '--lang', 'en'], { store })
    expect(again.stdout).toBe('set up the books of anna@example.com: 0 record(s) written\n')
    expect(again.stderr).toBe('note: company.nip: Nip checksum is not valid\n')
    const { state } = await loadBooks(store, userId)
    expect(['Primary', 'Vat', 'Pit', 'SocialSecurity'].map((t) => listRecords(state, t as 'Vat').length)).toEqual([
      1, 1, 1, 1,
    ])
  })

  it('a refused last part writes nothing and names the field, in Polish by default', async () => {
    const { store, userId } = await withUser()
    const bad = { ...setup, socialSecurity: { ...setup.socialSecurity, date: '2026-02-01' } }
    const r = await run(['setup', fileWith('bad.json', bad), '--user', 'anna@example.com'], { store })
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('konfiguracja ksiąg użytkownika anna@example.com odrzucona, nic nie zapisano')
    expect(r.stderr).toContain('socialSecurity.date: Data nie może być wcześniejsza niż dzień rozpoczęcia działalności')
    const { state } = await loadBooks(store, userId)
    expect(listRecords(state, 'Primary')).toEqual([])
  })

  it('refuses a file that is not JSON', async () => {
    const { store } = await withUser()
    const r = await run(['setup', fileWith('x.json', '{ company'), '--user', 'anna@example.com', '--lang', 'en'], {
      store,
    })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /x\.json: not valid JSON \(line 1, column 3: unexpected character "c"\); nothing was written\n$/,
    )
  })
})
