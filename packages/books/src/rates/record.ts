/**
 * Recording NBP rates in a user's books, shared by the API and the CLI: from the NBP web API through the
 * `ExchangeRates` port, or from the yearly archive a user supplies; and the preview of an item's conversion that the
 * income / expense form shows before saving. One command each (`RecordCurrencyRates`): the decider checks every
 * table and writes only what the books do not hold yet.
 */
import type { EventStore } from '@finance/event-store'
import {
  type BooksState,
  currentSetting,
  type DomainError,
  domainError,
  type FieldError,
  isDomainError,
  type Item,
  missingRateMessage,
  type RateTable,
  type RateUsed,
  rateBefore,
} from '@finance/ledger-core/light'
import { type Executed, type ExecuteMeta, executeBooks, executePlan } from '../commands/execute.ts'
import { readEcbHistory } from './ecb.ts'
import { readNbpArchive } from './nbpArchive.ts'
import type { EcbRates, ExchangeRates } from './port.ts'

export * from './ecb.ts'
export * from './nbpApi.ts'
export * from './nbpArchive.ts'
export * from './port.ts'

/** What a recording did: the tables it added and the days they cover. */
export interface RatesRecorded {
  readonly added: number
  readonly from: string
  readonly to: string
  readonly tables: readonly { readonly no: string; readonly date: string }[]
}

const recordTables = async (
  store: EventStore,
  userId: string,
  source: 'nbpApi' | 'nbpArchive' | 'ecbApi' | 'ecbHistory',
  tables: readonly RateTable[],
  from: string,
  to: string,
  at: Date,
  meta: ExecuteMeta,
  table: 'A' | 'B' | 'ECB' = 'A',
): Promise<RatesRecorded | DomainError> => {
  const done = await executeBooks(
    store,
    userId,
    {
      type: 'RecordCurrencyRates',
      at: at.toISOString(),
      userId,
      source,
      ...(table === 'A' ? {} : { table }),
      from,
      to,
      tables,
    },
    meta,
  )
  if (isDomainError(done)) return done
  const written = done.events.flatMap((e) => (e.type === 'CurrencyRatesRecorded' ? e.data.tables : []))
  return { added: written.length, from, to, tables: written.map((t) => ({ no: t.no, date: t.date })) }
}

/** A rates file as read: refused with its reason, or its tables and the days they cover. */
type RatesFileRead =
  | { readonly ok: false; readonly message: string }
  | {
      readonly ok: true
      readonly tables: readonly RateTable[]
      readonly from: string
      readonly to: string
      readonly table: 'A' | 'B' | 'ECB'
    }

/** Records a rates file a user supplied, as its reader reads it; a file that does not read is refused whole (field `file`). */
const fileImport =
  (source: 'nbpArchive' | 'ecbHistory', read: (content: Uint8Array | string) => RatesFileRead) =>
  async (
    store: EventStore,
    userId: string,
    content: Uint8Array | string,
    at: Date,
    meta: ExecuteMeta = {},
  ): Promise<RatesRecorded | DomainError> => {
    const r = read(content)
    if (!r.ok) return domainError('VALIDATION', r.message, [{ field: 'file', code: 'VALIDATION', message: r.message }])
    return recordTables(store, userId, source, r.tables, r.from, r.to, at, meta, r.table)
  }

/** Records the NBP archive file a user supplied; a file that does not read is refused whole (field `file`). */
export const importRatesArchive = fileImport('nbpArchive', readNbpArchive)

/** Records the ECB's history file (CSV or XML) a user supplied; a file that does not read is refused whole. */
export const importEcbHistory = fileImport('ecbHistory', (content) => {
  const read = readEcbHistory(content)
  return read.ok ? { ...read, table: 'ECB' } : read
})

/** The source could not give rates: the reason, for a 502 (never a guess). */
export class RatesUnavailable extends Error {
  override readonly name = 'RatesUnavailable'
}

/** Fetches table A for `from`–`to` through the port and records it. */
export const fetchRates = async (
  store: EventStore,
  userId: string,
  port: ExchangeRates,
  from: string,
  to: string,
  at: Date,
  meta: ExecuteMeta = {},
  table: 'A' | 'B' = 'A',
): Promise<RatesRecorded | DomainError> => {
  const invalid = rangeErrors(from, to)
  if (invalid) return invalid
  const answer = table === 'A' ? await port.tablesA(from, to) : await port.tablesB(from, to)
  if (!answer.ok) throw new RatesUnavailable(answer.message)
  return recordTables(store, userId, 'nbpApi', answer.tables, from, to, at, meta, table)
}

