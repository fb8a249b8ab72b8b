/**
 * VAT across borders, on fixed assets and on cars: what an item adds to the VAT register and the declaration beyond
 * its treatment (docs/tax-rules.md, "VAT across borders, fixed assets and cars").
 *
 * - Sales: services to a business abroad outside Polish VAT whose place of supply is the customer's (uVAT art. 28b,
 *   `euServices`: P_11 and its subset P_12 of art. 100 ust. 1 pkt 4, reported in VAT-UE), an intra-community supply
 *   of goods at 0 % (art. 13, 42: `wdt`, P_21) and an export of goods at 0 % (art. 2 pkt 8, 41 ust. 4: `export`,
 *   P_22).
 * - Purchases self-assessed by the buyer: an import of services from a business abroad (art. 17 ust. 1 pkt 4 with
 *   art. 28b: `importServices`, P_29 / P_30) and an intra-community acquisition of goods (art. 9: `wnt`, P_23 / P_24):
 *   the buyer states the output tax and deducts the same tax as input in the same period (art. 86 ust. 2 pkt 4 lit. a
 *   and c, ust. 10b pkt 2–3).
 * - Input tax on goods and services the buyer counts among its fixed assets goes to P_40 / P_41 instead of
 *   P_42 / P_43.
 * - A passenger car used also privately: 50 % of the input tax on its purchase and running costs is deducted
 *   (art. 86a ust. 1–2); the other half is a PIT cost (uPIT art. 23 ust. 1 pkt 43 lit. a).
 */
import { monthOf } from '../calendar.ts'
import { divRoundHalfUp } from '../money.ts'
import type { Grosze, LocalDateString, YearMonthString } from '../types.ts'
import { type ItemDates, vatSaleDate } from './taxPoint.ts'

/** Sales outside the domestic rates: services taxed where the customer is, intra-EU supplies, exports. */
export const CrossBorderSales = ['euServices', 'wdt', 'export'] as const
/**
 * Purchases the buyer self-assesses: import of services of art. 28b, intra-EU acquisition of goods, import of goods
 * settled in the declaration (art. 33a), import of other services (the place of supply in Poland by another rule
 * than art. 28b, or bought from a person who is no VAT taxpayer) and goods whose buyer is the taxpayer (art. 17 ust. 1
 * pkt 5: goods supplied in Poland by a seller without a seat or fixed establishment here).
 */
export const CrossBorderPurchases = [
  'importServices',
  'wnt',
  'importGoods',
  'importServicesOther',
  'buyerTaxpayerGoods',
] as const
export type SelfAssessedKind = (typeof CrossBorderPurchases)[number]

/**
 * The JPK_V7 fields of each self-assessed purchase's output tax: the register's base and tax (K_) and the
 * declaration's (P_, the same numbers). From the JPK_V7M(2) schema's descriptions of K_23 … K_32 / P_23 … P_32.
 */
export const SELF_ASSESSED_FIELDS: Readonly<Record<SelfAssessedKind, readonly [number, number]>> = {
  wnt: [23, 24],
  importGoods: [25, 26],
  importServicesOther: [27, 28],
  importServices: [29, 30],
  buyerTaxpayerGoods: [31, 32],
}
export const CrossBorderKinds = [...CrossBorderSales, ...CrossBorderPurchases] as const
export type CrossBorder = (typeof CrossBorderKinds)[number]

/**
 * How the car of a car expense (item field `car: { use }`, shared with the PIT side) is used: `mixed` (also
 * privately: 50 % of the VAT deducted) or `businessOnly` (the VAT-26 notice and a mileage record: all of it).
 */
export const CarUses = ['mixed', 'businessOnly'] as const
export type CarUse = (typeof CarUses)[number]

/** The item fields this module reads (all optional: absent in items stored before them). */
export interface VatFactsFields {
  readonly crossBorder?: CrossBorder | null
  readonly car?: { readonly use: CarUse } | null
  readonly fixedAsset?: boolean | null
  readonly noVatDeduction?: boolean | null
  /** The supplier: its country decides the fields of an import of services (`importServicesFrom`). */
  readonly counterparty?: { readonly country: string } | null
}

/** The member states of the EU by ISO 3166 code (Greece also by its VAT prefix, EL). */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
)

