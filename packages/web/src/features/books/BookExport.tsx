/**
 * The book to a spreadsheet: per book on the screen (KPiR, ewidencja) a CSV (RFC 4180) and a file for a Polish Excel
 * (semicolons, decimal commas, a byte order mark), as the API writes them (`GET export/books/{year}`, the same bytes
 * as `finance books --format csv`): the period chosen, the columns numbered as the regulation does, the headings in
 * the UI language, the figures as numbers.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useDownload } from '../../api/useDownload.ts'
import { Button } from '../../ui/index.ts'
import { type BookCsvRequest, type CsvFile, downloadBookCsv, saveCsv } from './api.ts'

type Book = 'kpir' | 'ewp'

type Props = {
  year: number
  /** 1–12, or null for the year. */
  month: number | null
  books: readonly Book[]
  download?: (r: BookCsvRequest) => Promise<CsvFile>
  save?: (file: CsvFile) => void
}

export const BookExport = ({ year, month, books, download = downloadBookCsv, save = saveCsv }: Props) => {
  const { t, i18n } = useLingui()
  const names: Record<Book, string> = { kpir: 'KPiR', ewp: t`ewidencja` }
  const { busy, run } = useDownload(download, save, (file) => t`File ${file.fileName} downloaded`)
  const period = month === null ? String(year) : `${year}-${String(month).padStart(2, '0')}`
  const get = (book: Book, excel: boolean) =>
    run({
      year,
      month,
      form: book === 'kpir' ? 'JPK_PKPIR' : 'JPK_EWP',
      lang: i18n.locale.startsWith('en') ? 'en' : 'pl',
      excel,
      fileName: `${book === 'kpir' ? 'KPiR' : 'ewidencja'}_${period}${excel ? '_Excel' : ''}.csv`,
    })
  if (books.length === 0) return null
  return (
    <section className="books-page__files" aria-labelledby="books-export">
      <h2 id="books-export">
        <Trans>Spreadsheet export</Trans>
      </h2>
      {books.map((b) => (
        <div className="books-page__file" key={b}>
          <Button variant="secondary" disabled={busy} onClick={() => get(b, false)}>
            {t`Download ${names[b]} as CSV`}
          </Button>{' '}
          <Button variant="secondary" disabled={busy} onClick={() => get(b, true)}>
            {t`Download ${names[b]} for Excel`}
          </Button>
        </div>
      ))}
      <p className="books-page__hint">
        <Trans>
          The file holds the book of the period chosen above, its columns numbered as the regulation does, the headings
          in your language and the figures as numbers. The Excel file opens in a Polish Excel with a double click.
        </Trans>
      </p>
    </section>
  )
}
