/**
 * The payload of `VatRefundSet`: a refund of the excess of input VAT asked for in the declaration of the VAT period
 * ending in a month (uVAT art. 87; JPK_V7 fields P_54–P_61; the rule: `tax/vatRefund.ts`). Amounts are whole złoty,
 * as the declaration's fields are.
 */
import * as Schema from 'effect/Schema'
import { VAT_REFUND_TERMS } from '../tax/vatRefund.ts'
import { MoneyField } from './common.ts'

export const VatRefundSchema = Schema.Struct({
  /** Whole złoty (`"1200.00"`) to be refunded, or `null`: the whole excess of the period (P_53). */
  amount: Schema.NullOr(MoneyField),
  term: Schema.Literal(...VAT_REFUND_TERMS),
  /**
   * Part of the refund to be set against future tax liabilities (Op art. 76 § 1, 76b § 1; P_59–P_61): whole złoty
   * and the kind of liability, as the declaration names it.
   */
  offset: Schema.NullOr(Schema.Struct({ amount: MoneyField, liability: Schema.String })),
})
export type VatRefund = typeof VatRefundSchema.Type
