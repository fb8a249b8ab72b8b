/**
 * The VAT register of a month (ewidencja sprzedaży i zakupu, the register part of JPK_V7M / JPK_V7K) and the VAT
 * period the month belongs to, from the same item occurrences the tax engine's declaration is computed from
 * (`derive(state).schedule`, attributed to the month of their VAT tax point `vatDate`; company items only), so a JPK_V7 file
 * written from it equals the dashboard's VAT card by construction: each declaration field is its register field's
 * sum rounded once (docs/tax-rules.md §4 VAT, §10).
 *
 * A row is one document: the occurrences of a month that share a document number, counterparty tax id, KSeF number
 * and date are one row with the fields of each of their rates; an occurrence without a document number is a row of
 * its own.
 */
import { addMonthsToMonth } from '../calendar.ts'
import type { BooksState } from '../model/state.ts'
import type { Counterparty, Item, KsefMarkers } from '../schemas/records.ts'
import type { Occurrence } from '../schedule.ts'
import type { VatPeriod } from '../tax/engine.ts'
import type { Grosze, LocalDateString, YearMonthString } from '../types.ts'
import {
  type AssetVatCorrection,
  type AssetWithDisposal,
  type AssetWithVatUse,
  type PrivateUseVat,
  privateUseVatOf,
  registerVatCorrections,
} from '../tax/assetVatUse.ts'
import {
  crossBorderVatDate,
  deductibleVat,
  isSelfAssessed,
  SELF_ASSESSED_FIELDS,
  type SelfAssessedKind,
} from '../tax/crossBorder.ts'
import { advanceDateOf, itemDatesOf, receivedDateOf } from '../tax/taxPoint.ts'
import { assetVatBooks, derive, taxesThrough } from './derived.ts'

/**
 * The register's amount fields Finance fills: sales K_10 … K_32 (K_23 … K_32: the output tax of self-assessed
 * purchases);
 * purchases K_40 … K_44.
 */
export type VatRegisterField =
  | 'K_10'
  | 'K_11'
  | 'K_12'
  | 'K_13'
  | 'K_15'
  | 'K_16'
  | 'K_17'
  | 'K_18'
  | 'K_19'
  | 'K_20'
  | 'K_21'
  | 'K_22'
  | 'K_23'
  | 'K_24'
  | 'K_25'
  | 'K_26'
  | 'K_27'
  | 'K_28'
  | 'K_29'
  | 'K_30'
  | 'K_31'
  | 'K_32'
  | 'K_40'
  | 'K_41'
  | 'K_42'
  | 'K_43'
  | 'K_44'

export interface VatRegisterRow {
  readonly kind: 'sale' | 'purchase'
  /** The items (and occurrence index) the row is made of. */
  readonly sources: readonly { readonly itemId: number; readonly index: number }[]
  readonly documentNumber: string
  /**
   * DataWystawienia (sales) / DataZakupu (purchases): the document's issue date (a correction's: its own issue date,
   * whatever month it is filed in).
   */
  readonly issueDate: LocalDateString
  /** DataSprzedazy: the day of supply (an advance's: the day it was received), when it differs from the issue date. */
  readonly supplyDate: LocalDateString | null
  /** DataWplywu: the day a KSeF purchase invoice was received (its number's date), when it differs. */
  readonly receivedDate: LocalDateString | null
  readonly counterparty: Counterparty | null
  readonly ksefNumber: string | null
  readonly ksefMarker: (typeof KsefMarkers)[number] | null
  readonly documentType: string | null
  readonly gtu: readonly string[]
  readonly procedures: readonly string[]
  /** Non-zero amount fields, grosze. */
  readonly fields: Readonly<Partial<Record<VatRegisterField, Grosze>>>
}

