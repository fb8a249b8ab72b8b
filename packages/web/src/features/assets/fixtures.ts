/** A register for stories and tests: built by ledger-core from commands, as the API would answer. */
import {
  assetCard,
  assetRegister,
  assetVatView,
  decide,
  assetVatBooks,
  foldBooks,
  isDomainError,
  type LedgerEvent,
  inventoryView,
} from '@finance/ledger-core'
import { ApiError } from '../../api/client.ts'
import type { AssetsApi } from './api.ts'
import type { AssetEntry, AssetVatDto } from './types.ts'

const eventsOf = (entries: readonly Record<string, unknown>[]) => {
  const events: LedgerEvent[] = []
  for (const data of entries) {
    const out = decide({ type: 'EnterAsset', data, at: '2026-01-01T10:00:00Z', userId: 'u' }, foldBooks(events))
    if (isDomainError(out)) throw new Error(out.message)
    events.push(...out)
  }
  return events
}
const registerOf = (entries: readonly Record<string, unknown>[]) => foldBooks(eventsOf(entries)).assets

const SAMPLE_ENTRIES = [
  { name: 'Laptop Dell', acquisitionDate: '2025-03-14', kst: '491', initialValue: '8000', document: 'FV 3/2025' },
  {
    name: 'Samochód dostawczy',
    acquisitionDate: '2025-03-10',
    kst: '742',
    initialValue: '100000',
    method: 'degressive',
    document: 'FV 9/2025',
  },
]

export const sampleAssets = () => registerOf(SAMPLE_ENTRIES)

/** A register of `entries` (as `POST assets` bodies), for a story or test of one kind of asset. */
export const assetsOf = (entries: readonly Record<string, unknown>[]) => registerOf(entries)

/** In-memory effects over a register; `enterAsset` refuses a blank name the way the API does. */
export const assetsEffects = (assets?: ReturnType<typeof sampleAssets>): AssetsApi => {
  const writes = writeEffects()
  // Reads follow the writes unless a register of its own is given.
  const register = () => assets ?? writes.assets()
  return {
    loadRegister: async (year) => assetRegister(register(), year),
    loadCard: async (id) => {
      const card = assetCard(register(), id)
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
      return assetCard(register(), [...register().keys()][0]!)!
    },
    ...writes,
  }
}

/**
 * The register's writes run by ledger-core's decider over the sample's events, as the API runs them: a refusal is
 * the API's 400 with every field named (English, as the core writes it).
 */
const writeEffects = () => {
  const events = eventsOf(SAMPLE_ENTRIES)
  let live = foldBooks(events)
  const run = (command: Record<string, unknown>) => {
    const out = decide({ ...command, at: '2026-06-01T10:00:00Z', userId: 'u' } as never, live)
    if (isDomainError(out)) {
      const fieldErrors = Object.fromEntries((out.errors ?? []).map((e) => [e.field, e.message]))
      throw new ApiError({ status: 400, statusText: 'Bad Request', errors: [out.message], fieldErrors })
    }
    events.push(...out)
    live = foldBooks(out, live)
    return live
  }
  const card = (id: number) => assetCard(live.assets, id)!
  const inventory = (year: number) => inventoryView(live.inventories, year)
  return {
    assets: () => live.assets,
    improveAsset: async (id: number, data: Record<string, unknown>) => {
      run({ type: 'ImproveAsset', id, data })
      return card(id)
    },
    disposeAsset: async (id: number, data: Record<string, unknown>) => {
      run({ type: 'DisposeAsset', id, data })
      return card(id)
    },
    sellAfterPrivateUse: async (id: number, data: Record<string, unknown>) => {
      run({ type: 'SellAssetAfterPrivateUse', id, data })
      return card(id)
    },
    loadVat: async (id: number) => assetVatView(live.assets, id, assetVatBooks(live)) as AssetVatDto,
    changeVatUse: async (id: number, data: Record<string, unknown>) => {
      run({ type: 'ChangeAssetVatUse', id, data })
      return assetVatView(live.assets, id, assetVatBooks(live)) as AssetVatDto
    },
    /** As the API: a removed or unknown asset is a 404. */
    deleteAsset: async (id: number) => {
      const a = live.assets.get(id)
      if (!a || a.deleted) throw new ApiError({ status: 404, statusText: 'Not Found', errors: ['Not found'] })
      run({ type: 'DeleteAsset', id })
    },
    loadInventory: async (year: number) => inventory(year),
    recordInventory: async (data: Record<string, unknown>) => {
      run({ type: 'RecordInventory', data })
      return inventory(Number(data.year))
    },
  }
}
