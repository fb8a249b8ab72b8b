/**
 * The book as shown, to a spreadsheet: per book on the screen (KPiR, ewidencja) a CSV (RFC 4180) and a file for a
 * Polish Excel (semicolons, decimal commas, a byte order mark), built from the table itself — its columns, its
 * headings in the UI language, the month rows and totals — with the figures as numbers, not as formatted text.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { RefObject } from 'react'
import { Button, useMessages } from '../../ui/index.ts'
import { exportTable, type SaveText } from '../../ui/tableCsv.ts'

type Book = 'kpir' | 'ewp'

type Props = {
  /** The page holding the book's tables. */
  root: RefObject<HTMLElement | null>
  books: readonly Book[]
  /** `2026` or `2026-03`: the period of the file's name. */
  period: string
  save?: SaveText
}

export const BookExport = ({ root, books, period, save }: Props) => {
  const { t } = useLingui()
  const messages = useMessages()
  const names: Record<Book, string> = { kpir: 'KPiR', ewp: t`ewidencja` }
  const download = (book: Book, excel: boolean) => {
    const fileName = `${book === 'kpir' ? 'KPiR' : 'ewidencja'}_${period}${excel ? '_Excel' : ''}.csv`
    if (exportTable(root.current, `table.book--${book}`, fileName, excel, save))
      messages.info(t`File ${fileName} downloaded`)
    else messages.error(t`The book is not on the screen yet: wait until it loads and try again.`)
  }
  if (books.length === 0) return null
  return (
    <section className="books-page__files" aria-labelledby="books-export">
      <h2 id="books-export">
        <Trans>Spreadsheet export</Trans>
      </h2>
      {books.map((b) => (
        <div className="books-page__file" key={b}>
          <Button variant="secondary" onClick={() => download(b, false)}>
            {t`Download ${names[b]} as CSV`}
          </Button>{' '}
          <Button variant="secondary" onClick={() => download(b, true)}>
            {t`Download ${names[b]} for Excel`}
          </Button>
        </div>
      ))}
      <p className="books-page__hint">
        <Trans>
          The file holds the book as shown above: the period chosen, the headings in your language and the figures as
          numbers. The Excel file opens in a Polish Excel with a double click.
        </Trans>
      </p>
    </section>
  )
}
