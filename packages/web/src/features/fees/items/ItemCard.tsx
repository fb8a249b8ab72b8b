import { isTaxpayerBuyer, parseMoney, splitPaymentDuty } from '@finance/ledger-core'
import type { VatPercentSource } from '../lib/companyFlag.ts'
import { useLingui } from '@lingui/react/macro'
import { Card, PencilToggle, TrashButton } from '../../../ui/index.ts'
import {
  type FieldSpec,
  FieldValues,
  formatMoneyText,
  formatMoneyWithCurrency,
  type Language,
  useLanguage,
} from '../../../forms/index.ts'
import { FormActions, FormMessages, RecordProblems } from '../../../forms/index.ts'
import { useRecordForm } from '../../../forms/index.ts'
import type { ItemDataType, RecordDto } from '../../../forms/index.ts'
import { InvoiceDocument } from '../../ksef/InvoiceDocument.tsx'
import { Fa3Button } from './Fa3Button.tsx'
import { ItemFields } from './ItemFields.tsx'
import { isIncome, isRecurring, itemTemplate, useItemTexts } from './texts.ts'

const grossOf = (sum: unknown): bigint => {
  try {
    return typeof sum === 'string' ? parseMoney(sum) : 0n
  } catch {
    return 0n
  }
}

/** An item's amount in its currency as the reader writes it (`1000,00 EUR`); '' for złoty. */
const currencyText = (c: unknown, language: Language): string => {
  const x = c as { code?: unknown; amount?: unknown } | null | undefined
  return typeof x?.code === 'string' && typeof x.amount === 'string'
    ? `${formatMoneyText(x.amount, language)} ${x.code}`
    : ''
}

/** One existing item: its values with vatAmount and sum, pencil to edit, trash to delete (after the dialog). */
export const ItemCard = ({
  record,
  defaultVatPercent,
  today,
  onSaved,
  onDelete,
}: {
  record: RecordDto
  defaultVatPercent: VatPercentSource
  today: string
  onSaved?: (record: RecordDto) => void
  onDelete: (id: number) => void
}) => {
  const { t } = useLingui()
  const language = useLanguage()
  const dataType = record.dataType as ItemDataType
  const texts = useItemTexts(dataType)
  const splitThreshold = formatMoneyWithCurrency('15000', language)
  const recurring = isRecurring(dataType)
  const form = useRecordForm({ dataType, record, template: itemTemplate(dataType, today), onSaved })
  const values = form.context.saved ?? record.dataObject
  const fields: FieldSpec[] = [
    { path: 'date', label: t`Date`, kind: 'date' },
    { path: 'amount', label: t`Net amount`, kind: 'money' },
    ...(values.currency ? [{ path: 'currencyText', label: t`Net amount in the currency` }] : []),
    ...(recurring ? [{ path: 'repetitions', label: t`Repetitions` }] : []),
    ...(values.isCompany
      ? [
          { path: 'percent', label: t`VAT percent`, kind: 'percent' as const },
          { path: 'invoiceDate', label: t`Invoice Date`, kind: 'date' as const },
        ]
      : []),
    { path: 'vatAmount', label: t`VAT amount`, kind: 'money' },
    { path: 'sum', label: t`Sum`, kind: 'money' },
  ]
  const formId = `item-${record.id}`
  const name = String(values.name ?? '')
  return (
    <Card
      title={name}
      headingLevel={3}
      highlighted={values.isCompany === true}
      className="item-card"
      actions={
        <>
          <PencilToggle
            editing={form.editing}
            disabled={form.submitting}
            onToggle={() => form.send({ type: form.editing ? 'CANCEL' : 'EDIT' })}
          />
          <TrashButton label={t`Delete ${name}`} onClick={() => onDelete(record.id)} disabled={form.submitting} />
        </>
      }
    >
      {!form.editing && (
        <>
          <RecordProblems problems={form.context.record?.problems ?? record.problems} />
          {values.isCompany === true && <p className="item-card__company">{texts.companyLabel}</p>}
          {splitPaymentDuty(
            values.annex15 === true,
            grossOf(record.dataObject.sum),
            // A cost's buyer is the trader, a taxpayer; an income's is its counterparty (none: a consumer).
            !isIncome(dataType) || isTaxpayerBuyer(values.counterparty as { taxId: string } | null | undefined),
          ) && (
            <p className="item-card__split-payment">
              {t`Split payment (MPP) required: Annex 15 goods or services over ${splitThreshold} gross (art. 108a VAT act)`}
            </p>
          )}
          <FieldValues
            fields={fields}
            values={{
              ...values,
              vatAmount: record.dataObject.vatAmount,
              sum: record.dataObject.sum,
              currencyText: currencyText(values.currency, language),
            }}
          />
          {dataType === 'Income' && values.isCompany === true && <Fa3Button id={record.id} />}
          {((dataType === 'Income' && values.isCompany === true) || (dataType === 'Expense' && values.ksefNumber)) && (
            <InvoiceDocument id={record.id} />
          )}
        </>
      )}
      {form.editing && (
        <form noValidate onSubmit={form.submit}>
          <ItemFields
            form={form}
            formId={formId}
            recurring={recurring}
            income={isIncome(dataType)}
            companyLabel={texts.companyLabel}
            defaultVatPercent={defaultVatPercent}
            today={today}
          />
          <FormMessages form={form} />
          <FormActions form={form} />
        </form>
      )}
    </Card>
  )
}
