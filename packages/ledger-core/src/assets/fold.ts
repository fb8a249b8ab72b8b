/**
 * One asset of the register folded from its events: the one rule the books' fold (`model/evolve.ts`, also in the
 * slim replay entry, hence this small module) and the tax book's history share.
 */
import type { LedgerEvent } from '../events.ts'
import type { AssetDisposal, AssetImprovement, AssetPrivateSale, AssetRecord } from '../schemas/asset.ts'
import type { AssetVatUse } from '../tax/assetVatUse.ts'

/** One asset of the register, folded from its events. */
export interface AssetState {
  readonly id: number
  readonly data: AssetRecord
  readonly improvements: readonly AssetImprovement[]
  readonly disposal: AssetDisposal | null
  /** After a transfer to private use: its later sale (the six-year rule); absent or `null`: none. */
  readonly privateSale?: AssetPrivateSale | null
  /** Removed as an entry made in error. */
  readonly deleted: boolean
  /** 1 when entered, one more with every event of it. */
  readonly version: number
  /** Changes of its use for VAT (uVAT art. 91, tax/assetVatUse.ts); absent: none. */
  readonly vatUse?: readonly AssetVatUse[]
}

export type AssetEvent = Extract<
  LedgerEvent,
  {
    type:
      | 'AssetEntered'
      | 'AssetImproved'
      | 'AssetDisposed'
      | 'AssetDeleted'
      | 'AssetVatUseChanged'
      | 'AssetSoldAfterPrivateUse'
  }
>

/** One asset after one of its events (the books' fold and the tax book's use this one rule). */
export const foldAsset = (before: AssetState | undefined, e: AssetEvent): AssetState | undefined => {
  if (e.type === 'AssetEntered')
    return {
      id: e.data.id,
      data: e.data.data,
      improvements: [],
      disposal: null,
      deleted: false,
      version: (before?.version ?? 0) + 1,
    }
  if (!before) return before
  return {
    ...before,
    improvements: e.type === 'AssetImproved' ? [...before.improvements, e.data.data] : before.improvements,
    disposal: e.type === 'AssetDisposed' ? e.data.data : before.disposal,
    deleted: e.type === 'AssetDeleted' ? true : before.deleted,
    ...(e.type === 'AssetVatUseChanged' ? { vatUse: [...(before.vatUse ?? []), e.data.data] } : {}),
    privateSale: e.type === 'AssetSoldAfterPrivateUse' ? e.data.data : (before.privateSale ?? null),
    version: before.version + 1,
  }
}
