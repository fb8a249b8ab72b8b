import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../api/client.ts'
import { createKsefOnlineApi } from './onlineApi.ts'

describe('the invoices to send', () => {
  it('are dated by the invoice’s issue date, not its payment term', async () => {
    const incomes = [
      {
        id: 12,
        dataObject: {
          documentNumber: 'FV/2026/11/1',
          date: '2026-11-19',
          invoiceDate: '2026-11-05',
          amount: '3000.00',
          isCompany: true,
          ksefNumber: null,
        },
      },
      { id: 13, dataObject: { documentNumber: 'FV 2', date: '2026-11-07', amount: '100.00', isCompany: true } },
    ]
    const client = { get: async () => incomes } as unknown as ApiClient
    expect(await createKsefOnlineApi(client).unsent()).toEqual([
      { id: 12, documentNumber: 'FV/2026/11/1', date: '2026-11-05', amount: '3000.00' },
      { id: 13, documentNumber: 'FV 2', date: '2026-11-07', amount: '100.00' },
    ])
  })
})
