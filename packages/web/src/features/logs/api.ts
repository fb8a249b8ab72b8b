/** The log viewer's API effect: `GET log/GetPage/{pageSize}/{pageNumber}/{descending}/{search}` with the key. */
import { fromPromise } from 'xstate'
import { type ApiClient, api, isApiError } from '../../api/client.ts'
import type { LogPage, LogQuery } from './types.ts'

/** The path of one page; an empty search is sent as `-` (the contract's "none"). */
export const logPagePath = (q: LogQuery): string =>
  `log/GetPage/${q.pageSize}/${q.pageNumber}/${q.descending ? 'true' : 'false'}/${encodeURIComponent(q.search.trim() || '-')}`

export const createLogsApi = (client: ApiClient = api) => ({
  loadPage: async ({ key, query }: { key: string; query: LogQuery }): Promise<LogPage> => {
    try {
      // SPEC §7: the answer is the list of entries; how many match in all comes in `X-Total-Count`.
      let total: number | null = null
      const items = await client.get<LogPage['items'] | null>(logPagePath(query), {
        key,
        onHeaders: (h) => {
          const header = h.get('x-total-count')
          const n = header === null ? Number.NaN : Number(header)
          total = Number.isSafeInteger(n) && n >= 0 ? n : null
        },
      })
      const list = Array.isArray(items) ? items : []
      return { items: list, total: total ?? list.length }
    } catch (e) {
      // SPEC §8: a 404 on a list is silent, no data.
      if (isApiError(e) && e.status === 404) return { items: [], total: 0 }
      throw e
    }
  },
})

export const logsActors = (impl: ReturnType<typeof createLogsApi>) => ({
  loadPage: fromPromise<LogPage, { key: string; query: LogQuery }>(({ input }) => impl.loadPage(input)),
})
