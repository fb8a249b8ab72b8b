import { fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { SaveText } from '../../../ui/tableCsv.ts'
import { fixtureMonth } from '../fixtures.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { MonthExport } from './MonthExport.tsx'
import { TransactionsTable } from './TransactionsTable.tsx'

const Month = ({ save }: { save: SaveText }) => {
  const root = useRef<HTMLDivElement>(null)
  return (
    <div ref={root}>
      <TransactionsTable transactions={fixtureMonth()} />
      <MonthExport root={root} month="2026-03" save={save} />
    </div>
  )
}

describe("the month's computed books to a spreadsheet", () => {
  it('writes every transaction as shown, net and gross as numbers; in Polish Excel with decimal commas', async () => {
    const save = vi.fn<SaveText>()
    render(withProviders(await i18nFor('pl'), <Month save={save} />))
    fireEvent.click(screen.getByRole('button', { name: 'Pobierz miesiąc jako CSV' }))
    fireEvent.click(screen.getByRole('button', { name: 'Pobierz miesiąc dla Excela' }))
    const [csvName = '', csv = ''] = save.mock.calls[0] ?? []
    const [excelName = '', excel = ''] = save.mock.calls[1] ?? []
    expect([csvName, excelName]).toEqual(['Finance_2026-03.csv', 'Finance_2026-03_Excel.csv'])
    const lines = csv.split('\r\n').filter((l) => l !== '')
    // The heading and one line per transaction on the screen.
    expect(lines).toHaveLength(fixtureMonth().length + 1)
    expect(lines[0]).toBe('Data,Nazwa,Netto,Brutto / przychód / wydatek')
    // The fee of 2 000 zł net, 2 460 zł gross, as numbers.
    expect(lines).toContain('2026-03-05,Wydatek Office rent,2000.00,2460.00')
    expect(excel.startsWith('\uFEFF')).toBe(true)
    expect(excel).toContain('2026-03-05;Wydatek Office rent;2000,00;2460,00')
  })
})
