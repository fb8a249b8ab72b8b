/**
 * Record writes (company data, settings, items) as the API's record routes and the CLI make them: one load, the
 * record's family checked on the books the decision is made on, and the saved record answered from the state the
 * write produced.
 */
import type { EventStore } from '@finance/event-store'
import {
  type BooksState,
  type DataType,
  type DomainError,
  domainError,
  isCompanyDataType,
  isDomainError,
  isSettingKind,
  type ItemDataType,
  type LedgerCommand,
  type LedgerEvent,
  type RecordDto,
  type RecordState,
  recordById,
} from '@finance/ledger-core/light'
import { type ExecuteMeta, executePlan } from './execute.ts'

/** Who writes and when: the command's `userId` and `at`. */
export interface Author {
  readonly userId: string
  readonly at: string
}

/** A write of one record; `expectedVersion` is the version the client read (undefined: unconditional). */
export type RecordWrite =
  | { readonly kind: 'create'; readonly dataType: DataType; readonly data: unknown; readonly expectedVersion?: number }
  | {
      readonly kind: 'update'
      readonly id: number
      /** The family the route serves: a record of another answers NOT_FOUND. */
      readonly types: readonly DataType[]
      /** The type the client names, when it names one: a record of another type is refused on `dataType`. */
      readonly dataType?: DataType
      readonly data: unknown
      readonly expectedVersion?: number
    }
  | {
      readonly kind: 'delete'
      readonly id: number
      readonly types: readonly DataType[]
      readonly expectedVersion?: number
    }

export interface RecordWritten {
  /** The record's id (the new one for a create). */
  readonly id: number
  /** A new record (a create, or a company record saved for the first time). */
  readonly created: boolean
  /** The record as saved, `null` after a delete. */
  readonly record: RecordDto | null
  readonly events: readonly LedgerEvent[]
  readonly state: BooksState
}

const versioned = (v: number | undefined) => (v === undefined ? {} : { expectedVersion: v })

/** An update whose `dataType` is not the record's: it would be saved as the record's type, not as the one named. */
export const DATA_TYPE_MISMATCH = 'Data type does not match the record'

/** A live record of one of `types`, or NOT_FOUND. */
const own = (state: BooksState, id: number, types: readonly DataType[]): RecordState | DomainError => {
  const r = state.records.get(id)
  return r && !r.deleted && types.includes(r.dataType) ? r : domainError('NOT_FOUND')
}

/** The ledger command of a record write on the books `state`. */
export const recordCommand = (state: BooksState, w: RecordWrite, by: Author): LedgerCommand | DomainError => {
  const base = { at: by.at, userId: by.userId }
  if (w.kind === 'create') {
    const t = w.dataType
    // A company record is one per type: a create may be an update, and version 0 says "none exists yet".
    if (isCompanyDataType(t))
      return { ...base, type: 'SaveCompanyRecord', dataType: t, data: w.data, ...versioned(w.expectedVersion) }
    if (isSettingKind(t)) return { ...base, type: 'AddSetting', kind: t, data: w.data }
    return { ...base, type: 'AddItem', dataType: t as ItemDataType, data: w.data }
  }
  const r = own(state, w.id, w.types)
  if (isDomainError(r)) return r
  const t = r.dataType
  const v = versioned(w.expectedVersion)
  if (w.kind === 'update') {
    if (w.dataType !== undefined && w.dataType !== t)
      return domainError('VALIDATION', DATA_TYPE_MISMATCH, [
        { field: 'dataType', code: 'VALIDATION', message: DATA_TYPE_MISMATCH },
      ])
    if (isCompanyDataType(t)) return { ...base, type: 'SaveCompanyRecord', dataType: t, id: w.id, data: w.data, ...v }
    if (isSettingKind(t)) return { ...base, type: 'UpdateSetting', kind: t, id: w.id, data: w.data, ...v }
    return { ...base, type: 'UpdateItem', dataType: t as ItemDataType, id: w.id, data: w.data, ...v }
  }
  if (isCompanyDataType(t)) return { ...base, type: 'DeleteCompanyRecord', dataType: t, id: w.id, ...v }
  if (isSettingKind(t)) return { ...base, type: 'DeleteSetting', kind: t, id: w.id, ...v }
  return { ...base, type: 'DeleteItem', dataType: t as ItemDataType, id: w.id, ...v }
}

/**
 * Writes one record with one load of the books. The answer carries the record as saved (from the new state, no
 * second load); a domain error comes back unchanged and nothing is written.
 */
export async function writeRecord(
  store: EventStore,
  w: RecordWrite,
  by: Author,
  meta: ExecuteMeta = {},
): Promise<RecordWritten | DomainError> {
  const executed = await executePlan(store, by.userId, (state) => recordCommand(state, w, by), meta)
  if (isDomainError(executed)) return executed
  const { events, state, before } = executed
  const first = events[0] as { data: { id: number } } | undefined
  const id = w.kind === 'create' ? (first?.data.id ?? 0) : w.id
  return {
    id,
    created: first !== undefined && first.data.id >= before.nextId,
    record: w.kind === 'delete' || first === undefined ? null : recordById(state, id),
    events,
    state,
  }
}
