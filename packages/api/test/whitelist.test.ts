/**
 * The VAT payers' white list over HTTP: a payment above 15 000 zł is listed unchecked, the flat file's answer is kept
 * as its evidence (a warning when the account is not on the list), and a file that is no flat file is a 400 naming
 * the field and the reason, writing nothing.
 */
import { Buffer } from 'node:buffer'
import { flatFileHash } from '@finance/books'
import { largePaymentStatement } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, harnessEachTest } from './helpers.ts'

const opened = harnessEachTest()

const NIP = '5260250274'
const ACCOUNT = '27114020040000300201355387'

const flatFile = (date: string, active: [string, string][]) => {
  const day = date.replace(/-/g, '')
  const json = JSON.stringify({
    naglowek: { dataGenerowaniaDanych: day, liczbaTransformacji: '30', schemat: '' },
    skrotyPodatnikowCzynnych: active.map(([n, a]) => flatFileHash(day, n, a, 30)),
    skrotyPodatnikowZwolnionych: [],
    maski: [],
  })
  return { fileName: `${day}.json`, base64: Buffer.from(json).toString('base64') }
}

describe('white list', () => {
  it('lists a large payment, keeps the flat file’s answer and warns when the account is not on the list', async () => {
    const { h, t } = await opened.user('a@example.com', { now: '2026-03-10T10:00:00.000Z' })
    const fee = await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'Expense',
      dataObject: {
        ...bodies.Expense,
        date: '2026-02-02',
        invoiceDate: '2026-02-02',
        amount: '20000.00',
        documentNumber: 'FZ/2/2026',
        counterparty: { name: 'Hardware sp. z o.o.', taxId: NIP, country: 'PL', address: '' },
      },
    })
    expect(fee.statusCode).toBeLessThan(300)
    const s = largePaymentStatement(ACCOUNT)
    expect((await call(h.app, t, 'POST', '/api/bank/statements', { statements: [s] })).json().imported).toBe(1)
    const before = (await call(h.app, t, 'GET', '/api/bank/whitelist')).json()
    expect(before.payments).toMatchObject([{ nip: NIP, account: ACCOUNT, amount: '24600.00', check: null }])

    const absent = await call(h.app, t, 'POST', '/api/bank/whitelist', flatFile('2026-02-12', []))
    expect(absent.statusCode).toBe(200)
    expect(absent.json()).toMatchObject({
      file: { date: '2026-02-12', active: 0 },
      checked: 1,
      recorded: 1,
      payments: [{ warning: true, check: { result: 'absent', listDate: '2026-02-12', source: 'flatFile' } }],
    })
    const listed = await call(h.app, t, 'POST', '/api/bank/whitelist', flatFile('2026-02-10', [[NIP, ACCOUNT]]))
    expect(listed.json().payments).toMatchObject([{ warning: false, check: { result: 'active' } }])
    expect((await call(h.app, t, 'GET', '/api/bank/whitelist')).json().payments[0].check.listDate).toBe('2026-02-10')
  })

  it('refuses a file that is no flat file with the field and the reason', async () => {
    const { h, t } = await opened.user('a@example.com')
    const res = await call(h.app, t, 'POST', '/api/bank/whitelist', {
      base64: Buffer.from(
        '{"naglowek": {"dataGenerowaniaDanych": "20261301", "liczbaTransformacji": "5000"}}',
      ).toString('base64'),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors.file).toContain('no valid date')
    const none = await call(h.app, t, 'POST', '/api/bank/whitelist', {})
    expect(none.statusCode).toBe(400)
    expect(none.json().fieldErrors).toHaveProperty('base64')
  })
})
