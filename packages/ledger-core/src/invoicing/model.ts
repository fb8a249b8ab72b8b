/**
 * Invoices as documents (docs/events.md, "Invoicing"): the shapes of a counterparty, a number series and an invoice
 * with lines, and the pure rules over them — a line's net value, the totals per VAT rate, a series' numbers and the
 * income items an issued invoice (or a correction) puts into the books. No Schema library here: the light entry
 * and the web app use these.
 *
 * Rounding (docs/tax-rules.md, "Invoices: totals per rate and the month of a correction"): a line's net value is
 * quantity × net unit price rounded half up to the grosz, less its discount; the VAT of a rate is computed once from
 * the sum of the net values at that rate (uVAT art. 106e ust. 1 pkt 13–14, rounded per ust. 11), which is what
 * FA(3)'s P_13_x / P_14_x hold — so the income item of each rate is exactly what a hand-typed income of that net
 * amount and rate gives.
 */
import { divRoundHalfUp, formatMoney, parseMoney } from '../money.ts'
import type { Corrects, Counterparty, GtuCodes, Item } from '../schemas/records.ts'
import { isTaxpayerBuyer, splitPaymentDuty } from '../tax/splitPayment.ts'
import { vatOfItem } from '../tax/vat.ts'
import type { Grosze, LocalDateString, MoneyString } from '../types.ts'
import { SalesProcedures } from '../schemas/documentCodes.ts'

/** The VAT of a line: a statutory rate, exempt (`zw`) or outside Polish VAT (`np`). */
export const InvoiceVatRates = ['23', '8', '5', '0', 'zw', 'np'] as const
export type InvoiceVatRate = (typeof InvoiceVatRates)[number]

export const PaymentMethods = ['transfer', 'cash', 'card'] as const
export type PaymentMethod = (typeof PaymentMethods)[number]

export const SeriesResets = ['year', 'month'] as const
export type SeriesReset = (typeof SeriesResets)[number]

export const InvoiceKinds = ['VAT', 'KOR'] as const
export type InvoiceKind = (typeof InvoiceKinds)[number]

/** A counterparty the user keeps (buyer or supplier): what an invoice's buyer is filled from. */
export interface CounterpartyData {
  readonly name: string
  /** NIP (ten digits, check digit valid) for Poland; a foreign tax id otherwise; '' for a consumer. */
  readonly taxId: string
  /** ISO 3166-1 alpha-2. */
  readonly country: string
  readonly address: string
  readonly email: string
}

/** A number series: `FV/{YYYY}/{MM}/{N}` numbered from 1 again each month (`reset: 'month'`) or year. */
export interface SeriesData {
  readonly name: string
  readonly pattern: string
  readonly reset: SeriesReset
  /** Which invoices it numbers: sales invoices or corrections. */
  readonly kind: InvoiceKind
}

export interface InvoiceLine {
  readonly name: string
  /** Up to six decimals (FA(3) TIlosci). */
  readonly quantity: string
  readonly unit: string
  readonly unitNet: MoneyString
  readonly vat: InvoiceVatRate
  readonly gtu: (typeof GtuCodes)[number] | null
  /** The line's discount in zł (P_10), taken off quantity × price. */
  readonly discount: MoneyString
  /**
   * The seller's statement that the line's goods or services are listed in Annex 15 of the VAT act (split payment,
   * uVAT art. 108a ust. 1a; `tax/splitPayment.ts`). Kept only when `true`.
   */
  readonly annex15?: boolean | undefined
}

export interface InvoicePayment {
  readonly dueDate: LocalDateString | null
  readonly method: PaymentMethod | null
  /** One of the company's bank accounts (IBAN without spaces). */
  readonly bankAccount: string | null
}

export interface InvoiceCorrection {
  /** The invoice corrected (the original, whatever corrections it had already). */
  readonly invoiceId: number
  readonly reason: string
  /**
   * For an increase: the day the reason arose (uVAT art. 29a ust. 17); `null`: the correction's issue date. A decrease
   * counts on the correction's issue date (art. 29a ust. 13).
   */
  readonly reasonDate: LocalDateString | null
}

