/**
 * The correction of the input tax on a fixed asset whose use changes within its correction period (uVAT art. 91
 * ust. 7 with ust. 7a, 2 and 3): docs/tax-rules.md, "VAT across borders, fixed assets and cars".
 *
 * A change of use is the share of the asset's use in taxed activity (`taxedPercent`, 0–100) from a day on, with the
 * asset's input tax and the share it was deducted at before. The correction period is 5 years, 10 for real estate
 * (land, buildings, structures: KŚT groups 0–2), counted from the year the asset was put into use (its entry in the
 * register). For an asset of an initial value above 15 000 zł each year of the period from the year of the change
 * on is corrected by 1/5 (1/10) of the tax times the change of the share, in the declaration of the first period of
 * the next year (ust. 2–3); an asset of at most 15 000 zł is corrected once, by the whole tax times the change, in the
 * period of the change — if no more than 12 months passed from the end of the period it was put into use (ust. 7a);
 * later, not at all.
 */
import { CORRECTION_VALUE_LIMIT, vatCorrections } from '../assets/vatCorrection.ts'
import { monthOf, monthsBetween } from '../calendar.ts'
import { divRoundHalfUp, formatMoney, parseMoney } from '../money.ts'
import type { Grosze, LocalDateString, YearMonthString } from '../types.ts'
import type { Item } from '../schemas/records.ts'
import { deductibleVat, noAssetVat, vatFactsOf } from './crossBorder.ts'
import { type MonthFigures, settingInForce } from './engine.ts'
import { addSalesLine, vatOfItem } from './vat.ts'

/** One change of use as recorded (the event's data). */
export interface AssetVatUse {
  readonly date: LocalDateString
  /** The share of the use in taxed activity from `date`, a whole percent 0–100. */
  readonly taxedPercent: string
  /** The share deducted before the change, a whole percent 0–100. */
  readonly previousPercent: string
  /** The input tax on the asset's acquisition (money string). */
  readonly inputVat: string
}

/** What the correction needs of the asset. */
export interface AssetVatSubject {
  readonly kst: string
  /** The day it was entered in the register (put into use). */
  readonly entryDate: LocalDateString
  /** The initial value (art. 91 ust. 7a: above 15 000 zł → corrected over the period). */
  readonly initialValue: string
}

export interface AssetVatCorrection {
  /** The month whose declaration carries it (K_44 / P_44). */
  readonly month: YearMonthString
  /** The year of use it corrects. */
  readonly year: number
  /** Positive: more input tax deducted; negative: less. */
  readonly amount: Grosze
  /** The one correction of the years left, made in the period of a sale or a transfer (art. 91 ust. 4–5). */
  readonly forRemainingYears?: true
}

/**
 * How an asset left the business within its correction period, for art. 91 ust. 4–5: the day and whether the supply
 * was taxed (a taxed sale, or a transfer to private use taxed under art. 7 ust. 2) or not (an exempt sale, a sale
 * by a trader exempt under art. 113, an untaxed transfer).
 */
export interface AssetVatExit {
  readonly date: LocalDateString
  readonly taxed: boolean
}

/** The limit of ust. 2 and 7a: above it, the correction runs over the period (`assets/vatCorrection.ts`'s). */
export const ART_91_VALUE_LIMIT: Grosze = CORRECTION_VALUE_LIMIT

/** 10 years for real estate (KŚT groups 0, 1 and 2: land, buildings, structures), otherwise 5 (art. 91 ust. 2). */
export const correctionYears = (kst: string): 5 | 10 => (/^[012]/.test(kst) ? 10 : 5)

/** The last year of an asset's correction period. */
export const correctionLastYear = (asset: AssetVatSubject): number =>
  Number(asset.entryDate.slice(0, 4)) + correctionYears(asset.kst) - 1

