/** The summary's company net through the API (docs/tax-rules.md §12): net amounts less PIT and ZUS, VAT not twice. */
import { describe, expect, it } from 'vitest'
import { call, harnessEachTest } from './helpers.ts'

const opened = harnessEachTest()

describe('GET /api/transaction/getSummaryList', () => {
  it('gives November 15 000 net revenue, 8 100 net costs, PIT 1 981, ZUS 2 469.35 a company net of 2 449.65', async () => {
    const { h, t } = await opened.user('net@example.com', { now: '2026-11-27T10:00:00.000Z' })
    const rows: [string, string, string][] = [
      ['1_Revenue', '15000.00', '23'],
      ['2_Fee', '8100.00', '23'],
      ['3_Vat', '2967.00', '0'],
      ['4_Pit', '1981.00', '0'],
      ['5_SocialSecurity', '2469.35', '0'],
    ]
    for (const [eventType, amount, percent] of rows) {
      const res = await call(h.app, t, 'POST', '/api/transaction', {
        eventType,
        dataObject: { date: '2026-11-10', name: eventType, amount, percent, isCompany: true },
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    const list = (await call(h.app, t, 'GET', '/api/transaction/getSummaryList/2026-11-27/false')).json()
    expect(list[10]).toMatchObject({ month: 11, companyVatAmmount: '2967.00', companysNetIncome: '2449.65' })
    const year = (await call(h.app, t, 'GET', '/api/transaction/getSummary/2026-11-27')).json()
    expect(year).toMatchObject({ month: 0, companysNetIncome: '2449.65', summary: '2449.65' })
  })
})
