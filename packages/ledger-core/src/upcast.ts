/**
 * Event versions and upcasting, kept apart from the event schemas so that replaying a log (the CLI's replay workers)
 * loads no Schema library: upcasting trusts stored payloads, which their deciders validated when they were written.
 */
import { UnknownEventError } from './errors.ts'
import type { LedgerEvent, LedgerEventType } from './events.ts'
import { normalizeMoney, normalizePercent } from './schemas/normalize.ts'

/** The current schema version of every event type. */
export const CURRENT_VERSIONS: { readonly [K in LedgerEventType]: number } = {
  // v2: Primary data gained `taxOfficeCode`, `birthDate`, `businessStartDate`, `vatRegistrationDate`.
  CompanyRecordSaved: 2,
  CompanyRecordDeleted: 1,
  SettingAdded: 1,
  SettingUpdated: 1,
  SettingDeleted: 1,
  // v2: money as a decimal string (v1 had a JSON number) and `invoiceDate` (absent in v1).
  // v3: the book, VAT-register and KSeF fields (`vatTreatment`, `supplyDate`, `documentNumber`, … see ITEM_V3_DEFAULTS).
  // v4: `documentVat` and `corrects` (VAT as the document states it; the document a correction corrects).
  ItemAdded: 4,
  ItemUpdated: 4,
  ItemDeleted: 1,
  // Frozen-month model (months recorded on first view): read from old histories, never written now.
  MonthGenerated: 1,
  ManualTransactionAdded: 1,
  // v2: keyed by the transaction's identity (a string); v1 had the integer id of a recorded row or a manual row.
  // Completion, acceptance and reminders also carry the amount they concerned.
  TransactionDeleted: 2,
  TransactionCompletedSet: 2,
  TransactionNotificationSet: 2,
  ReminderSent: 2,
  TransactionAcceptedFromEmail: 2,
  // Frozen-month model: read from old histories, never written now (Reset writes TransactionFlagsCleared).
  MonthReset: 1,
  YearReset: 1,
  TransactionFlagsCleared: 1,
  // Bank statements (bank/events.ts).
  BankAccountSaved: 1,
  BankAccountDeleted: 1,
  BankZusAccountSet: 1,
  BankStatementImported: 1,
  BankLineMatched: 1,
  BankLineUnmatched: 1,
  BankRuleSaved: 1,
  BankRuleDeleted: 1,
  // The fixed-asset register.
  AssetEntered: 1,
  AssetImproved: 1,
  AssetDisposed: 1,
  AssetDeleted: 1,
  // Stock-taking (spis z natury).
  InventoryTaken: 1,
  // NBP table A rates for foreign-currency items.
  CurrencyRatesRecorded: 1,
  // A fixed asset's change of use for VAT (art. 91).
  AssetVatUseChanged: 1,
  // Bank: the white list's answer kept as evidence of a payment (bank/whiteList.ts).
  BankWhiteListChecked: 1,
  // Invoices as documents (invoicing/events.ts).
  InvoicingCounterpartySaved: 1,
  InvoicingCounterpartyDeleted: 1,
  InvoicingSeriesSaved: 1,
  InvoicingDraftSaved: 1,
  InvoicingDraftDeleted: 1,
  InvoicingInvoiceIssued: 1,
  // Bank: CSV column mappings the user saved with the books (bank/events.ts).
  BankCsvMappingSaved: 1,
  BankCsvMappingDeleted: 1,
  // The annual return's common items.
  AnnualInputsSet: 1,
  AssetSoldAfterPrivateUse: 1,
  // KSeF: an invoice issued offline (tryby-offline.md).
  KsefOfflineInvoiceMarked: 1,
  // VAT: a refund asked for in a period's declaration.
  VatRefundSet: 1,
}

const LEDGER_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(CURRENT_VERSIONS))

export const isLedgerEventType = (t: string): t is LedgerEventType => LEDGER_EVENT_TYPES.has(t)

type Json = Record<string, unknown>

/** ItemAdded / ItemUpdated v1 → v2: numeric amount and percent become strings; `invoiceDate` appears as `null`. */
const upcastItemV1 = (data: Json): Json => {
  const inner = (data.data ?? {}) as Json
  const amount = normalizeMoney(inner.amount)
  const percent = normalizePercent(inner.percent ?? 0)
  if (amount === null || percent === null) throw new TypeError('ItemAdded v1: amount or percent is not a money value')
  return { ...data, data: { ...inner, amount, percent, invoiceDate: inner.invoiceDate ?? null } }
}

