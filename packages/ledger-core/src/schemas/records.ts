/**
 * Effect Schemas of every dataObject of SPEC §3 in its canonical (stored) form: money as a two-decimal string,
 * percents without trailing zeros, dates `yyyy-mm-dd`, optional texts as `''`. `validateRecord` (validate.ts)
 * turns loose input into these shapes; events carry them; projections read them.
 */
import { Schema } from 'effect'
import { LocalDateField as LocalDate, MoneyField as Money, PercentField as Percent } from './common.ts'

export const AddressSchema = Schema.Struct({
  country: Schema.String,
  region: Schema.String,
  city: Schema.String,
  street: Schema.String,
  postCode: Schema.String,
  building: Schema.String,
})
export type Address = typeof AddressSchema.Type

export const PrimarySchema = Schema.Struct({
  companyName: Schema.NonEmptyString,
  nip: Schema.NonEmptyString,
  ownerName: Schema.String,
  ownerLastName: Schema.String,
  regon: Schema.String,
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
  companyName: Schema.NonEmptyString,
  nip: Schema.NonEmptyString,
  ownerName: Schema.String,
  ownerLastName: Schema.String,
  regon: Schema.String,
  invoiceAddress: AddressSchema,
})
export type Invoice = typeof InvoiceSchema.Type

/** VAT settlement period in months: 1 (monthly) or 3 (calendar quarter). */
export const PaymentIntervalSchema = Schema.Literal(1, 3)
export type PaymentInterval = typeof PaymentIntervalSchema.Type

export const VatSchema = Schema.Struct({
  date: LocalDate,
  percent: Percent,
  paymentInterval: PaymentIntervalSchema,
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

export const SocialSecuritySchema = Schema.Struct({
  date: LocalDate,
  /** Monthly social contributions (without the health contribution). */
  amount: Money,
  /** Health contribution percent (9 Scale, 4.9 Linear; ignored for Flat). */
  percent: Percent,
})
export type SocialSecurity = typeof SocialSecuritySchema.Type

export const ItemSchema = Schema.Struct({
  date: LocalDate,
  name: Schema.NonEmptyString,
  amount: Money,
  isCompany: Schema.Boolean,
  percent: Percent,
  invoiceDate: Schema.NullOr(LocalDate),
})
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

export const CompanyDataTypes = ['Primary', 'Contact', 'Addresses', 'Invoice'] as const
export type CompanyDataType = (typeof CompanyDataTypes)[number]
export const SettingKinds = ['Vat', 'Pit', 'SocialSecurity'] as const
export type SettingKind = (typeof SettingKinds)[number]
export const ItemDataTypes = ['Income', 'RecurringIncome', 'Expense', 'RecurringExpense'] as const
export type ItemDataType = (typeof ItemDataTypes)[number]
export const DataTypes = [...CompanyDataTypes, ...SettingKinds, ...ItemDataTypes] as const
export type DataType = (typeof DataTypes)[number]

export const isCompanyDataType = (t: unknown): t is CompanyDataType => CompanyDataTypes.includes(t as CompanyDataType)
export const isSettingKind = (t: unknown): t is SettingKind => SettingKinds.includes(t as SettingKind)
export const isItemDataType = (t: unknown): t is ItemDataType => ItemDataTypes.includes(t as ItemDataType)
export const isDataType = (t: unknown): t is DataType => DataTypes.includes(t as DataType)
export const isRecurringType = (t: ItemDataType): t is 'RecurringIncome' | 'RecurringExpense' =>
  t === 'RecurringIncome' || t === 'RecurringExpense'
export const isIncomeType = (t: ItemDataType): t is 'Income' | 'RecurringIncome' =>
  t === 'Income' || t === 'RecurringIncome'

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

/**
 * The record `eventType` label of SPEC §3 for a data type and the last change (`add`, `update`, `delete`).
 * Company records and settings have one fixed label.
 */
export const recordEventType = (dataType: DataType, verb: 'add' | 'update' | 'delete'): string => {
  switch (dataType) {
    case 'Primary':
      return 'Company primary data.'
    case 'Contact':
      return 'Company contact'
    case 'Addresses':
      return 'Company addresses'
    case 'Invoice':
      return 'Invoice'
    case 'Vat':
      return 'VAT'
    case 'Pit':
      return 'PIT'
    case 'SocialSecurity':
      return 'SocialSecurity'
    case 'Expense':
      return `Fixed expense ${verb}`
    case 'RecurringExpense':
      return `Recurring expense ${verb}`
    case 'Income':
      return `Fixed Income ${verb}`
    case 'RecurringIncome':
      return `Recurring Income ${verb}`
  }
}
