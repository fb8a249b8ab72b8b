/**
 * What the screens, the API and the CLI show of invoices: the list (number, buyer, gross, state), one invoice with its
 * totals per rate, and the draft of a correction prefilled from the invoice as it stands.
 */
import { withConversion } from '../deciders/currency.ts'
import type { BooksState } from '../model/state.ts'
import { formatMoney, parseMoney } from '../money.ts'
import type { Item } from '../schemas/records.ts'
import type { RateUsed } from '../tax/currency.ts'
import type { LocalDateString } from '../types.ts'
import {
  formatInvoiceNumber,
  formatTotals,
  incomeItemsOfInvoice,
  type InvoiceDocumentData,
  type InvoiceLine,
  invoiceTotals,
  type InvoiceVatRate,
  rateTax,
  seriesPeriod,
} from './model.ts'
import type { InvoiceState } from './state.ts'

/** draft → issued → sent to KSeF; `corrected` once a correction of it was issued. */
export type InvoiceDisplayState = 'draft' | 'issued' | 'sent' | 'corrected'

/** The KSeF number an issued invoice got (recorded on its income items by the KSeF send), or `null`. */
export const ksefNumberOfInvoice = (state: BooksState, inv: InvoiceState): string | null => {
  for (const id of inv.itemIds) {
    const r = state.records.get(id)
    const n = r && !r.deleted ? (r.data as Item).ksefNumber : null
    if (n) return n
  }
  return null
}

/**
 * The incomes one FA(3) stands for: an invoice document's incomes (one per VAT rate) are one invoice in KSeF, so
 * each gets its KSeF number (the JPK_V7 rows of every rate carry it, and none of them can be sent a second time).
 * An income no invoice document made stands alone.
 */
export const incomesOfInvoice = (state: BooksState, itemId: number): readonly number[] => {
  const invoiceId = state.invoicing.itemInvoice.get(itemId)
  const ids = invoiceId === undefined ? [] : (state.invoicing.invoices.get(invoiceId)?.itemIds ?? [])
  return ids.includes(itemId) ? ids : [itemId]
}

/** The lines an invoice has now: those of its last issued correction, or its own. */
export const currentLines = (state: BooksState, inv: InvoiceState): readonly InvoiceLine[] => {
  const last = inv.correctedBy.at(-1)
  return (last !== undefined ? state.invoicing.invoices.get(last) : undefined)?.data.lines ?? inv.data.lines
}

export const displayStateOf = (state: BooksState, inv: InvoiceState): InvoiceDisplayState =>
  inv.status === 'draft'
    ? 'draft'
    : inv.correctedBy.length > 0
      ? 'corrected'
      : ksefNumberOfInvoice(state, inv) !== null
        ? 'sent'
        : 'issued'

export interface InvoiceSummary {
  readonly id: number
  readonly kind: InvoiceDocumentData['kind']
  readonly number: string | null
  readonly issueDate: LocalDateString
  readonly buyer: string
  readonly net: string
  readonly gross: string
  /** `PLN`, or the invoice's currency its amounts are in. */
  readonly currency: string
  readonly state: InvoiceDisplayState
  readonly ksefNumber: string | null
  readonly version: number
}

const summaryOf = (state: BooksState, inv: InvoiceState): InvoiceSummary => {
  const t = formatTotals(invoiceTotals(inv.data.lines))
  return {
    id: inv.id,
    kind: inv.data.kind,
    number: inv.number,
    issueDate: inv.data.issueDate,
    buyer: inv.data.buyer.name,
    net: t.net,
    gross: t.gross,
    currency: inv.data.currency ?? 'PLN',
    state: displayStateOf(state, inv),
    ksefNumber: inv.status === 'issued' ? ksefNumberOfInvoice(state, inv) : null,
    version: inv.version,
  }
}

/** Every live invoice, the latest issue date first (drafts among them by their date). */
export const invoiceList = (state: BooksState): InvoiceSummary[] =>
  [...state.invoicing.invoices.values()]
    .filter((i) => !i.deleted)
    .sort((a, b) =>
      a.data.issueDate === b.data.issueDate ? b.id - a.id : a.data.issueDate < b.data.issueDate ? 1 : -1,
    )
    .map((i) => summaryOf(state, i))

export interface InvoiceDetail extends InvoiceSummary {
  readonly data: InvoiceDocumentData
  readonly totals: ReturnType<typeof formatTotals>
  readonly itemIds: readonly number[]
  readonly correctedBy: readonly number[]
  /** For a correction: the lines before it. */
  readonly linesBefore: readonly InvoiceLine[] | null
  /** An invoice in a foreign currency: its złoty figures and rate, or the rate still missing; `null`: złoty. */
  readonly pln: DocumentPln | null
}

