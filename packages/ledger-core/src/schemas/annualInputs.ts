/**
 * The payload of `AnnualInputsSet`: what the user types in for a tax year's return beyond the books (the return's
 * common items, `tax/annualItems.ts`; docs/tax-rules.md). Money as canonical decimal strings.
 */
import * as Schema from 'effect/Schema'
import { MoneyField } from './common.ts'

const Year = Schema.Int.pipe(Schema.between(1900, 2100))

export const AnnualLossSchema = Schema.Struct({
  year: Year,
  amount: MoneyField,
  deductedBefore: MoneyField,
  oneOff: Schema.Boolean,
})

export const AnnualInputsSchema = Schema.Struct({
  year: Year,
  losses: Schema.Array(AnnualLossSchema),
  ikze: MoneyField,
  spouse: Schema.NullOr(Schema.Struct({ jointFiling: Schema.Boolean, income: MoneyField, advances: MoneyField })),
  singleParent: Schema.Boolean,
  children: Schema.Array(Schema.Struct({ months: Schema.Int.pipe(Schema.between(1, 12)), disabled: Schema.Boolean })),
})
export type AnnualInputs = typeof AnnualInputsSchema.Type