/**
 * Fetches the ECB's reference rates for `from`–`to` through the port and records them; the range counted as covered
 * ends with the last day the ECB has published (a later day may still get its rates).
 */
export const fetchEcbRates = async (
  store: EventStore,
  userId: string,
  port: EcbRates,
  from: string,
  to: string,
  at: Date,
  meta: ExecuteMeta = {},
): Promise<RatesRecorded | DomainError> => {
  const invalid = rangeErrors(from, to)
  if (invalid) return invalid
  const answer = await port.ecbTables(from, to)
  if (!answer.ok) throw new RatesUnavailable(answer.message)
  const last = answer.tables.at(-1)?.date
  if (last === undefined) return { added: 0, from, to, tables: [] }
  return recordTables(store, userId, 'ecbApi', answer.tables, from, last < to ? last : to, at, meta, 'ECB')
}

const rangeErrors = (from: string, to: string): DomainError | null => {
  const errors: FieldError[] = []
  const date = /^\d{4}-\d{2}-\d{2}$/
  if (!date.test(from))
    errors.push({ field: 'from', code: 'INVALID_DATE', message: 'From must be a date in format yyyy-mm-dd' })
  if (!date.test(to) || to < from)
    errors.push({
      field: 'to',
      code: 'INVALID_DATE',
      message: 'To must be a date in format yyyy-mm-dd, not before from',
    })
  if (errors.length === 0 && Date.parse(to) - Date.parse(from) > 366 * 86_400_000)
    errors.push({ field: 'to', code: 'VALIDATION', message: 'Rates are fetched for at most a year at a time' })
  return errors.length > 0 ? domainError('VALIDATION', errors[0]!.message, errors) : null
}

/** The tables the books hold in `from`–`to`, by day. */
export const ratesHeld = (state: BooksState, from: string, to: string): RateTable[] =>
  [...(state.rates?.tables.values() ?? [])]
    .filter((t) => t.date >= from && t.date <= to)
    .sort((a, b) => (a.date < b.date ? -1 : 1))

/** The rate of a currency on the last working day before a day, as the books hold it (for `finance rates show`). */
export const rateOn = (
  state: BooksState,
  code: string,
  day: string,
  source: 'nbp' | 'ecb' = 'nbp',
): RateUsed | DomainError => {
  const r = rateBefore(state.rates ?? { tables: new Map(), covered: [] }, code, day, source)
  if (r.ok) return r.rate
  const message = missingRateMessage(r.missing)
  return domainError('VALIDATION', message, [{ field: 'currency', code: 'REQUIRED', message }])
}

/**
 * The taxpayer's choice of the rate for a foreign-currency VAT base from `from` (uVAT art. 31a ust. 1, ust. 2 by
 * reference): a VAT setting dated `from`, a copy of the one in force then with `vatExchangeRate` set. Refused without a
 * VAT setting in force on `from`; either choice may follow the other on any day.
 */
export const chooseVatExchangeRate = (
  store: EventStore,
  userId: string,
  choice: string,
  from: string,
  at: Date,
  meta: ExecuteMeta = {},
): Promise<Executed | DomainError> =>
  executePlan(
    store,
    userId,
    (state) => {
      const current = currentSetting(state, 'Vat', from)
      if (current === null) {
        const message = `No VAT setting is in force on ${from}: set the VAT rate first`
        return domainError('VALIDATION', message, [{ field: 'from', code: 'REQUIRED', message }])
      }
      const data = { ...(current.dataObject as object), date: from, vatExchangeRate: choice }
      return { type: 'AddSetting', at: at.toISOString(), userId, kind: 'Vat', data }
    },
    meta,
  )

/** What the income / expense form shows before saving: the item as the books would save it, or the field errors. */
export interface ConversionPreview {
  readonly amount: string
  readonly currency: NonNullable<Item['currency']>
}

/**
 * The conversion an item would get if saved now (the same validation and rates as the save): its złoty VAT base,
 * PIT amount and payment value with the tables used; a złoty item has no preview (`null`).
 */
export const previewConversion = async (
  state: BooksState,
  dataType: string,
  data: unknown,
): Promise<ConversionPreview | null | DomainError> => {
  const { validateRecord, withConversion, isItemDataType } = await import('@finance/ledger-core')
  if (!isItemDataType(dataType)) return domainError('UNKNOWN_DATA_TYPE')
  const v = validateRecord(dataType, data)
  if (!v.ok) return domainError('VALIDATION', v.errors[0]?.message, v.errors)
  const c = withConversion(state, dataType, v.value as Item)
  if (!c.ok) return domainError('VALIDATION', c.errors[0]?.message, c.errors)
  return c.value.currency ? { amount: c.value.amount, currency: c.value.currency } : null
}
