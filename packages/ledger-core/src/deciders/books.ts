/**
 * The books decider: `decideWith(command, state, lookup)` → the events the command produces, or a `DomainError`.
 * Pure and deterministic: ids come from `state.nextId`, time from the command. An empty array means "nothing to
 * do" (e.g. toggling a flag to the value it already has, accepting a row already paid, resetting a month without
 * flags). Commands about a transaction find its row as the books show it now through `lookup` (the projections'
 * `transactionLookup`, asked only by those commands), so a flag always lands on the row's identity and a completion
 * records the amount the user saw. The decider itself reads only the books state: it derives no view, and imports
 * nothing of the projections (`decide` in `../decide.ts` joins the two).
 */
import { canonicalJson } from '../canonical.ts'
import type { LedgerCommand } from '../commands.ts'
import { type DomainError, domainError, type FieldError } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { parseTransactionId, type TransactionId } from '../identity.ts'
import {
  type DataType,
  isCompanyDataType,
  isItemDataType,
  isSettingKind,
  type CompanyDataType,
} from '../schemas/records.ts'
import { validateManualTransaction, validateRecord } from '../schemas/validate.ts'
import { addMonthsToMonth, dateInPoland, isLocalDate, isYearMonth, monthsBetween } from '../calendar.ts'
import { isDateInBounds, notADateMessage } from '../schemas/bounds.ts'
import { formatMoney } from '../money.ts'
import { absurd, type YearMonthString } from '../types.ts'
import { decideAsset } from './assets.ts'
import { decideRates, withCurrencyPayments } from './currency.ts'
import { validItem } from './validItem.ts'
import { decideAssetVatUse } from './assetVatUse.ts'
import { decideAnnualInputs } from './annualInputs.ts'
import { decideVatRefund } from './vatRefund.ts'
import { decideKsefOffline } from './ksefOffline.ts'
import { decideSetUp } from './setup.ts'
import { planDocuments } from './documents.ts'
import { outstandingOf, remainingOf } from '../model/paid.ts'
import type { BooksState, RecordState } from '../model/state.ts'
import { decideBank } from '../bank/decide.ts'
import { BANK_COMMANDS, type BankCommand } from '../bank/commands.ts'
import { INVOICING_COMMANDS, type InvoicingCommand } from '../invoicing/commands.ts'
import { decideInvoicing, invoiceItemGuard } from '../invoicing/decide.ts'

export * from '../model/state.ts'
export type { BooksLookup, TransactionFacts } from '../model/lookup.ts'
import type { BooksLookup, TransactionFacts } from '../model/lookup.ts'
export { booksFolder, evolve, foldBooks } from '../model/evolve.ts'
export { CowDraft, CowMap } from '../model/cowMap.ts'
export { canonicalJson } from '../canonical.ts'
export { isDomainError } from '../errors.ts'
export * from './documents.ts'
export { decideRates, withConversion } from './currency.ts'
export { AnnualInputsMessages, validateAnnualInputs } from './annualInputs.ts'
export { VatRefundMessages, validateVatRefund } from './vatRefund.ts'
export { KsefOfflineMessages } from './ksefOffline.ts'
export { SetUpMessages } from './setup.ts'
export { AssetMessages, decideAsset, individualMinimumOf, validateAssetEntry, validateInventory } from './assets.ts'

/**
 * How far from `today` a month may be viewed or reset (100 years either way): a month's view runs the tax engine
 * over every month up to it, so an absurd month (year 9999) would be a costly request with a meaningless result.
 */
export const MAX_MONTHS_FROM_TODAY = 1200

