import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { messageStore } from '../../ui/messages.tsx'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { createBooksApi } from './api.ts'
import { BooksPage } from './BooksPage.tsx'
import { emptyBook, ewpBook, kpirBook } from './fixtures.ts'
import type { BookView, JpkDownload } from './types.ts'

const renderPage = async (
  loadBook: (r: { year: number; month: number | null }) => Promise<BookView>,
  over: { downloadJpk?: () => Promise<JpkDownload>; save?: (f: JpkDownload) => void; locale?: 'pl' | 'en' } = {},
) => {
  const i18n = await i18nFor(over.locale ?? 'en')
  const downloadJpk = over.downloadJpk ?? vi.fn(async () => ({ fileName: 'JPK_PKPIR_2026.xml', xml: '<JPK/>' }))
  render(withProviders(i18n, <BooksPage effects={{ loadBook, downloadJpk }} year={2026} save={over.save ?? vi.fn()} />))
  return { downloadJpk }
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)

/** The 2026 KPiR with the entries the books write themselves added to January. */
const withGenerated = (): BookView => {
  const book = kpirBook()
  const first = book.kpir.rows[0]!
  const row = (number: number, description: string, source: typeof first.source) => ({
    ...first,
    number,
    description,
    source,
  })
  return {
    ...book,
    kpir: {
      ...book.kpir,
      rows: [
        ...book.kpir.rows,
        row(91, 'Składka na Fundusz Pracy za 02/2026', { itemId: 0, index: 24313, dataType: 'Expense' }),
        row(92, 'Odpis amortyzacyjny: Laptop, nr 1', { itemId: 9, index: 0, dataType: 'Expense', asset: true }),
        row(93, 'Różnica kursowa zrealizowana (EUR): Hosting', first.source),
        row(94, 'Odpis amortyzacyjny: a name typed so', first.source),
      ],
    },
  }
}

