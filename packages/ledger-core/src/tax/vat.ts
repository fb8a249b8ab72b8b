/**
 * VAT (ustawa o podatku od towarów i usług): per-item tax and the declaration of a settlement period (the
 * declaration part of JPK_V7M / JPK_V7K), whose fields are named as the form names them.
 */
import { divRoundHalfUp, maxG, parseMoney, parsePercent, roundHalfUpToZloty } from '../money.ts'
import type { Grosze, PercentString } from '../types.ts'
import {
  type AssetVat,
  type CrossBorder,
  deductibleVat,
  isSelfAssessedKind,
  noAssetVat,
  type VatFacts,
} from './crossBorder.ts'
import { DECLARATION_RATE_FIELDS } from './rates/declaration.ts'
import { applyVatRefund, type VatRefundApplied, type VatRefundRequest } from './vatRefund.ts'

/**
 * VAT of one item: `amount × percent / 100`, rounded half-up to the grosz (per item, as on an invoice line;
 * ustawa o VAT art. 106e ust. 10).
 * `vatOfItem(12345n, '23')` → `2839n` (123.45 zł × 23 % = 28.3935 → 28.39 zł). Negative amounts (corrections)
 * round symmetrically.
 */
export const vatOfItem = (amount: Grosze, percent: PercentString): Grosze =>
  divRoundHalfUp(amount * parsePercent(percent), 10000n)

/**
 * An item's VAT as its document states it (item v4 `documentVat`), else its net amount × its own percent; `null` for an
 * item at the rate in force of the VAT setting (the percent is the setting's, resolved by the schedule).
 */
export const statedVatOf = (item: {
  readonly amount: string
  readonly percent: PercentString | null
  readonly documentVat?: string | null
}): Grosze | null =>
  item.documentVat != null
    ? parseMoney(item.documentVat)
    : item.percent === null
      ? null
      : vatOfItem(parseMoney(item.amount), item.percent)

/**
 * How a sale is taxed: at `percent` (`rate`), exempt (`zw`, uVAT art. 43 / 113), outside Polish VAT (`np`), or one of
 * the cross-border kinds of tax/crossBorder.ts (`euServices` np of art. 28b, `wdt`, `export` at 0 %; the output tax
 * a buyer self-assesses on `importServices` and `wnt`).
 */
export type VatSaleTreatment = 'rate' | 'zw' | 'np' | CrossBorder

/** Sales of one treatment and percent, summed over the items of a period (exact grosze, VAT per item). */
export interface VatSalesLine {
  readonly treatment: VatSaleTreatment
  /** The percent (`"0"` for `zw` and `np`). */
  readonly percent: PercentString
  /** Net amount. */
  readonly base: Grosze
  /** Sum of the items' VAT (each rounded to the grosz by {@link vatOfItem}). */
  readonly vat: Grosze
}

/**
 * The declaration's figures of one period, in full złoty (grosze that are multiples of 100). Each field is the
 * period's sum of its register entries rounded half-up to full złoty (Ordynacja podatkowa art. 63 §1; the
 * declaration's fields are `TKwotaC`, whole złoty), and every total follows from the rounded fields, so a JPK_V7
 * file built from the same items shows exactly these numbers.
 */
