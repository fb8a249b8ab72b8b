import { statutoryVatRates } from '@finance/ledger-core'
import { useLingui } from '@lingui/react/macro'
import { Button } from '../../../ui/index.ts'
import { localToday } from '../../../ui/DatePicker.tsx'
import type { FieldSpec } from '../../../forms/index.ts'
import { useLanguage } from '../../../forms/index.ts'
import { formatPercentText } from '../../../forms/index.ts'
import { flatPercents, pitStatutory, type TaxType, vatStatutory, yearOf } from '../lib/prefill.ts'
import { SettingPanel } from './SettingPanel.tsx'

export const useIntervalOptions = () => {
  const { t } = useLingui()
  return [
    { value: '1', label: t`Monthly (1)` },
    { value: '3', label: t`Quarterly (3)` },
  ]
}

export const VatForm = ({ today }: { today?: string }) => {
  const { t } = useLingui()
  const language = useLanguage()
  const day = today ?? localToday()
  const intervals = useIntervalOptions()
  // Only what the statute allows in the setting's year: its rates, exempt (with the basis) and not subject.
  const fields = (draft: Record<string, unknown>): FieldSpec[] => {
    const year = yearOf(draft.date, day)
    return [
      { path: 'date', label: t`Date`, kind: 'date', required: true },
      {
        path: 'percent',
        label: t`VAT rate`,
        kind: 'select',
        required: true,
        options: [
          ...statutoryVatRates(year).rates.map((r) => ({ value: r, label: formatPercentText(r, language) })),
          { value: 'zw', label: t`zw — exempt from VAT` },
          { value: 'np', label: t`np — not subject to Polish VAT` },
        ],
      },
      ...(draft.percent === 'zw'
        ? ([
            {
              path: 'exemptionBasis',
              label: t`Legal basis of the exemption`,
              kind: 'select',
              required: true,
              options: [
                { value: 'art113', label: t`Art. 113 — sales under the yearly limit` },
                { value: 'art43', label: t`Art. 43 — an exempt activity` },
              ],
            },
          ] satisfies FieldSpec[])
        : []),
      { path: 'paymentInterval', label: t`Payment interval`, kind: 'select', options: intervals, required: true },
      {
        path: 'vatExchangeRate',
        label: t`Exchange rate for VAT on foreign-currency documents`,
        kind: 'select',
        // The NBP rate unless the ECB's was chosen (uVAT art. 31a ust. 1).
        default: 'nbp',
        options: [
          { value: 'nbp', label: t`NBP average rate of the last working day before the tax point (art. 31a ust. 1)` },
          {
            value: 'ecb',
            label: t`ECB rate last published before the tax point (art. 31a ust. 1, second sentence, of the VAT act)`,
          },
        ],
      },
    ]
  }
  return (
    <SettingPanel
      dataType="Vat"
      formId="vat"
      title={t`Set current VAT tax`}
      fields={fields}
      template={{ date: day, percent: '', paymentInterval: null, vatExchangeRate: 'nbp' }}
      today={day}
      summary={(o) =>
        `${o.percent === 'zw' ? t`exempt (zw)` : o.percent === 'np' ? t`not subject (np)` : formatPercentText(String(o.percent), language)} · ${t`every ${String(o.paymentInterval)} mo.`}`
      }
      tools={(form) => (
        <Button
          variant="secondary"
          onClick={() =>
            form.send({ type: 'PATCH', values: vatStatutory(yearOf(form.context.draft.date, day)).values })
          }
        >
          {t`Fill statutory values`}
        </Button>
      )}
    />
  )
}

