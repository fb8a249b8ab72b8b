/**
 * The books decider: `decide(command, state)` → the events the command produces, or a `DomainError`.
 * Pure and deterministic: ids come from `state.nextId`, time from the command. An empty array means "nothing to
 * do" (e.g. toggling a flag to the value it already has, generating a month twice, accepting a completed row).
 */
import { canonicalJson } from '../canonical.ts'
import type { LedgerCommand } from '../commands.ts'
import { type DomainError, domainError, type FieldError } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { generateMonthRows } from '../projections/month.ts'
import {
  type DataType,
  isCompanyDataType,
  isItemDataType,
  isSettingKind,
  type CompanyDataType,
} from '../schemas/records.ts'
import { validateManualTransaction, validateRecord } from '../schemas/validate.ts'
import { isLocalDate, isYearMonth, monthsBetween } from '../calendar.ts'
import { absurd } from '../types.ts'
import { planDocuments } from './documents.ts'
import type { BooksState, RecordState } from './state.ts'

export * from './state.ts'
export { booksFolder, evolve, foldBooks } from './evolve.ts'
export { CowDraft, CowMap } from './cowMap.ts'
export { canonicalJson } from '../canonical.ts'
export { isDomainError } from '../errors.ts'
export * from './documents.ts'

/**
 * How far from `today` a month may be generated (100 years either way): recording a month runs the tax engine over
 * every month up to it, so an absurd month (year 9999) would be a costly request with a meaningless result.
 */
export const MAX_MONTHS_FROM_TODAY = 1200

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

const liveCompanyRecord = (state: BooksState, dataType: CompanyDataType): RecordState | undefined => {
  for (const r of state.records.values()) if (r.dataType === dataType && !r.deleted) return r
  return undefined
}

