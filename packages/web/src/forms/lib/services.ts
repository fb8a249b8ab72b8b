/**
 * The calls the company, fees and revenues screens make (apicontract), behind one interface so stories and
 * tests replace the API: the form and list machines get their `load`/`save`/`loadList`/`remove` actors from it.
 */
import {
  foldBooks,
  formatMoney,
  isItemDataType,
  type Item,
  type LedgerEvent,
  parseMoney,
  percentOf,
  type RateTable,
  sum,
  validateRecord,
  withConversion,
} from '@finance/ledger-core'
import type { ApiClient } from '../../api/client.ts'
import type { SaveRequest } from '../record/recordFormMachine.ts'
import {
  areaOf,
  type CompanyDataType,
  eventTypes,
  type ItemDataType,
  type RecordDto,
  type SettingDataType,
} from './records.ts'

export type ServiceDataType = CompanyDataType | SettingDataType | ItemDataType

export interface RecordServices {
  /** The company record, or the setting in force today; `null` when there is none (404). */
  getCurrent(dataType: ServiceDataType): Promise<RecordDto | null>
  /** One record by id (its latest version); `null` when it is gone (404). */
  getById(dataType: ServiceDataType, id: number): Promise<RecordDto | null>
  /** Settings newest date first; items with `vatAmount` and `sum`. */
  list(dataType: ServiceDataType): Promise<RecordDto[]>
  /** POST when `id` is 0, PUT when `id > 0`, naming `version` when given; answers the saved record. */
  save(dataType: ServiceDataType, request: SaveRequest): Promise<RecordDto>
  /** Deletes, naming the version read when given (If-Match). */
  remove(dataType: ServiceDataType, id: number, version?: number): Promise<unknown>
  /**
   * What an income or expense in a foreign currency would be saved as (`POST rates/preview`): its złoty amounts and
   * the NBP tables used; `null` for a złoty item. A missing rate throws the API's 400 (field `currency`).
   */
  previewCurrency?(dataType: ServiceDataType, dataObject: Record<string, unknown>): Promise<CurrencyPreview | null>
  /** Records the NBP's yearly table A archive the user picked (`POST rates/import`): how many tables were added. */
  importRates?(file: { name: string; base64: string }): Promise<{ added: number; from: string; to: string }>
}

/** The answer of `POST rates/preview` for an item in a foreign currency. */
export interface CurrencyPreview {
  readonly amount: string
  readonly currency: NonNullable<Item['currency']>
}

const isNotFound = (e: unknown): boolean => (e as { status?: unknown } | null)?.status === 404

const SETTINGS: readonly string[] = ['Vat', 'Pit', 'SocialSecurity']
const dateOf = (r: RecordDto) => String((r.dataObject as { date?: unknown }).date ?? '')

/**
 * What `getCurrent` answers, chosen from the type's list as the API's `GetByType` chooses: the company record (one
 * per type), or the setting in force on `today` (the latest date not after it; the higher id on the same date).
 */
export const currentOf = (list: readonly RecordDto[], dataType: ServiceDataType, today: string): RecordDto | null => {
  if (!SETTINGS.includes(dataType)) return list[0] ?? null
  const inForce = list
    .filter((r) => dateOf(r) <= today)
    .sort((a, b) => dateOf(b).localeCompare(dateOf(a)) || b.id - a.id)
  return inForce[0] ?? null
}

/** The calendar date in the browser's time zone: the user's "today". */
const browserToday = (): string => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/**
 * The record services over the HTTP API. A company record or a setting that does not exist yet is an empty list,
 * not a 404: a first visit to Company, Taxes or ZUS reads the type's list, so nothing fails in the console.
 */
export const apiServices = (client: ApiClient, today: () => string = browserToday): RecordServices => ({
  async getCurrent(dataType) {
    if (areaOf(dataType) === 'config' || SETTINGS.includes(dataType)) {
      const list = await client.get<RecordDto[]>(`${areaOf(dataType)}/GetListByType/${dataType}`)
      return currentOf(list, dataType, today())
    }
    try {
      return await client.get<RecordDto>(`${areaOf(dataType)}/GetByType/${dataType}`)
    } catch (e) {
      if (isNotFound(e)) return null
      throw e
    }
  },
  async getById(dataType, id) {
    try {
      return await client.get<RecordDto>(`${areaOf(dataType)}/GetById/${id}`)
    } catch (e) {
      if (isNotFound(e)) return null
      throw e
    }
  },
  async list(dataType) {
    try {
      return await client.get<RecordDto[]>(`${areaOf(dataType)}/GetListByType/${dataType}`)
    } catch (e) {
      if (isNotFound(e)) return []
      throw e
    }
  },
  save(dataType, { id, dataObject, version }) {
    const area = areaOf(dataType)
    const body = {
      dataType,
      eventType: eventTypes[dataType],
      dataObject,
      ...(version === undefined ? {} : { version }),
    }
    return id > 0 ? client.put<RecordDto>(`${area}/${id}`, { id, ...body }) : client.post<RecordDto>(area, body)
  },
  remove(dataType, id, version) {
    return client.del(`${areaOf(dataType)}/${id}`, undefined, version === undefined ? {} : { ifMatch: version })
  },
  async previewCurrency(dataType, dataObject) {
    const r = await client.post<{ conversion: CurrencyPreview | null }>('rates/preview', { dataType, data: dataObject })
    return r.conversion
  },
  importRates(file) {
    return client.post('rates/import', { fileName: file.name, base64: file.base64 })
  },
})

