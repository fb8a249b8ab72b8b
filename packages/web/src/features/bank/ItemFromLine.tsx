/**
 * An income (money in) or an expense (money out) made from a statement line on the item form, prefilled for the user
 * to check and confirm — nothing is booked before Save: the line's day, its title as the name and description, its
 * counterparty, and its amount as the gross. A VAT payer (a VAT setting at a rate in force on that day) gets that
 * rate and the net `gross ÷ (1 + rate)` rounded half up to the grosz, the VAT being the rest (`splitGross`, as the
 * books split a line's gross for the rules); an exempt or not-subject setting says so and keeps the gross; without
 * a VAT setting there is no VAT. Saving makes the item and matches the line to it in one request; Cancel or Escape
 * closes the form and writes nothing.
 */
import {
  CrossBorderPurchases,
  formatMoney,
  isMoneyString,
  isPercentString,
  parseMoney,
  percentOf,
  splitGross,
} from '@finance/ledger-core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import {
  currentOf,
  FormMessages,
  type RecordDto,
  type SaveRequest,
  useRecordForm,
  useServices,
} from '../../forms/index.ts'
import { Button, Loader } from '../../ui/index.ts'
import { localToday } from '../../ui/DatePicker.tsx'
import { ItemFields } from '../fees/items/ItemFields.tsx'
import { useItemTexts } from '../fees/items/texts.ts'
import type { BankApi } from './api.ts'
import type { BankLine } from './types.ts'

type VatSettings = readonly RecordDto[]

/**
 * The VAT setting's percent (`23`, `zw`, `np`) in force on `day`, the setting chosen as the API's `GetByType` chooses
 * it (`currentOf`); `null`: none.
 */
export const vatSettingOn = (settings: VatSettings, day: string): string | null => {
  const percent = (currentOf(settings, 'Vat', day)?.dataObject as { percent?: unknown } | undefined)?.percent
  return typeof percent === 'string' || typeof percent === 'number' ? String(percent) : null
}

/** The form's first values for a line, and the split of its gross the save keeps while the user keeps it. */
export interface LineItem {
  readonly draft: Record<string, unknown>
  /** The net and percent prefilled, and the VAT stated when the rule would round it a grosz off the line's gross. */
  readonly split: { readonly amount: string; readonly percent: string; readonly documentVat: string | null }
}

/** The item a line makes, prefilled (see the module's comment); `fallbackName` when the line has no title. */
export const itemOfLine = (
  line: Pick<BankLine, 'bookingDate' | 'amount' | 'title' | 'counterpartyName'>,
  settings: VatSettings,
  fallbackName: string,
): LineItem => {
  const amount = parseMoney(line.amount)
  const gross = amount < 0n ? -amount : amount
  const setting = vatSettingOn(settings, line.bookingDate)
  const rated = setting !== null && setting !== 'zw' && setting !== 'np'
  const { net, statedVat } = splitGross(gross, rated ? setting : '0')
  const title = line.title === '—' ? '' : line.title.trim()
  const split = {
    amount: formatMoney(net),
    percent: rated ? setting : '0',
    documentVat: statedVat === null ? null : formatMoney(statedVat),
  }
  return {
    split,
    draft: {
      date: line.bookingDate,
      name: title.slice(0, 100) || fallbackName,
      amount: split.amount,
      isCompany: true,
      percent: split.percent,
      invoiceDate: line.bookingDate,
      ...(setting === 'zw' || setting === 'np' ? { vatTreatment: setting } : {}),
      description: title.slice(0, 500),
      // The form holds no stated VAT: `itemToSave` adds it while the net and the rate are the prefilled ones, so an
      // edited net or rate is never checked against a VAT the form does not show.
      documentVat: null,
      ...(line.counterpartyName
        ? { counterparty: { name: line.counterpartyName.slice(0, 200), taxId: '', country: '', address: '' } }
        : {}),
    },
  }
}

/** What is saved: the stated VAT only while the net, the percent and the treatment are still the prefilled ones. */
export const itemToSave = (dataObject: Record<string, unknown>, split: LineItem['split']): Record<string, unknown> => {
  const kept =
    dataObject.amount === split.amount &&
    dataObject.percent === split.percent &&
    (dataObject.vatTreatment ?? 'rate') === 'rate' &&
    dataObject.isCompany === true
  return { ...dataObject, documentVat: kept ? split.documentVat : null }
}

/**
 * The gross of the item on the form as the books will count it (the net and its VAT: the stated one `itemToSave` keeps,
 * else the net × the rate, none when exempt, not taxable or self-assessed); `null` while the form cannot tell (a net
 * not yet a number, an item in a foreign currency, whose złoty gross comes from the NBP rates).
 */