/** The fields item schema v3 added, as an item written before it has them. */
export interface ItemV3Defaults {
  readonly vatTreatment: string
  readonly supplyDate: null
  readonly documentNumber: string
  readonly description: string
  readonly counterparty: null
  readonly kpirColumn: null
  readonly flatRate: null
  readonly ksefNumber: null
  readonly ksefMarker: null
  readonly documentType: null
  readonly gtu: readonly string[]
  readonly procedures: readonly string[]
}

const NO_GTU: readonly string[] = Object.freeze([])
const NO_PROCEDURES: readonly string[] = Object.freeze([])

/**
 * Sets the fields item schema v3 added to their "not given" values, in place: a field already there keeps its place,
 * the others come after the item's own, in this order. Named stores, one per field, where a spread of the defaults
 * copies them one by one generically (a replay of old items spends most of its upcast there).
 */
const setItemV3Defaults = (o: Json): Json => {
  o.vatTreatment = 'rate'
  o.supplyDate = null
  o.documentNumber = ''
  o.description = ''
  o.counterparty = null
  o.kpirColumn = null
  o.flatRate = null
  o.ksefNumber = null
  o.ksefMarker = null
  o.documentType = null
  o.gtu = NO_GTU
  o.procedures = NO_PROCEDURES
  return o
}

/** Sets the fields item schema v4 added to their "not given" values, in place (as `setItemV3Defaults`). */
const setItemV4Defaults = (o: Json): Json => {
  o.documentVat = null
  o.corrects = null
  return o
}

/** The fields item schema v3 added, with the values an item written before it has. */
export const ITEM_V3_DEFAULTS: ItemV3Defaults = Object.freeze(setItemV3Defaults({}) as unknown as ItemV3Defaults)

/** The fields item schema v4 added, with the values an item written before it has. */
export const ITEM_V4_DEFAULTS: { readonly documentVat: null; readonly corrects: null } = Object.freeze(
  setItemV4Defaults({}) as { documentVat: null; corrects: null },
)

/** Every field an item has beyond SPEC's, with its "not given" value (v3 and v4). */
export const ITEM_DEFAULTS = Object.freeze({ ...ITEM_V3_DEFAULTS, ...ITEM_V4_DEFAULTS })

/** ItemAdded / ItemUpdated v2 → v3: the new optional fields appear with their "not given" values. */
const upcastItemV2 = (data: Json): Json => ({ ...data, data: { ...(data.data as Json), ...ITEM_V3_DEFAULTS } })

/** ItemAdded / ItemUpdated v3 → v4: `documentVat` and `corrects` appear as "not given". */
const upcastItemV3 = (data: Json): Json => ({ ...data, data: { ...(data.data as Json), ...ITEM_V4_DEFAULTS } })

/** The step-by-step item upcasters: `ITEM_STEPS[v - 1]` lifts an item payload from version v to v + 1. */
const ITEM_STEPS: readonly ((data: Json) => Json)[] = [upcastItemV1, upcastItemV2, upcastItemV3]

/**
 * The item chain applied step by step from `schemaVersion` (1–3) to the current version: the definition that
 * `upcastItem` must equal (a property test compares the two on generated old items).
 */
export const upcastItemStepwise = (schemaVersion: number, data: Json): Json => {
  let d = data
  for (let v = schemaVersion; v < CURRENT_VERSIONS.ItemAdded; v++) d = ITEM_STEPS[v - 1]!(d)
  return d
}

/**
 * An item payload of version 1–3 lifted to the current version in one step: one copy of the payload and one of its
 * `data`, where the chain makes one of each per step (a replay of a log of v2 items spends a tenth of its time there).
 * The same result as `upcastItemStepwise`, key order included.
 */
const upcastItem = (schemaVersion: number, data: Json): Json =>
  completeItem(schemaVersion, { ...data, data: { ...((data.data ?? {}) as Json) } })

