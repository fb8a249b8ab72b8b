import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { CsvFile } from '../../../api/csv.ts'
import type { SheetRequest } from '../api.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { MonthExport } from './MonthExport.tsx'

type Request = SheetRequest & { readonly month: string }

/** The month's CSV comes from the API (`GET export/transactions`, the CLI's bytes); here its answer is given. */
const exported = async (name: string) => {
  const bytes = new TextEncoder().encode('\uFEFFuser;month;id\r\n')
  const download = vi.fn(async (r: Request): Promise<CsvFile> => ({ fileName: r.fileName, bytes }))
  const save = vi.fn<(file: CsvFile) => void>()
  render(withProviders(await i18nFor('pl'), <MonthExport month="2026-03" download={download} save={save} />))
  fireEvent.click(screen.getByRole('button', { name }))
  await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
  return { request: download.mock.calls[0]![0], file: save.mock.calls[0]![0], bytes }
}

describe("the month's computed books to a spreadsheet", () => {
  it('asks the API for the month as CSV and saves its bytes as they came', async () => {
    const { request, file, bytes } = await exported('Pobierz miesiąc jako CSV')
    expect(request).toEqual({ month: '2026-03', excel: false, fileName: 'Finance_2026-03.csv' })
    expect(file).toEqual({ fileName: 'Finance_2026-03.csv', bytes })
  })

  it('asks the API for the Polish Excel file of the month', async () => {
    const { request } = await exported('Pobierz miesiąc dla Excela')
    expect(request).toEqual({ month: '2026-03', excel: true, fileName: 'Finance_2026-03_Excel.csv' })
  })
})