export const PitForm = ({ today }: { today?: string }) => {
  const { t } = useLingui()
  const language = useLanguage()
  const day = today ?? localToday()
  const intervals = useIntervalOptions()
  const taxTypes = [
    { value: 'Flat', label: t`Flat (ryczałt)` },
    { value: 'Linear', label: t`Linear (19%)` },
    { value: 'Scale', label: t`Scale (12% / 32%)` },
  ]
  const taxTypeName: Record<string, string> = { Flat: t`Flat`, Linear: t`Linear`, Scale: t`Scale` }
  const flatRates = flatPercents(yearOf(undefined, day))
    .map((p) => formatPercentText(String(p), language))
    .join('; ')
  // Each form of taxation shows its own fields: the Scale's two rates, free amount and threshold only on the
  // Scale, the ryczałt rates as the hint only on ryczałt, the yearly deductions only where income is taxed.
  const fields = (draft: Record<string, unknown>): FieldSpec[] => {
    const taxType = draft.taxType
    const first: FieldSpec =
      taxType === 'Flat'
        ? {
            path: 'firstPercent',
            label: t`Ryczałt rate`,
            kind: 'percent',
            required: true,
            hint: t`Ryczałt rates: ${flatRates}`,
          }
        : taxType === 'Linear'
          ? { path: 'firstPercent', label: t`Tax rate`, kind: 'percent', required: true, hint: t`Linear tax: 19%` }
          : { path: 'firstPercent', label: t`First percent`, kind: 'percent', required: true }
    return [
      { path: 'date', label: t`Date`, kind: 'date', required: true },
      { path: 'taxType', label: t`Tax type`, kind: 'select', options: taxTypes, required: true },
      first,
      ...(taxType === 'Scale' || taxType === '' || taxType === undefined
        ? ([
            { path: 'secondPercent', label: t`Second percent`, kind: 'percent' },
            { path: 'freeOfTaxAmount', label: t`Free of tax amount`, kind: 'money' },
            { path: 'secondPercentAmount', label: t`Second percent amount`, kind: 'money' },
          ] satisfies FieldSpec[])
        : []),
      { path: 'paymentInterval', label: t`Payment interval`, kind: 'select', options: intervals, required: true },
      ...(taxType === 'Flat'
        ? []
        : ([
            { path: 'deductions', label: t`Deductions`, kind: 'money', hint: t`Other yearly deductions` },
          ] satisfies FieldSpec[])),
    ]
  }
  return (
    <SettingPanel
      dataType="Pit"
      formId="pit"
      title={t`Set current PIT tax`}
      fields={fields}
      template={{
        date: day,
        taxType: '',
        firstPercent: '',
        secondPercent: '',
        freeOfTaxAmount: '',
        secondPercentAmount: '',
        paymentInterval: null,
        deductions: '0.00',
      }}
      today={day}
      summary={(o) =>
        `${taxTypeName[String(o.taxType)] ?? String(o.taxType)} · ${formatPercentText(String(o.firstPercent), language)}`
      }
      tools={(form) => {
        const taxType = form.context.draft.taxType
        const valid = taxType === 'Flat' || taxType === 'Linear' || taxType === 'Scale'
        return (
          <Button
            variant="secondary"
            disabled={!valid}
            title={valid ? undefined : t`Choose the tax type first`}
            onClick={() => {
              if (!valid) return
              const d = form.context.draft
              form.send({
                type: 'PATCH',
                values: {
                  ...pitStatutory(taxType as TaxType, yearOf(d.date, day), d.firstPercent).values,
                  // Monthly advances unless the user chose quarterly (uPIT art. 44 ust. 3f–3g): a complete form.
                  paymentInterval: d.paymentInterval === null || d.paymentInterval === '' ? 1 : d.paymentInterval,
                },
              })
            }}
          >
            {t`Fill statutory values`}
          </Button>
        )
      }}
    />
  )
}

/** companydashboard/fees/taxes: the VAT form, a divider and the PIT form (SPEC §2). */
export const TaxesPage = ({ today }: { today?: string }) => {
  const { t } = useLingui()
  return (
    <div className="taxes-page">
      <h1 className="page-title">{t`Taxes`}</h1>
      <VatForm today={today} />
      <hr className="divider" />
      <PitForm today={today} />
    </div>
  )
}
