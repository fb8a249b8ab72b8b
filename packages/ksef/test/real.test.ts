/**
 * The client against the real KSeF TEST environment, run only when `KSEF_URL` (e.g. https://api-test.ksef.mf.gov.pl/v2),
 * `KSEF_TOKEN` and `KSEF_NIP` (the context the token was issued for) are set; `KSEF_SEND=1` also sends one invoice
 * (TEST only: its data are shared with every integrator). It has not been run from the project's machines, which
 * reach no network (docs/ksef.md says what was tried against what).
 */
import { buildInvoice } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { isKsefNumber, KsefHttpClient } from '../src/index.ts'

const url = process.env.KSEF_URL
const token = process.env.KSEF_TOKEN
const nip = process.env.KSEF_NIP

if (url && token && nip) {
  describe('KSeF TEST environment', { timeout: 300_000 }, () => {
    const client = new KsefHttpClient({ baseUrl: url, nip, token })

    it('authenticates with the token', async () => {
      const r = await client.connect()
      expect(Date.parse(r.accessValidUntil)).toBeGreaterThan(Date.now())
    })

    it('fetches the invoices received in the last day', async () => {
      const page = await client.fetchReceived(new Date(Date.now() - 24 * 3600_000).toISOString())
      expect(Date.parse(page.next)).not.toBeNaN()
      for (const i of page.invoices) expect(isKsefNumber(i.ksefNumber)).toBe(true)
    })

    it.runIf(process.env.KSEF_SEND === '1')('sends one invoice and gets its KSeF number and UPO', async () => {
      const number = `FIN/TEST/${Date.now()}`
      const [out] = await client.sendInvoices([
        buildInvoice({
          sellerNip: nip,
          buyerNip: '7740001454',
          number,
          issueDate: new Date().toISOString().slice(0, 10),
          amounts: [
            ['P_13_1', '100.00'],
            ['P_14_1', '23.00'],
          ],
          total: '123.00',
          lines: [{ description: 'Test integracji', net: '100.00', rate: '23' }],
        }),
      ])
      expect(out?.status).toBe('accepted')
    })
  })
} else {
  describe.skip('KSeF TEST environment (skipped: set KSEF_URL, KSEF_TOKEN and KSEF_NIP to run it)', () => {
    it('needs KSEF_URL, KSEF_TOKEN and KSEF_NIP', () => {})
  })
}
