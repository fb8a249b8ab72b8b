/**
 * Effect Schemas of every dataObject of SPEC §3 in its canonical (stored) form: money as a two-decimal string,
 * percents without trailing zeros, dates `yyyy-mm-dd`, optional texts as `''`. `validateRecord` (validate.ts)
 * turns loose input into these shapes; events carry them; projections read them.
 */
import * as Schema from 'effect/Schema'
import { CarUses, CrossBorderKinds } from '../tax/crossBorder.ts'
import { LocalDateField as LocalDate, MoneyField as Money, PercentField as Percent } from './common.ts'

export * from './dataTypes.ts'

export const AddressSchema = Schema.Struct({
  country: Schema.String,
  region: Schema.String,
  city: Schema.String,
  street: Schema.String,
  postCode: Schema.String,
  building: Schema.String,
})
export type Address = typeof AddressSchema.Type

/** Who the company is: the fields the Primary and the Invoice company data share. */
const companyIdentityFields = {
  companyName: Schema.NonEmptyString,
  nip: Schema.NonEmptyString,
  ownerName: Schema.String,
  ownerLastName: Schema.String,
  regon: Schema.String,
}

export const PrimarySchema = Schema.Struct({
  ...companyIdentityFields,
  /** (v2) The tax office's four-digit code (kod urzędu skarbowego) the JPK files are addressed to; '' when not given. */
  taxOfficeCode: Schema.String,
  /** (v2) The owner's date of birth (JPK_V7's Podmiot1 of a natural person). */
  birthDate: Schema.NullOr(LocalDate),
  /** (v2) The day the business started (the first, possibly incomplete, month of contributions). */
  businessStartDate: Schema.NullOr(LocalDate),
  /** (v2) The day of registration as an active VAT payer (uVAT art. 96; quarterly VAT only after 12 months). */
  vatRegistrationDate: Schema.NullOr(LocalDate),
})
export type Primary = typeof PrimarySchema.Type

export const ContactSchema = Schema.Struct({
  email: Schema.String,
  phoneNumber: Schema.String,
  website: Schema.String,
  other: Schema.String,
})
export type Contact = typeof ContactSchema.Type

export const AddressesSchema = Schema.Struct({
  permanentPlaceOfBusinessActivity: AddressSchema,
  additionalPlaceOfBusinessActivity: AddressSchema,
  postDeliveryAddress: AddressSchema,
})
export type Addresses = typeof AddressesSchema.Type

export const InvoiceSchema = Schema.Struct({
  ...companyIdentityFields,
  invoiceAddress: AddressSchema,
})
export type Invoice = typeof InvoiceSchema.Type

/** VAT settlement period in months: 1 (monthly) or 3 (calendar quarter). */
export const PaymentIntervalSchema = Schema.Literal(1, 3)
export type PaymentInterval = typeof PaymentIntervalSchema.Type

/**
 * What a VAT setting may say instead of a rate (docs/tax-rules.md §32): `zw`, the sales are exempt — with the legal
 * basis, `art113` (the subjective exemption of uVAT art. 113 ust. 1, 9) or `art43` (exempt supplies of uVAT art. 43
 * ust. 1) — or `np`, the sales are not subject to Polish VAT. Items "at the rate in force" follow it.
 */
export const VatSettingTreatments = ['zw', 'np'] as const
export const VatExemptionBases = ['art113', 'art43'] as const
export type VatExemptionBasis = (typeof VatExemptionBases)[number]

export const VatSchema = Schema.Struct({
  date: LocalDate,
  /** A statutory rate of the setting's year, or `zw` / `np`. */
  percent: Schema.Union(Percent, Schema.Literal(...VatSettingTreatments)),
  paymentInterval: PaymentIntervalSchema,
  /** (optional) The rate of a foreign-currency VAT base (uVAT art. 31a): `nbp` (absent) or `ecb` (ust. 1 zdanie drugie). */
  vatExchangeRate: Schema.optional(Schema.Literal('nbp', 'ecb')),
  /** Only with `zw`: the legal basis of the exemption. */
  exemptionBasis: Schema.optional(Schema.Literal(...VatExemptionBases)),
})
export type Vat = typeof VatSchema.Type

export const TaxTypeSchema = Schema.Literal('Flat', 'Linear', 'Scale')

