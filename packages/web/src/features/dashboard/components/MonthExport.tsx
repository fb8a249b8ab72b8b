/**
 * The month's computed books to a spreadsheet: the transactions table as shown (revenues, costs, VAT, PIT, ZUS,
 * with their dates, names, net and gross) as a CSV or a Polish Excel file, the figures as numbers.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { RefObject } from 'react'
import { Button, useMessages } from '../../../ui/index.ts'
import { exportTable, type SaveText } from '../../../ui/tableCsv.ts'

type Props = {
  /** The dashboard holding the month's transactions table. */
  root: RefObject<HTMLElement | null>
  /** `yyyy-mm`: the file's name. */
  month: string
  disabled?: boolean
  save?: SaveText
}

export const MonthExport = ({ root, month, disabled, save }: Props) => {
  const { t } = useLingui()
  const messages = useMessages()
  const download = (excel: boolean) => {
    const fileName = `Finance_${month}${excel ? '_Excel' : ''}.csv`
    if (exportTable(root.current, 'table.tx-table', fileName, excel, save))
      messages.info(t`File ${fileName} downloaded`)
    else messages.error(t`The month is not on the screen yet: wait until it loads and try again.`)
  }
  return (
    <div className="dashboard__export">
      <Button variant="secondary" disabled={disabled} onClick={() => download(false)}>
        <Trans>Download the month as CSV</Trans>
      </Button>{' '}
      <Button variant="secondary" disabled={disabled} onClick={() => download(true)}>
        <Trans>Download the month for Excel</Trans>
      </Button>
    </div>
  )
}
