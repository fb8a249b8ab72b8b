/**
 * The books state: everything `decide` needs and every projection reads, folded from one user's events.
 * Immutable data: persistent maps (`CowMap`, read through the `ReadonlyMap` interface, iterated bucket by bucket)
 * of objects never changed once a state is exposed; money stays as the events' decimal strings and is parsed lazily
 * by the projections, so folding is cheap.
 *
 * What the user sees of transactions is never stored: the rows are derived from the records on every read
 * (`projections/`). The state keeps only what the user decided about them — flags by the row's identity — and the
 * manual rows, which are data of their own.
 */
import type { AssetState } from '../assets/fold.ts'
import type { AnnualInputs } from '../schemas/annualInputs.ts'
import type { VatRefund } from '../schemas/vatRefund.ts'
import type { Inventory } from '../schemas/asset.ts'
import type { TransactionId } from '../identity.ts'
import type { DataObjects, DataType, ManualTransaction } from '../schemas/records.ts'
import type { LocalDateString, MoneyString, YearMonthString } from '../types.ts'
import { emptyMaps } from './cowMap.ts'
import { type BankState, initialBank } from '../bank/state.ts'
import type { RatesState } from '../tax/currency.ts'
import { type InvoicingState, initialInvoicing } from '../invoicing/state.ts'

export type RecordVerb = 'add' | 'update' | 'delete'

/** A company record, a setting or an item. */
export interface RecordState<T extends DataType = DataType> {
  readonly id: number
  readonly dataType: T
  readonly data: DataObjects[T]
  readonly deleted: boolean
  /** The last change applied (drives the SPEC's `eventType` label). */
  readonly verb: RecordVerb
  /**
   * 1 when the record is created, one more with every change (update, delete): what a client read, so a write can
   * say which version it changes (optimistic concurrency per record; the API's ETag).
   */
  readonly version: number
}

/** What the user decided about one transaction, by its identity (generated rows) or id (manual rows). */
export interface TransactionFlagsState {
  readonly id: TransactionId
  readonly completed: boolean
  /**
   * The row's amount (`sum`) when it was completed, or what the bank lines matched to it paid when that covered it;
   * `null` for a completion whose amount is unknown (a manual row completed before amounts were recorded: manual
   * rows never change, so it is their sum). While not completed: what the bank lines paid so far when they do not
   * cover the row (a partial payment: the row is partly paid, still open), else `null`.
   */
  readonly paidAmount: MoneyString | null
  /**
   * The day the money left, when the completion said it (typed by the user, or the day the bank lines matched to it
   * came to cover it); `null` when not said. While not completed: the day of the last partial payment, or `null`.
   * Contributions are deducted on it only once completed (uPIT art. 26 ust. 1 pkt 2; docs/tax-rules.md §8.1).
   */
  readonly paidOn: LocalDateString | null
  readonly notification: boolean
  /** A reminder went out while the row was open (not completed). */
  readonly notificationCompleted: boolean
  /** A reminder went out for the remainder after the last completion (the amount grew after it was paid). */
  readonly remainderReminded: boolean
  /** A generated row the user deleted from its month (hidden until a Reset of the month or year). */
  readonly hidden: boolean
}

/** A transaction the user added by hand. */
export interface ManualTransactionState {
  readonly id: number
  readonly month: YearMonthString
  readonly data: ManualTransaction
  readonly deleted: boolean
}

/** A row recorded by the frozen-month model (`MonthGenerated`): its identity and the amount it showed. */
export interface LegacyRow {
  readonly id: TransactionId
  readonly month: YearMonthString
  /** The row's `sum` as recorded: what a completion of that row paid. */
  readonly sum: MoneyString
}

/** A month recorded by the frozen-month model (old histories), for its `MonthReset` / `YearReset` events. */
export interface LegacyMonthState {
  readonly month: YearMonthString
  readonly generatedOn: LocalDateString
  /** Identities of the recorded rows. */
  readonly ids: readonly TransactionId[]
}

export interface BooksState {
  /** The next id to allocate (one counter for all records and manual transactions of a user, from 1). */
  readonly nextId: number
  /** Company records, settings and items by id (deleted ones kept, flagged). */
  readonly records: ReadonlyMap<number, RecordState>
  /** Manual transactions by id (deleted ones kept, flagged). */
  readonly manual: ReadonlyMap<number, ManualTransactionState>
  /** The user's flags by transaction identity (only transactions the user ever touched). */
  readonly flags: ReadonlyMap<TransactionId, TransactionFlagsState>
  /** Integer ids of rows recorded by the frozen-month model → their identities (old links and flags resolve). */
  readonly legacyIds: ReadonlyMap<number, LegacyRow>
  /** Months recorded by the frozen-month model, by `yyyy-mm` (old histories only). */
  readonly legacyMonths: ReadonlyMap<YearMonthString, LegacyMonthState>
  /** Bank accounts, statements, lines, matches and rules (`bank/state.ts`). */
  readonly bank: BankState
  /** The register of fixed assets by id (removed entries kept, flagged); ids from the same counter as records. */
  readonly assets: ReadonlyMap<number, AssetState>
  /** Stock-takings (spis z natury) by `year:kind` (`2026:end`); the latest of each wins. */
  readonly inventories: ReadonlyMap<string, Inventory>
  /** NBP table A rates recorded for foreign-currency items (`tax/currency.ts`); absent: none yet. */
  readonly rates?: RatesState
  /** Counterparties, number series and invoice documents (`invoicing/state.ts`). */
  readonly invoicing: InvoicingState
  /** The annual return's common items by tax year (`AnnualInputsSet`; the latest wins). */
  readonly annualInputs?: ReadonlyMap<number, AnnualInputs>
  /** Incomes whose invoice was issued outside KSeF, by the income's id (`KsefOfflineInvoiceMarked`; the latest wins). */
  readonly ksefOffline?: ReadonlyMap<number, KsefOfflineMark>
  /**
   * Refunds of the excess of input VAT asked for, by the month whose period's declaration asks (`VatRefundSet`; the
   * latest wins, `null` withdraws); absent: none.
   */
  readonly vatRefunds?: ReadonlyMap<YearMonthString, VatRefund>
  /** Number of events folded (for diagnostics and `diffBooks`). */
  readonly eventCount: number
}

/** An income's invoice issued outside KSeF (`tryby-offline.md`); pending while the income has no KSeF number. */
export interface KsefOfflineMark {
  readonly itemId: number
  readonly mode: 'offline24' | 'offline' | 'awaryjny'
  readonly issueDate: LocalDateString
  readonly reason: 'chosen' | 'unavailable'
  readonly unavailabilityEnd: LocalDateString | null
}

export const initialBooks: BooksState = Object.freeze({
  nextId: 1,
  ...emptyMaps('records', 'manual', 'flags', 'legacyIds', 'legacyMonths'),
  bank: initialBank,
  ...emptyMaps('assets', 'inventories'),
  invoicing: initialInvoicing,
  ...emptyMaps('annualInputs'),
  eventCount: 0,
})

/** No flags: what a transaction nobody touched has. */
export const noFlags = (id: TransactionId): TransactionFlagsState => ({
  id,
  completed: false,
  paidAmount: null,
  paidOn: null,
  notification: false,
  notificationCompleted: false,
  remainderReminded: false,
  hidden: false,
})

/** `true` when the flags say nothing (the entry can be dropped). */
export const isBlankFlags = (f: TransactionFlagsState): boolean =>
  !f.completed &&
  f.paidAmount === null &&
  !f.notification &&
  !f.notificationCompleted &&
  !f.remainderReminded &&
  !f.hidden
