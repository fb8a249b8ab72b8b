import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef } from 'react'
import { Modal } from '../../../ui/Modal.tsx'
import { useFormat } from '../../../i18n/format.ts'
import { money2 } from '../money.ts'
import type { SummaryRow } from '../types.ts'
import { type PopupField, popupBars } from './chartData.ts'

type Props = {
  title: string
  row: SummaryRow
  onClose: () => void
}

/** SPEC §2: the month's figures as horizontal bars, widths proportional to value / max at half scale. */
export const MonthPopup = ({ title, row, onClose }: Props) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const closeRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const labels: Record<PopupField, string> = {
    companyIncomeAmmount: t`Corporate revenue`,
    companyVatAmmount: t`VAT`,
    companyPitAmmount: t`PIT`,
    companySocialSecurityAmmount: t`Social security`,
    companyExpenseAmmount: t`Corporate expense`,
    companysNetIncome: t`Corporate NET`,
    privateIncomeAmmount: t`Private revenue`,
    privateExpenseAmmount: t`Private fees`,
    privateIncome: t`Private revenue gross`,
    summary: t`Summary`,
  }
  return (
    <Modal className="month-popup" onClose={onClose} labelledBy={titleId} initialFocus={closeRef} closeOnBackdrop>
      <h2 className="dialog__title" id={titleId}>
        {title}
      </h2>
      <ul className="hbars">
        {popupBars(row).map((b) => (
          <li key={b.field} className={`hbar${b.negative ? ' hbar--negative' : ''}`} data-field={b.field}>
            <span className="hbar__label">{labels[b.field]}</span>
            <span className="hbar__track">
              <span className="hbar__fill" style={{ width: `${b.widthPercent}%` }} data-width={b.widthPercent} />
            </span>
            <span className="hbar__value">{fmt.money(money2(b.value))}</span>
          </li>
        ))}
      </ul>
      <div className="dialog__buttons">
        <button type="button" className="btn btn--secondary" ref={closeRef} onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </Modal>
  )
}
