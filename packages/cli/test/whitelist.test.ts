/**
 * `finance whitelist import FILE`: the flat file is checked against the payments above 15 000 zł, each with its
 * answer in Polish; an account not on the list is a warning with exit code 1; a file that is no flat file is refused
 * with its reason.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { flatFileHash } from '@finance/books'
import { largePaymentStatement } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { ANNA, run, seedUser } from './helpers.ts'

const NIP = '5260250274'
const ACCOUNT = '27114020040000300201355387'

const flatFile = (date: string, active: [string, string][]) => {
  const day = date.replace(/-/g, '')
  return JSON.stringify({
    naglowek: {
      dataGenerowaniaDanych: day,
      liczbaTransformacji: '50',
      schemat: 'RRRRMMDDNNNNNNNNNNBBBBBBBBBBBBBBBBBBBBBBBBBB',
    },
    skrotyPodatnikowCzynnych: active.map(([n, a]) => flatFileHash(day, n, a, 50)),
    skrotyPodatnikowZwolnionych: [],
    maski: [],
  })
}

const seeded = async () => {
  const { store, exec } = await seedUser({ at: '2026-03-01T10:00:00.000Z' })
  await exec({
    type: 'AddItem',
    dataType: 'Expense',
    data: {
      date: '2026-02-02',
      name: 'Server',
      amount: '20000.00',
      isCompany: true,
      percent: '23',
      invoiceDate: '2026-02-02',
      documentNumber: 'FZ/2/2026',
      counterparty: { name: 'Hardware sp. z o.o.', taxId: NIP, country: 'PL', address: '' },
    },
  })
  await exec({
    type: 'ImportBankStatement',
    statement: largePaymentStatement(ACCOUNT),
  })
  return store
}

describe('finance whitelist import', () => {
  it('keeps the answer for a large payment and warns in Polish when the account is not on the list', async () => {
    const store = await seeded()
    const dir = mkdtempSync(join(tmpdir(), 'wl-'))
    writeFileSync(join(dir, 'absent.json'), flatFile('2026-02-11', []))
    const r = await run(['whitelist', 'import', join(dir, 'absent.json'), '--user', ANNA], { store })
    expect(r.code).toBe(1)
    expect(r.stdout).toContain('Plik płaski z 2026-02-11')
    expect(r.stdout).toMatch(
      /✗ 2026-02-10 .*Hardware sp\. z o\.o\. NIP 5260250274 .*BRAK NA WYKAZIE \(wykaz z 2026-02-11\)/,
    )
    expect(r.stderr).toContain('art. 22p ustawy o PIT')
    writeFileSync(join(dir, 'listed.json'), flatFile('2026-02-10', [[NIP, ACCOUNT]]))
    const ok = await run(['whitelist', 'import', join(dir, 'listed.json'), '--user', ANNA, '--json'], { store })
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.stdout)).toMatchObject({
      date: '2026-02-10',
      recorded: 1,
      payments: [{ nip: NIP, warning: false, check: { result: 'active', listDate: '2026-02-10', source: 'flatFile' } }],
    })
  })

  it('refuses a file that is no flat file, with the reason in Polish', async () => {
    const store = await seeded()
    const dir = mkdtempSync(join(tmpdir(), 'wl-'))
    writeFileSync(join(dir, 'bad.json'), '{"naglowek": {"dataGenerowaniaDanych": "2026"}}')
    const r = await run(['whitelist', 'import', join(dir, 'bad.json'), '--user', ANNA], { store })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('nagłówek nie podaje poprawnej daty')
  })
})