/** An invoice as the user edits it (a draft) and as it was issued. */
export interface InvoiceDocumentData {
  readonly kind: InvoiceKind
  /** `null`: the first series of the kind (created with the default pattern when there is none). */
  readonly seriesId: number | null
  readonly counterpartyId: number | null
  readonly buyer: Counterparty
  readonly issueDate: LocalDateString
  /** The day of supply when it is not the issue date. */
  readonly supplyDate: LocalDateString | null
  /** For a correction: the lines after it (the whole invoice as corrected). */
  readonly lines: readonly InvoiceLine[]
  /** The legal basis of an exemption (P_19A), when a line is `zw`. */
  readonly exemptionBasis: string
  readonly payment: InvoicePayment
  readonly notes: string
  /**
   * The invoice's currency when not złoty: a currency of NBP table A (ISO 4217). The amounts of the lines are in it;
   * the books convert each rate's net at the NBP rate of the last working day before the tax point (uVAT art. 31a
   * ust. 1), as for a foreign-currency income (docs/tax-rules.md §15). Absent: złoty.
   */
  readonly currency?: string | undefined
  /** The split-payment mark put by the seller where the law does not require it (kept only when `true`). */
  readonly splitPayment?: boolean | undefined
  /**
   * The JPK_V7 procedure markers of the sale (`InvoiceProcedures`: related parties TP, distance sales WSTO_EE, …),
   * carried to each income item of the invoice and to FA(3) (`TP`, the lines' `Procedura`). Absent: none.
   */
  readonly procedures?: readonly InvoiceProcedure[] | undefined
  readonly correction: InvoiceCorrection | null
  /**
   * The occurrence of a recurring income this invoice documents (its month): issuing it takes that month out of the
   * recurring income, so the books count the invoice's income instead, with its number.
   */
  readonly source?: { readonly itemId: number; readonly month: string } | undefined
}

export const DEFAULT_SERIES: Readonly<Record<InvoiceKind, SeriesData>> = {
  VAT: { name: 'Faktury', pattern: 'FV/{YYYY}/{MM}/{N}', reset: 'month', kind: 'VAT' },
  KOR: { name: 'Korekty', pattern: 'KOR/{YYYY}/{N}', reset: 'year', kind: 'KOR' },
}

const QUANTITY = /^\d{1,16}(\.\d{1,6})?$/

export const isQuantity = (s: unknown): s is string => typeof s === 'string' && QUANTITY.test(s)

/** A quantity in millionths. */
const micro = (q: string): bigint => {
  const [whole, frac = ''] = q.split('.')
  return BigInt(whole!) * 1_000_000n + BigInt(frac.padEnd(6, '0'))
}

/** quantity × unit price, rounded half up to the grosz (before the discount). */
export const lineGross = (line: Pick<InvoiceLine, 'quantity' | 'unitNet'>): Grosze =>
  divRoundHalfUp(micro(line.quantity) * parseMoney(line.unitNet), 1_000_000n)

/** A line's net value (P_11): quantity × unit price rounded half up, less the discount. */
export const lineNet = (line: Pick<InvoiceLine, 'quantity' | 'unitNet' | 'discount'>): Grosze =>
  lineGross(line) - parseMoney(line.discount)

export interface RateTotal {
  readonly vat: InvoiceVatRate
  readonly net: Grosze
  readonly tax: Grosze
  readonly gross: Grosze
}

export interface InvoiceTotals {
  /** In the order of `InvoiceVatRates`, only the rates the lines use. */
  readonly rates: readonly RateTotal[]
  readonly net: Grosze
  readonly tax: Grosze
  readonly gross: Grosze
}

/** The tax of a rate's net sum: computed once per rate, rounded half up to the grosz (uVAT art. 106e ust. 11). */
export const rateTax = (vat: InvoiceVatRate, net: Grosze): Grosze =>
  vat === 'zw' || vat === 'np' ? 0n : vatOfItem(net, vat)

/** The totals per rate (P_13_x, P_14_x) and of the invoice (P_15). */
export const invoiceTotals = (lines: readonly InvoiceLine[]): InvoiceTotals => {
  const nets = new Map<InvoiceVatRate, Grosze>()
  for (const l of lines) nets.set(l.vat, (nets.get(l.vat) ?? 0n) + lineNet(l))
  const rates: RateTotal[] = []
  for (const vat of InvoiceVatRates) {
    const net = nets.get(vat)
    if (net === undefined) continue
    const tax = rateTax(vat, net)
    rates.push({ vat, net, tax, gross: net + tax })
  }
  let net = 0n
  let tax = 0n
  for (const r of rates) {
    net += r.net
    tax += r.tax
  }
  return { rates, net, tax, gross: net + tax }
}