/**
 * The corrections of an asset's input tax from its changes of use, in order of month.
 * `assetVatCorrections({ kst: '491', entryDate: '2026-03-10', initialValue: '20000.00' }, [{ date: '2027-06-01',
 * taxedPercent: '0', previousPercent: '100', inputVat: '4600.00' }])` → −920.00 in January of 2028, 2029, 2030 and
 * 2031 (the years 2027–2030 of the period 2026–2030).
 *
 * With `exit` (a sale or a transfer within the period of an asset above 15 000 zł) the yearly
 * corrections stop before the exit's year, and the exit's month carries one correction of the years left, its own
 * year included: the asset counts as used to the end of the period for taxed sales when the exit was taxed, for
 * exempt ones when it was not, against the share deducted at the purchase (art. 91 ust. 4–5). The same laptop sold
 * with VAT on 10 September 2028 keeps −920.00 for 2027 (January 2028) and makes 0 for 2028–2030; sold exempt, the
 * same share as the change (0 %) makes −2 760.00 (3 × −920.00) in September 2028. An asset with no change of use
 * whose purchase's tax was deducted in full (`purchaseVat`) is corrected the same way on an exempt exit.
 */
export const assetVatCorrections = (
  asset: AssetVatSubject,
  changes: readonly AssetVatUse[],
  exit: AssetVatExit | null = null,
  purchaseVat: string | null = null,
): AssetVatCorrection[] => {
  const years = correctionYears(asset.kst)
  const last = correctionLastYear(asset)
  const entryMonth = monthOf(asset.entryDate)
  const overPeriod = parseMoney(asset.initialValue) > ART_91_VALUE_LIMIT
  // The input tax and the share deducted at the purchase: those the first change of use started from, else the
  // purchase's tax deducted in full (`purchaseVat`).
  const first =
    changes.length > 0
      ? changes.reduce((a, b) => (b.date < a.date ? b : a))
      : purchaseVat !== null
        ? { inputVat: purchaseVat, previousPercent: '100' }
        : null
  const exitYear = exit !== null && overPeriod && first !== null ? Number(exit.date.slice(0, 4)) : null
  const out: AssetVatCorrection[] = []
  for (const c of changes) {
    const tax = parseMoney(c.inputVat)
    const delta = BigInt(Number(c.taxedPercent) - Number(c.previousPercent))
    const year = Number(c.date.slice(0, 4))
    if (delta === 0n || year > last) continue
    if (!overPeriod) {
      const month = monthOf(c.date)
      if (monthsBetween(entryMonth, month) <= 12) out.push({ month, year, amount: divRoundHalfUp(tax * delta, 100n) })
      continue
    }
    const perYear = divRoundHalfUp(tax * delta, 100n * BigInt(years))
    const until = exitYear !== null && exitYear <= last ? exitYear - 1 : last
    for (let y = year; y <= until; y++) out.push({ month: `${y + 1}-01`, year: y, amount: perYear })
  }
  if (exit !== null && exitYear !== null && first !== null && exitYear <= last) {
    const remaining = vatCorrections({
      initialValue: parseMoney(asset.initialValue),
      inputVat: parseMoney(first.inputVat),
      realEstate: years === 10,
      firstYear: Number(asset.entryDate.slice(0, 4)),
      deductedPercent: Number(first.previousPercent),
      sale: { year: exitYear, taxed: exit.taxed },
    }).find((y) => y.forRemainingYears)
    if (remaining)
      out.push({ month: monthOf(exit.date), year: exitYear, amount: remaining.correction, forRemainingYears: true })
  }
  return out.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : a.year - b.year))
}

/** Whether a supply on a day is taxed: a VAT setting is in force on it, and not the exemption (`zw`, art. 113). */
export const taxedForVatOn = (
  vat: readonly { readonly date: LocalDateString; readonly percent: string }[],
  day: LocalDateString,
): boolean => {
  const inForce = settingInForce(vat, day)
  return inForce !== null && inForce.percent !== 'zw'
}

/**
 * How an asset of the register left the business for art. 91 ust. 4–5, or `null`: a sale is taxed unless it is
 * exempt (`vatExempt`, art. 43) or no VAT setting other than `zw` is in force on its day (`saleTaxed`); a transfer to
 * private use when it carries output VAT (`vatRate`, art. 7 ust. 2). A liquidation is no supply and ends no
 * correction here (docs/tax-rules.md §22).
 */
