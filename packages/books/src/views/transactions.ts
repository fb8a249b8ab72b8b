/**
 * The read cache: views over a user's books for the API's transaction routes, the CLI's reports and the reminder
 * job, memoised per books state object. A state is immutable and is the fold at one stream revision (`loadBooks`
 * keeps one per user and revision, and a command puts the state it produced there), so the cache is per stream
 * revision: repeated reads of unchanged books are answered from memory, in every process that reads them. The
 * hottest reads (the month, the summaries) are kept as their JSON text too, so a repeated read costs no
 * serialisation; a new state (any event) starts afresh, with the derivations behind it reused where they still hold
 * (ledger-core `derive`).
 */
import { gzipSync } from 'node:zlib'
import {
  type BooksState,
  monthTransactions,
  obligations,
  type ReminderDue,
  remindersDue,
  summaryList,
  type SummaryRowDto,
  transactionById,
  type TransactionDto,
  transactionsBetween,
  TransactionTypes,
  yearSummary,
} from '@finance/ledger-core/light'

export type { SummaryRowDto, TransactionDto }

/** What `map` keeps for `key`, computed and kept there on first use. */
const kept = <K extends object, V>(map: WeakMap<K, V>, key: K, compute: (key: K) => V): V => {
  let value = map.get(key)
  if (value === undefined) {
    value = compute(key)
    map.set(key, value)
  }
  return value
}

const memo = new WeakMap<BooksState, Map<string, unknown>>()

function cached<T>(state: BooksState, key: string, compute: () => T): T {
  const m = kept(memo, state, () => new Map<string, unknown>())
  if (m.has(key)) return m.get(key) as T
  const value = compute()
  if (m.size > 200) m.clear()
  m.set(key, value)
  return value
}

export const monthRows = (state: BooksState, month: string, today: string): TransactionDto[] =>
  cached(state, `m|${month}|${today}`, () => monthTransactions(state, month, today))

export const summaryRows = (state: BooksState, year: number, cumulative: boolean): SummaryRowDto[] =>
  cached(state, `s|${year}|${cumulative}`, () => summaryList(state, year, cumulative))

/**
 * The JSON text of a row, per its `dataObject` (a row's data object is never changed; ledger-core `month.ts`),
 * with the row's other fields as they were (keys in order, values): a row whose fields are the same again is
 * answered with that text; one whose flags changed is serialised again.
 */
interface RowJson {
  readonly keys: readonly string[]
  readonly values: readonly unknown[]
  /** The `dataObject`'s text, and the row's. */
  readonly data: string
  readonly json: string
}
const rowJson = new WeakMap<object, RowJson>()

/** Rows of the month serialised (not taken from `rowJson`), for tests that prove an unchanged row costs nothing. */
export const rowJsonCounter = { serialised: 0 }

/** Whether `t` has exactly the keys of `known`, in order, with the same values (its `dataObject` is known's). */
const sameRow = (t: TransactionDto, known: RowJson): boolean => {
  let i = 0
  for (const key in t) {
    if (key !== known.keys[i] || (t as unknown as Record<string, unknown>)[key] !== known.values[i]) return false
    i++
  }
  return i === known.keys.length
}

/**
 * One transaction as JSON text, the same as `JSON.stringify(t)`: its `dataObject` (the bulk of a row) is serialised
 * once per object, and a row whose item and flags did not change keeps its data object from one books state to the
 * next, so a month after a write serialises only what changed and takes the other rows' text as it was.
 */
const transactionJson = (t: TransactionDto): string => kept(dtoJson, t, rowText)

/**
 * The text per DTO object: ledger-core gives a row whose inputs and flags did not change the same DTO from one books
 * state to the next (`toTransactionDto`), so most rows of a month after a write are found here without a look.
 */
const dtoJson = new WeakMap<TransactionDto, string>()

const rowText = (t: TransactionDto): string => {
  const known = rowJson.get(t.dataObject)
  if (known !== undefined && sameRow(t, known)) return known.json
  rowJsonCounter.serialised++
  const keys = Object.keys(t)
  if (keys[keys.length - 1] !== 'dataObject') return JSON.stringify(t)
  const { dataObject, ...rest } = t
  const data = known?.data ?? dataJson(dataObject as unknown as Record<string, unknown>)
  const head = JSON.stringify(rest)
  const json = head === '{}' ? JSON.stringify(t) : `${head.slice(0, -1)},"dataObject":${data}}`
  const values = keys.map((k) => (t as unknown as Record<string, unknown>)[k])
  rowJson.set(dataObject, { keys, values, data, json })
  return json
}

/**
 * The text of an object of a row's lists (a tax row's related transactions and company lines), per object: ledger-core
 * builds them once per occurrence and never changes them, so a VAT or PIT row built again after a write (it lists the
 * month's every item) takes the text of the items it listed before and serialises only the new ones.
 */
const partJson = new WeakMap<object, string>()
/** Parts of lists serialised (not taken from `partJson`), for tests. */
export const partJsonCounter = { serialised: 0 }

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v)

const listJson = (list: readonly object[]): string => {
  let text = ''
  for (const o of list) {
    const t = kept(partJson, o, () => {
      partJsonCounter.serialised++
      return JSON.stringify(o)
    })
    text += text === '' ? `[${t}` : `,${t}`
  }
  return `${text}]`
}

