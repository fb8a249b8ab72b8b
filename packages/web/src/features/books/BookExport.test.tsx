import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import type { BookCsvRequest, CsvFile } from './api.ts'
import { BookExport } from './BookExport.tsx'

/** The book's CSV files come from the API (`GET export/books/{year}`, the CLI's bytes); here its answer is given. */
const exported = async (
  name: string,
  locale: 'pl' | 'en' = 'en',
  books: ('kpir' | 'ewp')[] = ['kpir'],
  month: number | null = null,
) => {
  const bytes = new TextEncoder().encode('1 Lp.,2 Data zdarzenia\r\n')
  const download = vi.fn(async (r: BookCsvRequest): Promise<CsvFile> => ({ fileName: r.fileName, bytes }))
  const save = vi.fn<(file: CsvFile) => void>()
  render(
    withProviders(
      await i18nFor(locale),
      <BookExport year={2026} month={month} books={books} download={download} save={save} />,
    ),
  )
  fireEvent.click(screen.getByRole('button', { name }))
  await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
  return { request: download.mock.calls[0]![0], file: save.mock.calls[0]![0], bytes }
}

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