export interface VatDeclaration {
  /** Base of domestic exempt supplies (zwolnione). */
  readonly P_10: Grosze
  /** Base of supplies outside the country (nie podlega). */
  readonly P_11: Grosze
  /** Of P_11: services of art. 100 ust. 1 pkt 4 (art. 28b services to EU businesses, reported in VAT-UE). */
  readonly P_12: Grosze
  /** Base of domestic supplies at 0 %. */
  readonly P_13: Grosze
  /** Base and output tax at 5 %. */
  readonly P_15: Grosze
  readonly P_16: Grosze
  /** Base and output tax at 7 % or 8 %. */
  readonly P_17: Grosze
  readonly P_18: Grosze
  /** Base and output tax at 22 % or 23 %. */
  readonly P_19: Grosze
  readonly P_20: Grosze
  /** Base of intra-community supplies of goods (WDT, 0 %). */
  readonly P_21: Grosze
  /** Base of exports of goods (0 %). */
  readonly P_22: Grosze
  /** Base and output tax of intra-community acquisitions of goods (WNT). */
  readonly P_23: Grosze
  readonly P_24: Grosze
  /** Base and output tax of imported services of art. 28b (from businesses abroad). */
  readonly P_29: Grosze
  readonly P_30: Grosze
  /** Base and output tax of imports of goods settled under art. 33a. */
  readonly P_25: Grosze
  readonly P_26: Grosze
  /** Base and output tax of imported services other than those of art. 28b. */
  readonly P_27: Grosze
  readonly P_28: Grosze
  /** Base and output tax of goods whose buyer is the taxpayer (art. 17 ust. 1 pkt 5). */
  readonly P_31: Grosze
  readonly P_32: Grosze
  /** Total base: P_10 + P_11 + P_13 + P_15 + P_17 + P_19 + P_21 + P_22 + P_23 + P_25 + P_27 + P_29 + P_31 (+ other rates). */
  readonly P_37: Grosze
  /** Total output tax: P_16 + P_18 + P_20 + P_24 + P_26 + P_28 + P_30 + P_32 (+ other rates). */
  readonly P_38: Grosze
  /** Excess of input tax carried from the previous declaration (its P_62). */
  readonly P_39: Grosze
  /** Net value and input tax of purchases counted among the fixed assets. */
  readonly P_40: Grosze
  readonly P_41: Grosze
  /** Net value of purchases other than fixed assets that carry input tax. */
  readonly P_42: Grosze
  /** Input tax on those purchases. */
  readonly P_43: Grosze
  /** Correction of the input tax on fixed assets (uVAT art. 91), negative when it lowers the deduction. */
  readonly P_44: Grosze
  /** Total input tax to deduct: P_39 + P_41 + P_43 + P_44. */
  readonly P_48: Grosze
  /** Tax to pay: P_38 − P_48 when positive, otherwise 0. */
  readonly P_51: Grosze
  /** Excess of input over output tax: P_48 − P_38 when P_51 is 0, otherwise 0. */
  readonly P_53: Grosze
  /** The excess refunded (uVAT art. 87 ust. 2): present only when a refund is asked for and there is an excess. */
  readonly P_54?: Grosze
  /** The part of the refund set against future tax liabilities (P_59 is then 1, P_61 names the liability). */
  readonly P_60?: Grosze
  /** The refund asked for in this declaration, as applied to its excess (`tax/vatRefund.ts`); absent: none. */
  readonly refund?: VatRefundApplied
  /** Excess carried to the next period: P_53 − P_54. */
  readonly P_62: Grosze
  /**
   * Sales at a percent the declaration has no field for (any but 0, 5, 7, 8, 22, 23): counted in P_37 and P_38 so
   * the tax is right, listed here so a JPK_V7 builder can refuse them.
   */
  readonly otherRates: readonly { readonly percent: PercentString; readonly base: Grosze; readonly tax: Grosze }[]
}

const fieldOf = new Map<string, (typeof DECLARATION_RATE_FIELDS)[number]>()
for (const f of DECLARATION_RATE_FIELDS) for (const p of f.percents) fieldOf.set(p, f)

/** The declaration's sales fields (P_10 to P_32), in the declaration's order. */
const SALES_FIELDS = [
  'P_10',
  'P_11',
  'P_12',
  'P_13',
  'P_15',
  'P_16',
  'P_17',
  'P_18',
  'P_19',
  'P_20',
  'P_21',
  'P_22',
  'P_23',
  'P_24',
  'P_25',
  'P_26',
  'P_27',
  'P_28',
  'P_29',
  'P_30',
  'P_31',
  'P_32',
] as const
/** Every amount field of the declaration, in the form's order: the sales fields, then the totals and deductions. */
export const VAT_DECLARATION_FIELDS = [
  ...SALES_FIELDS,
  'P_37',
  'P_38',
  'P_39',
  'P_40',
  'P_41',
  'P_42',
  'P_43',
  'P_44',
  'P_48',
  'P_51',
  'P_53',
  'P_54',
  'P_60',
  'P_62',
] as const satisfies readonly (keyof VatDeclaration)[]
type SalesField = (typeof SALES_FIELDS)[number]
type SalesFields = Record<SalesField, Grosze>