/** The field errors of a month asked for on `today` (format, and distance from today); empty when it is fine. */
export const monthRequestErrors = (month: string, today: string): FieldError[] => {
  const errors: FieldError[] = []
  if (!isYearMonth(month))
    errors.push({ field: 'month', code: 'INVALID_DATE', message: 'Month must be in format yyyy-mm' })
  if (!isLocalDate(today))
    errors.push({ field: 'today', code: 'INVALID_DATE', message: 'Date must be a date in format yyyy-mm-dd' })
  if (errors.length === 0 && Math.abs(monthsBetween(today.slice(0, 7), month)) > MAX_MONTHS_FROM_TODAY)
    errors.push({ field: 'month', code: 'INVALID_DATE', message: 'Month is too far from today' })
  return errors
}

const validationError = (errors: readonly FieldError[]): DomainError =>
  domainError(errors[0]?.code === 'UNKNOWN_DATA_TYPE' ? 'UNKNOWN_DATA_TYPE' : 'VALIDATION', errors[0]?.message, errors)

/** A live (or deleted) record of the wanted type, or the error to return. */
const findRecord = (
  state: BooksState,
  id: number,
  accepts: (t: DataType) => boolean,
  dataType?: DataType,
): RecordState | DomainError => {
  const r = Number.isSafeInteger(id) ? state.records.get(id) : undefined
  if (!r || !accepts(r.dataType) || (dataType !== undefined && r.dataType !== dataType)) return domainError('NOT_FOUND')
  if (r.deleted) return domainError('ALREADY_DELETED')
  return r
}

const isRecordState = (x: RecordState | DomainError): x is RecordState => 'dataType' in x

/** STALE_VERSION when the command names a version other than the record's (0: the record must not exist yet). */
const stale = (expected: number | undefined, record: RecordState | undefined): DomainError | null =>
  expected === undefined || expected === (record?.version ?? 0) ? null : domainError('STALE_VERSION')

/** The record a command changes as its sender last saw it: missing, deleted or of a newer version is an error. */
const recordToChange = (
  state: BooksState,
  id: number,
  accepts: (t: DataType) => boolean,
  dataType: DataType | undefined,
  expectedVersion: number | undefined,
): RecordState | DomainError => {
  const r = findRecord(state, id, accepts, dataType)
  if (!isRecordState(r)) return r
  return stale(expectedVersion, r) ?? r
}

const liveCompanyRecord = (state: BooksState, dataType: CompanyDataType): RecordState | undefined => {
  for (const r of state.records.values()) if (r.dataType === dataType && !r.deleted) return r
  return undefined
}

type RecordCommand = Extract<
  LedgerCommand,
  {
    type:
      | 'SaveCompanyRecord'
      | 'DeleteCompanyRecord'
      | 'AddSetting'
      | 'UpdateSetting'
      | 'DeleteSetting'
      | 'AddItem'
      | 'UpdateItem'
      | 'DeleteItem'
  }
>

export const decideWith = (
  command: LedgerCommand,
  state: BooksState,
  lookup: BooksLookup,
): LedgerEvent[] | DomainError => withCurrencyPayments(state, decideCommand(command, state, lookup))

