/**
 * `evolve` and `foldBooks`. The state's maps are persistent (`CowMap`); the fold mutates a private draft of them
 * (each bucket copied at most once from the starting state) and exposes the result as an immutable `BooksState`.
 * Record and flag objects inherited from an earlier state are never mutated, only replaced (states share them
 * safely); objects the draft created itself and nobody has seen yet are updated in place, so a run of updates of
 * one record or flag costs no allocation. One event costs a map lookup and write: no decoding, no decimal
 * arithmetic, no copying of the books, and no derivation (rows are derived on read, `projections/`).
 *
 * Old histories (the frozen-month model) are folded too: `MonthGenerated` maps each recorded row's integer id to the
 * row's identity (`legacyIds`), so flag events keyed by those ids — upcast to their digits — land on the identity,
 * and a completion takes the recorded row's amount as the amount paid.
 */
import type { LedgerEvent } from '../events.ts'
import { itemOccurrenceId, type TransactionId, taxObligationId } from '../identity.ts'
import type { DataType } from '../schemas/records.ts'
import type { GeneratedRow } from '../schemas/transaction.ts'
import { absurd, type LocalDateString, type MoneyString, type YearMonthString } from '../types.ts'
import { type AssetState, foldAsset } from '../assets/fold.ts'
import type { AnnualInputs } from '../schemas/annualInputs.ts'
import type { VatRefund } from '../schemas/vatRefund.ts'
import type { Inventory } from '../schemas/asset.ts'
import { type CowDraft, CowMap } from './cowMap.ts'
import type {
  BooksState,
  KsefOfflineMark,
  LegacyMonthState,
  LegacyRow,
  ManualTransactionState,
  RecordState,
  TransactionFlagsState,
} from './state.ts'
import { initialBooks, isBlankFlags, noFlags } from './state.ts'
import { applyBank, isBankEvent } from '../bank/fold.ts'
import { initialRates, type RatesState, withTables } from '../tax/currency.ts'
import { type BankDraft, type BankState, bankDraftOf, freezeBank, initialBank } from '../bank/state.ts'
import {
  applyInvoicing,
  freezeInvoicing,
  initialInvoicing,
  type InvoicingDraft,
  type InvoicingState,
  invoicingDraftOf,
  invoicingEventId,
  isInvoicingEvent,
} from '../invoicing/state.ts'

