/**
 * The ledger events of one user's books (stream `books-{userId}`): past tense, JSON only, money as decimal
 * strings, each with a schema version. Stored through the event-store port as `{ type, schemaVersion, data }`;
 * `upcast` lifts any stored version to the current event on read. Catalogue: docs/events.md.
 *
 * In memory an event is `{ type, data }` (the version is implied: always the current one).
 */
import * as Schema from 'effect/Schema'
import { isTransactionId } from './identity.ts'
import { LocalDateSchema, MoneyField, YearMonthSchema } from './schemas/common.ts'
import {
  AddressesSchema,
  ContactSchema,
  InvoiceSchema,
  ItemSchema,
  ManualTransactionSchema,
  PitSchema,
  PrimarySchema,
  RecurringItemSchema,
  SocialSecuritySchema,
  VatSchema,
} from './schemas/records.ts'
import { GeneratedRowSchema } from './schemas/transaction.ts'
import { bankEventSchemas } from './bank/events.ts'
import { invoicingEventSchemas } from './invoicing/events.ts'
import { AnnualInputsSchema } from './schemas/annualInputs.ts'
import { VatRefundSchema } from './schemas/vatRefund.ts'
import {
  AssetDisposalSchema,
  AssetImprovementSchema,
  AssetPrivateSaleSchema,
  AssetRecordSchema,
  InventorySchema,
} from './schemas/asset.ts'

const Id = Schema.Int.pipe(Schema.positive())
/** A transaction's identity or a manual row's id (`identity.ts`). */
const TxId = Schema.String.pipe(Schema.filter((s) => isTransactionId(s)))
const CompanyDataTypeSchema = Schema.Literal('Primary', 'Contact', 'Addresses', 'Invoice')
const SettingKindSchema = Schema.Literal('Vat', 'Pit', 'SocialSecurity')
const ItemDataTypeSchema = Schema.Literal('Income', 'RecurringIncome', 'Expense', 'RecurringExpense')

const ev = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) =>
  Schema.Struct({ type: Schema.Literal(type), data: Schema.Struct(fields) })

/** An event whose `data` is one of several shapes told apart by a literal field (`dataType` or `kind`). */
const evOneOf = <T extends string, D extends Schema.Schema.Any>(type: T, data: D) =>
  Schema.Struct({ type: Schema.Literal(type), data })

const tagged = <K extends string, V extends string, S extends Schema.Schema.Any>(key: K, value: V, schema: S) =>
  Schema.Struct({ id: Id, [key]: Schema.Literal(value), data: schema } as {
    id: typeof Id
    data: S
  } & { [P in K]: Schema.Literal<[V]> })

// The dataObject's schema is chosen by the data type (never by trying shapes in turn: an Invoice would also pass
// as Primary with its address stripped).
const companyData = Schema.Union(
  tagged('dataType', 'Primary', PrimarySchema),
  tagged('dataType', 'Contact', ContactSchema),
  tagged('dataType', 'Addresses', AddressesSchema),
  tagged('dataType', 'Invoice', InvoiceSchema),
)
const settingData = Schema.Union(
  tagged('kind', 'Vat', VatSchema),
  tagged('kind', 'Pit', PitSchema),
  tagged('kind', 'SocialSecurity', SocialSecuritySchema),
)
const itemData = Schema.Union(
  tagged('dataType', 'Income', ItemSchema),
  tagged('dataType', 'Expense', ItemSchema),
  tagged('dataType', 'RecurringIncome', RecurringItemSchema),
  tagged('dataType', 'RecurringExpense', RecurringItemSchema),
)

export const CompanyRecordSaved = evOneOf('CompanyRecordSaved', companyData)
export const CompanyRecordDeleted = ev('CompanyRecordDeleted', { id: Id, dataType: CompanyDataTypeSchema })
export const SettingAdded = evOneOf('SettingAdded', settingData)
export const SettingUpdated = evOneOf('SettingUpdated', settingData)
export const SettingDeleted = ev('SettingDeleted', { id: Id, kind: SettingKindSchema })
export const ItemAdded = evOneOf('ItemAdded', itemData)
export const ItemUpdated = evOneOf('ItemUpdated', itemData)
export const ItemDeleted = ev('ItemDeleted', { id: Id, dataType: ItemDataTypeSchema })
/**
 * Written by the frozen-month model only (months recorded on first view); read from old histories, where the fold
 * maps each row's integer id to the row's identity. Never written now.
 */