describe('BooksPage', () => {
  it('says the entries the books write in the UI language, and keeps the stored Polish in Polish', async () => {
    await renderPage(async () => withGenerated())
    const table = await screen.findByRole('table', { name: /KPiR\) 2026/ })
    const text = table.textContent ?? ''
    expect(text).toContain('Fundusz Pracy contribution for February 2026')
    expect(text).toContain('Depreciation write-off: Laptop, nr 1')
    expect(text).toContain('Realised exchange difference (EUR): Hosting')
    // An item's own description is what the user typed, whatever it says.
    expect(text).toContain('Odpis amortyzacyjny: a name typed so')
    expect(text).not.toContain('Składka na Fundusz Pracy')
  })

  it('shows the book’s own Polish descriptions as stored in the Polish UI', async () => {
    await renderPage(async () => withGenerated(), { locale: 'pl' })
    const table = await screen.findByRole('table', { name: /Podatkowa księga przychodów i rozchodów 2026/ })
    expect(table.textContent).toContain('Składka na Fundusz Pracy za 02/2026')
    expect(table.textContent).toContain('Odpis amortyzacyjny: Laptop, nr 1')
  })

  it('shows the KPiR with the 2026 regulation’s column numbers, month groups, totals and the correction', async () => {
    await renderPage(async ({ month }) => kpirBook(month))
    const table = await screen.findByRole('table', { name: /Tax book of revenue and expenses \(KPiR\) 2026/ })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers.slice(0, 6)).toEqual([
      '1No.',
      '2Date of the event',
      '3KSeF number',
      '4Document number',
      '6Counterparty',
      '8Description of the event',
    ])
    expect(headers).toContain('11Total revenue')
    expect(headers.at(-1)).toBe('19Remarks')
    const groups = within(table).getAllByRole('rowgroup').slice(1)
    expect(groups.map((g) => within(g).getAllByRole('rowheader')[0]!.textContent)).toEqual([
      'January 2026 · closed',
      'February 2026 · open until 20 Mar 2026',
      'March 2026 · open until 20 Apr 2026',
    ])
    const correction = within(groups[2]!).getAllByRole('row')[1]!
    expect(cells(correction)).toContain('-1,000.00')
    expect(cells(correction).at(-1)).toBe('Corrects entry 1/2026 of 8 Jan 2026 (period January 2026)')
    const janTotal = within(groups[0]!).getByRole('row', { name: /Month total/ })
    expect(cells(janTotal).slice(0, 5)).toEqual(['10,000.00', '0.00', '10,000.00', '2,500.00', '0.00'])
    expect(screen.getByText('Costs').nextSibling?.textContent).toBe('PLN\u00a02,580.00')
  })

  it('says that the items dated after today are left out of the book and its files', async () => {
    await renderPage(async ({ month }) => ({ ...kpirBook(month), planned: { after: '2026-03-10', entries: 10 } }), {
      locale: 'pl',
    })
    const note = await screen.findByRole('note')
    expect(note.textContent).toBe(
      'Pozycje z datą późniejszą niż 10 mar 2026 to plan, a nie zdarzenie: księga i jej pliki JPK ich nie obejmują (10).',
    )
  })

  it('filters to one month from the month select and reloads with it', async () => {
    const load = vi.fn(async ({ month }: { year: number; month: number | null }) => kpirBook(month))
    await renderPage(load)
    await screen.findByRole('table')
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2' } })
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ year: 2026, month: 2 }))
    await waitFor(() => expect(screen.getAllByRole('rowheader', { name: /2026 ·/ })).toHaveLength(1))
    expect(screen.getByText(/February 2026; totals of the year so far/)).toBeTruthy()
  })

  it('moves between years with the buttons', async () => {
    const load = vi.fn(async () => kpirBook())
    await renderPage(load)
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }))
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ year: 2025, month: null }))
    fireEvent.click(screen.getByRole('button', { name: 'This year' }))
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ year: 2026, month: null }))
  })

  it('shows the ewidencja with a column per ryczałt rate', async () => {
    await renderPage(async () => ewpBook())
    const table = await screen.findByRole('table', { name: /Record of revenue/ })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual([
      'No.',
      'Entry date',
      'Date the revenue was earned',
      'Document number',
      'KSeF number',
      'Counterparty',
      '12%',
      '8.5%',
      'Total revenue',
      'Remarks',
    ])
    expect(screen.queryByRole('table', { name: /KPiR/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Download JPK_EWP for 2026' })).toBeTruthy()
  })

  it('downloads the file, and names what the file still needs instead of offering it', async () => {
    const save = vi.fn()
    const { downloadJpk } = await renderPage(async () => kpirBook(), { save })
    fireEvent.click(await screen.findByRole('button', { name: 'Download JPK_PKPIR for 2026' }))
    await waitFor(() => expect(save).toHaveBeenCalledWith({ fileName: 'JPK_PKPIR_2026.xml', xml: '<JPK/>' }))
    expect(downloadJpk).toHaveBeenCalledWith({ year: 2026, month: null, form: 'JPK_PKPIR' })
  })

  it('an empty year says so in Polish and lists the missing data', async () => {
    await renderPage(async () => emptyBook(), { locale: 'pl' })
    expect(await screen.findByText(/Brak zapisów w 2025 r\./)).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Pobierz JPK_PKPIR za 2025' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(screen.getByText('Do pliku JPK potrzebna jest data urodzenia')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Drukuj' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('reports a failed load with a retry, and a refused download with the server’s reason', async () => {
    let fail = true
    const load = vi.fn(async () => {
      if (fail) throw new ApiError({ status: 0, statusText: 'Unknown Error' })
      return kpirBook()
    })
    const refused = vi.fn(async () => {
      throw new ApiError({ status: 400, statusText: 'Bad Request', errors: ['Tax office is required for a JPK file'] })
    })
    await renderPage(load, { downloadJpk: refused })
    expect((await screen.findByRole('alert')).textContent).toContain('The tax book could not be loaded.')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Download JPK_PKPIR for 2026' }))
    await waitFor(() =>
      expect(messageStore.getSnapshot().some((m) => m.text === 'Tax office is required for a JPK file')).toBe(true),
    )
  })
})

describe('books API', () => {
  it('asks for the year, a month and the file with its query', async () => {
    const get = vi.fn(async (path: string) => (path.includes('jpk') ? '<JPK/>' : kpirBook()))
    const api = createBooksApi({ get, post: vi.fn(), put: vi.fn(), del: vi.fn() } as never)
    await api.loadBook({ year: 2026, month: null })
    await api.loadBook({ year: 2026, month: 3 })
    expect(await api.downloadJpk({ year: 2026, month: 3, form: 'JPK_EWP' })).toEqual({
      fileName: 'JPK_EWP_2026-03.xml',
      xml: '<JPK/>',
    })
    expect(get.mock.calls.map((c) => c[0])).toEqual([
      'books/2026',
      'books/2026?month=3',
      'books/2026/jpk?form=JPK_EWP&month=3',
    ])
  })
})