export const PitSchema = Schema.Struct({
  date: LocalDate,
  taxType: TaxTypeSchema,
  firstPercent: Percent,
  /** `null`: the statutory value of the year (Scale: 32 %). */
  secondPercent: Schema.NullOr(Percent),
  /** `null`: the statutory value of the year (Scale: 30 000 zł). */
  freeOfTaxAmount: Schema.NullOr(Money),
  /** `null`: the statutory value of the year (Scale threshold: 120 000 zł). */
  secondPercentAmount: Schema.NullOr(Money),
  paymentInterval: PaymentIntervalSchema,
  /** Extra yearly deductions the user declares beyond the derived contributions ("0.00" by default). */
  deductions: Money,
})
export type Pit = typeof PitSchema.Type

/** When contributions without a known payment date are taken as paid (see `SocialSecuritySchema`). */
export const ContributionsPaidChoices = ['inMonth', 'byDeadline'] as const
export type ContributionsPaid = (typeof ContributionsPaidChoices)[number]

export const SocialSecuritySchema = Schema.Struct({
  date: LocalDate,
  /** Monthly social contributions (without the health contribution). */
  amount: Money,
  /** Health contribution percent (9 Scale, 4.9 Linear; ignored for Flat). */
  percent: Percent,
  /**
   * When the contributions are taken as paid where the books know no payment date (they are deducted when paid, uPIT
   * art. 26 ust. 1 pkt 2): `inMonth` (absent) in the month they concern, `byDeadline` on their deadline.
   */
  contributionsPaid: Schema.optional(Schema.Literal(...ContributionsPaidChoices)),
})
export type SocialSecurity = typeof SocialSecuritySchema.Type

/**
 * How an item's VAT is determined (item schema v3):
 * - `rate`: the item's own `percent` (23, 8, 5, 0 …) — what SPEC's forms send;
 * - `inForce`: the VAT percent of the setting in force on the day of supply (`supplyDate ?? invoiceDate ?? date`,
 *   uVAT art. 41 ust. 14a–14h); `percent` is stored as `null`;
 * - `zw`: exempt from VAT (zwolniona, uVAT art. 43 / art. 113): no VAT, `percent` "0";
 * - `np`: outside the scope of Polish VAT (nie podlega, e.g. services supplied abroad): no VAT, `percent` "0".
 */
/** When an item's VAT arises (see `ItemFields.taxPoint`). */
export const TaxPoints = ['supply', 'invoice'] as const
export type TaxPoint = (typeof TaxPoints)[number]

export const VatTreatments = ['rate', 'inForce', 'zw', 'np'] as const
export type VatTreatment = (typeof VatTreatments)[number]

/** KPiR columns of an expense (rozporządzenie w sprawie PKPiR, columns 10–13, 15, 16) or "not a tax cost". */
export const ExpenseColumns = ['goods', 'sideCosts', 'salaries', 'other', 'free', 'research', 'notCost'] as const
export type ExpenseColumn = (typeof ExpenseColumns)[number]
/** KPiR columns of an income: 7 (sales of goods and services) or 8 (other revenue). */
export const IncomeColumns = ['sales', 'otherRevenue'] as const
export type IncomeColumn = (typeof IncomeColumns)[number]
export type KpirColumn = ExpenseColumn | IncomeColumn

/** Ryczałt rates of uZPD art. 12 ust. 1 an income may carry. */
export const FlatRates = ['2', '3', '5.5', '8.5', '10', '12', '14', '15', '17'] as const

/** JPK_V7 GTU codes (goods and services groups). */
export const GtuCodes = [
  'GTU_01',
  'GTU_02',
  'GTU_03',
  'GTU_04',
  'GTU_05',
  'GTU_06',
  'GTU_07',
  'GTU_08',
  'GTU_09',
  'GTU_10',
  'GTU_11',
  'GTU_12',
  'GTU_13',
] as const
export const PurchaseProcedures = ['IMP'] as const
/** JPK_V7 document types: sales RO / WEW / FP, purchases MK / VAT_RR / WEW. */
export const SalesDocumentTypes = ['RO', 'WEW', 'FP'] as const
export const PurchaseDocumentTypes = ['MK', 'VAT_RR', 'WEW'] as const
/** Markers of a JPK_V7(3) row without a KSeF number: issued in KSeF's failure mode (OFF), an invoice issued outside KSeF (BFK), another document (DI). */
export const KsefMarkers = ['OFF', 'BFK', 'DI'] as const
export { KSEF_NUMBER, SalesProcedures } from './documentCodes.ts'
import { KSEF_NUMBER, SalesProcedures } from './documentCodes.ts'

/** The other party of an item (kontrahent): name, tax id (NIP or a foreign one), its country, one-line address. */
export const CounterpartySchema = Schema.Struct({
  name: Schema.String,
  /** NIP (10 digits) for Poland, or the foreign tax identifier; '' when unknown (a consumer). */
  taxId: Schema.String,
  /** ISO 3166-1 alpha-2 country of the tax id ('PL'); '' when unknown. */
  country: Schema.String,
  address: Schema.String,
})
export type Counterparty = typeof CounterpartySchema.Type

