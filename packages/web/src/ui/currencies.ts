/**
 * The order currency lists are offered in: the ones a Polish business meets most (EUR, USD, GBP, CHF) first, then the
 * rest alphabetically — not the NBP table's own order, which starts with THB.
 */
const COMMON = ['EUR', 'USD', 'GBP', 'CHF'] as const

/** `codes` with the common currencies first (those among them, in that order), then the others A–Z. */
export const commonCurrenciesFirst = (codes: readonly string[]): string[] => [
  ...COMMON.filter((c) => codes.includes(c)),
  ...codes.filter((c) => !(COMMON as readonly string[]).includes(c)).sort(),
]