/** The company data, settings and items: a record added, changed (only when it changes) or deleted. */
const decideRecord = (command: RecordCommand, state: BooksState): LedgerEvent[] | DomainError => {
  switch (command.type) {
    case 'SaveCompanyRecord': {
      if (!isCompanyDataType(command.dataType)) return domainError('UNKNOWN_DATA_TYPE')
      let target: RecordState | undefined
      if (command.id !== undefined && command.id !== 0) {
        const r = findRecord(state, command.id, isCompanyDataType, command.dataType)
        if (!isRecordState(r)) return r
        target = r
      } else target = liveCompanyRecord(state, command.dataType)
      const staleError = stale(command.expectedVersion, target)
      if (staleError) return staleError
      const v = validateRecord(command.dataType, command.data)
      if (!v.ok) return validationError(v.errors)
      if (target && canonicalJson(target.data) === canonicalJson(v.value)) return domainError('NO_CHANGES')
      const id = target?.id ?? state.nextId
      return [{ type: 'CompanyRecordSaved', data: { id, dataType: command.dataType, data: v.value } } as LedgerEvent]
    }
    case 'DeleteCompanyRecord': {
      const r = recordToChange(state, command.id, isCompanyDataType, command.dataType, command.expectedVersion)
      if (!isRecordState(r)) return r
      return [{ type: 'CompanyRecordDeleted', data: { id: r.id, dataType: r.dataType as CompanyDataType } }]
    }
    case 'AddSetting': {
      if (!isSettingKind(command.kind)) return domainError('UNKNOWN_DATA_TYPE')
      const v = validateRecord(command.kind, command.data)
      if (!v.ok) return validationError(v.errors)
      return [{ type: 'SettingAdded', data: { id: state.nextId, kind: command.kind, data: v.value } } as LedgerEvent]
    }
    case 'UpdateSetting': {
      if (!isSettingKind(command.kind)) return domainError('UNKNOWN_DATA_TYPE')
      const r = recordToChange(state, command.id, isSettingKind, command.kind, command.expectedVersion)
      if (!isRecordState(r)) return r
      const v = validateRecord(command.kind, command.data)
      if (!v.ok) return validationError(v.errors)
      if (canonicalJson(r.data) === canonicalJson(v.value)) return domainError('NO_CHANGES')
      return [{ type: 'SettingUpdated', data: { id: r.id, kind: command.kind, data: v.value } } as LedgerEvent]
    }
    case 'DeleteSetting': {
      const r = recordToChange(state, command.id, isSettingKind, command.kind, command.expectedVersion)
      if (!isRecordState(r)) return r
      return [{ type: 'SettingDeleted', data: { id: r.id, kind: r.dataType as 'Vat' | 'Pit' | 'SocialSecurity' } }]
    }
    case 'AddItem': {
      if (!isItemDataType(command.dataType)) return domainError('UNKNOWN_DATA_TYPE')
      const c = validItem(state, command.dataType, command.data)
      if (!c.ok) return validationError(c.errors)
      return [
        { type: 'ItemAdded', data: { id: state.nextId, dataType: command.dataType, data: c.value } } as LedgerEvent,
      ]
    }
    case 'UpdateItem': {
      if (!isItemDataType(command.dataType)) return domainError('UNKNOWN_DATA_TYPE')
      const r = recordToChange(state, command.id, isItemDataType, command.dataType, command.expectedVersion)
      if (!isRecordState(r)) return r
      const c = validItem(state, command.dataType, command.data)
      if (!c.ok) return validationError(c.errors)
      if (canonicalJson(r.data) === canonicalJson(c.value)) return domainError('NO_CHANGES')
      const invoiceError = invoiceItemGuard(state, r.id, c.value)
      if (invoiceError) return invoiceError
      return [{ type: 'ItemUpdated', data: { id: r.id, dataType: command.dataType, data: c.value } } as LedgerEvent]
    }
    case 'DeleteItem': {
      const r = recordToChange(state, command.id, isItemDataType, command.dataType, command.expectedVersion)
      if (!isRecordState(r)) return r
      const invoiceError = invoiceItemGuard(state, r.id, undefined)
      if (invoiceError) return invoiceError
      return [
        {
          type: 'ItemDeleted',
          data: { id: r.id, dataType: r.dataType as 'Income' | 'RecurringIncome' | 'Expense' | 'RecurringExpense' },
        },
      ]
    }
  }
}

