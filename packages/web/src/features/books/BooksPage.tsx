/**
 * companydashboard/books: the year's tax book — the KPiR (Scale, Linear) or the ewidencja przychodów (ryczałt) —
 * with a month filter, the month's and the year's totals, a print stylesheet, and the JPK file to download (or
 * what it still needs). Figures come from the API (`books/{year}`), computed by ledger-core.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { isApiError } from '../../api/client.ts'
import { useFormat } from '../../i18n/format.ts'
import { useMonthNames } from '../../i18n/months.ts'
import { Button, LoadFailed, Page, PeriodActions, periodSteps, Select, useMessages, YearNav } from '../../ui/index.ts'
import { type BookCsvRequest, type BooksApi, type CsvFile, booksActors, createBooksApi, saveFile } from './api.ts'
import { BookExport } from './BookExport.tsx'
import { BookSummary, EwpTable, KpirTable } from './BookTables.tsx'
import { booksMachine } from './booksMachine.ts'
import { useProblemText } from './problems.ts'
import type { BookView, JpkDownload } from './types.ts'
import './books.css'

type Props = {
  effects?: Pick<BooksApi, 'loadBook' | 'downloadJpk'> & {
    /** The CSV exports (the API's by default). */
    readonly downloadCsv?: (r: BookCsvRequest) => Promise<CsvFile>
  }
  /** The year shown first; this year by default. */
  year?: number
  /** Hands a file to the browser (stories and tests replace it). */
  save?: (file: JpkDownload) => void
}

/** "marzec 2026", "March 2026": a month inside a sentence. */
const periodName = (locale: string, year: number, month: number) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  )

const hasRows = (book: BookView, kind: 'kpir' | 'ewp') =>
  kind === 'kpir' ? book.kpir.rows.length > 0 : book.ewp.rows.length > 0

export const BooksPage = ({ effects, year, save = saveFile }: Props) => {
  const { t, i18n } = useLingui()
  const messages = useMessages()
  const problemText = useProblemText()
  const monthNames = useMonthNames()
  const fmt = useFormat()
  const machine = useMemo(() => booksMachine.provide({ actors: booksActors(effects ?? createBooksApi()) }), [effects])
  const actor = useActorRef(machine, { input: { year: year ?? new Date().getFullYear() } })
  const shown = useSelector(actor, (s) => s.context.year)
  const month = useSelector(actor, (s) => s.context.month)
  const book = useSelector(actor, (s) => s.context.book)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const downloading = useSelector(actor, (s) => s.hasTag('downloading'))
  const failed = useSelector(actor, (s) => s.matches('failed'))

  useEffect(() => {
    const subs = [
      actor.on('downloaded', (e) => {
        save(e.file)
        messages.info(t`File ${e.file.fileName} downloaded`)
      }),
      actor.on('downloadFailed', (e) => {
        const errors = isApiError(e.error) && e.error.errors.length > 0 ? e.error.errors : []
        messages.error(
          errors.length > 0 ? errors.map((m) => problemText(m)).join(' ') : t`Response error, can not connect to API.`,
        )
      }),
      actor.on('loadFailed', () => messages.error(t`Response error, can not connect to API.`)),
    ]
    return () => {
      for (const s of subs) s.unsubscribe()
    }
  }, [actor, messages, t, save, problemText])

  const monthOptions = [
    { value: '', label: t`All months` },
    ...monthNames.map((name, i) => ({ value: String(i + 1), label: name })),
  ]
  const empty = book !== null && !hasRows(book, 'kpir') && !hasRows(book, 'ewp')
  const showKpir = book !== null && hasRows(book, 'kpir')
  const showEwp = book !== null && hasRows(book, 'ewp')

  const toolbar = (
    <>
      <YearNav year={shown} {...periodSteps((e) => actor.send(e))} />
      <Select
        label={t`Month`}
        className="books-page__month"
        options={monthOptions}
        value={month === null ? '' : String(month)}
        onChange={(e) =>
          actor.send({ type: 'SET_MONTH', month: e.target.value === '' ? null : Number(e.target.value) })
        }
      />
      <PeriodActions
        className="books-page__actions"
        current={<Trans>This year</Trans>}
        onCurrent={() => actor.send({ type: 'THIS_YEAR' })}
        onRefresh={() => actor.send({ type: 'REFRESH' })}
      >
        <Button variant="secondary" onClick={() => window.print()} disabled={book === null || empty}>
          <Trans>Print</Trans>
        </Button>
      </PeriodActions>
    </>
  )

  return (
    <Page className="books-page" title={<Trans>Tax book</Trans>} busy={busy} toolbar={toolbar}>
      {failed && (
        <LoadFailed onRetry={() => actor.send({ type: 'REFRESH' })}>
          <Trans>The tax book could not be loaded.</Trans>
        </LoadFailed>
      )}
      {book !== null && (
        <>
          <p className="books-page__period">
            {month === null ? (
              <Trans>The year {book.year}</Trans>
            ) : (
              <Trans>
                {monthNames[month - 1]} {book.year}; totals of the year so far below each month
              </Trans>
            )}
          </p>
          <BookSummary book={book} />
          {book.planned !== null && book.planned.entries > 0 && (
            <p className="books-page__planned" role="note">
              <Trans>
                Items dated after {fmt.date(book.planned.after)} are planned, not yet happened: the book and its JPK
                files leave them out ({String(book.planned.entries)}).
              </Trans>
            </p>
          )}
          {empty && (
            <p className="empty" role="status">
              {month === null ? (
                <Trans>No entries in {book.year}. Company incomes and expenses appear here as book entries.</Trans>
              ) : (
                <Trans>No entries in this month.</Trans>
              )}
            </p>
          )}
          {showKpir && <KpirTable book={book} />}
          {showEwp && <EwpTable book={book} />}
          <BookExport
            year={book.year}
            month={month}
            books={[...(showKpir ? (['kpir'] as const) : []), ...(showEwp ? (['ewp'] as const) : [])]}
            {...(effects?.downloadCsv ? { download: effects.downloadCsv } : {})}
          />
          <section className="books-page__files" aria-labelledby="books-files">
            <h2 id="books-files">
              <Trans>JPK files</Trans>
            </h2>
            {book.files.map((f) => {
              const blocked = f.problems.length > 0
              const what = month === null ? String(book.year) : periodName(i18n.locale, book.year, month)
              return (
                <div className="books-page__file" key={f.form}>
                  <Button
                    onClick={() => actor.send({ type: 'DOWNLOAD', form: f.form })}
                    disabled={blocked || downloading}
                    aria-describedby={blocked ? `books-problems-${f.form}` : undefined}
                  >
                    {t`Download ${f.form} for ${what}`}
                  </Button>
                  {blocked && (
                    <ul className="books-page__problems" id={`books-problems-${f.form}`}>
                      {f.problems.map((p) => (
                        <li key={`${p.field}-${p.message}`}>{problemText(p.message)}</li>
                      ))}
                    </ul>
                  )}
                </div>
              )
            })}
            <p className="books-page__hint">
              <Trans>
                The file is checked against the official schema of the Ministry of Finance before it is downloaded.
                Missing company data is filled in on the Your company page.
              </Trans>
            </p>
          </section>
        </>
      )}
    </Page>
  )
}
