/**
 * The books screen's API effects over the app's client: the year's book (`GET books/{year}`) and its JPK file
 * (`GET books/{year}/jpk`), as plain async functions the machine gets as actors.
 */
import { fromPromise } from 'xstate'
import { type ApiClient, api } from '../../api/client.ts'
import type { BookView, JpkDownload, JpkForm } from './types.ts'
import { type CsvFile, dialectOf, getCsv, saveCsv } from '../../api/csv.ts'
import { saveText } from '../../ui/tableCsv.ts'

export interface BookRequest {
  readonly year: number
  readonly month: number | null
}

export interface JpkRequest extends BookRequest {
  readonly form: JpkForm
}

export const createBooksApi = (client: ApiClient = api) => ({
  loadBook: ({ year, month }: BookRequest): Promise<BookView> =>
    client.get<BookView>(`books/${year}${month === null ? '' : `?month=${month}`}`),
  downloadJpk: async ({ year, month, form }: JpkRequest): Promise<JpkDownload> => {
    const query = new URLSearchParams({ form })
    if (month !== null) query.set('month', String(month))
    const xml = await client.get<string>(`books/${year}/jpk?${query}`)
    const period = month === null ? String(year) : `${year}-${String(month).padStart(2, '0')}`
    return { fileName: `${form}_${period}.xml`, xml: typeof xml === 'string' ? xml : String(xml) }
  },
})

export type BooksApi = ReturnType<typeof createBooksApi>

/** The books machine's effects, from the API or a story's fakes. */
export const booksActors = (impl: Pick<BooksApi, 'loadBook' | 'downloadJpk'>) => ({
  loadBook: fromPromise<BookView, BookRequest>(({ input }) => impl.loadBook(input)),
  downloadJpk: fromPromise<JpkDownload, JpkRequest>(({ input }) => impl.downloadJpk(input)),
})

/** A tax book CSV asked of the API (`GET export/books/{year}`): the same bytes as `finance books --format csv`. */
export interface BookCsvRequest extends BookRequest {
  readonly form: JpkForm
  readonly lang: 'pl' | 'en'
  readonly excel: boolean
  /** The file's name on the user's disk. */
  readonly fileName: string
}

/** The tax book as CSV (RFC 4180) or for a Polish Excel, from the API, byte for byte (an Excel file keeps its BOM). */
export const downloadBookCsv = (r: BookCsvRequest, client: ApiClient = api): Promise<CsvFile> => {
  const query = new URLSearchParams({ form: r.form, lang: r.lang, dialect: dialectOf(r.excel) })
  if (r.month !== null) query.set('month', String(r.month))
  return getCsv(`books/${r.year}?${query}`, r.fileName, client)
}

export { type CsvFile, saveCsv }

/** Hands a downloaded file to the browser as a download. */
export const saveFile = ({ fileName, xml }: JpkDownload): void => saveText(fileName, xml, 'application/xml')
