/**
 * The month's computed books to a spreadsheet, as the API writes them (`GET export/transactions` for the month, the
 * same bytes as `finance export --format csv`): every transaction of the month (revenues, costs, VAT, PIT, ZUS) with
 * its dates, name, net, VAT and gross, as a CSV (RFC 4180) or a Polish Excel file, the figures as numbers.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { type CsvFile, saveCsv } from '../../../api/csv.ts'
import { useDownload } from '../../../api/useDownload.ts'
import { Button } from '../../../ui/index.ts'
import { downloadMonthCsv, type SheetRequest } from '../api.ts'

type Props = {
  /** `yyyy-mm`. */
  month: string
  disabled?: boolean
  download?: (r: SheetRequest & { readonly month: string }) => Promise<CsvFile>
  save?: (file: CsvFile) => void
}

export const MonthExport = ({ month, disabled, download = downloadMonthCsv, save = saveCsv }: Props) => {
  const { t } = useLingui()
  const { busy, run } = useDownload(download, save, (file) => t`File ${file.fileName} downloaded`)
  const get = (excel: boolean) => run({ month, excel, fileName: `Finance_${month}${excel ? '_Excel' : ''}.csv` })
  return (
    <div className="dashboard__export">
      <Button variant="secondary" disabled={disabled || busy} onClick={() => get(false)}>
        <Trans>Download the month as CSV</Trans>
      </Button>{' '}
      <Button variant="secondary" disabled={disabled || busy} onClick={() => get(true)}>
        <Trans>Download the month for Excel</Trans>
      </Button>
    </div>
  )
}
