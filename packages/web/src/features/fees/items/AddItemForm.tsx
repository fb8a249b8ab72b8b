import { type FormEvent, useEffect, useRef } from 'react'
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
  const ref = useRef<HTMLFormElement>(null)
  // While it is saved the form's fields are disabled, which takes the focus from the one typed in (Enter submits from
  // there) to the page: once it is done the focus comes back, to the first field for the next item after an add, to
  // where it was after a refusal.
  const focusedBefore = useRef<HTMLElement | null>(null)
  const added = useRef(false)
  const form = useRecordForm({
    dataType,
    mode: 'add',
    template: itemTemplate(dataType, today),
    savedMessage: texts.addedMessage,
    onSaved: (record) => {
      added.current = true
      onAdded?.(record)
    },
  })
  const submitting = form.submitting
  useEffect(() => {
    const el = ref.current
    if (submitting || el === null || focusedBefore.current === null) return
    const before = focusedBefore.current
    focusedBefore.current = null
    const first = el.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
    const target = added.current || !el.contains(before) ? first : before
    added.current = false
    target?.focus()
  }, [submitting])
  const submit = (e: FormEvent<HTMLFormElement>) => {
    const active = document.activeElement
    focusedBefore.current = active instanceof HTMLElement ? active : null
    form.submit(e)
  }
  const formId = `add-${dataType}`
  return (
    <Card title={texts.addTitle} className="add-item">
      <form ref={ref} noValidate aria-label={texts.addTitle} onSubmit={submit}>
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