export const MonthGenerated = ev('MonthGenerated', {
  month: YearMonthSchema,
  /** The `today` the rows were computed for (overdue flags are recomputed on read). */
  generatedOn: Schema.String,
  rows: Schema.Array(GeneratedRowSchema),
})
export const ManualTransactionAdded = ev('ManualTransactionAdded', { id: Id, data: ManualTransactionSchema })
/** v2: by identity. A generated row is hidden from its month; a manual row is deleted. */
export const TransactionDeleted = ev('TransactionDeleted', { id: TxId })
/**
 * v2: by identity, with the row's amount (`sum`) at completion (`null` when un-completing). `paidOn` (optional, v2
 * events without it read as unknown) is the day the money actually left: typed by the user or taken from a bank
 * statement's line; the tax engine deducts contributions on it (uPIT art. 26 ust. 1 pkt 2).
 * `completed: false` with an amount (written by bank matches only; older events always have `null`): the row is open
 * and partly paid — what the bank lines matched to it paid so far, less than its sum, the last of them on `paidOn`.
 */
export const TransactionCompletedSet = ev('TransactionCompletedSet', {
  id: TxId,
  completed: Schema.Boolean,
  amount: Schema.NullOr(MoneyField),
  paidOn: Schema.optional(LocalDateSchema),
})
export const TransactionNotificationSet = ev('TransactionNotificationSet', { id: TxId, notification: Schema.Boolean })
/** v2: by identity, with the amount the e-mail asked for (`null` in v1 events). */
export const ReminderSent = ev('ReminderSent', { id: TxId, amount: Schema.NullOr(MoneyField) })
/** v2: by identity, with the row's amount at acceptance (`null` in v1 events). */
export const TransactionAcceptedFromEmail = ev('TransactionAcceptedFromEmail', {
  id: TxId,
  amount: Schema.NullOr(MoneyField),
})
/** Frozen-month model: dropped the recorded month and its flags. Read from old histories only. */
export const MonthReset = ev('MonthReset', { month: YearMonthSchema })
/** Frozen-month model: `MonthReset` for every recorded month of the year. Read from old histories only. */
export const YearReset = ev('YearReset', { year: Schema.Int })
/**
 * The dashboard's Reset: clears the user's flags (completed, notification, sent, hidden) of the listed transactions
 * of a month (`period` `yyyy-mm`) or a year (`yyyy`). Items, settings and amounts are untouched.
 */
export const TransactionFlagsCleared = ev('TransactionFlagsCleared', {
  scope: Schema.Literal('month', 'year'),
  period: Schema.String,
  ids: Schema.Array(TxId),
})

/** The register of fixed assets (docs/events.md, Fixed assets): an asset entered, improved, disposed, or removed. */
export const AssetEntered = ev('AssetEntered', { id: Id, data: AssetRecordSchema })
export const AssetImproved = ev('AssetImproved', { id: Id, data: AssetImprovementSchema })
export const AssetDisposed = ev('AssetDisposed', { id: Id, data: AssetDisposalSchema })
/** An entry made in error, removed from the register (its write-offs with it). */
export const AssetDeleted = ev('AssetDeleted', { id: Id })
/** A stock-taking at the start or the end of a year; it replaces an earlier one of the same year and kind. */
export const InventoryTaken = ev('InventoryTaken', { data: InventorySchema })
/** A fixed asset's use for VAT changes within its correction period (uVAT art. 91, tax/assetVatUse.ts). */
export const AssetVatUseChanged = ev('AssetVatUseChanged', {
  id: Id,
  data: Schema.Struct({
    date: LocalDateSchema,
    taxedPercent: Schema.String.pipe(Schema.pattern(/^(100|[1-9]?\d)$/)),
    previousPercent: Schema.String.pipe(Schema.pattern(/^(100|[1-9]?\d)$/)),
    inputVat: MoneyField,
  }),
})

