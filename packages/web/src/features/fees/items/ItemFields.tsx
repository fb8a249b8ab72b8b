import {
  COUNTRIES,
  FlatRates,
  GtuCodes,
  KsefMarkers,
  PurchaseDocumentTypes,
  PurchaseProcedures,
  SalesDocumentTypes,
  SalesProcedures,
} from '@finance/ledger-core'
import type { VatPercentSource } from '../lib/companyFlag.ts'
import { useLingui } from '@lingui/react/macro'
import { Checkbox } from '../../../ui/index.ts'
import { type FieldSpec, FieldInput } from '../../../forms/index.ts'
import type { RecordForm } from '../../../forms/index.ts'
import { useLanguage } from '../../../forms/index.ts'
import { formatMoneyWithCurrency, formatPercentText } from '../../../forms/index.ts'
import { applyCompanyFlag, changeItemDate, resolveVatPercent } from '../lib/companyFlag.ts'
import { TaxMonths } from './TaxMonths.tsx'
import { CurrencyFields } from './CurrencyFields.tsx'

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
 * The inputs of an expense or income: date, name, amount, the VAT the document states while the item has one (an
 * imported invoice's: the user may clear it), the company checkbox that reveals VAT percent, the
 * invoice date (starting as, and following, the item's date: `applyCompanyFlag`, `changeItemDate`) and the day of
 * supply where it differs, with the month each tax will count the item in (`TaxMonths`), and repetitions for
 * recurring items. A company item also
 * has "More details" for its tax-book entry and VAT register row (document, description, counterparty, KPiR column,
 * ryczałt rate, KSeF number or marker, VAT treatment, JPK_V7 document type, GTU codes and
 * procedures), collapsed so the SPEC form stays as it is; opened by itself when the item already has some. An
 * exempt, not-taxable or at-the-rate-in-force item hides the VAT percent (the core ignores it then).
 */
const isBlankValue = (v: unknown): boolean => v === null || v === undefined || v === ''

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
  const splitThreshold = formatMoneyWithCurrency('15000', language)
  const { draft, fieldErrors, warnings } = form.context
  const isCompany = draft.isCompany === true
  // The invoice date follows the item's date until the user gives another one.
  const change = (path: string, value: unknown) =>
    path === 'date'
      ? form.send({ type: 'PATCH', values: changeItemDate(draft, value) })
      : path === 'currency.code' && (value === '' || value === null)
        ? form.send({ type: 'PATCH', values: { currency: null } })
        : form.send({ type: 'CHANGE', path, value })
  // An item in a foreign currency has its złoty amounts from the books (the NBP rates): no złoty amount to type.
  const foreign = typeof (draft.currency as { code?: unknown } | null | undefined)?.code === 'string'
  const input = (spec: FieldSpec, error: string | undefined = fieldErrors[spec.path]) => (
    <FieldInput
      key={spec.path}
      spec={spec}
      draft={draft}
      formId={formId}
      error={error}
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
  const treatment = (draft.vatTreatment as string | undefined) ?? 'rate'
  // "zw" or "np" typed as the VAT percent: the exemption is a VAT treatment, chosen under More details (opened).
  const treatmentTyped = typeof draft.percent === 'string' && /^\s*(zw|np)\s*$/i.test(draft.percent)
  const detailsTitle = t`More details (tax book)`
  const treatmentLabel = t`VAT treatment`
  const treatments = [
    // "At the VAT percent above" (`rate`, the default) is the empty first option: said once, not twice.
    { value: 'inForce', label: t`At the rate in force on the day of supply` },
    { value: 'zw', label: t`Exempt (zw)` },
    { value: 'np', label: t`Not taxable in Poland (np)` },
  ]
  // Across borders, fixed assets and cars (the core's tax/crossBorder.ts): plain names, and what each one does.
  const crossBorder = (draft.crossBorder as string | undefined) ?? ''
  const crossBorderKinds = income
    ? [
        { value: 'euServices', label: t`Services for a business in another EU country (np, VAT-UE)` },
        { value: 'wdt', label: t`Goods delivered to a business in another EU country (WDT, 0%)` },
        { value: 'export', label: t`Goods exported outside the EU (export, 0%)` },
      ]
    : [
        { value: 'importServices', label: t`Services bought from a business abroad (import of services)` },
        { value: 'wnt', label: t`Goods bought from a business in another EU country (WNT)` },
        { value: 'importGoods', label: t`Goods imported from outside the EU, VAT settled in the JPK (art. 33a)` },
        {
          value: 'importServicesOther',
          label: t`Other services bought from abroad (e.g. work on a property in Poland, not art. 28b)`,
        },
        {
          value: 'buyerTaxpayerGoods',
          label: t`Goods from a foreign seller for which you are the taxpayer (art. 17 ust. 1 pkt 5)`,
        },
      ]
  const crossBorderHints: Record<string, string> = {
    euServices: t`Outside Polish VAT: the customer accounts for the VAT in its country. The invoice says “odwrotne obciążenie”; the sale is reported in VAT-UE.`,
    wdt: t`0% VAT when the buyer has a VAT number of another EU country and you have proof the goods left Poland.`,
    export: t`0% VAT when you have the customs proof that the goods left the EU.`,
    importServices: t`You account for the VAT yourself at the percent above: it is your output VAT and, in the same month, your input VAT — usually nothing to pay. JPK_V7 fields K_29–K_30 for an EU supplier, K_27–K_28 for one from outside the EU (the counterparty's country below).`,
    wnt: t`You account for the VAT yourself at the percent above, on the invoice date but no later than the 15th of the next month; it is deducted in the same month.`,
    importGoods: t`You account for the import VAT in the JPK instead of paying it at customs: the day of supply is the day the customs declaration was accepted; it is deducted in the same month.`,
    importServicesOther: t`You account for the VAT yourself at the percent above when the service is performed; it is deducted in the same month.`,
    buyerTaxpayerGoods: t`You account for the VAT yourself at the percent above on the day of supply; it is deducted in the same month.`,
  }
  const zeroRated = crossBorder === 'wdt' || crossBorder === 'export' || crossBorder === 'euServices'
  const carUses = [
    { value: 'mixed', label: t`A car used also privately: 50% of its VAT deducted, 75% of its cost for PIT` },
    { value: 'businessOnly', label: t`A car used only for business (VAT-26 filed, mileage record kept): all its VAT` },
  ]
  const markers = [
    { value: 'OFF', label: t`OFF — issued in KSeF's failure mode, no number yet` },
    { value: 'BFK', label: t`BFK — an invoice issued outside KSeF` },
    { value: 'DI', label: t`DI — another document` },
  ].filter((m) => (KsefMarkers as readonly string[]).includes(m.value))
  const documentTypes = (income ? SalesDocumentTypes : PurchaseDocumentTypes).map((d) => ({ value: d, label: d }))
  const list = (path: 'gtu' | 'procedures') => (Array.isArray(draft[path]) ? (draft[path] as string[]) : [])
  const toggle = (path: 'gtu' | 'procedures', code: string, on: boolean) =>
    form.send({
      type: 'PATCH',
      values: { [path]: on ? [...list(path), code] : list(path).filter((c) => c !== code) },
    })
  const codes = (path: 'gtu' | 'procedures', legend: string, all: readonly string[]) => (
    <fieldset className="item-details__codes">
      <legend>{legend}</legend>
      {all.map((code) => (
        <Checkbox
          key={code}
          label={code}
          checked={list(path).includes(code)}
          onChange={(e) => toggle(path, code, e.target.checked)}
        />
      ))}
      {fieldErrors[path] && (
        <p className="field__error" role="alert">
          {fieldErrors[path]}
        </p>
      )}
    </fieldset>
  )
  const counterparty = (draft.counterparty ?? null) as Record<string, unknown> | null
  const hasDetails =
    Boolean(draft.documentNumber) ||
    Boolean(draft.description) ||
    Boolean(draft.kpirColumn) ||
    Boolean(draft.flatRate) ||
    Boolean(draft.ksefNumber) ||
    Boolean(draft.ksefMarker) ||
    Boolean(draft.documentType) ||
    draft.taxPoint === 'invoice' ||
    draft.annex15 === true ||
    treatment !== 'rate' ||
    treatmentTyped ||
    crossBorder !== '' ||
    Boolean((draft.car as { use?: unknown } | null | undefined)?.use) ||
    draft.fixedAsset === true ||
    draft.noVatDeduction === true ||
    list('gtu').length > 0 ||
    list('procedures').length > 0 ||
    (counterparty !== null && Object.values(counterparty).some(Boolean)) ||
    Object.keys(fieldErrors).some((k) => DETAIL_FIELDS.some((d) => k === d || k.startsWith(`${d}.`)))
  return (
    <fieldset className="record-group" disabled={form.submitting}>
      {input({ path: 'date', label: t`Date`, kind: 'date', required: true })}
      {input({ path: 'name', label: t`Name`, required: true })}
      {!foreign && input({ path: 'amount', label: t`Net amount`, kind: 'money', required: true })}
      <CurrencyFields form={form} dataType={income ? 'Income' : 'Expense'} input={input} recurring={recurring} />
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
      {isCompany &&
        treatment === 'rate' &&
        !zeroRated &&
        input(
          { path: 'percent', label: t`VAT percent`, kind: 'percent', required: true },
          treatmentTyped && fieldErrors.percent
            ? t`A rate from 0 to 100 here: for exempt (zw) or not taxable (np) choose it in “${treatmentLabel}” under “${detailsTitle}” below`
            : fieldErrors.percent,
        )}
      {/* The VAT the document states (an imported invoice's): shown while there is one, so a net or rate changed
          far from it is refused beside it and the user can clear it to have the VAT computed. */}
      {(!isBlankValue(draft.documentVat) || fieldErrors.documentVat) &&
        input({
          path: 'documentVat',
          label: t`VAT on the document`,
          kind: 'money',
          hint: t`Clear it to have the VAT computed from the net amount and the percent.`,
        })}
      {isCompany && input({ path: 'invoiceDate', label: t`Invoice Date`, kind: 'date' })}
      {isCompany && input({ path: 'supplyDate', label: t`Day of supply (if another day)`, kind: 'date' })}
      {isCompany && (
        <TaxMonths
          income={income}
          date={draft.date}
          invoiceDate={draft.invoiceDate}
          supplyDate={draft.supplyDate}
          taxPoint={draft.taxPoint}
          crossBorder={draft.crossBorder}
          ksefNumber={draft.ksefNumber}
        />
      )}
      {isCompany && (
        <details className="item-details" open={hasDetails}>
          <summary>{detailsTitle}</summary>
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
          {input({
            path: 'vatTreatment',
            label: treatmentLabel,
            kind: 'select',
            options: treatments,
            placeholder: t`At the VAT percent above (default)`,
          })}
          {input({
            path: 'crossBorder',
            label: income ? t`Sale abroad` : t`Purchase from abroad`,
            kind: 'select',
            options: crossBorderKinds,
            placeholder: income ? t`A sale in Poland (default)` : t`A purchase in Poland (default)`,
            hint: crossBorderHints[crossBorder],
          })}
          {!income &&
            ['wnt', 'importServices', 'importServicesOther', 'buyerTaxpayerGoods'].includes(crossBorder) &&
            input({
              path: 'outputDeclaredOn',
              label: t`Output VAT shown late: the day the return or its correction was filed`,
              kind: 'date',
              hint: t`Only when the output VAT was not shown within three months after the month it arose: the input VAT then counts in the return still open on that day (art. 86 ust. 10g).`,
            })}
          {!income &&
            input({
              path: 'car.use',
              label: t`A car cost (purchase, fuel, repairs, leasing)`,
              kind: 'select',
              options: carUses,
              placeholder: t`Not a car cost (default)`,
              hint: t`A car also used privately deducts half of the VAT; for PIT, 75% of the net amount and of the VAT not deducted is a cost.`,
            })}
          {!income && (
            <Checkbox
              label={t`A fixed asset: its VAT goes to the fixed-assets field of the VAT return`}
              checked={draft.fixedAsset === true}
              onChange={(e) => form.send({ type: 'CHANGE', path: 'fixedAsset', value: e.target.checked })}
            />
          )}
          {!income && (
            <Checkbox
              label={t`VAT not deductible: hotel or restaurant (art. 88 ust. 1 pkt 4 of the VAT act)`}
              checked={draft.noVatDeduction === true}
              onChange={(e) => form.send({ type: 'CHANGE', path: 'noVatDeduction', value: e.target.checked })}
            />
          )}
          {input({
            path: 'taxPoint',
            label: t`When VAT arises`,
            kind: 'select',
            options: [
              {
                value: 'invoice',
                label: t`On the invoice date (utilities, telecoms, rent, lease, security, cleaning — art. 19a ust. 5 pkt 4)`,
              },
            ],
            placeholder: t`On the day of supply (default)`,
          })}
          {input({ path: 'ksefNumber', label: t`KSeF number` })}
          {input({
            path: 'ksefMarker',
            label: t`JPK_V7 marker (OFF, BFK, DI)`,
            kind: 'select',
            options: markers,
            placeholder: t`BFK or DI by default`,
          })}
          {input({
            path: 'documentType',
            label: t`JPK_V7 document type`,
            kind: 'select',
            options: documentTypes,
            placeholder: t`An invoice (default)`,
          })}
          <Checkbox
            label={t`Goods or services of Annex 15 of the VAT act (split payment over ${splitThreshold} gross)`}
            checked={draft.annex15 === true}
            onChange={(e) => form.send({ type: 'PATCH', values: { annex15: e.target.checked } })}
          />
          {income && codes('gtu', t`GTU codes`, GtuCodes)}
          {codes('procedures', t`JPK_V7 procedures`, income ? SalesProcedures : PurchaseProcedures)}
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
const DETAIL_FIELDS = [
  'documentNumber',
  'description',
  'kpirColumn',
  'flatRate',
  'ksefNumber',
  'ksefMarker',
  'vatTreatment',
  'crossBorder',
  'car',
  'fixedAsset',
  'noVatDeduction',
  'taxPoint',
  'documentType',
  'gtu',
  'procedures',
  'counterparty',
]