export const decide = (command: LedgerCommand, state: BooksState): LedgerEvent[] | DomainError => {
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
      const r = findRecord(state, command.id, isCompanyDataType, command.dataType)
      if (!isRecordState(r)) return r
      const staleError = stale(command.expectedVersion, r)
      if (staleError) return staleError
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
      const r = findRecord(state, command.id, isSettingKind, command.kind)
      if (!isRecordState(r)) return r
      const staleError = stale(command.expectedVersion, r)
      if (staleError) return staleError
      const v = validateRecord(command.kind, command.data)
      if (!v.ok) return validationError(v.errors)
      if (canonicalJson(r.data) === canonicalJson(v.value)) return domainError('NO_CHANGES')
      return [{ type: 'SettingUpdated', data: { id: r.id, kind: command.kind, data: v.value } } as LedgerEvent]
    }
    case 'DeleteSetting': {
      const r = findRecord(state, command.id, isSettingKind, command.kind)
      if (!isRecordState(r)) return r
      const staleError = stale(command.expectedVersion, r)
      if (staleError) return staleError
      return [{ type: 'SettingDeleted', data: { id: r.id, kind: r.dataType as 'Vat' | 'Pit' | 'SocialSecurity' } }]
    }
    case 'AddItem': {
      if (!isItemDataType(command.dataType)) return domainError('UNKNOWN_DATA_TYPE')
      const v = validateRecord(command.dataType, command.data)
      if (!v.ok) return validationError(v.errors)
      return [
        { type: 'ItemAdded', data: { id: state.nextId, dataType: command.dataType, data: v.value } } as LedgerEvent,
      ]
    }
    case 'UpdateItem': {
      if (!isItemDataType(command.dataType)) return domainError('UNKNOWN_DATA_TYPE')
      const r = findRecord(state, command.id, isItemDataType, command.dataType)
      if (!isRecordState(r)) return r
      const staleError = stale(command.expectedVersion, r)
      if (staleError) return staleError
      const v = validateRecord(command.dataType, command.data)
      if (!v.ok) return validationError(v.errors)
      if (canonicalJson(r.data) === canonicalJson(v.value)) return domainError('NO_CHANGES')
      return [{ type: 'ItemUpdated', data: { id: r.id, dataType: command.dataType, data: v.value } } as LedgerEvent]
    }
    case 'DeleteItem': {
      const r = findRecord(state, command.id, isItemDataType, command.dataType)
      if (!isRecordState(r)) return r
      const staleError = stale(command.expectedVersion, r)
      if (staleError) return staleError
      return [
        {
          type: 'ItemDeleted',
          data: { id: r.id, dataType: r.dataType as 'Income' | 'RecurringIncome' | 'Expense' | 'RecurringExpense' },
        },
      ]
    }
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
    case 'GenerateMonth': {
      const errors: FieldError[] = []
      if (!isYearMonth(command.month))
        errors.push({ field: 'month', code: 'INVALID_DATE', message: 'Month must be in format yyyy-mm' })
      if (!isLocalDate(command.today))
        errors.push({ field: 'today', code: 'INVALID_DATE', message: 'Date must be a date in format yyyy-mm-dd' })
      if (
        errors.length === 0 &&
        Math.abs(monthsBetween(command.today.slice(0, 7), command.month)) > MAX_MONTHS_FROM_TODAY
      )
        errors.push({ field: 'month', code: 'INVALID_DATE', message: 'Month is too far from today' })
      if (errors.length > 0) return validationError(errors)
      if (state.months.has(command.month)) return []
      const rows = generateMonthRows(state, command.month, command.today)
      return [{ type: 'MonthGenerated', data: { month: command.month, generatedOn: command.today, rows } }]
    }
    case 'SetTransactionFlags': {
      const tx = liveTransaction(state, command.id)
      if ('code' in tx) return tx
      const out: LedgerEvent[] = []
      if (typeof command.completed === 'boolean' && command.completed !== tx.completed)
        out.push({ type: 'TransactionCompletedSet', data: { id: tx.id, completed: command.completed } })
      if (typeof command.notification === 'boolean' && command.notification !== tx.notification)
        out.push({ type: 'TransactionNotificationSet', data: { id: tx.id, notification: command.notification } })
      return out
    }
    case 'AddManualTransaction': {
      const v = validateManualTransaction(command.data)
      if (!v.ok) return validationError(v.errors)
      return [{ type: 'ManualTransactionAdded', data: { id: state.nextId, data: v.value } }]
    }
    case 'DeleteTransaction': {
      const t = Number.isSafeInteger(command.id) ? state.transactions.get(command.id) : undefined
      if (!t) return domainError('NOT_FOUND')
      if (t.deleted) return domainError('ALREADY_DELETED')
      return [{ type: 'TransactionDeleted', data: { id: t.id } }]
    }
    case 'RecordReminderSent': {
      const tx = liveTransaction(state, command.id)
      if ('code' in tx) return tx
      return tx.notificationCompleted ? [] : [{ type: 'ReminderSent', data: { id: tx.id } }]
    }
    case 'AcceptFromEmail': {
      const tx = liveTransaction(state, command.id)
      if ('code' in tx) return tx
      return tx.completed ? [] : [{ type: 'TransactionAcceptedFromEmail', data: { id: tx.id } }]
    }
    case 'ResetMonth':
      if (!isYearMonth(command.month))
        return validationError([{ field: 'month', code: 'INVALID_DATE', message: 'Month must be in format yyyy-mm' }])
      return state.months.has(command.month) ? [{ type: 'MonthReset', data: { month: command.month } }] : []
    case 'ResetYear': {
      if (!Number.isSafeInteger(command.year) || command.year < 1 || command.year > 9999)
        return validationError([{ field: 'year', code: 'INVALID_INTEGER', message: 'Year is not valid' }])
      const prefix = `${String(command.year).padStart(4, '0')}-`
      for (const m of state.months.keys())
        if (m.startsWith(prefix)) return [{ type: 'YearReset', data: { year: command.year } }]
      return []
    }
    default:
      return absurd(command)
  }
}

const liveTransaction = (state: BooksState, id: number) => {
  const t = Number.isSafeInteger(id) ? state.transactions.get(id) : undefined
  if (!t) return domainError('NOT_FOUND')
  if (t.deleted) return domainError('ALREADY_DELETED')
  return t
}
