import { COUNTRIES, FlatRates } from '@finance/ledger-core'
import type { VatPercentSource } from '../lib/companyFlag.ts'
import { useLingui } from '@lingui/react/macro'
import { Checkbox } from '../../../ui/index.ts'
import { type FieldSpec, FieldInput } from '../../../forms/index.ts'
import type { RecordForm } from '../../../forms/index.ts'
import { useLanguage } from '../../../forms/index.ts'
import { formatPercentText } from '../../../forms/index.ts'
import { applyCompanyFlag, resolveVatPercent } from '../lib/companyFlag.ts'

export interface ItemFieldsProps {
  form: RecordForm
  formId: string
  recurring: boolean
  /** An income (revenue columns and a ryczałt rate) rather than an expense (cost columns). */
  income: boolean
  companyLabel: string
  defaultVatPercent: VatPercentSource
  today?: string
}

/** The official country list (KodyKrajow of the JPK/KSeF schemas). */
const countryOptions = COUNTRIES.map(([code, name]) => ({ value: code, label: name }))

/**
 * The inputs of an expense or income: date, name, amount, the company checkbox that reveals VAT percent and
 * Invoice Date (SPEC §4 rules in `applyCompanyFlag`), and repetitions for recurring items. A company item also
 * has "More details" for its tax-book entry (document, description, counterparty, KPiR column, ryczałt rate,
 * KSeF number), collapsed so the SPEC form stays as it is; opened by itself when the item already has some.
 */
export const ItemFields = ({
  form,
  formId,
  recurring,
  income,
  companyLabel,
  defaultVatPercent,
  today,
}: ItemFieldsProps) => {
  const { t } = useLingui()
  const language = useLanguage()
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
  const columns = income
    ? [{ value: 'otherRevenue', label: t`Other revenue` }]
    : [
        { value: 'goods', label: t`Purchase of goods and materials` },
        { value: 'sideCosts', label: t`Side costs of purchase` },
        { value: 'salaries', label: t`Salaries` },
        { value: 'free', label: t`Free column` },
        { value: 'research', label: t`Research and development costs` },
        { value: 'notCost', label: t`Not a tax-deductible cost (outside the book)` },
      ]
  const rates = FlatRates.map((r) => ({ value: r, label: formatPercentText(r, language) }))
  const counterparty = (draft.counterparty ?? null) as Record<string, unknown> | null
  const hasDetails =
    Boolean(draft.documentNumber) ||
    Boolean(draft.description) ||
    Boolean(draft.kpirColumn) ||
    Boolean(draft.flatRate) ||
    Boolean(draft.ksefNumber) ||
    (counterparty !== null && Object.values(counterparty).some(Boolean)) ||
    Object.keys(fieldErrors).some((k) => DETAIL_FIELDS.some((d) => k === d || k.startsWith(`${d}.`)))
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
          form.send({
            type: 'PATCH',
            values: { ...applyCompanyFlag(draft, e.target.checked, resolveVatPercent(defaultVatPercent, draft.date)) },
          })
        }
      />
      {isCompany && input({ path: 'percent', label: t`VAT percent`, kind: 'percent', required: true })}
      {isCompany && input({ path: 'invoiceDate', label: t`Invoice Date`, kind: 'date' })}
      {isCompany && (
        <details className="item-details" open={hasDetails}>
          <summary>{t`More details (tax book)`}</summary>
          {input({ path: 'documentNumber', label: t`Document number` })}
          {input({ path: 'description', label: t`Description of the event` })}
          {input({
            path: 'kpirColumn',
            label: t`KPiR column`,
            kind: 'select',
            options: columns,
            placeholder: income ? t`Sales of goods and services (default)` : t`Other expenses (default)`,
          })}
          {income &&
            input({
              path: 'flatRate',
              label: t`Ryczałt rate`,
              kind: 'select',
              options: rates,
              placeholder: t`The rate of the PIT setting (default)`,
            })}
          {input({ path: 'ksefNumber', label: t`KSeF number` })}
          <fieldset className="item-details__counterparty">
            <legend>{t`Counterparty`}</legend>
            {input({ path: 'counterparty.name', label: t`Name or company` })}
            {input({ path: 'counterparty.taxId', label: t`Tax id (NIP or foreign)` })}
            {input({
              path: 'counterparty.country',
              label: t`Country of the tax id`,
              kind: 'search',
              options: countryOptions,
              placeholder: t`e.g. PL, DE`,
            })}
            {input({ path: 'counterparty.address', label: t`Address` })}
          </fieldset>
        </details>
      )}
    </fieldset>
  )
}

/** Fields inside "More details": an error in one of them opens the section. */
const DETAIL_FIELDS = ['documentNumber', 'description', 'kpirColumn', 'flatRate', 'ksefNumber', 'counterparty']