interface Draft {
  nextId: number
  records: CowDraft<number, RecordState>
  manual: CowDraft<number, ManualTransactionState>
  flags: CowDraft<TransactionId, TransactionFlagsState>
  legacyIds: CowDraft<number, LegacyRow>
  legacyMonths: CowDraft<YearMonthString, LegacyMonthState>
  /** The bank state as it was, and its draft once a bank event arrives (most folds never touch it). */
  bankFrom: BankState
  bank: BankDraft | null
  assets: CowDraft<number, AssetState>
  inventories: CowDraft<string, Inventory>
  rates: RatesState | undefined
  /** The invoicing state as it was, and its draft once an invoicing event arrives. */
  invoicingFrom: InvoicingState
  invoicing: InvoicingDraft | null
  annualInputs: CowDraft<number, AnnualInputs>
  /** Offline invoices as they were, and a copy once a mark arrives (few, and rarely changed). */
  ksefOffline: ReadonlyMap<number, KsefOfflineMark> | undefined
  /** Refunds as they were, and a copy once one is set (few, and rarely changed). */
  vatRefunds: ReadonlyMap<YearMonthString, VatRefund> | undefined
  eventCount: number
  /** Ids whose record object this draft created (safe to update in place until the draft is frozen). */
  ownRecords: Set<number>
  /** Identities whose flags object this draft created. */
  ownFlags: Set<TransactionId>
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

const draftOf = (s: BooksState): Draft => ({
  nextId: s.nextId,
  records: CowMap.of(s.records).draft(),
  manual: CowMap.of(s.manual).draft(),
  flags: CowMap.of(s.flags).draft(),
  legacyIds: CowMap.of(s.legacyIds).draft(),
  legacyMonths: CowMap.of(s.legacyMonths).draft(),
  bankFrom: s.bank ?? initialBank,
  bank: null,
  assets: CowMap.of(s.assets).draft(),
  inventories: CowMap.of(s.inventories).draft(),
  rates: s.rates,
  invoicingFrom: s.invoicing ?? initialInvoicing,
  invoicing: null,
  annualInputs: CowMap.of(s.annualInputs ?? new Map<number, AnnualInputs>()).draft(),
  ksefOffline: s.ksefOffline,
  vatRefunds: s.vatRefunds,
  eventCount: s.eventCount,
  ownRecords: new Set(),
  ownFlags: new Set(),
})

/** The immutable state of the draft; the draft stays usable (it copies again what it changes next). */
const freeze = (d: Draft): BooksState => {
  d.ownRecords.clear()
  d.ownFlags.clear()
  return {
    nextId: d.nextId,
    records: d.records.freeze(),
    manual: d.manual.freeze(),
    flags: d.flags.freeze(),
    legacyIds: d.legacyIds.freeze(),
    legacyMonths: d.legacyMonths.freeze(),
    bank: d.bank ? freezeBank(d.bank) : d.bankFrom,
    assets: d.assets.freeze(),
    inventories: d.inventories.freeze(),
    ...(d.rates ? { rates: d.rates } : {}),
    invoicing: d.invoicing ? freezeInvoicing(d.invoicing) : d.invoicingFrom,
    annualInputs: d.annualInputs.freeze(),
    ...(d.ksefOffline ? { ksefOffline: d.ksefOffline } : {}),
    ...(d.vatRefunds ? { vatRefunds: d.vatRefunds } : {}),
    eventCount: d.eventCount,
  }
}

const seeId = (d: Draft, id: number) => {
  if (id >= d.nextId) d.nextId = id + 1
}

const saveRecord = (d: Draft, id: number, dataType: DataType, data: unknown) => {
  const before = d.records.get(id)
  if (before && d.ownRecords.has(id)) {
    const m = before as Mutable<RecordState>
    m.verb = before.deleted ? 'add' : 'update'
    m.dataType = dataType
    m.data = data as RecordState['data']
    m.deleted = false
    m.version++
    return
  }
  d.ownRecords.add(id)
  d.records.set(id, {
    id,
    dataType,
    data: data as RecordState['data'],
    deleted: false,
    verb: before && !before.deleted ? 'update' : 'add',
    version: (before?.version ?? 0) + 1,
  })
  seeId(d, id)
}

const deleteRecord = (d: Draft, id: number) => {
  const before = d.records.get(id)
  if (!before) return
  if (d.ownRecords.has(id)) {
    const m = before as Mutable<RecordState>
    m.deleted = true
    m.verb = 'delete'
    m.version++
    return
  }
  d.ownRecords.add(id)
  d.records.set(id, {
    id,
    dataType: before.dataType,
    data: before.data,
    deleted: true,
    verb: 'delete',
    version: before.version + 1,
  })
}

/** Digits name a frozen-model row (mapped to its identity) or a manual row; anything else is an identity. */
const resolve = (d: Draft, id: TransactionId): { key: TransactionId; legacy: LegacyRow | undefined } => {
  const c = id.charCodeAt(0)
  if (c < 48 || c > 57) return { key: id, legacy: undefined }
  const legacy = d.legacyIds.get(Number(id))
  return legacy ? { key: legacy.id, legacy } : { key: id, legacy: undefined }
}

/** Changes the flags of one transaction (a writable copy made once per draft); blank flags are dropped. */
const updateFlags = (d: Draft, key: TransactionId, change: (f: Mutable<TransactionFlagsState>) => void) => {
  const before = d.flags.get(key)
  let f: Mutable<TransactionFlagsState>
  if (before && d.ownFlags.has(key)) f = before as Mutable<TransactionFlagsState>
  else {
    f = { ...(before ?? noFlags(key)) }
    d.ownFlags.add(key)
  }
  change(f)
  if (isBlankFlags(f)) {
    d.flags.delete(key)
    d.ownFlags.delete(key)
  } else if (f !== before) d.flags.set(key, f)
}

const complete = (d: Draft, id: TransactionId, amount: MoneyString | null, paidOn: LocalDateString | null = null) => {
  const { key, legacy } = resolve(d, id)
  updateFlags(d, key, (f) => {
    f.completed = true
    f.paidAmount = amount ?? legacy?.sum ?? null
    // A completion that does not say the day keeps the day an earlier completion said (a remainder paid later); the
    // day of a partial payment before it is not the day the row was paid.
    f.paidOn = paidOn ?? (f.completed ? f.paidOn : null)
    f.remainderReminded = false
  })
}

/** The identity of a row the frozen-month model recorded (from its origin: item and month, or tax and period). */
export const identityOfRecordedRow = (row: GeneratedRow): TransactionId => {
  const o = row.dataObject
  switch (row.eventType) {
    case '1_Revenue':
    case '2_Fee':
      return itemOccurrenceId(o.itemId ?? 0, row.date.slice(0, 7))
    case '3_Vat':
    case '4_Pit':
    case '5_SocialSecurity': {
      const kind = row.eventType === '3_Vat' ? 'VAT' : row.eventType === '4_Pit' ? 'PIT' : 'SocialSecurity'
      const from = o.period?.from ?? row.date.slice(0, 7)
      return taxObligationId(kind, from, o.period?.to ?? from)
    }
  }
}

/** Frozen-model reset of a recorded month: its rows' flags were dropped with the rows. */
const dropLegacyMonth = (d: Draft, month: YearMonthString) => {
  const m = d.legacyMonths.get(month)
  if (!m) return
  for (const id of m.ids) {
    d.flags.delete(id)
    d.ownFlags.delete(id)
  }
  d.legacyMonths.delete(month)
}

/** Applies one event to the draft in place. */
const apply = (d: Draft, e: LedgerEvent) => {
  d.eventCount++
  switch (e.type) {
    case 'CompanyRecordSaved':
      return saveRecord(d, e.data.id, e.data.dataType, e.data.data)
    case 'SettingAdded':
    case 'SettingUpdated':
      return saveRecord(d, e.data.id, e.data.kind, e.data.data)
    case 'ItemAdded':
    case 'ItemUpdated':
      return saveRecord(d, e.data.id, e.data.dataType, e.data.data)
    case 'CompanyRecordDeleted':
    case 'SettingDeleted':
    case 'ItemDeleted':
      return deleteRecord(d, e.data.id)
    case 'MonthGenerated': {
      // A recording replaced an earlier one with cleared flags (the frozen model never did so without a reset).
      dropLegacyMonth(d, e.data.month)
      const ids: TransactionId[] = []
      for (const row of e.data.rows) {
        const id = identityOfRecordedRow(row)
        ids.push(id)
        seeId(d, row.id)
        d.legacyIds.set(row.id, { id, month: e.data.month, sum: row.dataObject.sum })
      }
      d.legacyMonths.set(e.data.month, { month: e.data.month, generatedOn: e.data.generatedOn, ids })
      return
    }
    case 'ManualTransactionAdded':
      seeId(d, e.data.id)
      d.manual.set(e.data.id, {
        id: e.data.id,
        month: e.data.data.date.slice(0, 7),
        data: e.data.data,
        deleted: false,
      })
      return
    case 'TransactionDeleted': {
      const { key } = resolve(d, e.data.id)
      const manual = d.manual.get(Number(key))
      if (manual && String(manual.id) === key) {
        d.manual.set(manual.id, { ...manual, deleted: true })
        return
      }
      return updateFlags(d, key, (f) => {
        f.hidden = true
      })
    }
    case 'TransactionCompletedSet':
      if (e.data.completed) return complete(d, e.data.id, e.data.amount, e.data.paidOn ?? null)
      // Open again; with an amount, partly paid: what the bank lines matched to it paid so far, and the last day.
      return updateFlags(d, resolve(d, e.data.id).key, (f) => {
        f.completed = false
        f.paidAmount = e.data.amount
        f.paidOn = e.data.amount === null ? null : (e.data.paidOn ?? null)
        f.remainderReminded = false
      })
    case 'TransactionAcceptedFromEmail':
      return complete(d, e.data.id, e.data.amount)
    case 'TransactionNotificationSet':
      return updateFlags(d, resolve(d, e.data.id).key, (f) => {
        f.notification = e.data.notification
      })
    case 'ReminderSent':
      return updateFlags(d, resolve(d, e.data.id).key, (f) => {
        if (f.completed) f.remainderReminded = true
        else f.notificationCompleted = true
      })
    case 'TransactionFlagsCleared':
      for (const id of e.data.ids) {
        const { key } = resolve(d, id)
        d.flags.delete(key)
        d.ownFlags.delete(key)
      }
      return
    case 'MonthReset':
      return dropLegacyMonth(d, e.data.month)
    case 'YearReset': {
      const prefix = `${String(e.data.year).padStart(4, '0')}-`
      for (const month of [...d.legacyMonths.keys()]) if (month.startsWith(prefix)) dropLegacyMonth(d, month)
      return
    }
    case 'AssetEntered':
    case 'AssetImproved':
    case 'AssetDisposed':
    case 'AssetDeleted':
    case 'AssetVatUseChanged':
    case 'AssetSoldAfterPrivateUse': {
      if (e.type === 'AssetEntered') seeId(d, e.data.id)
      // Asset objects are never changed in place: states share them.
      const after = foldAsset(d.assets.get(e.data.id), e)
      if (after) d.assets.set(e.data.id, after)
      return
    }
    case 'InventoryTaken':
      d.inventories.set(`${e.data.data.year}:${e.data.data.kind}`, e.data.data)
      return
    case 'CurrencyRatesRecorded':
      d.rates = withTables(d.rates ?? initialRates, e.data.tables, e.data.from, e.data.to, e.data.table ?? 'A')
      return
    case 'AnnualInputsSet':
      d.annualInputs.set(e.data.data.year, e.data.data)
      return
    case 'KsefOfflineInvoiceMarked':
      // A new map each time: states share the old one.
      d.ksefOffline = new Map(d.ksefOffline).set(e.data.itemId, e.data)
      return
    case 'VatRefundSet': {
      // A new map each time: states share the old one (and the tax engine restarts from the month that differs).
      const refunds = new Map(d.vatRefunds)
      if (e.data.refund === null) refunds.delete(e.data.month)
      else refunds.set(e.data.month, e.data.refund)
      d.vatRefunds = refunds.size > 0 ? refunds : undefined
      return
    }
    default:
      if (isBankEvent(e)) {
        // Accounts and rules take their ids from the books' one counter.
        if (e.type === 'BankAccountSaved' || e.type === 'BankRuleSaved' || e.type === 'BankCsvMappingSaved')
          seeId(d, e.data.id)
        d.bank ??= bankDraftOf(d.bankFrom)
        return applyBank(d.bank, e)
      }
      if (isInvoicingEvent(e)) {
        const id = invoicingEventId(e)
        if (id !== null) seeId(d, id)
        d.invoicing ??= invoicingDraftOf(d.invoicingFrom)
        return applyInvoicing(d.invoicing, e)
      }
      absurd(e)
  }
}

/**
 * The state after one event. Copies only the touched buckets of the persistent maps (about 1/64 of a map), so it
 * is cheap even on large books; `foldBooks` is still faster for many events (each bucket is copied at most once).
 */
export const evolve = (state: BooksState, event: LedgerEvent): BooksState => {
  const d = draftOf(state)
  apply(d, event)
  return freeze(d)
}

/** Folds events into books, starting from `from` (default: empty books). `from` is never modified. */
export const foldBooks = (events: Iterable<LedgerEvent>, from: BooksState = initialBooks): BooksState => {
  const d = draftOf(from)
  for (const e of events) apply(d, e)
  return freeze(d)
}

/** A reusable folder for streaming input: feed events one by one, read the state at any time (cheap). */
export const booksFolder = (from: BooksState = initialBooks) => {
  const d = draftOf(from)
  let frozen: BooksState | null = null
  return {
    push(e: LedgerEvent) {
      frozen = null
      apply(d, e)
    },
    state(): BooksState {
      frozen ??= freeze(d)
      return frozen
    },
  }
}
