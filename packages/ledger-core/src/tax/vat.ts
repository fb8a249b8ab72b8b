/**
 * VAT (ustawa o podatku od towarów i usług): per-item tax and the declaration of a settlement period (the
 * declaration part of JPK_V7M / JPK_V7K), whose fields are named as the form names them.
 */
import { divRoundHalfUp, maxG, parsePercent, roundHalfUpToZloty } from '../money.ts'
import type { Grosze, PercentString } from '../types.ts'
import { DECLARATION_RATE_FIELDS } from './rates/declaration.ts'

/**
 * VAT of one item: `amount × percent / 100`, rounded half-up to the grosz (per item, as on an invoice line;
 * ustawa o VAT art. 106e ust. 10).
 * `vatOfItem(12345n, '23')` → `2839n` (123.45 zł × 23 % = 28.3935 → 28.39 zł). Negative amounts (corrections)
 * round symmetrically.
 */
export const vatOfItem = (amount: Grosze, percent: PercentString): Grosze =>
  divRoundHalfUp(amount * parsePercent(percent), 10000n)

/** How a sale is taxed: at `percent` (`rate`), exempt (`zw`, uVAT art. 43 / 113) or outside Polish VAT (`np`). */
export type VatSaleTreatment = 'rate' | 'zw' | 'np'

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
  /** Total base: P_10 + P_11 + P_13 + P_15 + P_17 + P_19 (+ other rates). */
  readonly P_37: Grosze
  /** Total output tax: P_16 + P_18 + P_20 (+ other rates). */
  readonly P_38: Grosze
  /** Excess of input tax carried from the previous declaration (its P_62). */
  readonly P_39: Grosze
  /** Net value of purchases other than fixed assets that carry input tax. */
  readonly P_42: Grosze
  /** Input tax on those purchases. */
  readonly P_43: Grosze
  /** Total input tax to deduct: P_39 + P_43. */
  readonly P_48: Grosze
  /** Tax to pay: P_38 − P_48 when positive, otherwise 0. */
  readonly P_51: Grosze
  /** Excess of input over output tax: P_48 − P_38 when P_51 is 0, otherwise 0. */
  readonly P_53: Grosze
  /** Excess carried to the next period: P_53 (no refund is requested, so P_54 is 0). */
  readonly P_62: Grosze
  /**
   * Sales at a percent the declaration has no field for (any but 0, 5, 7, 8, 22, 23): counted in P_37 and P_38 so
   * the tax is right, listed here so a JPK_V7 builder can refuse them.
   */
  readonly otherRates: readonly { readonly percent: PercentString; readonly base: Grosze; readonly tax: Grosze }[]
}

const fieldOf = new Map<string, (typeof DECLARATION_RATE_FIELDS)[number]>()
for (const f of DECLARATION_RATE_FIELDS) for (const p of f.percents) fieldOf.set(p, f)

/**
 * The declaration of a period from its sales lines, the net value of its purchases carrying input tax, its input
 * tax (exact grosze) and the excess carried in (P_39, full złoty): each field rounded to full złoty once, the tax
 * to pay or the excess to carry computed from the rounded fields (JPK_V7 schema notes on P_51, P_53, P_62).
 */
export const declareVat = (
  sales: readonly VatSalesLine[],
  purchaseBase: Grosze,
  inputVat: Grosze,
  carriedIn: Grosze,
): VatDeclaration => {
  const sums = new Map<string, Grosze>()
  const add = (key: string, g: Grosze) => sums.set(key, (sums.get(key) ?? 0n) + g)
  const other = new Map<string, { base: Grosze; tax: Grosze }>()
  for (const l of sales) {
    if (l.treatment === 'zw') add('P_10', l.base)
    else if (l.treatment === 'np') add('P_11', l.base)
    else {
      const f = fieldOf.get(l.percent)
      if (f) {
        add(f.base, l.base)
        if (f.tax) add(f.tax, l.vat)
      } else {
        const o = other.get(l.percent) ?? { base: 0n, tax: 0n }
        other.set(l.percent, { base: o.base + l.base, tax: o.tax + l.vat })
      }
    }
  }
  const z = (key: string) => roundHalfUpToZloty(sums.get(key) ?? 0n)
  const otherRates = [...other]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([percent, o]) => ({ percent, base: roundHalfUpToZloty(o.base), tax: roundHalfUpToZloty(o.tax) }))
  const fields = {
    P_10: z('P_10'),
    P_11: z('P_11'),
    P_13: z('P_13'),
    P_15: z('P_15'),
    P_16: z('P_16'),
    P_17: z('P_17'),
    P_18: z('P_18'),
    P_19: z('P_19'),
    P_20: z('P_20'),
  }
  const otherBase = otherRates.reduce((s, o) => s + o.base, 0n)
  const otherTax = otherRates.reduce((s, o) => s + o.tax, 0n)
  const P_37 = fields.P_10 + fields.P_11 + fields.P_13 + fields.P_15 + fields.P_17 + fields.P_19 + otherBase
  const P_38 = fields.P_16 + fields.P_18 + fields.P_20 + otherTax
  const P_42 = roundHalfUpToZloty(purchaseBase)
  const P_43 = roundHalfUpToZloty(inputVat)
  const P_48 = carriedIn + P_43
  const P_51 = maxG(P_38 - P_48, 0n)
  const P_53 = P_51 > 0n ? 0n : maxG(P_48 - P_38, 0n)
  return { ...fields, P_37, P_38, P_39: carriedIn, P_42, P_43, P_48, P_51, P_53, P_62: P_53, otherRates }
}
