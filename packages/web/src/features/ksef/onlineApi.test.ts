import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../api/client.ts'
import { createKsefOnlineApi } from './onlineApi.ts'

describe('the invoices to send', () => {
  it('are the server’s, one per invoice, dated by the issue date', async () => {
    const asked: string[] = []
    const client = {
      get: async (path: string) => {
        asked.push(path)
        return [
          {
            itemId: 12,
            itemIds: [12, 13],
            documentNumber: 'FV/2026/11/1',
            name: 'Wdrożenie',
            issueDate: '2026-11-05',
            net: '3500.00',
            gross: '4230.00',
          },
        ]
      },
    } as unknown as ApiClient
    expect(await createKsefOnlineApi(client).unsent()).toEqual([
      { id: 12, documentNumber: 'FV/2026/11/1', name: 'Wdrożenie', date: '2026-11-05', amount: '4230.00' },
    ])
    expect(asked).toEqual(['ksef/unsent'])
  })
})