export const vatExitOf = (
  disposal: AssetWithVatUse['disposal'],
  saleTaxed: AssetVatBooks['saleTaxed'],
): AssetVatExit | null => {
  if (!disposal) return null
  if (disposal.reason === 'sale')
    return { date: disposal.date, taxed: disposal.vatExempt !== true && saleTaxed(disposal.date) }
  if (disposal.reason === 'privateUse') return { date: disposal.date, taxed: disposal.vatRate != null }
  return null
}

/** What the corrections read of an asset of the register (`AssetState` of assets/fold.ts). */
export interface AssetWithVatUse {
  readonly id: number
  readonly deleted: boolean
  readonly data: AssetVatSubject & { readonly number: string; readonly name: string; readonly itemId?: number | null }
  readonly vatUse?: readonly AssetVatUse[]
  readonly disposal?: {
    readonly date: LocalDateString
    readonly reason: string
    readonly vatRate?: string | null
    readonly vatExempt?: boolean
  } | null
}

/**
 * What the art. 91 corrections read of the books besides the register (`projections/derived.ts`, `assetVatBooks`):
 * whether a sale on a day is taxed, and the input tax of an asset's purchase when it was deducted in full (else
 * `null`: a mixed-use car's 50 % is a limit of art. 86a, not a share this correction restores).
 */
export interface AssetVatBooks {
  readonly saleTaxed: (day: LocalDateString) => boolean
  readonly purchaseVat: (itemId: number) => string | null
}

/** The input tax a purchase carried and the whole percent of it deducted (a mixed-use car's: 50). */
export const purchaseVatOf = (item: Item): { inputVat: string; percent: string } => {
  const amount = parseMoney(item.amount)
  const vat =
    item.documentVat != null
      ? parseMoney(item.documentVat)
      : item.vatTreatment === 'zw' || item.vatTreatment === 'np'
        ? 0n
        : vatOfItem(amount, item.percent ?? '0')
  const deducted = deductibleVat(vat, vatFactsOf(item))
  return { inputVat: formatMoney(vat), percent: vat === 0n ? '0' : String((deducted * 100n) / vat) }
}

/** The corrections of one asset of the register: its changes of use, and its exit within the period. */
const correctionsOf = (a: AssetWithVatUse, books: AssetVatBooks): AssetVatCorrection[] => {
  const changes = a.vatUse ?? []
  const exit = vatExitOf(a.disposal, books.saleTaxed)
  if (changes.length === 0 && exit === null) return []
  // Without a change of use only a sale reads the purchase: a transfer without VAT says the tax was not deducted.
  const purchase =
    changes.length === 0 && a.disposal?.reason === 'sale' && a.data.itemId != null
      ? books.purchaseVat(a.data.itemId)
      : null
  return assetVatCorrections(a.data, changes, exit, purchase)
}

/** The corrections of every live asset of the register (its changes of use, its exit), with the asset. */
export const registerVatCorrections = (
  assets: ReadonlyMap<number, AssetWithVatUse>,
  books: AssetVatBooks,
): { readonly asset: AssetWithVatUse; readonly correction: AssetVatCorrection }[] => {
  const out: { asset: AssetWithVatUse; correction: AssetVatCorrection }[] = []
  for (const a of assets.values())
    if (!a.deleted) for (const correction of correctionsOf(a, books)) out.push({ asset: a, correction })
  return out
}

/** Adds the register's art. 91 corrections to the input tax of the months whose declarations carry them (P_44). */
export const addAssetVatCorrectionsToMonths = (
  months: MonthFigures[],
  assets: ReadonlyMap<number, AssetWithVatUse>,
  books: AssetVatBooks,
) => {
  if (assets.size === 0) return
  const corrections = registerVatCorrections(assets, books)
  if (corrections.length === 0) return
  const byMonth = new Map(months.map((f) => [f.month, f]))
  for (const { correction } of corrections) {
    const f = byMonth.get(correction.month)
    if (!f) continue
    f.inputVat += correction.amount
    f.assetVat ??= noAssetVat()
    f.assetVat.correction += correction.amount
  }
}

