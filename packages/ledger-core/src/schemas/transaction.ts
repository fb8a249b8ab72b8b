/**
 * The shape of a month's transaction row (SPEC §3, HTTP contract): the recorded form inside `MonthGenerated`
 * events and the DTO the projections return. Every field is always present (JSON-only, no `undefined`).
 */
import * as Schema from 'effect/Schema'
import { LocalDateField as LocalDate, MoneyField as Money, YearMonthSchema } from './common.ts'

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
})
export type TransactionDataObject = typeof TransactionDataObjectSchema.Type

/** A row as recorded by `MonthGenerated` (flags live in the books state, not in the row). */
export const GeneratedRowSchema = Schema.Struct({
  id: Schema.Number,
  date: LocalDate,
  eventType: TransactionEventTypeSchema,
  dataType: Schema.String,
  dataObject: TransactionDataObjectSchema,
})
export type GeneratedRow = typeof GeneratedRowSchema.Type

/** A transaction as the HTTP contract returns it. */
export interface TransactionDto {
  readonly id: number
  readonly date: string
  readonly eventType: TransactionEventType
  readonly dataType: string
  readonly completed: boolean
  readonly notification: boolean
  readonly notificationCompleted: boolean
  readonly dataObject: TransactionDataObject
}