/**
 * The kind an import of services is filed as. JPK_V7 K_29 / K_30 hold the art. 28b services bought "od podatników
 * podatku od wartości dodanej", persons identified for VAT in another member state (uVAT art. 2 pkt 16); K_27 / K_28
 * every other import of services. So an art. 28b service from a supplier outside the EU (a US subscription) is
 * filed as `importServicesOther`; from an EU supplier, or one whose country the item does not say, as stated.
 */
export const importServicesFrom = (
  kind: CrossBorder | null,
  supplier: { readonly country: string } | null | undefined,
): CrossBorder | null => {
  if (kind !== 'importServices') return kind
  const country = supplier?.country.trim().toUpperCase() ?? ''
  return country === '' || country === 'PL' || EU_MEMBER_STATES.has(country) ? kind : 'importServicesOther'
}

/** What an occurrence carries for VAT beyond its treatment and percent; `null` for the ordinary domestic item. */
export interface VatFacts {
  readonly crossBorder: CrossBorder | null
  readonly carUse: CarUse | null
  readonly fixedAsset: boolean
  /**
   * A self-assessed purchase whose output tax was shown after the three months of art. 86 ust. 10b: the month whose
   * declaration takes its input tax (`tax/lateSelfAssessed.ts`); absent: the month of the output tax.
   */
  readonly lateInputMonth?: YearMonthString | null
  /**
   * No input tax of this purchase is deducted and the whole of it is part of the cost (uPIT art. 23 ust. 1 pkt 43
   * lit. a only excludes VAT that may be deducted). Set for two reasons:
   * - accommodation or gastronomy services (item field `noVatDeduction`): uVAT art. 88 ust. 1 pkt 4 lit. a–b never
   *   allows the deduction (the exception of services bought to be provided on is the user's to judge: the item is
   *   then not marked);
   * - a purchase made while the VAT setting in force says the taxpayer's sales are exempt (`zw`: art. 113 or
   *   art. 43): uVAT art. 86 ust. 1 deducts only for taxed activity, art. 88 ust. 4 only for a registered active
   *   payer. Sales outside Poland (`np`) keep the right (art. 86 ust. 8 pkt 1).
   */
  readonly noDeduction?: boolean
}

/**
 * The item's {@link VatFacts}, or `null` when it has none of the fields (most items: nothing to keep). A purchase of
 * accommodation or gastronomy services (`noVatDeduction`, uVAT art. 88 ust. 1 pkt 4 lit. a–b) deducts no input tax:
 * {@link VatFacts.noDeduction}.
 */
export const vatFactsOf = (item: VatFactsFields): VatFacts | null => {
  if (!(item.crossBorder || item.car || item.fixedAsset || item.noVatDeduction)) return null
  const facts = {
    crossBorder: importServicesFrom(item.crossBorder ?? null, item.counterparty),
    carUse: item.car?.use ?? null,
    fixedAsset: item.fixedAsset === true,
  }
  return item.noVatDeduction === true ? { ...facts, noDeduction: true } : facts
}

/** Whether the buyer states the tax of this purchase as output tax (import of services, intra-EU acquisition). */
export const isSelfAssessed = (facts: VatFacts | null | undefined): boolean => isSelfAssessedKind(facts?.crossBorder)
export const isSelfAssessedKind = (kind: unknown): kind is SelfAssessedKind =>
  (CrossBorderPurchases as readonly unknown[]).includes(kind)

