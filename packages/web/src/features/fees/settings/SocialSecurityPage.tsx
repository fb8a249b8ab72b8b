import { useLingui } from '@lingui/react/macro'
import { Button } from '../../../ui/index.ts'
import { localToday } from '../../../ui/DatePicker.tsx'
import type { FieldSpec } from '../../../forms/index.ts'
import { useLanguage } from '../../../forms/index.ts'
import { useServices } from '../../../forms/index.ts'
import type { RecordForm } from '../../../forms/index.ts'
import { formatMoneyWithCurrency, formatPercentText } from '../../../forms/index.ts'
import { socialSecurityStatutory, type TaxType, yearOf } from '../lib/prefill.ts'
import { SettingPanel } from './SettingPanel.tsx'

const PrefillButtons = ({ form, today }: { form: RecordForm; today: string }) => {
  const { t } = useLingui()
  const services = useServices()
  const fill = async (kind: 'full' | 'preferential') => {
    const pit = await services.getCurrent('Pit').catch(() => null)
    const taxType = (pit?.dataObject.taxType ?? null) as TaxType | null
    form.send({
      type: 'PATCH',
      values: socialSecurityStatutory(kind, yearOf(form.context.draft.date, today), taxType).values,
    })
  }
  return (
    <>
      <Button variant="secondary" onClick={() => fill('full')}>
        {t`Fill full ZUS`}
      </Button>
      <Button variant="secondary" onClick={() => fill('preferential')}>
        {t`Fill preferential ZUS`}
      </Button>
    </>
  )
}

export const SocialSecurityForm = ({ today }: { today?: string }) => {
  const { t } = useLingui()
  const language = useLanguage()
  const day = today ?? localToday()
  const fields: FieldSpec[] = [
    { path: 'date', label: t`Date`, kind: 'date', required: true },
    { path: 'amount', label: t`Amount (monthly)`, kind: 'money', required: true },
    {
      path: 'percent',
      label: t`Health insurance percent`,
      kind: 'percent',
      required: true,
      hint: t`The books apply the rate the law sets for the year's form of taxation: 9% on the tax scale, 4.9% on linear tax, the tier amounts on ryczałt.`,
    },
    {
      path: 'contributionsPaid',
      label: t`I pay the contributions`,
      kind: 'select',
      // The books' rule when a setting says nothing (docs/decisions.md, "When contributions count as paid").
      default: 'inMonth',
      options: [
        { value: 'inMonth', label: t`in the month they concern` },
        { value: 'byDeadline', label: t`by the deadline (the 20th of the next month)` },
      ],
    },
  ]
  return (
    <SettingPanel
      dataType="SocialSecurity"
      formId="socialsecurity"
      title={t`Set current Social Security amount`}
      fields={fields}
      template={{ date: day, amount: '', percent: '', contributionsPaid: 'inMonth' }}
      today={day}
      summary={(o) =>
        `${formatMoneyWithCurrency(String(o.amount), language)} · ${formatPercentText(String(o.percent), language)}`
      }
      tools={(form) => <PrefillButtons form={form} today={day} />}
    />
  )
}

/** companydashboard/fees/socialsecurity */
export const SocialSecurityPage = ({ today }: { today?: string }) => {
  const { t } = useLingui()
  return (
    <div className="social-security-page">
      <h1 className="page-title">{t`Social Security`}</h1>
      <SocialSecurityForm today={today} />
    </div>
  )
}