/** An asset's VAT as the API and the CLI show it: its correction period, changes of use and corrections. */
export interface AssetVatView {
  readonly id: number
  readonly correctionYears: 5 | 10
  readonly lastYear: number
  readonly changes: readonly AssetVatUse[]
  readonly corrections: readonly {
    readonly month: YearMonthString
    readonly year: number
    readonly amount: string
    /** The one correction of the years left, in the month of a sale or a transfer (art. 91 ust. 4–5). */
    readonly forRemainingYears: boolean
  }[]
}

/** The {@link AssetVatView} of a live asset, or `null`. */
export const assetVatView = (
  assets: ReadonlyMap<number, AssetWithVatUse>,
  id: number,
  books: AssetVatBooks,
): AssetVatView | null => {
  const a = assets.get(id)
  if (!a || a.deleted) return null
  const changes = a.vatUse ?? []
  return {
    id,
    correctionYears: correctionYears(a.data.kst),
    lastYear: correctionLastYear(a.data),
    changes,
    corrections: correctionsOf(a, books).map((c) => ({
      month: c.month,
      year: c.year,
      amount: formatMoney(c.amount),
      forRemainingYears: c.forRemainingYears === true,
    })),
  }
}

/** What the output VAT of a transfer to private use reads of an asset of the register (`AssetState`). */
export interface AssetWithDisposal {
  readonly id: number
  readonly deleted: boolean
  readonly data: { readonly number: string; readonly name: string }
  readonly disposal: {
    readonly date: LocalDateString
    readonly reason: string
    readonly price: string
    readonly vatRate?: string | null
    readonly document: string
  } | null
}

/** The output VAT of a transfer to private use taxed under uVAT art. 7 ust. 2: its month, base, percent and tax. */
export interface PrivateUseVat {
  readonly month: YearMonthString
  readonly date: LocalDateString
  /** The base: the purchase price of the goods on the day of the transfer (art. 29a ust. 2). */
  readonly base: Grosze
  readonly percent: string
  /** `base × percent`, rounded half up to the grosz (as an invoice's line). */
  readonly vat: Grosze
}

/**
 * The output VAT of an asset taken to private use, or `null`: the transfer of a business asset whose input VAT was
 * deducted (wholly or in part) is a supply for consideration (uVAT art. 7 ust. 2 pkt 1), taxed in the month of the
 * transfer (art. 19a ust. 1) on the purchase price of the goods, or of similar goods, on that day (art. 29a ust. 2).
 * The disposal's `vatRate` says it was deducted; without it the transfer carries no VAT.
 */
export const privateUseVatOf = (asset: AssetWithDisposal): PrivateUseVat | null => {
  const d = asset.disposal
  if (asset.deleted || d === null || d.reason !== 'privateUse' || d.vatRate == null) return null
  const base = parseMoney(d.price)
  return { month: monthOf(d.date), date: d.date, base, percent: d.vatRate, vat: vatOfItem(base, d.vatRate) }
}

/**
 * Adds the output VAT of the register's transfers to private use to the months of the transfers (the declaration's
 * sales at the percent, P_15–P_20). No PIT follows: the transfer is no revenue (uPIT art. 14 ust. 2 pkt 1 lit. a
 * counts a sale only) and the tax due on it no cost (it serves a private purpose, not the revenue: art. 22 ust. 1).
 */
export const addPrivateUseVatToMonths = (months: MonthFigures[], assets: ReadonlyMap<number, AssetWithDisposal>) => {
  let byMonth: Map<YearMonthString, MonthFigures> | undefined
  for (const a of assets.values()) {
    const v = privateUseVatOf(a)
    if (v === null) continue
    byMonth ??= new Map(months.map((f) => [f.month, f]))
    const f = byMonth.get(v.month)
    if (f) addSalesLine(f, 'rate', v.percent, v.base, v.vat)
  }
}
