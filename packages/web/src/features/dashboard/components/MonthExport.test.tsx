import { describe, expect, it } from 'vitest'
import { exportedBy } from '../../../test/exported.tsx'
import type { SheetRequest } from '../api.ts'
import { MonthExport } from './MonthExport.tsx'

type Request = SheetRequest & { readonly month: string }

/** The month's CSV comes from the API (`GET export/transactions`, the CLI's bytes); here its answer is given. */
const exported = (name: string) =>
  exportedBy<Request>(name, 'pl', '\uFEFFuser;month;id\r\n', (download, save) => (
    <MonthExport month="2026-03" download={download} save={save} />
  ))

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