/** The 15th day of the month after the one of `day`. */
const fifteenthOfNextMonth = (day: LocalDateString): LocalDateString => {
  const [y, m] = monthOf(day).split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01-15` : `${y}-${String(m + 1).padStart(2, '0')}-15`
}

/**
 * The day the VAT of a cross-border item arises, where it has its own rule; `null`: the general rule (`taxPoint.ts`).
 * - `wnt` and `wdt`: the day the invoice is issued, at the latest the 15th day of the month after the supply
 *   (uVAT art. 20 ust. 5 and ust. 1); an advance payment raises no obligation.
 * - `importServices`: the buyer's obligation arises as the supplier's would in Poland — on the performance of the
 *   service (art. 19a ust. 1), at the end of each period of a continuous service (ust. 3, its `supplyDate`), on an
 *   advance paid before (ust. 8) — the rule of a sale; the input tax is deducted in the same period (art. 86 ust. 10
 *   and 10b pkt 3).
 * - `export` and `euServices` follow the rule of a sale (art. 19a ust. 1; art. 100 ust. 3 for VAT-UE).
 */
export const crossBorderVatDate = (kind: CrossBorder | null, dates: ItemDates): LocalDateString | null => {
  if (kind === 'wnt' || kind === 'wdt') {
    const supply = dates.supplyDate ?? dates.invoiceDate ?? dates.date
    const limit = fifteenthOfNextMonth(supply)
    // Without a separate document date, the item's date is its invoice's.
    const invoice = dates.invoiceDate ?? dates.date
    if (invoice < limit) return invoice
    return limit
  }
  // Import of services and goods whose buyer is the taxpayer: the supplier's rule, on the buyer (art. 17 ust. 1 pkt 4–5
  // with art. 19a ust. 1, 3, 8); import of goods under art. 33a: the customs debt (art. 19a ust. 9), the day the
  // customs declaration is accepted — the item's supply date.
  if (
    kind === 'importServices' ||
    kind === 'importServicesOther' ||
    kind === 'buyerTaxpayerGoods' ||
    kind === 'importGoods'
  )
    return vatSaleDate({ ...dates, isIncome: true, taxPoint: null })
  return null
}

/**
 * The input tax of a car expense split into the part deducted and the part that is not (uVAT art. 86a ust. 1–2:
 * 50 % of the tax on the purchase, lease and running costs of a car also used privately, rounded half-up to the
 * grosz). A car used only for business (art. 86a ust. 3 pkt 1 with ust. 4 and 12: the VAT-26 notice and a mileage
 * record) and any other expense deduct the whole tax. The part not deducted is a PIT cost (uPIT art. 23 ust. 1
 * pkt 43 lit. a: VAT is not a cost except where it may not be deducted under art. 86a); a PIT rule for cars (the
 * 75 % of running costs, art. 23 ust. 1 pkt 46a) applies to the net plus that part.
 * `carVatSplit(2301n, 'mixed')` → `{ deductible: 1151n, nonDeductible: 1150n }`. A buyer exempt from VAT deducts none
 * ({@link VatFacts.noDeduction}): see {@link deductibleVat}.
 */
export const carVatSplit = (
  vat: Grosze,
  use: CarUse | null | undefined,
): { deductible: Grosze; nonDeductible: Grosze } => {
  if (use !== 'mixed') return { deductible: vat, nonDeductible: 0n }
  const deductible = divRoundHalfUp(vat, 2n)
  return { deductible, nonDeductible: vat - deductible }
}

/**
 * The input tax of a purchase that is deducted: its VAT, half of it for a car in mixed use, none for an exempt buyer
 * or for accommodation and gastronomy (art. 88 ust. 1 pkt 4).
 */
export const deductibleVat = (vat: Grosze, facts: VatFacts | null | undefined): Grosze =>
  facts?.noDeduction ? 0n : carVatSplit(vat, facts?.carUse).deductible

/**
 * The input tax of a purchase that is not deducted and is therefore a PIT cost: half of a mixed-use car's, all of an
 * exempt buyer's and of accommodation or gastronomy (art. 88 ust. 1 pkt 4).
 */
export const nonDeductibleVat = (vat: Grosze, facts: VatFacts | null | undefined): Grosze =>
  facts?.noDeduction ? vat : carVatSplit(vat, facts?.carUse).nonDeductible

/**
 * The book's cost of an expense occurrence: its net amount and the input tax it may not deduct (uPIT art. 23 ust. 1
 * pkt 43 lit. a). The PIT rules that limit a car's costs apply to this sum.
 */
export const costWithVat = (o: {
  readonly amount: Grosze
  readonly vatAmount: Grosze
  readonly vatFacts: VatFacts | null
}) => o.amount + nonDeductibleVat(o.vatAmount, o.vatFacts)

/** What the buyer pays with the document: its VAT, but none on a self-assessed purchase (the invoice states none). */
export const paidVat = (vat: Grosze, facts: VatFacts | null | undefined): Grosze => (isSelfAssessed(facts) ? 0n : vat)

/** The fixed assets' part of a period's purchases: net (P_40), input tax (P_41) and art. 91 corrections (P_44). */
export interface AssetVat {
  base: Grosze
  vat: Grosze
  correction: Grosze
}

export const noAssetVat = (): AssetVat => ({ base: 0n, vat: 0n, correction: 0n })

/** Adds a month's fixed-asset VAT to a period's. */
export const addAssetVat = (to: AssetVat, month: AssetVat | undefined): void => {
  if (!month) return
  to.base += month.base
  to.vat += month.vat
  to.correction += month.correction
}
