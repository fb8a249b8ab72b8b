/** CSV mappings saved with the books over HTTP: saved, offered on the next import of that bank, deleted. */
import { Buffer } from 'node:buffer'
import { csvMapping } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { call, harnessEachTest } from './helpers.ts'

const opened = harnessEachTest()

describe('saved CSV mappings', () => {
  it('saves a mapping, reads the next file of that bank with it, and refuses an incomplete one with its fields', async () => {
    const { h, t } = await opened.user('a@example.com', { now: '2026-03-10T10:00:00.000Z' })
    const header = 'Data;Opis;Kontrahent;Wypłaty;Wpłaty;Saldo'
    const csv = ['Historia', header, '02.01.2026;Zapłata;Klient;;"1 234,56";"2 234,56"', ''].join('\n')
    const files = [{ fileName: 'a.csv', base64: Buffer.from(csv).toString('base64') }]
    expect((await call(h.app, t, 'POST', '/api/bank/import', { files })).json().results[0].error.code).toBe(
      'bank.csv.unknown',
    )
    const mapping = csvMapping({ account: 'PL61109010140000071219812874' })
    const saved = await call(h.app, t, 'POST', '/api/bank/csv-mappings', { name: 'Mój bank', header, mapping })
    expect(saved.statusCode).toBe(201)
    expect((await call(h.app, t, 'GET', '/api/bank')).json().csvMappings).toMatchObject([{ name: 'Mój bank' }])
    expect((await call(h.app, t, 'POST', '/api/bank/import', { files })).json().results[0]).toMatchObject({
      ok: true,
      csvMapping: { name: 'Mój bank' },
    })
    const bad = await call(h.app, t, 'POST', '/api/bank/csv-mappings', {
      name: 'X',
      header,
      mapping: { delimiter: ';' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toHaveProperty('mapping')
    const gone = await call(h.app, t, 'DELETE', `/api/bank/csv-mappings/${saved.json().id}`)
    expect(gone.statusCode).toBe(200)
    expect((await call(h.app, t, 'GET', '/api/bank')).json().csvMappings).toEqual([])
  })
})
