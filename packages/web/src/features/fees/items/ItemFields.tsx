import { useLingui } from '@lingui/react/macro'
import { Checkbox } from '../../../ui/index.ts'
import { type FieldSpec, FieldInput } from '../../company/form/fields.tsx'
import type { RecordForm } from '../../company/form/useRecordForm.ts'
import { applyCompanyFlag } from '../lib/companyFlag.ts'

export interface ItemFieldsProps {
  form: RecordForm
  formId: string
  recurring: boolean
  companyLabel: string
  defaultVatPercent: string
  today?: string
}

/**
 * The inputs of an expense or income: date, name, amount, the company checkbox that reveals VAT percent and
 * Invoice Date (SPEC §4 rules in `applyCompanyFlag`), and repetitions for recurring items.
 */
export const ItemFields = ({ form, formId, recurring, companyLabel, defaultVatPercent, today }: ItemFieldsProps) => {
  const { t } = useLingui()
  const { draft, fieldErrors, warnings } = form.context
  const isCompany = draft.isCompany === true
  const change = (path: string, value: unknown) => form.send({ type: 'CHANGE', path, value })
  const input = (spec: FieldSpec) => (
    <FieldInput
      key={spec.path}
      spec={spec}
      draft={draft}
      formId={formId}
      error={fieldErrors[spec.path]}
      warning={warnings[spec.path]}
      onChange={change}
      today={today}
    />
  )
  return (
    <fieldset className="record-group" disabled={form.submitting}>
      {input({ path: 'date', label: t`Date`, kind: 'date', required: true })}
      {input({ path: 'name', label: t`Name`, required: true })}
      {input({ path: 'amount', label: t`Amount`, kind: 'money', required: true })}
      {recurring && input({ path: 'repetitions', label: t`Repetitions`, kind: 'int', required: true })}
      <Checkbox
        label={companyLabel}
        checked={isCompany}
        onChange={(e) =>
          form.send({ type: 'PATCH', values: { ...applyCompanyFlag(draft, e.target.checked, defaultVatPercent) } })
        }
      />
      {isCompany && input({ path: 'percent', label: t`VAT percent`, kind: 'percent', required: true })}
      {isCompany && input({ path: 'invoiceDate', label: t`Invoice Date`, kind: 'date' })}
    </fieldset>
  )
}
