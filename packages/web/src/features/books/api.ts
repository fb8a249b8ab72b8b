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

/** Hands a downloaded file to the browser as a download. */
export const saveFile = ({ fileName, xml }: JpkDownload): void => saveText(fileName, xml, 'application/xml')