/**
 * NBP table A tables recorded for foreign-currency items (tax/currency.ts): from the NBP web API or the yearly
 * archive a user supplied; `from`–`to` is the range the source covered whole (a working day in it without a table
 * had none). A day's table already recorded is never replaced.
 */
export const CurrencyRatesRecorded = ev('CurrencyRatesRecorded', {
  source: Schema.Literal('nbpApi', 'nbpArchive', 'ecbApi', 'ecbHistory'),
  /** (optional) The table: NBP `A` (absent), NBP `B`, or the ECB's euro reference rates (`ECB`, units per 1 EUR). */
  table: Schema.optional(Schema.Literal('A', 'B', 'ECB')),
  from: LocalDateSchema,
  to: LocalDateSchema,
  tables: Schema.Array(
    Schema.Struct({
      no: Schema.String,
      date: LocalDateSchema,
      rates: Schema.Record({ key: Schema.String, value: Schema.String }),
    }),
  ),
})
/** The annual return's common items of a tax year (losses, IKZE, spouse, children); replaces the year's earlier set. */
export const AnnualInputsSet = ev('AnnualInputsSet', { data: AnnualInputsSchema })
/** An asset taken to private use is sold later (the six-year rule decides whether the business sold it). */
export const AssetSoldAfterPrivateUse = ev('AssetSoldAfterPrivateUse', { id: Id, data: AssetPrivateSaleSchema })

/**
 * An income's invoice issued outside KSeF (`tryby-offline.md`): its offline mode, its issue date, why (the user's
 * choice or KSeF not answering) and, once known, when KSeF's unavailability or failure ended (the deadline runs from
 * it). Appended again when the circumstances change; the invoice is pending until its income has a KSeF number.
 */
export const KsefOfflineInvoiceMarked = ev('KsefOfflineInvoiceMarked', {
  itemId: Id,
  mode: Schema.Literal('offline24', 'offline', 'awaryjny'),
  issueDate: LocalDateSchema,
  reason: Schema.Literal('chosen', 'unavailable'),
  unavailabilityEnd: Schema.NullOr(LocalDateSchema),
})

/**
 * The refund asked for in the declaration of the VAT period ending in `month` (uVAT art. 87 ust. 2); `refund: null`
 * withdraws it (the excess is carried forward whole). Replaces the month's earlier one.
 */
export const VatRefundSet = ev('VatRefundSet', { month: YearMonthSchema, refund: Schema.NullOr(VatRefundSchema) })

export const ledgerEventSchemas = {
  CompanyRecordSaved,
  CompanyRecordDeleted,
  SettingAdded,
  SettingUpdated,
  SettingDeleted,
  ItemAdded,
  ItemUpdated,
  ItemDeleted,
  MonthGenerated,
  ManualTransactionAdded,
  TransactionDeleted,
  TransactionCompletedSet,
  TransactionNotificationSet,
  ReminderSent,
  TransactionAcceptedFromEmail,
  MonthReset,
  YearReset,
  TransactionFlagsCleared,
  // Bank statements, accounts, matches and rules (bank/events.ts).
  ...bankEventSchemas,
  AssetEntered,
  AssetImproved,
  AssetDisposed,
  AssetDeleted,
  InventoryTaken,
  CurrencyRatesRecorded,
  AssetVatUseChanged,
  // Invoices as documents: counterparties, number series, drafts and issued invoices (invoicing/events.ts).
  ...invoicingEventSchemas,
  AnnualInputsSet,
  AssetSoldAfterPrivateUse,
  KsefOfflineInvoiceMarked,
  VatRefundSet,
} as const

export const LedgerEventSchema = Schema.Union(...Object.values(ledgerEventSchemas))
export type LedgerEvent = typeof LedgerEventSchema.Type
export type LedgerEventType = LedgerEvent['type']
export type EventOf<T extends LedgerEventType> = Extract<LedgerEvent, { type: T }>
