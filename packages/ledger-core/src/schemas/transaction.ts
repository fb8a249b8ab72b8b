/**
 * The shape of a month's transaction row (SPEC §3, HTTP contract): the DTO the projections return, and the form
 * the frozen-month model recorded inside `MonthGenerated` events (read from old histories only). Every field is
 * always present (JSON-only, no `undefined`).
 */
import * as Schema from 'effect/Schema'
import type { TransactionId } from '../identity.ts'
import type { LocalDateString, MoneyString } from '../types.ts'
import { LocalDateField as LocalDate, MoneyField as Money, YearMonthSchema } from './common.ts'
import { VAT_REFUND_TERMS } from '../tax/vatRefund.ts'

export const TransactionEventTypeSchema = Schema.Literal('1_Revenue', '2_Fee', '3_Vat', '4_Pit', '5_SocialSecurity')
export type TransactionEventType = typeof TransactionEventTypeSchema.Type

export const DeductionsSchema = Schema.Struct({ socialSecurity: Money, healthInsurance: Money, other: Money })
export type Deductions = typeof DeductionsSchema.Type

export const RelatedTransactionSchema = Schema.Struct({
  id: Schema.Number,
  date: LocalDate,
  eventType: Schema.String,
  dataObject: Schema.Struct({
    name: Schema.String,
    amount: Money,
    vatAmount: Money,
    sum: Money,
    taxType: Schema.optional(Schema.String),
    income: Schema.optional(Money),
    deductions: Schema.optional(DeductionsSchema),
  }),
})
export type RelatedTransaction = typeof RelatedTransactionSchema.Type

export const CompanyLineSchema = Schema.Struct({ name: Schema.String, amount: Money, vatAmount: Money })
export type CompanyLine = typeof CompanyLineSchema.Type

export const TransactionDataObjectSchema = Schema.Struct({
  displayName: Schema.String,
  date: LocalDate,
  name: Schema.String,
  amount: Money,
  percent: Schema.String,
  vatAmount: Money,
  sum: Money,
  isCompany: Schema.Boolean,
  /** The item an item row comes from (`null` for tax rows and manual rows). */
  itemId: Schema.NullOr(Schema.Number),
  invoiceDate: Schema.NullOr(LocalDate),
  paymentInterval: Schema.NullOr(Schema.Number),
  taxType: Schema.NullOr(Schema.String),
  rate: Schema.NullOr(Schema.String),
  income: Schema.NullOr(Money),
  deductions: Schema.NullOr(DeductionsSchema),
  relatedTransactions: Schema.Array(RelatedTransactionSchema),
  relatedTransactionsSum: Money,
  companyRevenues: Schema.Array(CompanyLineSchema),
  companyFees: Schema.Array(CompanyLineSchema),
  period: Schema.NullOr(Schema.Struct({ from: YearMonthSchema, to: YearMonthSchema })),
  dueDate: Schema.NullOr(LocalDate),
  overdue: Schema.Boolean,
  /**
   * Tax rows: the figures behind the amount as money strings (VAT: output, input, carriedIn, balance, carryOut;
   * PIT: revenue, costs, base, taxYearToDate, advancesBefore, …; ZUS: social, health, healthBase, …). `null` for
   * item and manual rows.
   */
  breakdown: Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.String })),
  /** (optional) An item row in a foreign currency: the currency and the net amount in it (the row's money is złoty). */
  currency: Schema.optional(Schema.Struct({ code: Schema.String, amount: Money })),
  /**
   * (optional) A VAT row whose declaration asks for a refund of the excess (uVAT art. 87): the request (`month` it
   * was asked under, `amount` whole złoty or `null` for the whole excess, `term`, `offset`), what the excess allows
   * (`refunded` P_54, `offsetApplied` P_60) and the term's `lastDay` when the declaration is filed on its due date.
   */
  vatRefund: Schema.optional(
    Schema.Struct({
      month: YearMonthSchema,
      amount: Schema.NullOr(Money),
      term: Schema.Literal(...VAT_REFUND_TERMS),
      offset: Schema.NullOr(Schema.Struct({ amount: Money, liability: Schema.String })),
      refunded: Money,
      offsetApplied: Money,
      lastDay: LocalDate,
    }),
  ),
})
export type TransactionDataObject = typeof TransactionDataObjectSchema.Type

/**
 * A row as the frozen-month model recorded it in `MonthGenerated` (integer `id` from the per-user counter). Read
 * from old histories only: the fold maps each such id to the row's identity (see `identity.ts`).
 */
export const GeneratedRowSchema = Schema.Struct({
  id: Schema.Number,
  date: LocalDate,
  eventType: TransactionEventTypeSchema,
  dataType: Schema.String,
  dataObject: TransactionDataObjectSchema,
})
export type GeneratedRow = typeof GeneratedRowSchema.Type

/** A row of the month as the books give it now: generated from items and settings, or a manual row. */
export interface TransactionRow extends Omit<GeneratedRow, 'id'> {
  /** The row's identity (`i12-2026-03`, `vat-2026-01`, `pit-2026-Q1`, `zus-2026-01`) or a manual row's id (`57`). */
  readonly id: TransactionId
}

/** A transaction as the HTTP contract returns it. */
export interface TransactionDto {
  readonly id: TransactionId
  readonly date: string
  readonly eventType: TransactionEventType
  readonly dataType: string
  readonly completed: boolean
  readonly notification: boolean
  /**
   * A reminder went out for what is owed now: before completion, for the amount; after a completion whose amount
   * has since grown, for the remainder.
   */
  readonly notificationCompleted: boolean
  /**
   * The amount (`dataObject.sum`) when the user completed the row (what bank lines paid, when they completed it);
   * while not completed, what bank lines paid so far when it is partly paid, else `null`.
   */
  readonly paidAmount: MoneyString | null
  /**
   * The day the completion said the money left (`yyyy-mm-dd`); of a partly paid row, the day of its last partial
   * payment; `null` when nothing is paid or not said. Always sent by the API; optional here for rows built before it
   * was known.
   */
  readonly paidOn?: LocalDateString | null
  /**
   * `sum − paidAmount` of a completed row (`"0.00"` when unchanged, negative when overpaid) or of a partly paid one
   * (what is left to pay); `null` otherwise.
   */
  readonly remainingAmount: MoneyString | null
  readonly dataObject: TransactionDataObject
}
