/**
 * A CSV file asked of the API's exports (`GET export/…`: the bytes the CLI's exports print) and handed to the
 * browser as a download, byte for byte (a Polish Excel file keeps its byte order mark).
 */
import { saveText } from '../ui/tableCsv.ts'
import { type ApiClient, api } from './client.ts'

export interface CsvFile {
  readonly fileName: string
  readonly bytes: Uint8Array
}

/** The API's dialect for a button: RFC 4180, or the Polish Excel one (semicolons, decimal commas, a BOM). */
export const dialectOf = (excel: boolean) => (excel ? 'excel' : 'csv')

/** `path` (under `export/`, with its query) as the file `fileName`. */
export const getCsv = async (path: string, fileName: string, client: ApiClient = api): Promise<CsvFile> => ({
  fileName,
  bytes: await client.get<Uint8Array>(`export/${path}`, { binary: true }),
})

/** Hands a CSV file to the browser as a download. */
export const saveCsv = ({ fileName, bytes }: CsvFile): void =>
  saveText(fileName, bytes as BlobPart, 'text/csv;charset=utf-8')
