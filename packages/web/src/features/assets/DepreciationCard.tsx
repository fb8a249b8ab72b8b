/**
 * The monthly dashboard's depreciation row: what the register of fixed assets puts into the month — the write-offs
 * booked in it (a cost in the tax book and the PIT advance, not a payment) and the costs of disposals, per asset.
 * Nothing is shown for a month without any. Figures from `GET assets/depreciation/{month}` (ledger-core).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { api } from '../../api/client.ts'
import { useFormat } from '../../i18n/format.ts'
import { Card } from '../../ui/Card.tsx'
import { settle } from '../../ui/settle.ts'
import type { MonthDepreciationDto } from './types.ts'

export type LoadDepreciation = (month: string) => Promise<MonthDepreciationDto>

export const loadDepreciation: LoadDepreciation = (month) =>
  api.get<MonthDepreciationDto>(`assets/depreciation/${month}`)

type Props = {
  month: string
  /** The API by default; `null`: not shown (stories of screens that fake every call). */
  load?: LoadDepreciation | null
}

export const DepreciationCard = ({ month, load = loadDepreciation }: Props) => {
  const { t } = useLingui()
  const f = useFormat()
  const [data, setData] = useState<MonthDepreciationDto | null>(null)
  useEffect(() => {
    if (!load) return
    return settle(load(month), setData, () => setData(null))
  }, [load, month])
  if (!data || (data.writeOff === '0.00' && data.disposalCost === '0.00' && data.improvementCost === '0.00'))
    return null
  return (
    <Card title={t`Depreciation`} headingLevel={3} className="depreciation-card">
      <p className="depreciation-card__total">
        <Trans>Write-offs of the month</Trans>: <strong className="amount">{f.money(data.writeOff)}</strong>
        {data.deductible !== data.writeOff && (
          <>
            {' '}
            (<Trans>of which costs</Trans> {f.money(data.deductible)})
          </>
        )}
      </p>
      {data.disposalCost !== '0.00' && (
        <p>
          <Trans>Undepreciated value of assets disposed of</Trans>: {f.money(data.disposalCost)}
        </p>
      )}
      {data.improvementCost !== '0.00' && (
        <p>
          <Trans>Spending on assets of 10 000 zł or less in the year (no improvement)</Trans>:{' '}
          {f.money(data.improvementCost)}
        </p>
      )}
      <ul className="depreciation-card__assets">
        {data.assets.map((a) => (
          <li key={a.id}>
            {a.name}: {f.money(a.writeOff)}
          </li>
        ))}
      </ul>
      <p className="depreciation-card__hint">
        <Trans>A cost in the tax book and the PIT advance, not a payment.</Trans>
      </p>
    </Card>
  )
}