export const grossOfDraft = (
  dataObject: Record<string, unknown>,
  split: LineItem['split'],
  vatOn: (date: unknown) => string,
): bigint | null => {
  if (typeof (dataObject.currency as { code?: unknown } | null | undefined)?.code === 'string') return null
  if (!isMoneyString(dataObject.amount)) return null
  const net = parseMoney(dataObject.amount)
  const treatment = dataObject.vatTreatment ?? 'rate'
  const selfAssessed = (CrossBorderPurchases as readonly unknown[]).includes(dataObject.crossBorder)
  if (selfAssessed || (treatment !== 'rate' && treatment !== 'inForce')) return net
  const stated = itemToSave(dataObject, split).documentVat
  if (typeof stated === 'string') return net + parseMoney(stated)
  const percent =
    treatment === 'inForce'
      ? vatOn(dataObject.supplyDate ?? dataObject.invoiceDate ?? dataObject.date)
      : dataObject.percent
  return isPercentString(percent) ? net + percentOf(net, percent) : null
}

type Props = {
  line: BankLine
  createItem: BankApi['createItem']
  money: (v: string | null) => string
  /** After the item is saved and the line matched to it. */
  onSaved: () => void
  onClose: () => void
}

/** The item form of a line, once the VAT settings are read (their rate decides the net). */
export const ItemFromLine = (props: Props) => {
  const services = useServices()
  const [settings, setSettings] = useState<VatSettings | null>(null)
  useEffect(() => {
    let live = true
    services
      .list('Vat')
      .then((list) => {
        if (live) setSettings(list)
      })
      // Unread settings: no VAT is prefilled; the form shows it and the user sets the rate.
      .catch(() => {
        if (live) setSettings([])
      })
    return () => {
      live = false
    }
  }, [services])
  if (settings === null) return <Loader active />
  return <LineItemForm {...props} settings={settings} />
}

const LineItemForm = ({ line, createItem, money, onSaved, onClose, settings }: Props & { settings: VatSettings }) => {
  const { t } = useLingui()
  const income = !line.amount.startsWith('-')
  const dataType = income ? 'Income' : 'Expense'
  const texts = useItemTexts(dataType)
  const headingId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  // Prefilled once: the form keeps what the user types from then on.
  const [item] = useState(() => itemOfLine(line, settings, t`Bank fee`))
  const form = useRecordForm({
    dataType,
    mode: 'add',
    template: item.draft,
    savedMessage: texts.addedMessage,
    onSaved: () => onSaved(),
    save: (request: SaveRequest): Promise<RecordDto> =>
      createItem(line.lineId, itemToSave(request.dataObject, item.split)),
  })
  const vatOn = useMemo(
    () => (date: unknown) => (typeof date === 'string' ? (vatSettingOn(settings, date) ?? '0') : '0'),
    [settings],
  )
  // The keyboard lands in the form: its first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus()
  }, [])
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !form.submitting) {
      e.preventDefault()
      onClose()
    }
  }
  const lineGross = line.amount.startsWith('-') ? line.amount.slice(1) : line.amount
  const gross = money(lineGross)
  // The line is matched to the item whole: the books refuse an item of another gross, so the form says so first.
  const itemGross = grossOfDraft(form.context.draft, item.split, vatOn)
  const differs = itemGross !== null && itemGross !== parseMoney(lineGross) ? money(formatMoney(itemGross)) : null
  return (
    <form
      ref={formRef}
      className="bank-item"
      aria-labelledby={headingId}
      noValidate
      onSubmit={form.submit}
      onKeyDown={closeOnEscape}
    >
      <h3 id={headingId} className="bank-split__title">
        {income ? <Trans>Income from the line</Trans> : <Trans>Expense from the line</Trans>}
      </h3>
      <p className="muted">
        <Trans>
          The line's {gross} is the gross amount: the net and the VAT rate are filled in from your VAT setting. Check
          them and save; the line is then matched to the new item.
        </Trans>
      </p>
      <ItemFields
        form={form}
        formId={`bank-item-${line.lineId}`}
        recurring={false}
        income={income}
        companyLabel={texts.companyLabel}
        defaultVatPercent={vatOn}
        today={localToday()}
      />
      {differs !== null && (
        <p className="form-warning" role="status">
          <Trans>
            The item's gross {differs} differs from the line's {gross}. The line is matched to the item whole: change
            the net or the VAT so that they are equal.
          </Trans>
        </p>
      )}
      <FormMessages form={form} />
      <div className="form-actions">
        <Button variant="secondary" onClick={onClose} disabled={form.submitting}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={form.submitting} aria-busy={form.submitting}>
          {income ? (
            <Trans>Save the income and match the line</Trans>
          ) : (
            <Trans>Save the expense and match the line</Trans>
          )}
        </Button>
        <Loader active={form.submitting} />
      </div>
    </form>
  )
}
