/**
 * A table on the screen as a CSV file: what the user sees, in the columns the screen shows, with the UI language's
 * headings. A cell that shows a figure carries its machine value in `data-value` ("1234.50"), so the file holds the
 * figure itself (with a decimal comma in the Polish Excel dialect), never the screen's "1 234,50 zł". A cell that
 * spans columns is followed by empty cells, so every row keeps the heading's columns.
 */
import { type CsvDialect, EXCEL_PL, RFC4180, renderCsv } from '@finance/ledger-core/format'

/** A cell's text: its machine value when it has one, else its words (a column number and its label joined). */
const cellText = (cell: HTMLTableCellElement): string => {
  const value = cell.dataset.value
  if (value !== undefined) return value
  return [...cell.childNodes]
    .map((n) => (n.textContent ?? '').trim())
    .filter((s) => s !== '')
    .join(' ')
}

const rowCells = (row: HTMLTableRowElement): string[] =>
  [...row.cells].flatMap((cell) => [cellText(cell), ...Array.from({ length: cell.colSpan - 1 }, () => '')])

/** The table's heading row and every body row, in `dialect` (RFC 4180 unless another is given). */
export const tableCsv = (table: HTMLTableElement, dialect: CsvDialect = RFC4180): string => {
  const header = table.tHead?.rows[0]
  const body = [...table.tBodies].flatMap((b) => [...b.rows])
  return renderCsv(header ? rowCells(header) : [], body.map(rowCells), dialect)
}

/** Hands a file (text, or the bytes of a PDF) to the browser's download. */
export const saveText = (fileName: string, content: BlobPart, type: string): void => {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export type SaveText = (fileName: string, text: string, type: string) => void

/**
 * Saves the first table under `root` matching `selector` as `fileName` (a CSV, or a Polish Excel file with
 * `excel`); `false` when no such table is on the screen (still loading), so the caller can say so.
 */
export const exportTable = (
  root: ParentNode | null | undefined,
  selector: string,
  fileName: string,
  excel: boolean,
  save: SaveText = saveText,
): boolean => {
  const table = root?.querySelector<HTMLTableElement>(selector)
  if (!table) return false
  save(fileName, tableCsv(table, excel ? EXCEL_PL : RFC4180), 'text/csv;charset=utf-8')
  return true
}
