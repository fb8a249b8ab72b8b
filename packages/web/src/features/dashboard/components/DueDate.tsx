import { Trans } from '@lingui/react/macro'
import { useFormat } from '../../../i18n/format.ts'
import { isLate } from '../payment.ts'
import type { Transaction } from '../types.ts'

/** The obligation's period, its due date (already moved to a working day by the core) and an overdue mark. */
export const DueDate = ({ transaction: t }: { transaction: Transaction }) => {
  const fmt = useFormat()
  const { dueDate, period } = t.dataObject
  if (!dueDate && !period) return null
  const late = isLate(t)
  return (
    <dl className={`due${late ? ' due--overdue' : ''}`}>
      {period && (
        <>
          <dt>
            <Trans>Period</Trans>
          </dt>
          <dd>
            {period.from === period.to ? fmt.month(period.from) : `${fmt.month(period.from)} – ${fmt.month(period.to)}`}
          </dd>
        </>
      )}
      {dueDate && (
        <>
          <dt>
            <Trans>Due date</Trans>
          </dt>
          <dd>
            <time dateTime={dueDate}>{fmt.date(dueDate)}</time>
            {late && (
              <strong className="badge badge--overdue">
                <Trans>Overdue</Trans>
              </strong>
            )}
          </dd>
        </>
      )}
    </dl>
  )
}