/** One live invoice with its totals, or `null`. */
export const invoiceDetail = (state: BooksState, id: number): InvoiceDetail | null => {
  const inv = state.invoicing.invoices.get(id)
  if (!inv || inv.deleted) return null
  const corrected = inv.data.correction ? state.invoicing.invoices.get(inv.data.correction.invoiceId) : undefined
  let linesBefore: readonly InvoiceLine[] | null = null
  if (corrected) {
    // The state the correction corrected: the lines before it in the chain of corrections.
    const at = corrected.correctedBy.indexOf(inv.id)
    const prev = at > 0 ? state.invoicing.invoices.get(corrected.correctedBy[at - 1]!) : undefined
    linesBefore = at === -1 ? currentLines(state, corrected) : (prev?.data.lines ?? corrected.data.lines)
  }
  return {
    ...summaryOf(state, inv),
    data: inv.data,
    totals: formatTotals(invoiceTotals(inv.data.lines)),
    itemIds: inv.itemIds,
    correctedBy: inv.correctedBy,
    linesBefore,
    pln: documentInPln(state, inv.data),
  }
}

/** A correction's draft of the issued invoice `id`: its buyer and its lines as they stand, dated `issueDate`. */
export const correctionDraftOf = (
  state: BooksState,
  id: number,
  issueDate: LocalDateString,
): InvoiceDocumentData | null => {
  const inv = state.invoicing.invoices.get(id)
  if (!inv || inv.deleted || inv.status !== 'issued' || inv.data.kind !== 'VAT') return null
  return {
    ...inv.data,
    kind: 'KOR',
    seriesId: null,
    issueDate,
    supplyDate: null,
    lines: currentLines(state, inv),
    payment: { dueDate: null, method: null, bankAccount: null },
    notes: '',
    correction: { invoiceId: id, reason: '', reasonDate: null },
  }
}

/** The number a series gives next in the period of `date` (what its screen previews), with its place in the period. */
export const nextInvoiceNumber = (
  state: BooksState,
  seriesId: number,
  date: LocalDateString,
): { readonly period: string; readonly seq: number; readonly number: string } | null => {
  const s = state.invoicing.series.get(seriesId)
  if (!s) return null
  const period = seriesPeriod(s.data.reset, date)
  const seq = (state.invoicing.counters.get(`${seriesId}|${period}`) ?? 0) + 1
  return { period, seq, number: formatInvoiceNumber(s.data.pattern, date, seq) }
}

/** An invoice in a foreign currency in złoty: the NBP rate of its VAT base and its totals per rate converted. */
export type DocumentPln =
  | {
      readonly ok: true
      readonly code: string
      /** The NBP table A rate of the last working day before the tax point (uVAT art. 31a ust. 1). */
      readonly rate: RateUsed
      readonly rates: readonly { readonly vat: InvoiceVatRate; readonly net: string; readonly tax: string }[]
      readonly net: string
      readonly tax: string
      readonly gross: string
    }
  | { readonly ok: false; readonly code: string; readonly message: string }

/**
 * A document in a foreign currency in złoty, exactly as the books hold its incomes (each rate's net converted at the
 * NBP rate of the last working day before the tax point, its VAT computed from that złoty base, §15), or the rate the
 * books still lack; `null` for a złoty document or one without lines. NBP tables never change once published, so an
 * issued invoice reads the same figures as its incomes.
 */
export const documentInPln = (state: BooksState, doc: InvoiceDocumentData): DocumentPln | null => {
  const code = doc.currency
  if (!code || doc.lines.length === 0) return null
  const rates: { vat: InvoiceVatRate; net: string; tax: string }[] = []
  let rate: RateUsed | null = null
  let net = 0n
  let tax = 0n
  const items = incomeItemsOfInvoice(doc, '-')
  for (const [i, r] of invoiceTotals(doc.lines).rates.entries()) {
    const c = withConversion(state, 'Income', items[i]!)
    if (!c.ok) return { ok: false, code, message: c.errors[0]?.message ?? '' }
    const base = parseMoney(c.value.amount)
    const vat = rateTax(r.vat, base)
    rate ??= c.value.currency?.vatRate ?? null
    rates.push({ vat: r.vat, net: formatMoney(base), tax: formatMoney(vat) })
    net += base
    tax += vat
  }
  if (rate === null) return null
  return { ok: true, code, rate, rates, net: formatMoney(net), tax: formatMoney(tax), gross: formatMoney(net + tax) }
}
