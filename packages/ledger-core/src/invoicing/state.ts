/**
 * The invoicing part of the books state: counterparties, number series with the last number taken in each period,
 * and invoice documents (drafts and issued ones, with the income items each issued one put into the books). Folded by
 * `applyInvoicing` from the `Invoicing*` events; persistent maps like the rest of the state.
 */
import { type Drafts, draftMaps, emptyMaps, freezeDrafts, markDeleted } from '../model/cowMap.ts'
import type { LedgerEvent } from '../events.ts'
import type { CounterpartyData, InvoiceDocumentData, SeriesData } from './model.ts'

export interface CounterpartyState {
  readonly id: number
  readonly data: CounterpartyData
  readonly deleted: boolean
}

export interface SeriesState {
  readonly id: number
  readonly data: SeriesData
  /** Whether any number of it was taken (its pattern is then fixed). */
  readonly used: boolean
}

export type InvoiceStatus = 'draft' | 'issued'

export interface InvoiceState {
  readonly id: number
  readonly data: InvoiceDocumentData
  readonly status: InvoiceStatus
  /** Deleted drafts stay (flagged): an issued invoice is never deleted. */
  readonly deleted: boolean
  /** The number given at issue (`null` for a draft). */
  readonly number: string | null
  readonly seriesId: number | null
  /** The income items the issued invoice put into the books. */
  readonly itemIds: readonly number[]
  /** Corrections issued for this invoice, in order. */
  readonly correctedBy: readonly number[]
  /** One more with every change (optimistic concurrency of the editor). */
  readonly version: number
}

export interface InvoicingState {
  readonly counterparties: ReadonlyMap<number, CounterpartyState>
  readonly series: ReadonlyMap<number, SeriesState>
  /** The last number taken per `seriesId|period`. */
  readonly counters: ReadonlyMap<string, number>
  readonly invoices: ReadonlyMap<number, InvoiceState>
  /** Income item id → the invoice that put it into the books. */
  readonly itemInvoice: ReadonlyMap<number, number>
}

export const initialInvoicing: InvoicingState = Object.freeze(
  emptyMaps('counterparties', 'series', 'counters', 'invoices', 'itemInvoice'),
)

export type InvoicingDraft = Drafts<InvoicingState>

export const invoicingDraftOf = (s: InvoicingState | undefined): InvoicingDraft => draftMaps(s ?? initialInvoicing)

export const freezeInvoicing = (d: InvoicingDraft): InvoicingState => freezeDrafts(d)

export type InvoicingEvent = Extract<LedgerEvent, { type: `Invoicing${string}` }>

export const isInvoicingEvent = (e: LedgerEvent): e is InvoicingEvent => e.type.startsWith('Invoicing')

/** The id an invoicing event takes from the books' one counter (`null`: none). */
export const invoicingEventId = (e: InvoicingEvent): number | null =>
  e.type === 'InvoicingCounterpartySaved' || e.type === 'InvoicingSeriesSaved' || e.type === 'InvoicingDraftSaved'
    ? e.data.id
    : null

export const applyInvoicing = (d: InvoicingDraft, e: InvoicingEvent): void => {
  switch (e.type) {
    case 'InvoicingCounterpartySaved':
      d.counterparties.set(e.data.id, { id: e.data.id, data: e.data.data, deleted: false })
      return
    case 'InvoicingCounterpartyDeleted':
      markDeleted(d.counterparties, e.data.id)
      return
    case 'InvoicingSeriesSaved': {
      const s = d.series.get(e.data.id)
      d.series.set(e.data.id, { id: e.data.id, data: e.data.data, used: s?.used ?? false })
      return
    }
    case 'InvoicingDraftSaved': {
      const before = d.invoices.get(e.data.id)
      d.invoices.set(e.data.id, {
        id: e.data.id,
        data: e.data.data,
        status: before?.status ?? 'draft',
        deleted: false,
        number: before?.number ?? null,
        seriesId: before?.seriesId ?? null,
        itemIds: e.data.itemIds ?? before?.itemIds ?? [],
        correctedBy: before?.correctedBy ?? [],
        version: (before?.version ?? 0) + 1,
      })
      if (e.data.itemIds) {
        for (const id of before?.itemIds ?? []) d.itemInvoice.delete(id)
        for (const id of e.data.itemIds) d.itemInvoice.set(id, e.data.id)
      }
      return
    }
    case 'InvoicingDraftDeleted': {
      const inv = d.invoices.get(e.data.id)
      if (inv) d.invoices.set(inv.id, { ...inv, deleted: true, version: inv.version + 1 })
      return
    }
    case 'InvoicingInvoiceIssued': {
      const inv = d.invoices.get(e.data.id)
      if (!inv) return
      d.invoices.set(inv.id, {
        ...inv,
        status: 'issued',
        number: e.data.number,
        seriesId: e.data.seriesId,
        itemIds: e.data.itemIds,
        version: inv.version + 1,
      })
      for (const id of e.data.itemIds) d.itemInvoice.set(id, inv.id)
      const key = `${e.data.seriesId}|${e.data.period}`
      d.counters.set(key, Math.max(d.counters.get(key) ?? 0, e.data.seq))
      const s = d.series.get(e.data.seriesId)
      if (s && !s.used) d.series.set(s.id, { ...s, used: true })
      const corrected = inv.data.correction ? d.invoices.get(inv.data.correction.invoiceId) : undefined
      if (corrected)
        d.invoices.set(corrected.id, {
          ...corrected,
          correctedBy: [...corrected.correctedBy, inv.id],
          version: corrected.version + 1,
        })
      return
    }
  }
}