/** The base (and tax) fields of each treatment that is not a rate of domestic VAT. */
const TREATMENT_FIELDS: Partial<Record<VatSalesLine['treatment'], readonly [SalesField, SalesField | null][]>> = {
  zw: [['P_10', null]],
  np: [['P_11', null]],
  euServices: [
    ['P_11', null],
    ['P_12', null],
  ],
  wdt: [['P_21', null]],
  export: [['P_22', null]],
  wnt: [['P_23', 'P_24']],
  importServices: [['P_29', 'P_30']],
  importGoods: [['P_25', 'P_26']],
  importServicesOther: [['P_27', 'P_28']],
  buyerTaxpayerGoods: [['P_31', 'P_32']],
}

/** Exact sums of the sales lines per field; percents the declaration has no field for, per percent. */
const salesSums = (sales: readonly VatSalesLine[]) => {
  const sums = {} as SalesFields
  for (const f of SALES_FIELDS) sums[f] = 0n
  let other: Map<string, { base: Grosze; tax: Grosze }> | null = null
  for (const l of sales) {
    const byTreatment = TREATMENT_FIELDS[l.treatment]
    if (byTreatment) {
      for (const [base, tax] of byTreatment) {
        sums[base] += l.base
        if (tax) sums[tax] += l.vat
      }
      continue
    }
    const field = fieldOf.get(l.percent)
    if (field) {
      sums[field.base as SalesField] += l.base
      if (field.tax) sums[field.tax as SalesField] += l.vat
    } else {
      other ??= new Map()
      const o = other.get(l.percent) ?? { base: 0n, tax: 0n }
      other.set(l.percent, { base: o.base + l.base, tax: o.tax + l.vat })
    }
  }
  return { sums, other }
}

/**
 * The declaration of a period from its sales lines, the net value of its purchases carrying input tax, its input
 * tax (exact grosze) and the excess carried in (P_39, full złoty): each field rounded to full złoty once, the tax
 * to pay or the excess to carry computed from the rounded fields (JPK_V7 schema notes on P_51, P_53, P_62).
 * `assets`: the part of the purchases and input tax that is fixed assets (P_40 / P_41) and the art. 91
 * corrections (P_44), all included in `purchaseBase` / `inputVat`. `refund`: the refund asked for in this
 * declaration (P_54 at most the excess P_53; P_62 = P_53 − P_54).
 */
export const declareVat = (
  sales: readonly VatSalesLine[],
  purchaseBase: Grosze,
  inputVat: Grosze,
  carriedIn: Grosze,
  assets?: AssetVat,
  refund?: VatRefundRequest | null,
): VatDeclaration => {
  // Exact sums per field, then one rounding per field.
  const { sums, other } = salesSums(sales)
  const z = roundHalfUpToZloty
  const otherRates = other
    ? [...other]
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([percent, o]) => ({ percent, base: z(o.base), tax: z(o.tax) }))
    : []
  let otherBase = 0n
  let otherTax = 0n
  for (const o of otherRates) {
    otherBase += o.base
    otherTax += o.tax
  }
  const f = {} as SalesFields
  for (const k of SALES_FIELDS) f[k] = z(sums[k])
  const P_37 =
    f.P_10 +
    f.P_11 +
    f.P_13 +
    f.P_15 +
    f.P_17 +
    f.P_19 +
    f.P_21 +
    f.P_22 +
    f.P_23 +
    f.P_25 +
    f.P_27 +
    f.P_29 +
    f.P_31 +
    otherBase
  const P_38 = f.P_16 + f.P_18 + f.P_20 + f.P_24 + f.P_26 + f.P_28 + f.P_30 + f.P_32 + otherTax
  const P_41 = z(assets?.vat ?? 0n)
  const P_43 = z(inputVat - (assets?.vat ?? 0n) - (assets?.correction ?? 0n))
  const P_44 = z(assets?.correction ?? 0n)
  const P_48 = carriedIn + P_41 + P_43 + P_44
  const P_51 = maxG(P_38 - P_48, 0n)
  const P_53 = P_51 > 0n ? 0n : maxG(P_48 - P_38, 0n)
  const applied = refund ? applyVatRefund(refund, P_53) : null
  return {
    ...f,
    P_37,
    P_38,
    P_39: carriedIn,
    P_40: z(assets?.base ?? 0n),
    P_41,
    P_42: z(purchaseBase - (assets?.base ?? 0n)),
    P_43,
    P_44,
    P_48,
    P_51,
    P_53,
    ...(applied
      ? { P_54: applied.amount, ...(applied.offset ? { P_60: applied.offset.amount } : {}), refund: applied }
      : {}),
    P_62: P_53 - (applied?.amount ?? 0n),
    otherRates,
  }
}