/**
 * `upcastItem` without the copy: completes the payload itself (its `data` object in place, a missing `data` added),
 * for a caller that owns it. Keys keep their places and new ones come after them, so the result equals
 * `upcastItem`'s, key order included.
 */
const completeItem = (schemaVersion: number, data: Json): Json => {
  data.data ??= {}
  const inner = data.data as Json
  if (schemaVersion === 3) setItemV4Defaults(inner)
  else if (schemaVersion === 2) setItemV4Defaults(setItemV3Defaults(inner))
  else {
    const amount = normalizeMoney(inner.amount)
    const percent = normalizePercent(inner.percent ?? 0)
    if (amount === null || percent === null) throw new TypeError('ItemAdded v1: amount or percent is not a money value')
    inner.amount = amount
    inner.percent = percent
    inner.invoiceDate = inner.invoiceDate ?? null
    setItemV4Defaults(setItemV3Defaults(inner))
  }
  return data
}

/** The Primary-data fields CompanyRecordSaved v2 added, with the values a record written before it has. */
export const PRIMARY_V2_DEFAULTS = Object.freeze({
  taxOfficeCode: '',
  birthDate: null,
  businessStartDate: null,
  vatRegistrationDate: null,
})

/** CompanyRecordSaved v1 → v2: Primary data gets its new fields "not given"; other records are unchanged. */
const upcastCompanyV1 = (data: Json): Json =>
  data.dataType === 'Primary' ? { ...data, data: { ...(data.data as Json), ...PRIMARY_V2_DEFAULTS } } : data

/**
 * Transaction flag events v1 → v2: the integer id becomes its digits (the fold resolves digits through the books'
 * map of frozen-model ids to identities, or to the manual row of that id); the amount, unknown in v1, is `null`
 * (the fold then takes the amount of the recorded row the flag was set on).
 */
const V1_FLAG_EVENTS: Readonly<Record<string, (data: Json) => Json>> = {
  TransactionDeleted: (d) => ({ id: String(d.id) }),
  TransactionCompletedSet: (d) => ({ id: String(d.id), completed: d.completed, amount: null }),
  TransactionNotificationSet: (d) => ({ id: String(d.id), notification: d.notification }),
  ReminderSent: (d) => ({ id: String(d.id), amount: null }),
  TransactionAcceptedFromEmail: (d) => ({ id: String(d.id), amount: null }),
}

/**
 * Lifts a stored event of any known version to the current event. Trusts the stored payload otherwise (it was
 * validated by the decider that produced it): no Schema decoding here, so replaying a long stream stays cheap.
 * Use `decodeLedgerEvent` to validate foreign input.
 * @throws UnknownEventError for an unknown type or a version newer than the current one.
 */
const isOldItem = (type: string, schemaVersion: number): boolean =>
  (type === 'ItemAdded' || type === 'ItemUpdated') && schemaVersion >= 1 && schemaVersion <= 3

export const upcast = (type: string, schemaVersion: number, data: unknown): LedgerEvent => {
  // Old items first: the bulk of an old log.
  if (isOldItem(type, schemaVersion)) return { type, data: upcastItem(schemaVersion, data as Json) } as LedgerEvent
  if (!isLedgerEventType(type)) throw new UnknownEventError(type, schemaVersion)
  const current = CURRENT_VERSIONS[type]
  if (schemaVersion === current) return { type, data } as LedgerEvent
  if (type === 'CompanyRecordSaved' && schemaVersion === 1)
    return { type, data: upcastCompanyV1(data as Json) } as LedgerEvent
  const flagV1 = schemaVersion === 1 ? V1_FLAG_EVENTS[type] : undefined
  if (flagV1) return { type, data: flagV1(data as Json) } as LedgerEvent
  throw new UnknownEventError(type, schemaVersion)
}

/**
 * `upcast` for a caller that owns `data` (parsed for it alone, as a replay's reads are): an old item's payload is
 * completed in place instead of copied (a log of old items spends a tenth of its replay copying them). The same
 * event as `upcast`'s, key order included; `data` is the event's afterwards and must not be used otherwise.
 */
export const upcastOwned = (type: string, schemaVersion: number, data: unknown): LedgerEvent =>
  isOldItem(type, schemaVersion)
    ? ({ type, data: completeItem(schemaVersion, data as Json) } as LedgerEvent)
    : upcast(type, schemaVersion, data)
