/**
 * Display helpers for decimal money strings. Arithmetic stays in `@finance/ledger-core` (grosze as bigint);
 * here a string is only normalised to two decimals or compared with zero.
 */
import { formatMoney, parseMoney } from '@finance/ledger-core'

const grosze = (s: string | undefined | null): bigint | null => {
  if (s === undefined || s === null || s === '') return null
  try {
    return parseMoney(String(s))
  } catch {
    return null
  }
}

/** `"1234.5"` → `"1234.50"`; a missing value reads `0.00`, an unreadable one is shown as sent. */
export const money2 = (s: string | undefined | null): string => {
  const g = grosze(s)
  if (g === null) return s ? String(s) : '0.00'
  return formatMoney(g)
}

/** `true` when the amount is above zero (e.g. SPEC §2's `relatedTransactionsSum > 0`). */
export const isPositive = (s: string | undefined | null): boolean => {
  const g = grosze(s)
  return g !== null && g > 0n
}

/** `true` when the amount is exactly zero or missing. */
export const isZero = (s: string | undefined | null): boolean => {
  const g = grosze(s)
  return g === null || g === 0n
}
