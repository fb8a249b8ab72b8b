/**
 * When an item counts for each tax: one named function per tax that dates an item. The same item may fall in
 * different months for VAT, for PIT / ryczałt and in the tax book (a service performed on 30 September and invoiced
 * on 2 October is September's for VAT and for PIT; the book records it in September too). Every projection that
 * places an item in a month (the engine's month figures, the VAT register and JPK_V7, the tax book and its
 * JPK_PKPIR / JPK_EWP, the live month, the dashboards, the annual return) takes its month from here.
 *
 * The dates an item carries:
 * - `date`: the day the money moves (the payment received or made, or due);
 * - `invoiceDate`: the invoice's (document's) issue date, `null` when the item has no separate document date;
 * - `supplyDate`: the day of supply (data dostawy / wykonania usługi) where it differs from the issue date, `null`
 *   otherwise;
 * - `receivedDate`: the day a purchase invoice was received, when the books know it — a KSeF invoice's, the day its
 *   KSeF number was assigned (uVAT art. 106na ust. 3); otherwise the invoice's date stands for its receipt.
 * Legal sources and worked examples: docs/tax-rules.md §4, "The tax point", and §6.9.
 */
import { addMonths } from '../calendar.ts'
import { ksefNumberDate } from '../schemas/documentCodes.ts'
import type { LocalDateString } from '../types.ts'

/** The dates of one item occurrence as stored (recurring occurrences shifted by their month). */
export interface ItemDates {
  readonly isIncome: boolean
  readonly date: LocalDateString
  readonly invoiceDate: LocalDateString | null
  readonly supplyDate: LocalDateString | null
  /** `invoice`: VAT arises on the invoice's date (uVAT art. 19a ust. 5 pkt 4); absent or `supply`: on the supply. */
  readonly taxPoint?: 'supply' | 'invoice' | null
  /** A correction of an earlier document (the item's `corrects`): its revenue counts when the correction is issued. */
  readonly correction?: boolean
  /**
   * The day the invoice was received, when known: the date of the item's KSeF number (uVAT art. 106na ust. 3); absent
   * or `null`: the invoice's date stands for its receipt. Only a purchase reads it ({@link vatPurchaseDate}).
   */
  readonly receivedDate?: LocalDateString | null
}

/** What an item records of its dates (the item's own fields). */
interface DatedItem {
  readonly date: LocalDateString
  readonly invoiceDate: LocalDateString | null
  readonly supplyDate?: LocalDateString | null
  readonly taxPoint?: 'supply' | 'invoice' | null
  readonly corrects?: unknown
  readonly ksefNumber?: string | null
}

/** The day an item's invoice was received, when the books know it: its KSeF number's date; else `null`. */
export const receivedDateOf = (item: { readonly ksefNumber?: string | null }): LocalDateString | null =>
  item.ksefNumber ? ksefNumberDate(item.ksefNumber) : null

/**
 * The dates of an item's occurrence `k` (a recurring item's k-th month: every date `k` months on, `addMonths`; the
 * one-time item's occurrence 0 is the item's own dates). The day of receipt is not shifted: a KSeF number names one
 * invoice.
 */
export const itemDatesOf = (item: DatedItem, isIncome: boolean, k = 0): ItemDates => {
  const shift = (d: LocalDateString | null) => (d === null || k === 0 ? d : addMonths(d, k))
  return {
    isIncome,
    date: shift(item.date)!,
    invoiceDate: shift(item.invoiceDate),
    supplyDate: shift(item.supplyDate ?? null),
    taxPoint: item.taxPoint ?? null,
    correction: item.corrects != null,
    receivedDate: receivedDateOf(item),
  }
}

const earliest = (...ds: (LocalDateString | null)[]): LocalDateString => {
  let out: LocalDateString | null = null
  for (const d of ds) if (d !== null && (out === null || d < out)) out = d
  return out!
}

const latest = (...ds: (LocalDateString | null)[]): LocalDateString => {
  let out: LocalDateString | null = null
  for (const d of ds) if (d !== null && (out === null || d > out)) out = d
  return out!
}

/** The day of supply: the stated one, else the issue date (an invoice without P_6 supplies on its date), else the date. */
export const supplyDateOf = (it: ItemDates): LocalDateString => it.supplyDate ?? it.invoiceDate ?? it.date

/**
 * The day an income's VAT obligation arises: the day of supply (uVAT art. 19a ust. 1); a continuous service is
 * supplied at the end of each settlement period (ust. 3), which is its `supplyDate`. Money received before the supply
 * (an income dated before its day of supply) is an advance, taxed when received (ust. 8).
 */
export const vatSaleDate = (it: ItemDates): LocalDateString =>
  it.taxPoint === 'invoice' ? onInvoice(it) : earliest(supplyDateOf(it), it.date)

/**
 * The day an advance was received, when a sale's VAT arises on it (art. 19a ust. 8, {@link vatSaleDate}): money
 * received before the day of supply of a sale taxed on its supply; the invoice states it as the day the payment was
 * received (art. 106e ust. 1 pkt 6 with art. 106b ust. 1 pkt 4, art. 106f ust. 1 pkt 1). `null` for any other item:
 * a purchase, a supply taxed on the invoice (ust. 5 pkt 4), money received on or after the supply, and a correction
 * (whose `date` is the day its difference counts, not a payment).
 */
