/**
 * Shared primitive types of the domain. Everything here is plain data (JSON-friendly at the edges,
 * `bigint` grosze inside folds). See docs/architecture.md.
 */

/** A calendar date without time zone, `yyyy-mm-dd`. */
export type LocalDateString = string
/** A calendar month, `yyyy-mm`. */
export type YearMonthString = string
/** Money in integer grosze (1 zł = 100n). Never a float. */
export type Grosze = bigint
/** Money as a decimal string with at most two decimals: `"1234.50"`, `"-3.10"`. */
export type MoneyString = string
/** A percent as a decimal string with at most two decimals: `"23"`, `"8.5"`. */
export type PercentString = string

export type TaxType = 'Flat' | 'Linear' | 'Scale'

/** Transaction type codes of SPEC §3/§9. */
export const TransactionTypes = {
  Revenue: '1_Revenue',
  Fee: '2_Fee',
  Vat: '3_Vat',
  Pit: '4_Pit',
  SocialSecurity: '5_SocialSecurity',
  CompanyRevenues: '7_CompanyRevenues',
  CompanyFees: '8_CompanyFees',
} as const
export type TransactionType = (typeof TransactionTypes)[keyof typeof TransactionTypes]

/** Roles of SPEC §6, compared as strings, a missing role reads as 0. */
export const Roles = { LACK: 0, USER: 1, ADMIN: 1024 } as const
export type RoleName = keyof typeof Roles

/** Exhaustiveness check for `switch` over unions. */
export const absurd = (value: never): never => {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`)
}
