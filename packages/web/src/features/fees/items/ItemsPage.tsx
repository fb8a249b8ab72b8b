import { useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import { ConfirmDialog } from '../../../ui/index.ts'
import { localToday } from '../../../ui/DatePicker.tsx'
import { useServices } from '../../../forms/index.ts'
import { useLanguage } from '../../../forms/index.ts'
import { formatMoneyWithCurrency } from '../../../forms/index.ts'
import type { ItemDataType, RecordDto } from '../../../forms/index.ts'
import '../../../forms/forms.css'
import { DEFAULT_VAT_PERCENT, type VatPercentSource, vatPercentOn } from '../lib/companyFlag.ts'
import { listTotals } from '../lib/totals.ts'
import { useRecordList } from '../settings/useRecordList.ts'
import { AddItemForm } from './AddItemForm.tsx'
import { ItemCard } from './ItemCard.tsx'
import { useItemTexts } from './texts.ts'

/**
 * The VAT percent the company checkbox fills in: the one in force on the item's date, from the VAT settings'
 * history (SPEC §4's default VAT setting, read per date); 23 until the history is loaded or before the first setting.
 */
const useVatPercentOnDate = (): VatPercentSource => {
  const services = useServices()
  const [history, setHistory] = useState<readonly RecordDto[]>([])
  useEffect(() => {
    let live = true
    services
      .list('Vat')
      .then((records) => {
        if (live) setHistory(records)
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [services])
  return useCallback(
    (date: unknown) => (history.length === 0 ? DEFAULT_VAT_PERCENT : vatPercentOn(history, date)),
    [history],
  )
}

const ItemsTotal = ({ items }: { items: readonly RecordDto[] }) => {
  const { t } = useLingui()
  const language = useLanguage()
  const totals = listTotals(items)
  return (
    <p className="item-totals">
      <span>
        {t`Net amount`}: {formatMoneyWithCurrency(totals.amount, language)}
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
  const defaultVatPercent = useVatPercentOnDate()
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
