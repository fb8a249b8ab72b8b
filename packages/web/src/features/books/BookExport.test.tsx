import { fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { BookExport } from './BookExport.tsx'
import { EwpTable, KpirTable } from './BookTables.tsx'
import { ewpBook, kpirBook } from './fixtures.ts'

type Save = (fileName: string, text: string, type: string) => void

const Page = ({ save, ewp = false }: { save: Save; ewp?: boolean }) => {
  const root = useRef<HTMLDivElement>(null)
  return (
    <div ref={root}>
      {ewp ? <EwpTable book={ewpBook()} /> : <KpirTable book={kpirBook()} />}
      <BookExport root={root} books={[ewp ? 'ewp' : 'kpir']} period="2026" save={save} />
    </div>
  )
}

const exported = async (name: string, locale: 'pl' | 'en' = 'en', ewp = false) => {
  const save = vi.fn<Save>()
  render(withProviders(await i18nFor(locale), <Page save={save} ewp={ewp} />))
  fireEvent.click(screen.getByRole('button', { name }))
  const [fileName, text, type] = save.mock.calls[0]!
  return { fileName, text, type }
}

describe('the book to a spreadsheet', () => {
  it('writes the KPiR as shown, with its column numbers and headings and the figures as numbers', async () => {
    const { fileName, text, type } = await exported('Download KPiR as CSV')
    expect(fileName).toBe('KPiR_2026.csv')
    expect(type).toBe('text/csv;charset=utf-8')
    const lines = text.split('\r\n').filter((l) => l !== '')
    expect(lines[0]).toMatch(/^1 No\.,2 Date of the event,/)
    expect(lines[0]).toContain('Total revenue')
    // Every figure as the number itself, never the screen's formatted text.
    expect(text).not.toMatch(/PLN|\u00a0/)
    expect(text).toMatch(/,\d+\.\d{2},/)
    expect(lines.some((l) => l.startsWith('Month total,'))).toBe(true)
  })

  it('writes a Polish Excel file: byte order mark, semicolons, decimal commas, Polish headings', async () => {
    const { fileName, text } = await exported('Pobierz KPiR dla Excela', 'pl')
    expect(fileName).toBe('KPiR_2026_Excel.csv')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const header = text.slice(1).split('\r\n')[0]!
    expect(header.split(';').length).toBeGreaterThan(10)
    expect(text).toMatch(/;\d+,\d{2};/)
    expect(text).not.toMatch(/\d\.\d{2}/)
  })

  it('writes the ewidencja with a column per rate', async () => {
    const { fileName, text } = await exported('Download ewidencja as CSV', 'en', true)
    expect(fileName).toBe('ewidencja_2026.csv')
    expect(text.split('\r\n')[0]).toMatch(/^No\.,Entry date,Date the revenue was earned,/)
  })
})
