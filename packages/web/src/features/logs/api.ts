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
      const page = await client.get<Partial<LogPage>>(logPagePath(query), { key })
      return { items: Array.isArray(page?.items) ? page.items : [], total: Number(page?.total ?? 0) || 0 }
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