export interface VatFiling {
  /** The register's month. */
  readonly month: YearMonthString
  /** The settlement period the month belongs to (a month, or a quarter). */
  readonly period: VatPeriod
  /** Whether the month ends the period: its file carries the period's declaration. */
  readonly closesPeriod: boolean
  readonly sales: readonly VatRegisterRow[]
  readonly purchases: readonly VatRegisterRow[]
  /** Sales at a percent the register has no field for (any but 0, 5, 7, 8, 22, 23): they make no valid file. */
  readonly otherRates: readonly { readonly percent: string; readonly itemId: number }[]
}

const SALE_FIELDS: Readonly<Record<string, readonly [VatRegisterField, VatRegisterField | null]>> = {
  '0': ['K_13', null],
  '5': ['K_15', 'K_16'],
  '7': ['K_17', 'K_18'],
  '8': ['K_17', 'K_18'],
  '22': ['K_19', 'K_20'],
  '23': ['K_19', 'K_20'],
}

interface Draft {
  kind: 'sale' | 'purchase'
  sources: { itemId: number; index: number }[]
  item: Item
  occurrence: Occurrence
  fields: Partial<Record<VatRegisterField, Grosze>>
}

const add = (d: Draft, field: VatRegisterField, value: Grosze) => {
  d.fields[field] = (d.fields[field] ?? 0n) + value
}

const normalNumber = (s: string) => s.replace(/\s+/g, ' ').trim().toUpperCase()

/**
 * DataWystawienia / DataZakupu of an occurrence's row: its document's issue date ("data wystawienia dowodu",
 * rozporządzenie MF z 15.10.2019 § 10), the `invoiceDate`, else the item's date. A correcting item is dated by the
 * correction's own issue date too, whatever month its VAT counts in: a correction issued in Finance and one entered by
 * hand carry it as `invoiceDate` (the issued one's `date` is the day it counts for VAT — an increase's reason date,
 * uVAT art. 29a ust. 17, which comes before the issue date). An FA(3) correction of `TypKorekty` 1 imported as a sale
 * is the one exception, told by its shape: its `invoiceDate` is the corrected invoice's date (the day it takes effect)
 * and its later `date` is its own issue date.
 */
const issueDateOf = (o: Occurrence, item: Item): LocalDateString =>
  item.corrects != null && o.invoiceDate !== null && o.invoiceDate === item.corrects.issueDate && o.date > o.invoiceDate
    ? o.date
    : (o.invoiceDate ?? o.date)

/**
 * DataSprzedazy of a sale's row: the day of supply, or — for an advance, whose VAT arises when the money is received
 * (art. 19a ust. 8) — the day the payment was received (art. 106e ust. 1 pkt 6 with art. 106b ust. 1 pkt 4, art. 106f
 * ust. 1 pkt 1), when it differs from the issue date. A supply taxed on the invoice (`taxPoint: 'invoice'`) and a
 * supply taxed on its day keep the stated day of supply.
 */
const saleDateOf = (o: Occurrence, item: Item, issueDate: LocalDateString): LocalDateString | null => {
  const dates = itemDatesOf(item, o.isIncome, o.index)
  // Only where the engine taxed the advance (not a WDT, dated by its own rule, art. 20 ust. 1).
  const paid = o.isIncome && crossBorderVatDate(item.crossBorder ?? null, dates) === null ? advanceDateOf(dates) : null
  const day = paid !== null && paid === o.vatDate ? paid : item.supplyDate ? o.supplyDate : null
  return day !== null && day !== issueDate ? day : null
}