/**
 * `JSON.stringify(o)` for a row's plain data object, its non-empty lists of objects from their parts' texts; a data
 * object that lists no transactions (an item's row) in one call.
 */
const dataJson = (o: Record<string, unknown>): string => {
  const listed = o.relatedTransactions
  if (!Array.isArray(listed) || listed.length === 0) return JSON.stringify(o)
  let text = ''
  for (const key of Object.keys(o)) {
    const v = o[key]
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue
    const value = Array.isArray(v) && v.length > 0 && v.every(isObject) ? listJson(v) : JSON.stringify(v)
    text += `${text === '' ? '{' : ','}${JSON.stringify(key)}:${value}`
  }
  return text === '' ? '{}' : `${text}}`
}

/**
 * `monthRows` as JSON (exactly `JSON.stringify` of the rows) in UTF-8 bytes, once per books state: the concurrent
 * reads of one state (the dashboard's, or the reads after a batch of writes) each send the same bytes. Put together
 * from each row's bytes, encoded once per row object (the rows a write did not change are the previous state's
 * objects), in one copy: a month of thousands of rows costs a copy of its bytes after a write, not a join of its texts
 * and an encoding of the whole.
 */
export const monthBytes = (state: BooksState, month: string, today: string): Buffer =>
  cached(state, `mb|${month}|${today}`, () => jsonArrayBytes(monthRows(state, month, today).map(transactionBytes)))

/** A row's `transactionJson` as UTF-8 bytes, per DTO object. */
const dtoBytes = new WeakMap<TransactionDto, Buffer>()
const transactionBytes = (t: TransactionDto): Buffer => kept(dtoBytes, t, (row) => Buffer.from(transactionJson(row)))

const OPEN = Buffer.from('[')
const COMMA = Buffer.from(',')
const CLOSE = Buffer.from(']')

/** The bytes of a JSON array whose elements' bytes are `parts`, copied once into one buffer. */
const jsonArrayBytes = (parts: readonly Buffer[]): Buffer => {
  const list: Buffer[] = [OPEN]
  for (const part of parts) {
    if (list.length > 1) list.push(COMMA)
    list.push(part)
  }
  list.push(CLOSE)
  return Buffer.concat(list)
}

/** `monthBytes` gzipped (≈ a tenth of the text): what a browser gets. */
export const monthGzip = (state: BooksState, month: string, today: string): Buffer =>
  cached(state, `mz|${month}|${today}`, () => gzipSync(monthBytes(state, month, today)))

/** `summaryRows` as JSON text. */
export const summaryJson = (state: BooksState, year: number, cumulative: boolean): string =>
  cached(state, `sj|${year}|${cumulative}`, () => JSON.stringify(summaryRows(state, year, cumulative)))

/** `summaryJson` as UTF-8 bytes, encoded once per books state. */
export const summaryBytes = (state: BooksState, year: number, cumulative: boolean): Buffer =>
  cached(state, `sb|${year}|${cumulative}`, () => Buffer.from(summaryJson(state, year, cumulative)))

export const yearRow = (state: BooksState, year: number): SummaryRowDto =>
  cached(state, `y|${year}`, () => yearSummary(state, year))

export const obligationRows = (state: BooksState, year: number, today: string) =>
  cached(state, `o|${year}|${today}`, () => obligations(state, { year, today }))

/** SPEC's lookup types: the company's own revenues and fees, the rows of `1_Revenue` and `2_Fee` marked company. */
const COMPANY_LOOKUPS: Readonly<Record<string, string>> = {
  [TransactionTypes.CompanyRevenues]: TransactionTypes.Revenue,
  [TransactionTypes.CompanyFees]: TransactionTypes.Fee,
}

/** Whether a row is of `type`: an event type (`2_Fee`), a lookup type (`8_CompanyFees`) or a data type (`Vat`). */
const isOfType = (t: TransactionDto, type: string): boolean => {
  const company = COMPANY_LOOKUPS[type]
  if (company !== undefined) return t.eventType === company && t.dataObject.isCompany
  return /^\d_/.test(type) ? t.eventType === type : t.dataType === type
}

/**
 * The transactions of an event type (`2_Fee`), lookup type (`8_CompanyFees`) or data type (`Vat`) in the year of
 * `today`, date order: the books' rows are computed, not stored, so a lookup covers one year (a whole history of
 * recurring items and monthly taxes would be tens of thousands of rows).
 */
export const transactionsOfType = (state: BooksState, type: string, today: string): TransactionDto[] =>
  cached(state, `t|${type}|${today}`, () =>
    transactionsBetween(state, `${today.slice(0, 4)}-01-01`, `${today.slice(0, 4)}-12-31`, today).filter((t) =>
      isOfType(t, type),
    ),
  )

/** The transactions a reminder is due for from `today` through `lastDay` (the reminder job's question). */
export const reminderRows = (state: BooksState, today: string, lastDay: string): ReminderDue[] =>
  cached(state, `r|${today}|${lastDay}`, () => remindersDue(state, { today, lastDay }))

export { transactionById, transactionsBetween }
