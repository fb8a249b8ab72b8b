import { BANK_TABLE, ECB_TABLE, isLocalDate, TABLE_A_CURRENCIES, TABLE_B_CURRENCIES } from '@finance/ledger-core'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useFormat } from '../../../i18n/format.ts'
import { Button, commonCurrenciesFirst, FileInput } from '../../../ui/index.ts'
import {
  type CurrencyPreview,
  type FieldSpec,
  type ItemDataType,
  isDecimalString,
  type RecordForm,
  useServices,
  useTranslateMessage,
} from '../../../forms/index.ts'

export interface CurrencyFieldsProps {
  form: RecordForm
  dataType: ItemDataType
  /** Renders one field of the form (the item form's own `input`). */
  input: (spec: FieldSpec) => React.ReactNode
  /** A recurring item: each month is converted at its own rates; no payment day (docs/tax-rules.md §31). */
  recurring?: boolean
}

/** A picked file's bytes as base64 (the file reader's data URL without its prefix). */
const base64Of = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })

/** How long the preview waits after the last keystroke before asking the books. */
const PREVIEW_DELAY_MS = 300

type Preview = { state: 'none' } | { state: 'ready'; value: CurrencyPreview } | { state: 'missing'; message: string }

/**
 * An item in a foreign currency (docs/tax-rules.md §15): the currency (złoty by default), the net amount in it and
 * the payment day when known; before saving, the złoty amounts the books will keep and the NBP tables they come from
 * (asked of the books: `rates/preview`), or why there is no rate. A recurring item stays in złoty.
 */
