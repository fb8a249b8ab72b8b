/**
 * The dashboards' API effects over the app's client, as plain async functions the machines get as actors.
 * A 404 on a read is "no data" (SPEC §8); every other failure reaches the machine as an error.
 */
import { fromPromise } from 'xstate'
import { type ApiClient, api, isApiError } from '../../api/client.ts'
import { type CsvFile, dialectOf, getCsv } from '../../api/csv.ts'
import { firstDayOf } from './month.ts'
import type { ItemKind, MonthData, ResetScope } from './monthly/monthlyMachine.ts'
import type { FlagsResult, SummaryRow, Transaction, TransactionFlags } from './types.ts'
import type { YearData } from './yearly/yearlyMachine.ts'

/** Resolves a read to `empty` when the API answers 404. */
export const emptyOn404 = async <T>(request: Promise<T>, empty: T): Promise<T> => {
  try {
    return await request
  } catch (e) {
    if (isApiError(e) && e.status === 404) return empty
    throw e
  }
}

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : [])

export const createDashboardApi = (client: ApiClient = api) => ({
  loadMonth: async ({ month }: { month: string }): Promise<MonthData> => {
    const date = firstDayOf(month)
    const [transactions, summary] = await Promise.all([
      emptyOn404(client.get<Transaction[]>(`transaction/getCurrentMonth/${date}`), []),
      emptyOn404(client.get<SummaryRow[]>(`transaction/getSummaryList/${date}/true`), []),
    ])
    return { transactions: list<Transaction>(transactions), summary: list<SummaryRow>(summary) }
  },
  reset: async ({ scope, month }: { scope: ResetScope; month: string }): Promise<Transaction[]> =>
    list<Transaction>(
      await client.post<Transaction[]>(
        scope === 'month' ? 'transaction/resetCurrentMonth' : 'transaction/resetCurrentYear',
        { date: firstDayOf(month) },
      ),
    ),
  saveFlags: ({ id, flags }: { id: string; flags: TransactionFlags }): Promise<FlagsResult> =>
    client.put<FlagsResult>(`transaction/${encodeURIComponent(id)}`, flags),
  deleteItem: async ({ kind, itemId }: { kind: ItemKind; itemId: number }): Promise<void> => {
    await client.del(`${kind}/${itemId}`)
  },
  /** Asks for a refund of the excess of input VAT in the declaration of the month's period (`PUT vat/refund/{month}`). */
  saveVatRefund: (month: string, body: unknown): Promise<unknown> => client.put(`vat/refund/${month}`, body),
  withdrawVatRefund: (month: string): Promise<unknown> => client.del(`vat/refund/${month}`),
  loadYear: async ({ year }: { year: number }): Promise<YearData> => {
    const date = `${String(year).padStart(4, '0')}-01-01`
    const [monthly, increasing] = await Promise.all([
      emptyOn404(client.get<SummaryRow[]>(`transaction/getSummaryList/${date}/false`), []),
      emptyOn404(client.get<SummaryRow[]>(`transaction/getSummaryList/${date}/true`), []),
    ])
    return { monthly: list<SummaryRow>(monthly), increasing: list<SummaryRow>(increasing) }
  },
})

export type DashboardApi = ReturnType<typeof createDashboardApi>

/** The monthly machine's actors over an API implementation (the app's, or a story's fake). */
export const monthlyActors = (impl: Pick<DashboardApi, 'loadMonth' | 'reset' | 'saveFlags' | 'deleteItem'>) => ({
  loadMonth: fromPromise<MonthData, { month: string }>(({ input }) => impl.loadMonth(input)),
  reset: fromPromise<Transaction[], { scope: ResetScope; month: string }>(({ input }) => impl.reset(input)),
  saveFlags: fromPromise<FlagsResult, { id: string; flags: TransactionFlags }>(({ input }) => impl.saveFlags(input)),
  deleteItem: fromPromise<void, { kind: ItemKind; itemId: number }>(({ input }) => impl.deleteItem(input)),
})

export const yearlyActors = (impl: Pick<DashboardApi, 'loadYear'>) => ({
  loadYear: fromPromise<YearData, { year: number }>(({ input }) => impl.loadYear(input)),
})

/** A spreadsheet of the dashboards asked of the API: the file's name on the user's disk and the dialect. */
export interface SheetRequest {
  readonly excel: boolean
  readonly fileName: string
}

/** The month's computed books (`GET export/transactions`, one month): the bytes of `finance export --format csv`. */
export const downloadMonthCsv = (
  r: SheetRequest & { readonly month: string },
  client: ApiClient = api,
): Promise<CsvFile> =>
  getCsv(
    `transactions?${new URLSearchParams({ from: r.month, to: r.month, dialect: dialectOf(r.excel) })}`,
    r.fileName,
    client,
  )

/** The year's summary (`GET export/summary/{year}`): the bytes of `finance report year --csv|--excel [--cumulative]`. */
export const downloadSummaryCsv = (
  r: SheetRequest & { readonly year: number; readonly cumulative: boolean },
  client: ApiClient = api,
): Promise<CsvFile> =>
  getCsv(
    `summary/${r.year}?${new URLSearchParams({ cumulative: String(r.cumulative), dialect: dialectOf(r.excel) })}`,
    r.fileName,
    client,
  )
