/** The assets screen's effects over a stand-in client: what they ask the API, and what they make of its answers. */
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../api/client.ts'
import { createAssetsApi } from './api.ts'

const expense = (id: number, name: string, isCompany = true) => ({
  id,
  dataObject: { name, amount: '4000.00', date: '2026-03-02', isCompany },
})

describe('the purchases that can become an asset', () => {
  it('are the company expenses that no asset of the register was made from', async () => {
    const asked: string[] = []
    const client = {
      get: async (path: string) => {
        asked.push(path)
        if (path === 'fee/GetListByType/Expense')
          return [expense(1, 'Laptop'), expense(2, 'Printer'), expense(3, 'Groceries', false)]
        if (path === 'assets')
          return {
            year: 2026,
            assets: [
              { id: 101, itemId: 1 },
              { id: 102, itemId: null },
            ],
          }
        throw new Error(path)
      },
    } as unknown as ApiClient
    const purchases = await createAssetsApi(client).loadPurchases()
    expect(purchases.map((p) => p.name)).toEqual(['Printer'])
    expect(asked.sort()).toEqual(['assets', 'fee/GetListByType/Expense'])
  })
})