export const CurrencyFields = ({ form, dataType, input, recurring = false }: CurrencyFieldsProps) => {
  const { t } = useLingui()
  const f = useFormat()
  const translate = useTranslateMessage()
  const services = useServices()
  const { draft } = form.context
  const currency = (draft.currency ?? null) as { code?: unknown; amount?: unknown; paidOn?: unknown } | null
  const code = typeof currency?.code === 'string' ? currency.code : ''
  const paidOn = typeof currency?.paidOn === 'string' ? currency.paidOn : ''
  // The books convert an amount: without one (the currency chosen first) they would only refuse the preview (400).
  const hasAmount = isDecimalString(currency?.amount)
  const [preview, setPreview] = useState<Preview>({ state: 'none' })
  const [imported, setImported] = useState<string | null>(null)
  const [showTableB, setShowTableB] = useState(false)
  // The conversion depends only on the dates and the currency: the preview asks with those, so a name or a percent
  // not typed yet does not hide it.
  const asked = {
    date: draft.date,
    invoiceDate: draft.invoiceDate ?? null,
    supplyDate: draft.supplyDate ?? null,
    taxPoint: draft.taxPoint ?? null,
    name: 'preview',
    isCompany: draft.isCompany === true,
    vatTreatment: 'np',
    currency,
  }
  const [retry, setRetry] = useState(0)
  const key = JSON.stringify([asked, dataType, retry])
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the draft the preview is of
  useEffect(() => {
    if (code === '') setImported(null)
    if (code === '' || !hasAmount || !services.previewCurrency || !isLocalDate(draft.date)) {
      setPreview({ state: 'none' })
      return
    }
    let live = true
    const timer = setTimeout(() => {
      services.previewCurrency?.(dataType, asked).then(
        (value) => live && setPreview(value ? { state: 'ready', value } : { state: 'none' }),
        (e: { fieldErrors?: Record<string, string> }) =>
          live &&
          setPreview(
            e?.fieldErrors?.currency ? { state: 'missing', message: e.fieldErrors.currency } : { state: 'none' },
          ),
      )
    }, PREVIEW_DELAY_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [key, code, hasAmount, services])
  const importArchive = async (file: File) => {
    if (!services.importRates) return
    setImported(null)
    try {
      const r = await services.importRates({ name: file.name, base64: await base64Of(file) })
      const from = f.date(r.from)
      const to = f.date(r.to)
      setImported(t`NBP tables recorded: ${r.added} (${from} – ${to})`)
      // Ask again with the tables now held.
      setPreview({ state: 'none' })
      setRetry((n) => n + 1)
    } catch (e) {
      const err = e as { fieldErrors?: Record<string, string>; errors?: string[] }
      setImported(translate(err.fieldErrors?.file ?? err.errors?.[0] ?? t`The file could not be imported`))
    }
  }
  // Table B's long list is offered on demand (and for an item already in one of its currencies).
  const tableB = showTableB || (TABLE_B_CURRENCIES as readonly string[]).includes(code)
  const options = commonCurrenciesFirst(
    tableB ? TABLE_B_CURRENCIES : TABLE_A_CURRENCIES.filter((c) => c !== 'XDR'),
  ).map((c) => ({ value: c, label: c }))
  const rate = (r: { table: string; date: string; rate: string }) => {
    const perUnit = f.rate(r.rate)
    const day = f.date(r.date)
    if (r.table === BANK_TABLE) return t`${perUnit} (the bank's rate of ${day})`
    if (r.table === ECB_TABLE) return t`${perUnit} (ECB rate of ${day})`
    return t`${perUnit} (table ${r.table} of ${day})`
  }
  return (
    <div className="item-currency">
      {input({
        path: 'currency.code',
        label: tableB ? t`Currency of NBP table B` : t`Currency`,
        kind: 'select',
        options,
        placeholder: t`Polish złoty (PLN)`,
      })}
      <Button
        variant="secondary"
        onClick={() => {
          setShowTableB(!tableB)
          if (code !== '') form.send({ type: 'CHANGE', path: 'currency.code', value: '' })
        }}
      >
        {tableB ? t`Currencies of NBP table A` : t`Another currency (NBP table B, weekly)`}
      </Button>
      {code !== '' &&
        input({ path: 'currency.amount', label: t`Net amount in ${code}`, kind: 'money', required: true })}
      {code !== '' &&
        !recurring &&
        input({ path: 'currency.paidOn', label: t`Paid or received on (if known)`, kind: 'date' })}
      {code !== '' && recurring && (
        <p className="field__hint">{t`Each month is converted at the rate of its own dates.`}</p>
      )}
      {code !== '' &&
        !recurring &&
        paidOn !== '' &&
        input({
          path: 'currency.bankRate',
          label: t`The bank's exchange rate of the payment (if the bank converted it)`,
          kind: 'text',
        })}
      <div aria-live="polite" className="item-currency__preview">
        {preview.state === 'ready' && (
          <dl>
            <dt>{t`VAT base in złoty`}</dt>
            <dd>
              {f.money(preview.value.amount)} — {rate(preview.value.currency.vatRate!)}
            </dd>
            <dt>{t`Revenue or cost in złoty`}</dt>
            <dd>
              {f.money(preview.value.currency.pitAmount)} — {rate(preview.value.currency.pitRate!)}
            </dd>
            {preview.value.currency.paidRate && preview.value.currency.paidAmount && (
              <>
                <dt>{t`Value on the payment day`}</dt>
                <dd>
                  {f.money(preview.value.currency.paidAmount)} — {rate(preview.value.currency.paidRate)}
                </dd>
              </>
            )}
          </dl>
        )}
        {preview.state === 'missing' && (
          <p className="field__warning" role="status">
            {translate(preview.message)}
          </p>
        )}
      </div>
      {code !== '' && services.importRates && (
        <div className="item-currency__import">
          <FileInput
            label={t`Import the NBP table A or B archive (archiwum_tab_a_YYYY.csv, archiwum_tab_b_YYYY.csv from nbp.pl)`}
            accept=".csv,text/csv"
            clearAfterChoice
            onFile={(file) => {
              if (file) void importArchive(file)
            }}
          />
        </div>
      )}
      {imported !== null && <p role="status">{imported}</p>}
    </div>
  )
}
