/** A register for stories and tests: built by ledger-core from commands, as the API would answer. */
import { assetCard, assetRegister, decide, foldBooks, isDomainError, type LedgerEvent } from '@finance/ledger-core'
import { ApiError } from '../../api/client.ts'
import type { AssetsApi } from './api.ts'
import type { AssetEntry } from './types.ts'

const registerOf = (entries: readonly Record<string, unknown>[]) => {
  const events: LedgerEvent[] = []
  for (const data of entries) {
    const out = decide({ type: 'EnterAsset', data, at: '2026-01-01T10:00:00Z', userId: 'u' }, foldBooks(events))
    if (isDomainError(out)) throw new Error(out.message)
    events.push(...out)
  }
  return foldBooks(events).assets
}

export const sampleAssets = () =>
  registerOf([
    { name: 'Laptop Dell', acquisitionDate: '2025-03-14', kst: '491', initialValue: '8000', document: 'FV 3/2025' },
    {
      name: 'Samochód dostawczy',
      acquisitionDate: '2025-03-10',
      kst: '742',
      initialValue: '100000',
      method: 'degressive',
      document: 'FV 9/2025',
    },
  ])

/** In-memory effects over a register; `enterAsset` refuses a blank name the way the API does. */
export const assetsEffects = (assets = sampleAssets()): AssetsApi => ({
  loadRegister: async (year) => assetRegister(assets, year),
  loadCard: async (id) => {
    const card = assetCard(assets, id)
    if (!card) throw new ApiError({ status: 404, statusText: 'Not Found', errors: ['Not found'] })
    return card
  },
  loadPurchases: async () => [{ id: 7, name: 'Drukarka', amount: '2400.00', date: '2026-02-03' }],
  enterAsset: async (entry: AssetEntry) => {
    if (entry.itemId === '' && entry.name.trim() === '')
      throw new ApiError({
        status: 400,
        statusText: 'Bad Request',
        errors: ['Name is required'],
        fieldErrors: { name: 'Name is required' },
      })
    return assetCard(assets, [...assets.keys()][0]!)!
  },
})