/** A row's paid and notified flags: an event only for what changes. */
const decideFlags = (
  command: Extract<LedgerCommand, { type: 'SetTransactionFlags' }>,
  state: BooksState,
  lookup: BooksLookup,
): LedgerEvent[] | DomainError => {
  const paidOn = command.paidOn
  if (paidOn !== undefined) {
    if (typeof paidOn !== 'string' || !isLocalDate(paidOn) || !isDateInBounds(paidOn))
      return validationError([
        {
          field: 'paidOn',
          code: 'INVALID_DATE',
          message: notADateMessage('Paid on', paidOn, 'Paid on must be a date in format yyyy-mm-dd'),
        },
      ])
    if (command.completed !== true)
      return validationError([
        { field: 'paidOn', code: 'VALIDATION', message: 'Paid on is given only when marking a row paid' },
      ])
    // A payment is a fact: a day still to come would deduct a contribution before it was paid (the PIT advance of
    // the month it names would fall).
    const at = new Date(command.at)
    if (!Number.isNaN(at.getTime()) && paidOn > dateInPoland(at))
      return validationError([{ field: 'paidOn', code: 'INVALID_DATE', message: 'Paid on cannot be later than today' }])
  }
  const found = liveTransaction(state, lookup, command.id)
  if ('code' in found) return found
  const { row, flags } = found
  const out: LedgerEvent[] = []
  const remaining = remainingOf(row, flags)
  // Completing again a completed row whose amount changed since records that the new amount is paid; one
  // completed on another day records the day.
  if (
    command.completed === true &&
    (!flags?.completed ||
      (remaining !== null && remaining !== '0.00') ||
      (paidOn !== undefined && paidOn !== flags.paidOn))
  )
    out.push({
      type: 'TransactionCompletedSet',
      data: {
        id: row.id,
        completed: true,
        amount: row.dataObject.sum,
        ...(paidOn === undefined ? {} : { paidOn }),
      },
    })
  if (command.completed === false && flags?.completed)
    out.push({ type: 'TransactionCompletedSet', data: { id: row.id, completed: false, amount: null } })
  if (typeof command.notification === 'boolean' && command.notification !== (flags?.notification ?? false))
    out.push({ type: 'TransactionNotificationSet', data: { id: row.id, notification: command.notification } })
  return out
}