/** Adds a sale (or a self-assessed purchase's output tax) to the month's output VAT and its line of the declaration. */
export const addSalesLine = (
  f: VatMonth,
  treatment: VatSaleTreatment,
  percent: PercentString,
  base: Grosze,
  vat: Grosze,
): void => {
  f.outputVat += vat
  f.sales ??= []
  let line: { -readonly [K in keyof VatSalesLine]: VatSalesLine[K] } | undefined
  for (const l of f.sales) if (l.treatment === treatment && l.percent === percent) line = l
  if (line) {
    line.base += base
    line.vat += vat
  } else f.sales.push({ treatment, percent, base, vat })
}

/** The VAT part of a month's figures (`MonthFigures` of engine.ts). */
export interface VatMonth {
  outputVat: Grosze
  inputVat: Grosze
  sales?: VatSalesLine[]
  purchaseBase?: Grosze
  assetVat?: AssetVat
}

/** What an occurrence brings to its VAT month (`MonthItem` of engine.ts). */
export interface VatMonthItem {
  readonly isIncome: boolean
  readonly amount: Grosze
  readonly vat: Grosze
  readonly vatTreatment: string
  readonly percent: PercentString
}

/**
 * Adds the VAT of an occurrence with {@link VatFacts} to its VAT month:
 * - a cross-border sale is a line of its own kind (P_11 + P_12, P_21, P_22);
 * - a self-assessed purchase is output tax on a line of its kind (P_23 / P_24, P_29 / P_30) and the same tax as
 *   input (art. 86 ust. 2 pkt 4, ust. 10b pkt 2–3);
 * - a purchase deducts {@link deductibleVat} (half for a car in mixed use), among the fixed assets when marked so.
 */
export const addVatFactsToMonth = (f: VatMonth, it: VatMonthItem, facts: VatFacts): void => {
  const kind = facts.crossBorder
  if (it.isIncome) {
    const treatment = kind ?? (it.vatTreatment === 'zw' || it.vatTreatment === 'np' ? it.vatTreatment : 'rate')
    addSalesLine(f, treatment, treatment === 'rate' ? it.percent : '0', it.amount, it.vat)
    return
  }
  if (isSelfAssessedKind(kind)) addSalesLine(f, kind, it.percent, it.amount, it.vat)
  // Output tax shown after the three months: the input tax goes to a later declaration (addLateInputToMonth).
  if (facts.lateInputMonth) return
  addInputToMonth(f, it, facts)
}

/** The input tax of a self-assessed purchase shown late, in the month whose declaration takes it (art. 86 ust. 10g). */
export const addLateInputToMonth = (f: VatMonth, it: VatMonthItem, facts: VatFacts): void =>
  addInputToMonth(f, it, facts)

const addInputToMonth = (f: VatMonth, it: VatMonthItem, facts: VatFacts): void => {
  const deductible = it.vatTreatment === 'zw' || it.vatTreatment === 'np' ? 0n : deductibleVat(it.vat, facts)
  f.inputVat += deductible
  f.purchaseBase ??= 0n
  if (deductible === 0n) return
  f.purchaseBase += it.amount
  if (facts.fixedAsset) {
    f.assetVat ??= noAssetVat()
    f.assetVat.base += it.amount
    f.assetVat.vat += deductible
  }
}
