import { describe, expect, it } from 'vitest'
import { exportedBy } from '../../test/exported.tsx'
import type { BookCsvRequest } from './api.ts'
import { BookExport } from './BookExport.tsx'

/** The book's CSV files come from the API (`GET export/books/{year}`, the CLI's bytes); here its answer is given. */
const exported = (
  name: string,
  locale: 'pl' | 'en' = 'en',
  books: ('kpir' | 'ewp')[] = ['kpir'],
  month: number | null = null,
) =>
  exportedBy<BookCsvRequest>(name, locale, '1 Lp.,2 Data zdarzenia\r\n', (download, save) => (
    <BookExport year={2026} month={month} books={books} download={download} save={save} />
  ))

describe('the book to a spreadsheet', () => {
  it('asks the API for the KPiR as CSV in the UI language and saves its bytes as they came', async () => {
    const { request, file, bytes } = await exported('Download KPiR as CSV')
    expect(request).toEqual({
      year: 2026,
      month: null,
      form: 'JPK_PKPIR',
      lang: 'en',
      excel: false,
      fileName: 'KPiR_2026.csv',
    })
    expect(file).toEqual({ fileName: 'KPiR_2026.csv', bytes })
  })

  it('asks for the Polish Excel file of one month, with Polish headings', async () => {
    const { request } = await exported('Pobierz KPiR dla Excela', 'pl', ['kpir'], 3)
    expect(request).toMatchObject({ month: 3, lang: 'pl', excel: true, fileName: 'KPiR_2026-03_Excel.csv' })
  })

  it('asks for the ewidencja przychodów by its form', async () => {
    const { request } = await exported('Download ewidencja as CSV', 'en', ['ewp'])
    expect(request).toMatchObject({ form: 'JPK_EWP', fileName: 'ewidencja_2026.csv' })
  })
})