const decideCommand = (command: LedgerCommand, state: BooksState, lookup: BooksLookup): LedgerEvent[] | DomainError => {
  if (BANK_COMMANDS.has(command.type)) return decideBank(command as BankCommand, state)
  if (INVOICING_COMMANDS.has(command.type)) return decideInvoicing(command as InvoicingCommand, state)
  switch (command.type) {
    case 'SaveCompanyRecord':
    case 'DeleteCompanyRecord':
    case 'AddSetting':
    case 'UpdateSetting':
    case 'DeleteSetting':
    case 'AddItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return decideRecord(command, state)
    case 'ImportDocuments': {
      const plan = planDocuments(state, command.documents)
      const refused = plan.outcomes.findIndex((o) => !o.ok)
      if (refused >= 0) {
        const o = plan.outcomes[refused] as Extract<(typeof plan.outcomes)[number], { ok: false }>
        return domainError(
          o.code,
          o.errors[0]?.message,
          o.errors.map((e) => ({ ...e, field: `documents.${refused}.${e.field}` })),
        )
      }
      return [...plan.events]
    }
    case 'SetTransactionFlags':
      return decideFlags(command, state, lookup)
    case 'AddManualTransaction': {
      const v = validateManualTransaction(command.data)
      if (!v.ok) return validationError(v.errors)
      return [{ type: 'ManualTransactionAdded', data: { id: state.nextId, data: v.value } }]
    }
    case 'DeleteTransaction': {
      const p = parseTransactionId(command.id)
      const manual = p?.kind === 'number' ? state.manual.get(p.id) : undefined
      if (manual) {
        if (manual.deleted) return domainError('ALREADY_DELETED')
        return [{ type: 'TransactionDeleted', data: { id: String(manual.id) } }]
      }
      const found = lookup.transaction(command.id)
      if (!found) return domainError('NOT_FOUND')
      if (found.flags?.hidden) return domainError('ALREADY_DELETED')
      return [{ type: 'TransactionDeleted', data: { id: found.row.id } }]
    }
    case 'RecordReminderSent': {
      const found = liveTransaction(state, lookup, command.id)
      if ('code' in found) return found
      const { row, flags } = found
      const owed = outstandingOf(row, flags)
      const sent = flags?.completed ? flags.remainderReminded : (flags?.notificationCompleted ?? false)
      if (sent || owed <= 0n) return []
      return [{ type: 'ReminderSent', data: { id: row.id, amount: formatMoney(owed) } }]
    }
    case 'AcceptFromEmail': {
      const found = liveTransaction(state, lookup, command.id)
      if ('code' in found) return found
      const { row, flags } = found
      if (flags?.completed && outstandingOf(row, flags) <= 0n) return []
      return [{ type: 'TransactionAcceptedFromEmail', data: { id: row.id, amount: row.dataObject.sum } }]
    }
    case 'ResetMonth': {
      if (!isYearMonth(command.month))
        return validationError([{ field: 'month', code: 'INVALID_DATE', message: 'Month must be in format yyyy-mm' }])
      const ids = flaggedIn(state, lookup, (m) => m === command.month)
      return ids.length === 0
        ? []
        : [{ type: 'TransactionFlagsCleared', data: { scope: 'month', period: command.month, ids } }]
    }
    case 'ResetYear': {
      if (!Number.isSafeInteger(command.year) || command.year < 1 || command.year > 9999)
        return validationError([{ field: 'year', code: 'INVALID_INTEGER', message: 'Year is not valid' }])
      const year = String(command.year).padStart(4, '0')
      const ids = flaggedIn(state, lookup, (m) => m.startsWith(`${year}-`))
      return ids.length === 0 ? [] : [{ type: 'TransactionFlagsCleared', data: { scope: 'year', period: year, ids } }]
    }
    case 'EnterAsset':
    case 'ImproveAsset':
    case 'DisposeAsset':
    case 'DeleteAsset':
    case 'RecordInventory':
    case 'SellAssetAfterPrivateUse':
      return decideAsset(command, state)
    case 'RecordCurrencyRates':
      return decideRates(command, state)
    case 'ChangeAssetVatUse':
      return decideAssetVatUse(command, state)
    case 'SetAnnualInputs':
      return decideAnnualInputs(command, state)
    case 'MarkKsefOffline':
      return decideKsefOffline(command, state)
    case 'SetVatRefund':
      return decideVatRefund(command, state)
    case 'SetUpBooks':
      return decideSetUp(command, state, (c, s) => decideCommand(c, s, lookup))
    default:
      return absurd(command as never)
  }
}

/** The row of a transaction as the books show it now, or NOT_FOUND / ALREADY_DELETED (hidden or deleted). */
const liveTransaction = (state: BooksState, lookup: BooksLookup, id: unknown): TransactionFacts | DomainError => {
  const p = parseTransactionId(id)
  if (p?.kind === 'number' && state.manual.get(p.id)?.deleted) return domainError('ALREADY_DELETED')
  const found = lookup.transaction(id)
  if (!found) return domainError('NOT_FOUND')
  if (found.flags?.hidden) return domainError('ALREADY_DELETED')
  return found
}

/**
 * The identities with flags whose month (on the monthly dashboard) passes `inScope`: an occurrence's cash month, a
 * tax period's due month, a manual row's month. Flags of rows no longer shown (a deleted item's occurrences) count
 * by their identity's month, so a Reset leaves nothing of the month behind.
 */
const flaggedIn = (
  state: BooksState,
  lookup: BooksLookup,
  inScope: (month: YearMonthString) => boolean,
): TransactionId[] => {
  const out: TransactionId[] = []
  for (const id of state.flags.keys()) {
    const p = parseTransactionId(id)
    let month: YearMonthString | null = null
    if (p?.kind === 'item') month = p.month
    else if (p?.kind === 'number') month = state.manual.get(p.id)?.month ?? null
    else if (p?.kind === 'tax') {
      const due = lookup.taxDueDate(id, p.to)
      month = due ? due.slice(0, 7) : addMonthsToMonth(p.to, 1)
    }
    if (month !== null && inScope(month)) out.push(id)
  }
  return out.sort()
}
