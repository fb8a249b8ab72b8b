/**
 * Commands: what a user (or a job) asks the books to do. Time, the acting user and everything else a decision
 * needs arrive inside the command, so `decide` stays pure. `data` is loose input, validated by the decider.
 */
import type { TransactionId } from './identity.ts'
import type { CompanyDataType, ItemDataType, SettingKind } from './schemas/records.ts'
import type { YearMonthString } from './types.ts'
import type { BankCommand } from './bank/commands.ts'
import type { InvoicingCommand } from './invoicing/commands.ts'

export type * from './bank/commands.ts'
export type * from './invoicing/commands.ts'

interface Base {
  /** ISO-8601 UTC timestamp of the request. */
  readonly at: string
  readonly userId: string
}

/** A write to an existing record may name the version it was read at; a different current version is STALE_VERSION. */
interface Versioned {
  /** The record's `version` the client changes; 0 for a company record not created yet. Absent: unconditional. */
  readonly expectedVersion?: number
}

export interface SaveCompanyRecord extends Base, Versioned {
  readonly type: 'SaveCompanyRecord'
  readonly dataType: CompanyDataType
  /** Absent (or 0): create, or update the existing record of this type. */
  readonly id?: number
  readonly data: unknown
}
export interface DeleteCompanyRecord extends Base, Versioned {
  readonly type: 'DeleteCompanyRecord'
  /** When given, must match the record's type. */
  readonly dataType?: CompanyDataType
  readonly id: number
}
export interface AddSetting extends Base {
  readonly type: 'AddSetting'
  readonly kind: SettingKind
  readonly data: unknown
}
export interface UpdateSetting extends Base, Versioned {
  readonly type: 'UpdateSetting'
  readonly kind: SettingKind
  readonly id: number
  readonly data: unknown
}
export interface DeleteSetting extends Base, Versioned {
  readonly type: 'DeleteSetting'
  readonly kind?: SettingKind
  readonly id: number
}
export interface AddItem extends Base {
  readonly type: 'AddItem'
  readonly dataType: ItemDataType
  readonly data: unknown
}
export interface UpdateItem extends Base, Versioned {
  readonly type: 'UpdateItem'
  readonly dataType: ItemDataType
  readonly id: number
  readonly data: unknown
}
export interface DeleteItem extends Base, Versioned {
  readonly type: 'DeleteItem'
  readonly dataType?: ItemDataType
  readonly id: number
}
/** The identity of a document (an invoice) the books must hold at most once. */
export interface DocumentKey {
  /** The document's KSeF number, when it has one. */
  readonly ksefNumber: string | null
  /** The document's number (numer faktury). */
  readonly documentNumber: string
  /** The seller's tax id: ignored for incomes (the company sells). */
  readonly sellerTaxId: string
  /** Whether the company is the seller (the items are incomes). */
  readonly isIncome: boolean
}
/** One document entered as the items it becomes, refused whole when the books hold it already. */
export interface ImportedDocument {
  readonly key: DocumentKey
  readonly items: readonly { readonly dataType: ItemDataType; readonly data: unknown }[]
}
/** Adds the items of several documents at once (an import); refused whole when any document is refused. */
export interface ImportDocuments extends Base {
  readonly type: 'ImportDocuments'
  readonly documents: readonly ImportedDocument[]
}
/**
 * A transaction named by its identity (`i12-2026-03`, `vat-2026-01`…), a manual row's id, or the integer id the
 * frozen-month model gave a row (old links): see `identity.ts`.
 */
export type TransactionRef = TransactionId | number

export interface SetTransactionFlags extends Base {
  readonly type: 'SetTransactionFlags'
  readonly id: TransactionRef
  readonly completed?: boolean
  readonly notification?: boolean
  /** With `completed: true`: the day the money left (`yyyy-mm-dd`); contributions are deducted on it. */
  readonly paidOn?: string
}
export interface AddManualTransaction extends Base {
  readonly type: 'AddManualTransaction'
  readonly data: unknown
}
export interface DeleteTransaction extends Base {
  readonly type: 'DeleteTransaction'
  readonly id: TransactionRef
}
export interface RecordReminderSent extends Base {
  readonly type: 'RecordReminderSent'
  readonly id: TransactionRef
}
export interface AcceptFromEmail extends Base {
  readonly type: 'AcceptFromEmail'
  readonly id: TransactionRef
}
export interface ResetMonth extends Base {
  readonly type: 'ResetMonth'
  readonly month: YearMonthString
}
export interface ResetYear extends Base {
  readonly type: 'ResetYear'
  readonly year: number
}