/** The register and the VAT period of `month`, or `null` when the books have no VAT period for it. */
export const vatFiling = (state: BooksState, month: YearMonthString): VatFiling | null => {
  const d = derive(state)
  // Through the end of the month's quarter: a quarterly period needs all three months.
  const quarterEnd = addMonthsToMonth(month, 2 - ((Number(month.slice(5, 7)) - 1) % 3))
  const taxes = taxesThrough(state, quarterEnd)
  const period = taxes?.result.vat.find((p) => p.from <= month && month <= p.to)
  if (!period) return null
  const drafts = new Map<string, Draft>()
  const otherRates: { percent: string; itemId: number }[] = []
  for (const o of d.schedule.byTaxMonth.get(month) ?? []) {
    // A self-assessed purchase shown late has its purchase row in a later month (art. 86 ust. 10g).
    const late = o.vatFacts?.lateInputMonth ?? null
    if (!o.isCompany || (o.vatMonth !== month && late !== month)) continue
    const item = state.records.get(o.itemId)?.data as Item | undefined
    if (!item) continue
    const selfAssessed = isSelfAssessed(o.vatFacts)
    const noVat = o.vatTreatment === 'zw' || o.vatTreatment === 'np'
    const cross = o.vatFacts?.crossBorder ?? null
    if (o.isIncome && o.amount === 0n && o.vatAmount === 0n) continue
    if (o.isIncome && !noVat && cross === null && SALE_FIELDS[o.percent] === undefined) {
      otherRates.push({ percent: o.percent, itemId: o.itemId })
      continue
    }
    const issueDate = issueDateOf(o, item)
    const number = item.documentNumber ?? ''
    const entry = (kind: 'sale' | 'purchase') => {
      const key =
        number.trim() === ''
          ? `${kind}:${o.itemId}:${o.index}`
          : [kind, normalNumber(number), item.counterparty?.taxId ?? '', item.ksefNumber ?? '', issueDate].join('|')
      let draft = drafts.get(key)
      if (!draft) {
        draft = { kind, sources: [], item, occurrence: o, fields: {} }
        drafts.set(key, draft)
      }
      draft.sources.push({ itemId: o.itemId, index: o.index })
      return draft
    }
    if (!o.isIncome) {
      // A self-assessed purchase is also a row of the sales register: its output tax (K_23 / K_24, K_29 / K_30).
      if (selfAssessed && o.vatMonth === month) {
        const sale = entry('sale')
        const [base, tax] = SELF_ASSESSED_FIELDS[cross as SelfAssessedKind]
        add(sale, `K_${base}` as VatRegisterField, o.amount)
        add(sale, `K_${tax}` as VatRegisterField, o.vatAmount)
      }
      // The purchase register (and P_40 … P_43) holds the purchases whose input tax is deducted.
      const deductible = noVat ? 0n : deductibleVat(o.vatAmount, o.vatFacts)
      if (deductible === 0n || (late ?? o.vatMonth) !== month) continue
      const purchase = entry('purchase')
      const asset = o.vatFacts?.fixedAsset === true
      add(purchase, asset ? 'K_40' : 'K_42', o.amount)
      add(purchase, asset ? 'K_41' : 'K_43', deductible)
      continue
    }
    const draft = entry('sale')
    if (cross === 'wdt') add(draft, 'K_21', o.amount)
    else if (cross === 'export') add(draft, 'K_22', o.amount)
    else if (cross === 'euServices') {
      add(draft, 'K_11', o.amount)
      add(draft, 'K_12', o.amount)
    } else if (o.vatTreatment === 'zw') add(draft, 'K_10', o.amount)
    else if (o.vatTreatment === 'np') add(draft, 'K_11', o.amount)
    else {
      const [base, tax] = SALE_FIELDS[o.percent]!
      add(draft, base, o.amount)
      if (tax !== null) add(draft, tax, o.vatAmount)
    }
  }
  const rows = [...drafts.values()].map((dr): VatRegisterRow => {
    const { item, occurrence: o } = dr
    const issueDate = issueDateOf(o, item)
    const received = dr.kind === 'purchase' ? receivedDateOf(item) : null
    return {
      kind: dr.kind,
      sources: dr.sources,
      documentNumber: item.documentNumber ?? '',
      issueDate,
      supplyDate: dr.kind === 'sale' ? saleDateOf(o, item, issueDate) : null,
      receivedDate: received !== null && received !== issueDate ? received : null,
      counterparty: item.counterparty ?? null,
      ksefNumber: item.ksefNumber ?? null,
      ksefMarker: item.ksefMarker ?? null,
      // A sale row of a self-assessed purchase: the supplier's invoice is no sales document type of JPK_V7.
      documentType: dr.kind === 'sale' && !o.isIncome ? null : (item.documentType ?? null),
      gtu: item.gtu ?? [],
      procedures: item.procedures ?? [],
      fields: Object.fromEntries(Object.entries(dr.fields).filter(([, v]) => v !== 0n)),
    }
  })
  // The art. 91 corrections of fixed assets declared this month: a row of an internal document each (K_44).
  for (const { asset, correction } of registerVatCorrections(state.assets, assetVatBooks(state)))
    if (correction.month === month) rows.push(correctionRow(asset, correction))
  // Fixed assets taken to private use this month with output VAT (art. 7 ust. 2): a sale of an internal document each.
  for (const asset of state.assets.values()) {
    const v = privateUseVatOf(asset)
    if (v !== null && v.month === month) rows.push(privateUseRow(asset, v))
  }
  const order = (a: VatRegisterRow, b: VatRegisterRow) =>
    a.issueDate < b.issueDate
      ? -1
      : a.issueDate > b.issueDate
        ? 1
        : (a.sources[0]?.itemId ?? 0) - (b.sources[0]?.itemId ?? 0) ||
          (a.sources[0]?.index ?? 0) - (b.sources[0]?.index ?? 0)
  return {
    month,
    period,
    closesPeriod: period.to === month,
    sales: rows.filter((r) => r.kind === 'sale').sort(order),
    purchases: rows.filter((r) => r.kind === 'purchase').sort(order),
    otherRates,
  }
}

