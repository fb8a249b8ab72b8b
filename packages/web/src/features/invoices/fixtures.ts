/**
 * In-memory effects for stories and tests: the core's decider over books held in memory, so drafts, issues and
 * refusals (with their field messages) are exactly what the API answers.
 */
import {
  type BooksState,
  correctionDraftOf,
  decide,
  foldBooks,
  invoiceDetail,
  invoiceList,
  isDomainError,
  nextInvoiceNumber,
  type LedgerCommand,
  type LedgerEvent,
} from '@finance/ledger-core'
import { ApiError } from '../../api/client.ts'
import type { InvoicesApi } from './api.ts'

const AT = '2026-03-10T10:00:00.000Z'

export const sampleDraft = {
  kind: 'VAT',
  buyer: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1, 00-001 Warszawa' },
  issueDate: '2026-03-10',
  lines: [
    { name: 'Programowanie', quantity: '10', unit: 'godz.', unitNet: '150.00', vat: '23' },
    { name: 'Szkolenie', quantity: '1', unit: 'dzień', unitNet: '1200.00', vat: '8' },
  ],
  payment: { dueDate: '2026-03-24', method: 'transfer' },
}

/** NBP table 084/A/NBP/2026 of 30 April 2026 (the last working day before Monday 4 May): EUR only. */
export const eurTable = { no: '084/A/NBP/2026', date: '2026-04-30', rates: { EUR: '4.2345' } }

/**
 * Effects over books in memory; `seed` drafts are saved first and the first `issued` of them issued; `tables`: NBP
 * tables the books hold (recorded for 2026-04-20 to 2026-05-31).
 */
export const invoicesEffects = (
  seed: readonly unknown[] = [sampleDraft],
  issued = 1,
  tables: readonly (typeof eurTable)[] = [],
): InvoicesApi => {
  const events: LedgerEvent[] = []
  let state: BooksState = foldBooks(events)
  const exec = (c: Record<string, unknown>) => {
    const r = decide({ at: AT, userId: 'u', ...c } as LedgerCommand, state)
    if (isDomainError(r)) {
      const fieldErrors = Object.fromEntries((r.errors ?? []).map((e) => [e.field, e.message]))
      throw new ApiError({
        status: r.code === 'NOT_FOUND' ? 404 : 400,
        statusText: 'Bad Request',
        errors: [r.message],
        fieldErrors,
      })
    }
    events.push(...r)
    state = foldBooks(r, state)
    return r
  }
  const lastDraft = (r: LedgerEvent[]) =>
    (r.findLast((e) => e.type === 'InvoicingDraftSaved')!.data as { id: number }).id
  if (tables.length > 0)
    exec({ type: 'RecordCurrencyRates', source: 'nbpArchive', from: '2026-04-20', to: '2026-05-31', tables })
  seed.forEach((d, i) => {
    const id = lastDraft(exec({ type: 'SaveInvoiceDraft', data: d }))
    if (i < issued) exec({ type: 'IssueInvoice', id })
  })
  const seriesList = () =>
    [...state.invoicing.series.values()].map((s) => ({
      id: s.id,
      used: s.used,
      ...s.data,
      next: nextInvoiceNumber(state, s.id, AT.slice(0, 10))?.number ?? '',
    }))
  const detail = (id: number) => {
    const d = invoiceDetail(state, id)
    if (!d) throw new ApiError({ status: 404, statusText: 'Not Found', errors: ['Not found'] })
    return d
  }
  return {
    seller: async () => ({ name: 'Kowalski IT', nip: '5260250274', address: 'Prosta 1, 00-001 Warszawa' }),
    list: async () => invoiceList(state),
    get: async (id) => detail(id),
    counterparties: async () =>
      [...state.invoicing.counterparties.values()].filter((c) => !c.deleted).map((c) => ({ id: c.id, ...c.data })),
    saveCounterparty: async (id, data) => {
      const r = exec(id === null ? { type: 'SaveCounterparty', data } : { type: 'SaveCounterparty', id, data })
      const saved = (r[0]!.data as { id: number }).id
      return { id: saved, ...state.invoicing.counterparties.get(saved)!.data }
    },
    removeCounterparty: async (id) => {
      exec({ type: 'DeleteCounterparty', id })
    },
    series: async () => seriesList(),
    saveSeries: async (id, data) => {
      const r = exec(id === null ? { type: 'SaveInvoiceSeries', data } : { type: 'SaveInvoiceSeries', id, data })
      const saved = (r[0]!.data as { id: number }).id
      return seriesList().find((s) => s.id === saved)!
    },
    bankAccounts: async () => [{ id: 99, iban: 'PL61109010140000071219812874', name: 'Firmowy' }],
    create: async (data) => detail(lastDraft(exec({ type: 'SaveInvoiceDraft', data }))),
    save: async (id, data, version) => {
      exec({ type: 'SaveInvoiceDraft', id, data, expectedVersion: version })
      return detail(id)
    },
    issue: async (id, version) => {
      exec({ type: 'IssueInvoice', id, expectedVersion: version })
      return detail(id)
    },
    remove: async (id) => {
      exec({ type: 'DeleteInvoiceDraft', id })
    },
    correct: async (id) =>
      detail(lastDraft(exec({ type: 'SaveInvoiceDraft', data: correctionDraftOf(state, id, '2026-03-20') }))),
    sendToKsef: async (id) => {
      const inv = state.invoicing.invoices.get(id)!
      const itemId = inv.itemIds[0]!
      const ksefNumber = '5260250274-20260310-0100003F5C8B-F6'
      exec({
        type: 'UpdateItem',
        dataType: 'Income',
        id: itemId,
        data: { ...(state.records.get(itemId)!.data as object), ksefNumber },
      })
      exec({ type: 'RecordInvoiceKsefNumber', itemId, ksefNumber })
      return { ksefNumber }
    },
    fa3: async (id) => ({ fileName: `FA3_${id}.xml`, xml: '<Faktura/>' }),
  }
}