/**
 * (v4) The document a correcting item corrects (faktura korygowana): its number, its KSeF number when it has one and
 * its issue date.
 */
export const CorrectsSchema = Schema.Struct({
  documentNumber: Schema.String,
  ksefNumber: Schema.NullOr(Schema.String.pipe(Schema.pattern(KSEF_NUMBER))),
  issueDate: Schema.NullOr(LocalDate),
})
export type Corrects = typeof CorrectsSchema.Type

/** The NBP rate a conversion used: the table's number and day and the rate (złoty per unit). */
export const RateUsedSchema = Schema.Struct({
  table: Schema.String,
  date: LocalDate,
  rate: Schema.String.pipe(Schema.pattern(/^\d{1,6}(\.\d{1,10})?$/)),
})

/**
 * (optional, absent in złoty items) An item in a foreign currency (tax/currency.ts): the ISO 4217 code of NBP table
 * A and the net amount in it as typed; the payment day when known (exchange differences, uPIT art. 24c). The books
 * fill the rates used: `vatRate` (the item's `amount` is the VAT base at it, uVAT art. 31a), `pitRate` (revenue or
 * cost, uPIT art. 11a; `pitAmount` in złoty) and `paidRate` / `paidAmount` (the payment's value).
 */
export const ItemCurrencySchema = Schema.Struct({
  code: Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/)),
  amount: Money,
  paidOn: Schema.NullOr(LocalDate),
  /** (optional) The rate the bank applied exchanging the payment (uPIT art. 24c ust. 2 pkt 1, ust. 3 pkt 1). */
  bankRate: Schema.optional(Schema.String.pipe(Schema.pattern(/^\d{1,6}(\.\d{1,10})?$/))),
  vatRate: Schema.optional(RateUsedSchema),
  pitRate: Schema.optional(RateUsedSchema),
  pitAmount: Schema.optional(Money),
  paidRate: Schema.optional(Schema.NullOr(RateUsedSchema)),
  paidAmount: Schema.optional(Schema.NullOr(Money)),
  /**
   * (optional) A recurring item: each occurrence's conversion at the rates of its own dates, in order (the first is
   * also the item's `amount`, `vatRate`, `pitRate`, `pitAmount`).
   */
  occurrences: Schema.optional(
    Schema.Array(Schema.Struct({ amount: Money, pitAmount: Money, vatRate: RateUsedSchema, pitRate: RateUsedSchema })),
  ),
})
export type ItemCurrency = typeof ItemCurrencySchema.Type