/** `vatAmount` and `sum` of an item as the API lists them. */
export const withTotals = (r: RecordDto): RecordDto => {
  const o = r.dataObject as { amount?: unknown; percent?: unknown; isCompany?: unknown }
  try {
    const amount = parseMoney(String(o.amount))
    const vat = o.isCompany ? percentOf(amount, String(o.percent ?? '0')) : 0n
    return { ...r, dataObject: { ...r.dataObject, vatAmount: formatMoney(vat), sum: formatMoney(sum(amount, vat)) } }
  } catch {
    return r
  }
}

/** What the API answers to a write naming an old version (the shape of `ApiError`). */
export const staleError = () => ({
  status: 409,
  statusText: 'Conflict',
  errors: ['This record was changed elsewhere. Reload it to see the latest version.'],
  fieldErrors: {},
})

export interface MemoryOptions {
  /** Milliseconds every call waits (to show loaders in stories). */
  delay?: number
  /** Makes `save` fail with this error (e.g. `{ status: 500, statusText: 'Internal Server Error' }`). */
  saveError?: unknown
  /** "today" for choosing the setting in force. */
  today?: string
  /** NBP table A tables the books hold (`from`–`to` recorded whole), for the currency preview. */
  rates?: { from: string; to: string; tables: RateTable[] }
}

/** A 400 of the API's shape from field errors. */
const badRequest = (errors: readonly { field: string; message: string }[]) => ({
  status: 400,
  statusText: 'Bad Request',
  errors: [...new Set(errors.map((e) => e.message))],
  fieldErrors: Object.fromEntries(errors.map((e) => [e.field, e.message])),
})

/** In-memory services for stories and tests: same answers as the API, no server. */
export const memoryServices = (
  seed: RecordDto[] = [],
  options: MemoryOptions = {},
): RecordServices & {
  records: () => RecordDto[]
} => {
  let records = structuredClone(seed)
  let nextId = Math.max(0, ...records.map((r) => r.id)) + 1
  const wait = () => new Promise((r) => setTimeout(r, options.delay ?? 0))
  const today = options.today ?? '2026-11-23'
  const ofType = (t: string) => records.filter((r) => r.dataType === t)
  return {
    records: () => records,
    async getCurrent(dataType) {
      await wait()
      return currentOf(ofType(dataType), dataType, today)
    },
    async getById(_dataType, id) {
      await wait()
      return records.find((r) => r.id === id) ?? null
    },
    async list(dataType) {
      await wait()
      const all = ofType(dataType)
      if (SETTINGS.includes(dataType)) return [...all].sort((a, b) => dateOf(b).localeCompare(dateOf(a)))
      return all.map(withTotals)
    },
    async save(dataType, { id, dataObject, version }) {
      await wait()
      if (options.saveError !== undefined) throw options.saveError
      const current = records.find((r) => r.id === id)
      if (version !== undefined && version !== (current?.version ?? 0)) throw staleError()
      const record: RecordDto = {
        id: id > 0 ? id : nextId++,
        dataType,
        eventType: eventTypes[dataType],
        dataObject,
        version: (current?.version ?? 0) + 1,
      }
      records = id > 0 ? records.map((r) => (r.id === id ? record : r)) : [...records, record]
      return record
    },
    async remove(_dataType, id, version) {
      await wait()
      const current = records.find((r) => r.id === id)
      if (version !== undefined && current && version !== (current.version ?? 0)) throw staleError()
      records = records.filter((r) => r.id !== id)
      return { success: true, id }
    },
    // The core's own validation and conversion over the tables given: the answers the API gives.
    async previewCurrency(dataType, dataObject) {
      await wait()
      if (!isItemDataType(dataType)) throw badRequest([{ field: 'dataType', message: 'Unknown data type' }])
      const v = validateRecord(dataType, dataObject)
      if (!v.ok) throw badRequest(v.errors)
      const state = foldBooks(
        options.rates
          ? [{ type: 'CurrencyRatesRecorded', data: { source: 'nbpArchive', ...options.rates } } as LedgerEvent]
          : [],
      )
      const c = withConversion(state, dataType, v.value as Item)
      if (!c.ok) throw badRequest(c.errors)
      return c.value.currency ? { amount: c.value.amount, currency: c.value.currency } : null
    },
  }
}