export const advanceDateOf = (it: ItemDates): LocalDateString | null =>
  it.isIncome && it.taxPoint !== 'invoice' && !it.correction && it.date < supplyDateOf(it) ? it.date : null

/**
 * The services of uVAT art. 19a ust. 5 pkt 4 (supplies of electricity, heat, gas, telecoms, rent and lease, security,
 * cleaning, …) are taxed on the invoice's date, advances included (ust. 8 does not apply to them); without an invoice
 * date the item's date stands for the payment deadline of ust. 7.
 */
const onInvoice = (it: ItemDates): LocalDateString => it.invoiceDate ?? it.date

/**
 * The day a purchase's input VAT may first be deducted (uVAT art. 86 ust. 10 and 10b pkt 1): the period in which the
 * seller's obligation arose (the day of supply; for a service taxed on the invoice, the invoice's date), but not before
 * the period in which the invoice is received ("nie wcześniej niż w rozliczeniu za okres, w którym podatnik otrzymał
 * fakturę"): an invoice issued in KSeF is received on the day its KSeF number is assigned (art. 106na ust. 3), the
 * item's `receivedDate`; without one the invoice's date stands for its receipt. An invoice dated 30 October and given
 * its KSeF number on 2 November is deducted in November.
 */
export const vatPurchaseDate = (it: ItemDates): LocalDateString =>
  latest(
    it.taxPoint === 'invoice' ? onInvoice(it) : latest(supplyDateOf(it), it.invoiceDate ?? it.date),
    it.receivedDate ?? null,
  )

/** The day an item counts for VAT: {@link vatSaleDate} for incomes, {@link vatPurchaseDate} for expenses. */
export const vatDateOf = (it: ItemDates): LocalDateString => (it.isIncome ? vatSaleDate(it) : vatPurchaseDate(it))

/**
 * The day whose preceding working day's rate converts a foreign-currency VAT base (`vatDate`: the day the item counts
 * for VAT). A sale invoiced before its VAT arises takes the rate before the invoice's date (uVAT art. 31a ust. 2:
 * "przed powstaniem obowiązku podatkowego podatnik wystawi fakturę"), otherwise the rate before the day the VAT arises
 * (ust. 1). A domestic purchase deducts the tax its invoice states (art. 86 ust. 2 pkt 1 lit. a), which the seller
 * converted by the same rules: the rate before the seller's day — the supply, or the invoice when issued first (the
 * invoice for a service taxed on it). A self-assessed purchase (`selfAssessed`) is the buyer's own obligation:
 * `vatDate`.
 */
export const vatRateDay = (it: ItemDates, vatDate: LocalDateString, selfAssessed = false): LocalDateString => {
  if (it.isIncome) return earliest(vatDate, it.invoiceDate)
  if (selfAssessed) return vatDate
  return vatSaleDate({ ...it, isIncome: true, date: it.invoiceDate ?? supplyDateOf(it) })
}

/**
 * The day of a business revenue for PIT and ryczałt (uPIT art. 14 ust. 1c; uZPD art. 6 ust. 1a, which applies it to
 * ryczałt): the day of supply, but no later than the day the invoice is issued or the receivable is paid — the
 * earliest of the three. Money received before a stated day of supply is an advance, which is not revenue (art. 14
 * ust. 3 pkt 1: "wpłat … na poczet dostaw towarów i usług, które zostaną wykonane w następnych okresach"): with a
 * `supplyDate` the payment (the item's date) does not count, only the supply and the invoice; without one, the item's
 * date stands for the supply. A continuous service settled in periods (art. 14 ust. 1e) has its revenue on the
 * period's last day, which is its `supplyDate`. A correcting invoice's difference (not the correction of an error)
 * changes the revenue of the period in which the correction is issued, an increase as a decrease (art. 14 ust. 1m),
 * though an increase's VAT counts in the period its reason arose (uVAT art. 29a ust. 17).
 */
export const revenueDateOf = (it: ItemDates): LocalDateString =>
  it.correction
    ? (it.invoiceDate ?? it.date)
    : it.supplyDate !== null
      ? earliest(it.supplyDate, it.invoiceDate)
      : earliest(it.invoiceDate, it.date)

/**
 * The day a cost counts for PIT and in the tax book (uPIT art. 22 ust. 5–6b with the KPiR regulation, Dz.U. 2025
 * poz. 1299): a KPiR trader deducts a cost in the period it is entered in the book, and it is entered on the basis of
 * the invoice or other document, under that document's date; without a separate document date, the item's date.
 */
export const costDateOf = (it: ItemDates): LocalDateString => it.invoiceDate ?? it.date

/** The day an item counts for PIT / ryczałt and in the tax book: its revenue date or its cost date. */
export const pitDateOf = (it: ItemDates): LocalDateString => (it.isIncome ? revenueDateOf(it) : costDateOf(it))