const ItemFields = {
  date: LocalDate,
  name: Schema.NonEmptyString,
  amount: Money,
  isCompany: Schema.Boolean,
  /** The VAT percent; `null` only with `vatTreatment: 'inForce'`. */
  percent: Schema.NullOr(Percent),
  invoiceDate: Schema.NullOr(LocalDate),
  vatTreatment: Schema.Literal(...VatTreatments),
  /** Day the goods or services were supplied (data dostawy / wykonania usługi); `null`: the invoice date or date. */
  supplyDate: Schema.NullOr(LocalDate),
  /** The document's number (invoice, bill); '' when none. */
  documentNumber: Schema.String,
  /** Description of the business event (opis zdarzenia gospodarczego); '' when none. */
  description: Schema.String,
  counterparty: Schema.NullOr(CounterpartySchema),
  /** KPiR column; `null`: expenses "other" (13), incomes "sales" (7). */
  kpirColumn: Schema.NullOr(Schema.Literal(...ExpenseColumns, ...IncomeColumns)),
  /** Incomes on ryczałt: the rate of this revenue; `null`: the PIT setting's rate. */
  flatRate: Schema.NullOr(Schema.Literal(...FlatRates)),
  ksefNumber: Schema.NullOr(Schema.String.pipe(Schema.pattern(KSEF_NUMBER))),
  ksefMarker: Schema.NullOr(Schema.Literal(...KsefMarkers)),
  documentType: Schema.NullOr(Schema.Literal('RO', 'WEW', 'FP', 'MK', 'VAT_RR')),
  gtu: Schema.Array(Schema.Literal(...GtuCodes)),
  procedures: Schema.Array(Schema.Literal(...SalesProcedures, ...PurchaseProcedures)),
  /**
   * (v4) The VAT the document states for this item when it is not `amount × percent` rounded to the grosz (the
   * difference a correction states, an advance's VAT computed from the gross, VAT summed per line); `null`: computed.
   */
  documentVat: Schema.NullOr(Money),
  /** (v4) The document this item corrects; a correcting item's amounts are the differences and may be negative. */
  corrects: Schema.NullOr(CorrectsSchema),
  /**
   * (optional, absent in older items) When VAT arises: `supply` (absent) on the day of supply, `invoice` on the
   * invoice's date — the services of uVAT art. 19a ust. 5 pkt 4 (utilities, telecoms, rent, …), ust. 7 without an
   * invoice: the item's date. See tax/taxPoint.ts.
   */
  taxPoint: Schema.optional(Schema.Literal(...TaxPoints)),
  /** (optional, absent in złoty items) The item's currency and amount in it (`ItemCurrencySchema`). */
  currency: Schema.optional(ItemCurrencySchema),
  /**
   * (optional, absent in older items) A sale or purchase across borders (tax/crossBorder.ts): incomes `euServices`
   * (np, art. 28b), `wdt` (0 %, art. 42), `export` (0 %, art. 41 ust. 4); expenses `importServices` (art. 28b with
   * art. 17 ust. 1 pkt 4) and `wnt` (art. 9), self-assessed at the item's percent.
   */
  crossBorder: Schema.optional(Schema.Literal(...CrossBorderKinds)),
  /**
   * (optional) A self-assessed purchase whose output tax was shown late: the day the return or correction showing it
   * was filed; after three months from the end of the obligation's month the input tax moves (uVAT art. 86 ust. 10g).
   */
  outputDeclaredOn: Schema.optional(Schema.NullOr(LocalDate)),
  /**
   * (optional) Expenses: a car's purchase or running cost and how the car is used, `mixed` (50 % of its VAT
   * deducted, uVAT art. 86a ust. 1) or `businessOnly` (VAT-26 and a mileage record, art. 86a ust. 3–4).
   */
  car: Schema.optional(Schema.Struct({ use: Schema.Literal(...CarUses) })),
  /** (optional) Expenses: counted among the fixed assets (its input VAT goes to K_40 / K_41). */
  fixedAsset: Schema.optional(Schema.Boolean),
  /**
   * (optional, absent in older items) Expenses: accommodation or gastronomy services whose input VAT the law never
   * allows to deduct (uVAT art. 88 ust. 1 pkt 4 lit. a–b): no input tax, the whole VAT a PIT cost. Absent: deductible.
   */
  noVatDeduction: Schema.optional(Schema.Boolean),
  /**
   * (optional, absent in older items) Goods or services of Annex 15 of the VAT act: with an invoice gross over
   * 15 000 zł the split payment is due (tax/splitPayment.ts, uVAT art. 108a ust. 1a). Absent: not of the Annex.
   */
  annex15: Schema.optional(Schema.Boolean),
}

export const ItemSchema = Schema.Struct(ItemFields)
export type Item = typeof ItemSchema.Type

export const RecurringItemSchema = Schema.Struct({
  ...ItemSchema.fields,
  repetitions: Schema.Int.pipe(Schema.greaterThanOrEqualTo(1)),
})
export type RecurringItem = typeof RecurringItemSchema.Type

/** A manual transaction (a row the user adds to a month by hand; it is shown, not taxed). */
export const ManualTransactionSchema = Schema.Struct({
  date: LocalDate,
  name: Schema.NonEmptyString,
  amount: Money,
  eventType: Schema.Literal('1_Revenue', '2_Fee', '3_Vat', '4_Pit', '5_SocialSecurity'),
  isCompany: Schema.Boolean,
  percent: Percent,
})
export type ManualTransaction = typeof ManualTransactionSchema.Type

/** Body of a transaction flags update (`PUT transaction/{id}`). */
export const TransactionFlagsSchema = Schema.Struct({
  completed: Schema.optional(Schema.Boolean),
  notification: Schema.optional(Schema.Boolean),
})
export type TransactionFlags = typeof TransactionFlagsSchema.Type

/** The canonical dataObject type of each data type. */
export interface DataObjects {
  Primary: Primary
  Contact: Contact
  Addresses: Addresses
  Invoice: Invoice
  Vat: Vat
  Pit: Pit
  SocialSecurity: SocialSecurity
  Income: Item
  Expense: Item
  RecurringIncome: RecurringItem
  RecurringExpense: RecurringItem
}

export const recordSchemas = {
  Primary: PrimarySchema,
  Contact: ContactSchema,
  Addresses: AddressesSchema,
  Invoice: InvoiceSchema,
  Vat: VatSchema,
  Pit: PitSchema,
  SocialSecurity: SocialSecuritySchema,
  Income: ItemSchema,
  Expense: ItemSchema,
  RecurringIncome: RecurringItemSchema,
  RecurringExpense: RecurringItemSchema,
} as const