/**
 * The split-payment mark of a document (FA(3) `P_18A`, "mechanizm podzielonej płatności"): `required` when a line is of
 * Annex 15, the gross total exceeds 15 000 zł and the buyer is a taxpayer, identified by a tax number (uVAT art.
 * 108a ust. 1a, art. 106e ust. 1 pkt 18a; docs/tax-rules.md §17); `marked` also when the seller put it voluntarily. `grossPln`: the gross total in złoty
 * (an invoice in a foreign currency is compared at its rate); the document's own gross otherwise.
 */
export const documentSplitPayment = (
  doc: Pick<InvoiceDocumentData, 'lines' | 'splitPayment'> & { readonly buyer: { readonly taxId: string } },
  grossPln: Grosze = invoiceTotals(doc.lines).gross,
): { readonly required: boolean; readonly marked: boolean } => {
  const required = splitPaymentDuty(
    doc.lines.some((l) => l.annex15 === true),
    grossPln,
    isTaxpayerBuyer(doc.buyer),
  )
  return { required, marked: required || doc.splitPayment === true }
}

/** The totals as decimal strings (for the API and the screens). */
export const formatTotals = (t: InvoiceTotals) => ({
  rates: t.rates.map((r) => ({
    vat: r.vat,
    net: formatMoney(r.net),
    tax: formatMoney(r.tax),
    gross: formatMoney(r.gross),
  })),
  net: formatMoney(t.net),
  tax: formatMoney(t.tax),
  gross: formatMoney(t.gross),
})

/** The period a series counts in: `2026` or `2026-04`. */
export const seriesPeriod = (reset: SeriesReset, issueDate: LocalDateString): string =>
  reset === 'month' ? issueDate.slice(0, 7) : issueDate.slice(0, 4)

const TOKENS = /\{(YYYY|YY|MM|N)\}/g

/** The number `seq` of a series in the period of `issueDate`. */
export const formatInvoiceNumber = (pattern: string, issueDate: LocalDateString, seq: number): string =>
  pattern.replace(TOKENS, (_, t: string) =>
    t === 'YYYY'
      ? issueDate.slice(0, 4)
      : t === 'YY'
        ? issueDate.slice(2, 4)
        : t === 'MM'
          ? issueDate.slice(5, 7)
          : String(seq),
  )

/**
 * Why a pattern cannot number a series (`null`: it can): it needs `{N}`, and the period's marks so that a number can
 * never come back in a later period (`{YYYY}` or `{YY}` for a yearly series, and `{MM}` for a monthly one).
 */
export const patternProblem = (pattern: string, reset: SeriesReset): string | null => {
  if (pattern.trim() === '' || pattern.length > 100) return 'The pattern must have between 1 and 100 characters'
  if (/[{}]/.test(pattern.replace(TOKENS, ''))) return 'The pattern may use only {YYYY}, {YY}, {MM} and {N}'
  if ((pattern.match(/\{N\}/g) ?? []).length !== 1) return 'The pattern must contain {N} exactly once'
  if (!/\{YYYY\}|\{YY\}/.test(pattern)) return 'The pattern must contain the year ({YYYY} or {YY})'
  if (reset === 'month' && !pattern.includes('{MM}')) return 'A series numbered per month must contain {MM}'
  return null
}

/** The words of a line list that name the income items (at most 200 characters). */
const itemName = (lines: readonly InvoiceLine[], number: string): string => {
  const first = lines[0]?.name.trim() ?? ''
  const name = lines.length > 1 ? `${first} (+${lines.length - 1})` : first
  return (name === '' ? number : name).slice(0, 200)
}

const percentOfRate = (vat: InvoiceVatRate): string => (vat === 'zw' || vat === 'np' ? '0' : vat)
const treatmentOfRate = (vat: InvoiceVatRate): Item['vatTreatment'] =>
  vat === 'zw' ? 'zw' : vat === 'np' ? 'np' : 'rate'

const GTU = /^GTU_(0[1-9]|1[0-3])$/

/**
 * The procedure markers an invoice document may carry: the sales markers of JPK_V7 except the margin scheme's
 * (MR_T, MR_UZ), which the books do not model.
 */
export const InvoiceProcedures = SalesProcedures.filter((p) => p !== 'MR_T' && p !== 'MR_UZ')
export type InvoiceProcedure = (typeof SalesProcedures)[number]

