import type { VatPercentSource } from '../lib/companyFlag.ts'
import { Card } from '../../../ui/index.ts'
import { FormActions, FormMessages } from '../../../forms/index.ts'
import { useRecordForm } from '../../../forms/index.ts'
import type { ItemDataType, RecordDto } from '../../../forms/index.ts'
import { ItemFields } from './ItemFields.tsx'
import { isIncome, isRecurring, itemTemplate, useItemTexts } from './texts.ts'

/** 'Add Recuring Expense', 'Add One Time Expense' and the income twins: always editable, cleared after saving. */
export const AddItemForm = ({
  dataType,
  defaultVatPercent,
  today,
  onAdded,
}: {
  dataType: ItemDataType
  defaultVatPercent: VatPercentSource
  today: string
  onAdded?: (record: RecordDto) => void
}) => {
  const texts = useItemTexts(dataType)
  const form = useRecordForm({
    dataType,
    mode: 'add',
    template: itemTemplate(dataType, today),
    savedMessage: texts.addedMessage,
    onSaved: onAdded,
  })
  const formId = `add-${dataType}`
  return (
    <Card title={texts.addTitle} className="add-item">
      <form noValidate aria-label={texts.addTitle} onSubmit={form.submit}>
        <ItemFields
          form={form}
          formId={formId}
          recurring={isRecurring(dataType)}
          income={isIncome(dataType)}
          companyLabel={texts.companyLabel}
          defaultVatPercent={defaultVatPercent}
          today={today}
        />
        <FormMessages form={form} />
        <FormActions form={form} saveLabel={texts.addTitle} />
      </form>
    </Card>
  )
}