/** Enters an asset in the register; `data.itemId` turns a purchase into the asset (it stops being a cost). */
export interface EnterAsset extends Base {
  readonly type: 'EnterAsset'
  readonly data: unknown
}
/** An improvement raising an asset's initial value (art. 22g ust. 17). */
export interface ImproveAsset extends Base {
  readonly type: 'ImproveAsset'
  readonly id: number
  readonly data: unknown
}
/** An asset leaves the register: sold, liquidated or taken to private use. */
export interface DisposeAsset extends Base {
  readonly type: 'DisposeAsset'
  readonly id: number
  readonly data: unknown
}
/** Records the later sale of an asset taken to private use (the six-year rule). */
export interface SellAssetAfterPrivateUse extends Base {
  readonly type: 'SellAssetAfterPrivateUse'
  readonly id: number
  readonly data: unknown
}
/** Removes an asset entered in error. */
export interface DeleteAsset extends Base {
  readonly type: 'DeleteAsset'
  readonly id: number
}

/** Records a stock-taking (spis z natury) at the start or the end of a year, with its list. */
export interface RecordInventory extends Base {
  readonly type: 'RecordInventory'
  readonly data: unknown
}

/** Records NBP table A tables (from the NBP web API or a yearly archive) for foreign-currency items. */
export interface RecordCurrencyRates extends Base {
  readonly type: 'RecordCurrencyRates'
  readonly source: 'nbpApi' | 'nbpArchive' | 'ecbApi' | 'ecbHistory'
  /** NBP table A (absent), NBP table B, or the ECB's euro reference rates. */
  readonly table?: 'A' | 'B' | 'ECB'
  /** The days the source covered whole: a working day in them without a table had none. */
  readonly from: string
  readonly to: string
  readonly tables: unknown
}

/** A fixed asset's use for VAT changes (uVAT art. 91): `data` `{ date, taxedPercent, inputVat?, previousPercent? }`. */
export interface ChangeAssetVatUse extends Base {
  readonly type: 'ChangeAssetVatUse'
  readonly id: number
  readonly data: unknown
}

/** Sets the annual return's common items of a tax year (losses, IKZE, spouse, children). */
export interface SetAnnualInputs extends Base {
  readonly type: 'SetAnnualInputs'
  readonly data: unknown
}

/**
 * Marks an income's invoice as issued outside KSeF (`tryby-offline.md`): `mode` offline24 / offline / awaryjny,
 * `reason` the user's choice or KSeF not answering, `unavailabilityEnd` when KSeF's unavailability or failure ended.
 */
export interface MarkKsefOffline extends Base {
  readonly type: 'MarkKsefOffline'
  readonly itemId: number
  readonly mode: unknown
  readonly reason: 'chosen' | 'unavailable'
  readonly unavailabilityEnd?: unknown
}

/**
 * Asks for a refund of the excess of input VAT in the declaration of the period ending in `month` (`refund`:
 * `{ amount, term, offset }`), or withdraws it (`refund: null`).
 */
export interface SetVatRefund extends Base {
  readonly type: 'SetVatRefund'
  readonly month: unknown
  readonly refund: unknown
}

/**
 * The first-run set-up at once: `data` is `{ company, vat?, pit: [...], socialSecurity }` (the Primary company data
 * and the dataObjects of the settings), all written or none (`deciders/setup.ts`).
 */
export interface SetUpBooks extends Base {
  readonly type: 'SetUpBooks'
  readonly data: unknown
}

export type LedgerCommand =
  | SaveCompanyRecord
  | DeleteCompanyRecord
  | AddSetting
  | UpdateSetting
  | DeleteSetting
  | AddItem
  | UpdateItem
  | DeleteItem
  | ImportDocuments
  | SetTransactionFlags
  | AddManualTransaction
  | DeleteTransaction
  | RecordReminderSent
  | AcceptFromEmail
  | ResetMonth
  | ResetYear
  | BankCommand
  | EnterAsset
  | ImproveAsset
  | DisposeAsset
  | DeleteAsset
  | RecordInventory
  | RecordCurrencyRates
  | ChangeAssetVatUse
  | InvoicingCommand
  | SetAnnualInputs
  | SellAssetAfterPrivateUse
  | MarkKsefOffline
  | SetVatRefund
  | SetUpBooks

export type LedgerCommandType = LedgerCommand['type']
