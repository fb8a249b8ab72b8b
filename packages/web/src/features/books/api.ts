/**
 * The books screen's API effects over the app's client: the year's book (`GET books/{year}`) and its JPK file
 * (`GET books/{year}/jpk`), as plain async functions the machine gets as actors.
 */
import { type ApiClient, api } from '../../api/client.ts'
import type { BookView, JpkDownload, JpkForm } from './types.ts'
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

/** A tax book CSV asked of the API (`GET export/books/{year}`): the same bytes as `finance books --format csv`. */
export interface BookCsvRequest extends BookRequest {
  readonly form: JpkForm
  readonly lang: 'pl' | 'en'
  readonly excel: boolean
  /** The file's name on the user's disk. */
  readonly fileName: string
}

export interface CsvFile {
  readonly fileName: string
  readonly bytes: Uint8Array
}

/** The tax book as CSV (RFC 4180) or for a Polish Excel, from the API, byte for byte (an Excel file keeps its BOM). */
export const downloadBookCsv = async (r: BookCsvRequest, client: ApiClient = api): Promise<CsvFile> => {
  const query = new URLSearchParams({ form: r.form, lang: r.lang, dialect: r.excel ? 'excel' : 'csv' })
  if (r.month !== null) query.set('month', String(r.month))
  const bytes = await client.get<Uint8Array>(`export/books/${r.year}?${query}`, { binary: true })
  return { fileName: r.fileName, bytes }
}

/** Hands a CSV file to the browser as a download. */
export const saveCsv = ({ fileName, bytes }: CsvFile): void =>
  saveText(fileName, bytes as BlobPart, 'text/csv;charset=utf-8')

/** Hands a downloaded file to the browser as a download. */
export const saveFile = ({ fileName, xml }: JpkDownload): void => saveText(fileName, xml, 'application/xml')