const baseItem = (doc: InvoiceDocumentData, number: string) => ({
  isCompany: true,
  documentNumber: number,
  description: '',
  counterparty: {
    name: doc.buyer.name,
    taxId: doc.buyer.taxId,
    country: doc.buyer.country,
    address: doc.buyer.address,
  },
  kpirColumn: null,
  flatRate: null,
  ksefNumber: null,
  ksefMarker: null,
  documentType: null,
  procedures: [...(doc.procedures ?? [])],
})

/**
 * The currency of a rate's income item: the net in the invoice's currency; the books fill the złoty amount and the
 * rates used when they save it (`withConversion`).
 */
const currencyOf = (doc: Pick<InvoiceDocumentData, 'currency'>, net: Grosze) =>
  doc.currency ? { currency: { code: doc.currency, amount: formatMoney(net), paidOn: null } } : {}

/** The Annex 15 statement of a rate's income item: any of its lines is of Annex 15. */
const annex15Of = (lines: readonly InvoiceLine[], vat: InvoiceVatRate) =>
  lines.some((l) => l.vat === vat && l.annex15 === true) ? { annex15: true } : {}

const gtuOf = (lines: readonly InvoiceLine[], vat: InvoiceVatRate) =>
  [...new Set(lines.filter((l) => l.vat === vat && l.gtu !== null && GTU.test(l.gtu)).map((l) => l.gtu!))].sort()

/**
 * The income items an issued sales invoice puts into the books: one per VAT rate, its net sum as the amount, dated
 * on the payment term (the books' cash date; the issue date without one), with the invoice's number and buyer.
 * VAT is left to the engine (`documentVat: null`): it computes the same per-rate figure (`rateTax`).
 */
export const incomeItemsOfInvoice = (doc: InvoiceDocumentData, number: string): Item[] => {
  const totals = invoiceTotals(doc.lines)
  const date = doc.payment.dueDate !== null && doc.payment.dueDate > doc.issueDate ? doc.payment.dueDate : doc.issueDate
  return totals.rates.map(
    (r) =>
      ({
        ...baseItem(doc, number),
        date,
        name: itemName(doc.lines, number),
        amount: formatMoney(r.net),
        percent: percentOfRate(r.vat),
        invoiceDate: doc.issueDate,
        vatTreatment: treatmentOfRate(r.vat),
        supplyDate: doc.supplyDate !== null && doc.supplyDate !== doc.issueDate ? doc.supplyDate : null,
        gtu: gtuOf(doc.lines, r.vat),
        documentVat: null,
        corrects: null,
        ...annex15Of(doc.lines, r.vat),
        ...currencyOf(doc, r.net),
      }) as Item,
  )
}

/**
 * The day a correction counts in the books: a decrease of the taxable amount on the correction's issue date (uVAT
 * art. 29a ust. 13), an increase in the period its reason arose (art. 29a ust. 17; the issue date when not given).
 */
export const correctionDate = (doc: InvoiceDocumentData, grossDifference: Grosze): LocalDateString =>
  grossDifference > 0n ? (doc.correction?.reasonDate ?? doc.issueDate) : doc.issueDate

/**
 * The income items of a correction: per VAT rate, the difference between the lines after and before (amounts and
 * the stated VAT may be negative), naming the corrected invoice; rates without a change add nothing.
 */
export const incomeItemsOfCorrection = (
  doc: InvoiceDocumentData,
  number: string,
  before: readonly InvoiceLine[],
  corrects: Corrects,
): Item[] => {
  const was = invoiceTotals(before)
  const now = invoiceTotals(doc.lines)
  const date = correctionDate(doc, now.gross - was.gross)
  const out: Item[] = []
  for (const vat of InvoiceVatRates) {
    const a = was.rates.find((r) => r.vat === vat)
    const b = now.rates.find((r) => r.vat === vat)
    if (!a && !b) continue
    const net = (b?.net ?? 0n) - (a?.net ?? 0n)
    const tax = (b?.tax ?? 0n) - (a?.tax ?? 0n)
    if (net === 0n && tax === 0n) continue
    out.push({
      ...baseItem(doc, number),
      date,
      name: `Korekta ${corrects.documentNumber}`.slice(0, 200),
      amount: formatMoney(net),
      percent: percentOfRate(vat),
      invoiceDate: doc.issueDate,
      vatTreatment: treatmentOfRate(vat),
      supplyDate: null,
      gtu: gtuOf(doc.lines, vat),
      documentVat: vat === 'zw' || vat === 'np' || doc.currency ? null : formatMoney(tax),
      corrects,
      ...currencyOf(doc, net),
    } as Item)
  }
  return out
}