/** A register row of an internal document (WEW) the books make themselves: no counterparty, no KSeF, no codes. */
const internalRow = (
  kind: VatRegisterRow['kind'],
  documentNumber: string,
  issueDate: string,
  fields: VatRegisterRow['fields'],
): VatRegisterRow => ({
  kind,
  sources: [],
  documentNumber: documentNumber.trim().slice(0, 256),
  issueDate,
  supplyDate: null,
  receivedDate: null,
  counterparty: null,
  ksefNumber: null,
  ksefMarker: null,
  documentType: 'WEW',
  gtu: [],
  procedures: [],
  fields,
})

/** The register row of an art. 91 correction: an internal document (WEW) dated the first day of its month. */
const correctionRow = (asset: AssetWithVatUse, c: AssetVatCorrection): VatRegisterRow =>
  internalRow('purchase', `art. 91 ${c.year} ${asset.data.number} ${asset.data.name}`, `${c.month}-01`, {
    K_44: c.amount,
  })

/**
 * The sales register row of a transfer to private use taxed under art. 7 ust. 2: an internal document (WEW) of the
 * day of the transfer (the disposal's document number, else one naming the asset), the taxpayer its own counterparty
 * (none: `brak`), the base and tax in the fields of its percent.
 */
const privateUseRow = (asset: AssetWithDisposal, v: PrivateUseVat): VatRegisterRow => {
  const [base, tax] = SALE_FIELDS[v.percent]!
  const document = asset.disposal?.document.trim() ?? ''
  const number = document === '' ? `art. 7 ust. 2 ${asset.data.number} ${asset.data.name}` : document
  return internalRow('sale', number, v.date, tax === null ? { [base]: v.base } : { [base]: v.base, [tax]: v.vat })
}

/** The months of `period` (a month or a quarter), in order. */
export const periodMonths = (period: Pick<VatPeriod, 'from' | 'to'>): YearMonthString[] => {
  const out: YearMonthString[] = []
  for (let m = period.from; m <= period.to; m = addMonthsToMonth(m, 1)) out.push(m)
  return out
}
