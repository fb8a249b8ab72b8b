/**
 * The split-payment duty (obowiązkowy mechanizm podzielonej płatności), uVAT art. 108a ust. 1a: a taxpayer
 * (podatnik) pays by split payment for an invoice whose total gross (kwota należności ogółem) exceeds 15 000 zł, or
 * the equivalent, and which covers goods or services listed in Annex 15 (załącznik nr 15) of the act; the seller
 * marks such an invoice "mechanizm podzielonej płatności" when the supply is made to a taxpayer ("na rzecz
 * podatnika", art. 106e ust. 1 pkt 18a; FA(3) `P_18A` = 1). A sale to a consumer carries no duty: the seller may
 * still mark it (art. 108a ust. 1).
 *
 * Whether an item is of Annex 15 is the user's statement (`Item.annex15`): the Annex lists goods and services by
 * PKWiU position (steel and other metals, fuels, electronics such as phones, computers and consoles, car parts,
 * scrap and waste, construction works), and neither the JPK GTU groups nor anything else the books hold map onto it
 * one to one (GTU_06 electronics covers more than the Annex's phones and computers; construction works have no GTU).
 */

/** Art. 108a ust. 1a: more than 15 000 zł. */
export const SPLIT_PAYMENT_THRESHOLD = 15_000_00n

/**
 * A buyer is taken as a taxpayer when the document identifies them by a tax number (a NIP, an EU VAT number or
 * another); a buyer with none (FA(3) `BrakID`) is a consumer. The trader is a taxpayer as a buyer of their costs.
 */
export const isTaxpayerBuyer = (buyer: { readonly taxId: string } | null | undefined): boolean =>
  buyer != null && buyer.taxId.trim() !== ''

/**
 * An invoice of `gross` grosze in złoty (its whole gross) with an Annex 15 item, made out to a taxpayer
 * (`toTaxpayer`), must be paid, and marked, as split payment.
 */
export const splitPaymentDuty = (annex15: boolean | undefined, gross: bigint, toTaxpayer: boolean): boolean =>
  annex15 === true && toTaxpayer && gross > SPLIT_PAYMENT_THRESHOLD
