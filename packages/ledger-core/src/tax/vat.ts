/**
 * VAT (ustawa o podatku od towarów i usług): per-item tax and the settlement of a period.
 */
import { divRoundHalfUp, parsePercent, roundHalfUpToZloty } from '../money.ts'
import type { Grosze, PercentString } from '../types.ts'

/**
 * VAT of one item: `amount × percent / 100`, rounded half-up to the grosz (per item, as on an invoice line;
 * ustawa o VAT art. 106e ust. 10).
 * `vatOfItem(12345n, '23')` → `2839n` (123.45 zł × 23 % = 28.3935 → 28.39 zł). Negative amounts (corrections)
 * round symmetrically.
 */
export const vatOfItem = (amount: Grosze, percent: PercentString): Grosze =>
  divRoundHalfUp(amount * parsePercent(percent), 10000n)

/** The settlement of one VAT period from its totals and the excess carried in (ustawa o VAT art. 86, 87, 103). */
export interface VatSettlement {
  /** `output − input − carriedIn`, exact in grosze. */
  readonly balance: Grosze
  /** The tax to pay: a positive balance rounded to full złoty (Ordynacja art. 63 §1), otherwise 0. */
  readonly due: Grosze
  /** The excess of input tax carried to the next period (art. 87 ust. 1): `−balance` when negative, otherwise 0. */
  readonly carryOut: Grosze
}

/** Settles a period: a negative result is carried forward and nothing is due. */
export const settleVat = (output: Grosze, input: Grosze, carriedIn: Grosze): VatSettlement => {
  const balance = output - input - carriedIn
  return balance > 0n
    ? { balance, due: roundHalfUpToZloty(balance), carryOut: 0n }
    : { balance, due: 0n, carryOut: -balance }
}
