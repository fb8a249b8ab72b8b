import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { ConfirmDialog } from '../../../ui/index.ts'
import { localToday } from '../../../ui/DatePicker.tsx'
import { useServices } from '../../company/form/services.tsx'
import { useLanguage } from '../../company/form/language.ts'
import { formatMoneyWithCurrency } from '../../company/lib/number.ts'
import type { ItemDataType, RecordDto } from '../../company/lib/records.ts'
import '../../company/company.css'
import { DEFAULT_VAT_PERCENT, vatPercentOf } from '../lib/companyFlag.ts'
import { listTotals } from '../lib/totals.ts'
import { useRecordList } from '../settings/useRecordList.ts'
import { AddItemForm } from './AddItemForm.tsx'
import { ItemCard } from './ItemCard.tsx'
import { useItemTexts } from './texts.ts'

/** The default VAT percent of the company checkbox: 23 until the VAT setting in force is loaded (SPEC §4). */
const useDefaultVatPercent = (): string => {
  const services = useServices()
  const [percent, setPercent] = useState(DEFAULT_VAT_PERCENT)
  useEffect(() => {
    let live = true
    services
      .getCurrent('Vat')
      .then((vat) => {
        if (live) setPercent(vatPercentOf(vat))
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [services])
  return percent
}

const ItemsTotal = ({ items }: { items: readonly RecordDto[] }) => {
  const { t } = useLingui()
  const language = useLanguage()
  const totals = listTotals(items)
  return (
    <p className="item-totals">
      <span>
        {t`Amount`}: {formatMoneyWithCurrency(totals.amount, language)}
      </span>
      <span>
        {t`VAT amount`}: {formatMoneyWithCurrency(totals.vatAmount, language)}
      </span>
      <span>
        {t`Sum`}: <strong>{formatMoneyWithCurrency(totals.sum, language)}</strong>
      </span>
    </p>
  )
}

/** A recurring or one-time expense or income page: the add form and the list of existing items. */
export const ItemsPage = ({ dataType, today }: { dataType: ItemDataType; today?: string }) => {
  const { t } = useLingui()
  const day = today ?? localToday()
  const texts = useItemTexts(dataType)
  const defaultVatPercent = useDefaultVatPercent()
  const list = useRecordList(dataType)
  const reload = () => list.send({ type: 'RELOAD' })
  const listId = `${dataType}-list`
  return (
    <div className="items-page">
      <h1 className="page-title">{texts.pageTitle}</h1>
      <AddItemForm dataType={dataType} defaultVatPercent={defaultVatPercent} today={day} onAdded={reload} />
      <section className="items" aria-labelledby={listId} aria-busy={list.loading}>
        <h2 id={listId}>{texts.listTitle}</h2>
        {list.items.length === 0 && !list.loading && <p>{texts.empty}</p>}
        {list.items.length > 0 && <ItemsTotal items={list.items} />}
        {list.items.map((r) => (
          <ItemCard
            key={r.id}
            record={r}
            defaultVatPercent={defaultVatPercent}
            today={day}
            onSaved={reload}
            onDelete={(id) => list.send({ type: 'ASK_DELETE', id })}
          />
        ))}
      </section>
      <ConfirmDialog
        open={list.snapshot.matches('confirming') || list.snapshot.matches('deleting')}
        title={t`Delete item`}
        onCancel={() => list.send({ type: 'CANCEL' })}
        onConfirm={() => list.send({ type: 'CONFIRM' })}
      />
    </div>
  )
}
