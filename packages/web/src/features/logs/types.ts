/** Wire shapes of the admin log viewer (`GET log/GetPage/...`). */
export interface LogEntry {
  id: number | string
  createdDate: string
  userName: string
  eventType: string
  dataType: string
  dataObject: unknown
}

export interface LogPage {
  items: LogEntry[]
  total: number
}

export interface LogQuery {
  pageSize: number
  pageNumber: number
  descending: boolean
  search: string
}

/** SPEC §9: page size 5, page number 1, descending, empty search. */
export const defaultLogQuery: LogQuery = { pageSize: 5, pageNumber: 1, descending: true, search: '' }
