/**
 * The bank events of a user's books (docs/events.md, "Bank"): accounts, imported statements with their new lines,
 * line matches, the user's rules and ZUS contribution account. Money as signed decimal strings, dates `YYYY-MM-DD`.
 */
import * as Schema from 'effect/Schema'
import { isTransactionId } from '../identity.ts'
import { LocalDateSchema, MoneyField } from '../schemas/common.ts'
import { ExpenseColumns } from '../schemas/records.ts'

const Id = Schema.Int.pipe(Schema.positive())
const TxId = Schema.String.pipe(Schema.filter((s) => isTransactionId(s)))
const LineId = Schema.String.pipe(Schema.pattern(/^[0-9a-f]{16}$/))
const Text = (max: number) => Schema.String.pipe(Schema.maxLength(max))
const Iban = Schema.String.pipe(Schema.pattern(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/))

const ev = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) =>
  Schema.Struct({ type: Schema.Literal(type), data: Schema.Struct(fields) })

export const BankAccountSaved = ev('BankAccountSaved', {
  id: Id,
  iban: Iban,
  name: Text(100),
  currency: Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/)),
  kind: Schema.Literal('business', 'vat'),
  pairedWith: Schema.NullOr(Id),
})
export const BankAccountDeleted = ev('BankAccountDeleted', { id: Id })
export const BankZusAccountSet = ev('BankZusAccountSet', { account: Schema.NullOr(Iban) })

export const BankLineSchema = Schema.Struct({
  lineId: LineId,
  bookingDate: LocalDateSchema,
  valueDate: LocalDateSchema,
  amount: MoneyField,
  title: Text(1000),
  counterpartyName: Schema.NullOr(Text(300)),
  counterpartyAccount: Schema.NullOr(Text(64)),
  bankReference: Schema.NullOr(Text(64)),
  transactionCode: Schema.NullOr(Text(64)),
  splitPayment: Schema.NullOr(
    Schema.Struct({ vat: MoneyField, nip: Schema.NullOr(Text(20)), invoice: Schema.NullOr(Text(100)) }),
  ),
})

export const BankStatementImported = ev('BankStatementImported', {
  key: Text(120),
  accountId: Id,
  statementId: Schema.NullOr(Text(64)),
  format: Schema.Literal('mt940', 'camt053', 'csv'),
  variant: Text(40),
  openingDate: LocalDateSchema,
  closingDate: LocalDateSchema,
  openingBalance: Schema.NullOr(MoneyField),
  closingBalance: Schema.NullOr(MoneyField),
  lineCount: Schema.Int.pipe(Schema.nonNegative()),
  /** Only the lines the books did not hold yet (a re-import adds nothing). */
  lines: Schema.Array(BankLineSchema),
})

const Allocation = Schema.Union(
  Schema.Struct({ kind: Schema.Literal('transaction'), id: TxId, amount: MoneyField }),
  Schema.Struct({ kind: Schema.Literal('private'), amount: MoneyField }),
  Schema.Struct({ kind: Schema.Literal('transfer'), amount: MoneyField }),
)

/** A line's money assigned (replacing an earlier match of the line): one allocation, or several for a split. */
export const BankLineMatched = ev('BankLineMatched', {
  lineId: LineId,
  allocations: Schema.Array(Allocation).pipe(Schema.minItems(1)),
  reason: Text(80),
  confidence: Schema.Int.pipe(Schema.between(0, 100)),
  source: Schema.Literal('auto', 'user', 'rule'),
})
export const BankLineUnmatched = ev('BankLineUnmatched', { lineId: LineId })

export const BankRuleDataSchema = Schema.Struct({
  name: Text(100),
  field: Schema.Literal('title', 'counterparty'),
  op: Schema.Literal('contains', 'matches'),
  pattern: Text(200),
  expense: Schema.Struct({
    name: Text(200),
    percent: Schema.String.pipe(Schema.pattern(/^\d{1,3}(\.\d{1,2})?$/)),
    isCompany: Schema.Boolean,
    kpirColumn: Schema.NullOr(Schema.Literal(...ExpenseColumns)),
  }),
})
export const BankRuleSaved = ev('BankRuleSaved', { id: Id, data: BankRuleDataSchema })
export const BankRuleDeleted = ev('BankRuleDeleted', { id: Id })

/** The white list's answer for a payment's NIP and account, kept as evidence (`whiteList.ts`). */
export const BankWhiteListChecked = ev('BankWhiteListChecked', {
  lineId: LineId,
  nip: Schema.String.pipe(Schema.pattern(/^\d{10}$/)),
  account: Schema.String.pipe(Schema.pattern(/^\d{26}$/)),
  listDate: LocalDateSchema,
  source: Schema.Literal('flatFile', 'api'),
  result: Schema.Literal('active', 'exempt', 'listed', 'absent'),
  requestId: Schema.NullOr(Text(64)),
})

const Column = Schema.Int.pipe(Schema.between(0, 199))
/** A CSV column mapping the user defined for a bank without a preset (the statement reader's `CsvMapping`). */
export const BankCsvMappingSchema = Schema.Struct({
  delimiter: Schema.Literal(',', ';', '\t'),
  headerLine: Schema.Int.pipe(Schema.between(1, 1000)),
  dateFormat: Schema.Literal('YYYY-MM-DD', 'DD-MM-YYYY', 'DD.MM.YYYY'),
  decimalComma: Schema.Boolean,
  columns: Schema.Struct({
    bookingDate: Column,
    valueDate: Schema.optional(Column),
    amount: Schema.optional(Column),
    debit: Schema.optional(Column),
    credit: Schema.optional(Column),
    title: Column,
    counterpartyName: Schema.optional(Column),
    counterpartyAccount: Schema.optional(Column),
    currency: Schema.optional(Column),
    balanceAfter: Schema.optional(Column),
  }),
  account: Schema.optional(Iban),
  currency: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/))),
})

/**
 * A CSV mapping saved with the books, offered on the next import: `header` is the header row it was made for
 * (cells trimmed, lower case, joined by the delimiter), by which a file of the same bank is recognised.
 */
export const BankCsvMappingSaved = ev('BankCsvMappingSaved', {
  id: Id,
  name: Text(100),
  header: Text(2000),
  mapping: BankCsvMappingSchema,
})
export const BankCsvMappingDeleted = ev('BankCsvMappingDeleted', { id: Id })

export const bankEventSchemas = {
  BankAccountSaved,
  BankAccountDeleted,
  BankZusAccountSet,
  BankStatementImported,
  BankLineMatched,
  BankLineUnmatched,
  BankRuleSaved,
  BankRuleDeleted,
  BankWhiteListChecked,
  BankCsvMappingSaved,
  BankCsvMappingDeleted,
} as const
