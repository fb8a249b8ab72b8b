/**
 * A passenger car's running costs on the PIT side (docs/tax-rules.md, "Cars"): an expense flagged as a car's
 * (`item.car`) of a car in mixed private and business use is a cost at 75 % — of the net amount and of the input VAT
 * not deducted (uPIT art. 23 ust. 1 pkt 46a); a car used only for business (the VAT-26 notice and a mileage record,
 * uPIT art. 23 ust. 5a–5b with uVAT art. 86a ust. 4 pkt 1) at 100 %. The VAT side (50 % of input VAT, uVAT art. 86a
 * ust. 1) reads the same flag.
 */
import { divRoundHalfUp } from '../money.ts'
import type { Grosze } from '../types.ts'
import type { CarUse } from './crossBorder.ts'

/** 75 %: the part of a mixed-use car's running costs that is a tax cost (art. 23 ust. 1 pkt 46a). */
export const CAR_MIXED_USE_COST_PERCENT = 75n

/**
 * The tax cost of an expense for a car: `75 % × (net + input VAT not deducted)` to the grosz (half up) in mixed use,
 * the whole otherwise (no car, business only). `nonDeductibleVat` is the VAT the VAT side does not deduct (0 when it
 * deducts all of it, or for a taxpayer outside VAT whose amounts already include it).
 */
export const carCostOf = (amount: Grosze, use: CarUse | null | undefined, nonDeductibleVat: Grosze = 0n): Grosze =>
  use === 'mixed'
    ? divRoundHalfUp((amount + nonDeductibleVat) * CAR_MIXED_USE_COST_PERCENT, 100n)
    : amount + nonDeductibleVat
