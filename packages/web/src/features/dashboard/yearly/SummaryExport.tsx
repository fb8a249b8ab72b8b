/**
 * The year's summary to a spreadsheet, as the API writes it (`GET export/summary/{year}`, the same bytes as
 * `finance report year --csv|--excel [--cumulative]`): the month rows and the year row, or the rows each from January,
 * as a CSV (RFC 4180) or a Polish Excel file, the figures as numbers.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { type CsvFile, saveCsv } from '../../../api/csv.ts'
import { useDownload } from '../../../api/useDownload.ts'
import { Button } from '../../../ui/index.ts'
import { downloadSummaryCsv, type SheetRequest } from '../api.ts'

export type SummaryRequest = SheetRequest & { readonly year: number; readonly cumulative: boolean }

type Props = {
  year: number
  disabled?: boolean
  download?: (r: SummaryRequest) => Promise<CsvFile>
  save?: (file: CsvFile) => void
}

export const SummaryExport = ({ year, disabled, download = downloadSummaryCsv, save = saveCsv }: Props) => {
  const { t } = useLingui()
  const { busy, run } = useDownload(download, save, (file) => t`File ${file.fileName} downloaded`)
  const get = (cumulative: boolean, excel: boolean) =>
    run({
      year,
      cumulative,
      excel,
      fileName: `${cumulative ? 'Podsumowanie_narastajaco' : 'Podsumowanie'}_${year}${excel ? '_Excel' : ''}.csv`,
    })
  const off = disabled || busy
  return (
    <section className="dashboard__files" aria-labelledby="summary-export">
      <h2 id="summary-export">
        <Trans>Spreadsheet export</Trans>
      </h2>
      <div className="dashboard__export">
        <Button variant="secondary" disabled={off} onClick={() => get(false, false)}>
          <Trans>Download the summary as CSV</Trans>
        </Button>{' '}
        <Button variant="secondary" disabled={off} onClick={() => get(false, true)}>
          <Trans>Download the summary for Excel</Trans>
        </Button>
      </div>
      <div className="dashboard__export">
        <Button variant="secondary" disabled={off} onClick={() => get(true, false)}>
          <Trans>Download the cumulative summary as CSV</Trans>
        </Button>{' '}
        <Button variant="secondary" disabled={off} onClick={() => get(true, true)}>
          <Trans>Download the cumulative summary for Excel</Trans>
        </Button>
      </div>
      <p className="dashboard__files-hint">
        <Trans>
          The summary of each month of the year and the year’s total (cumulative: each month added up from January), the
          figures as numbers. The Excel file opens in a Polish Excel with a double click.
        </Trans>
      </p>
    </section>
  )
}
