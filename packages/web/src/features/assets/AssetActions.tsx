/**
 * The register's writes beyond entering an asset (docs/tax-rules.md §14, §21): an improvement, a disposal (sale,
 * liquidation, transfer to private use), the later sale of an asset taken to private use (the six-year rule), and
 * the stock-taking at the start or the end of a year. Each form sends what is typed; the API validates it whole and a
 * refusal names each field in the user's language.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useEffect, useState } from 'react'
import { isApiError } from '../../api/client.ts'
import { useFormat } from '../../i18n/format.ts'
import {
  Button,
  Card,
  Checkbox,
  DateField,
  FormErrors,
  NumberInput,
  Select,
  settle,
  TextInput,
} from '../../ui/index.ts'
import type { AssetsApi } from './api.ts'
import { useAssetMessage } from './messages.ts'
import type { AssetCardDto, AssetVatDto, InventoryDto } from './types.ts'

type Fields = Record<string, string>

/**
 * A field's label, value, change and the API's refusal of it, spread on an input or a select:
 * `{...field('date', t\`Date\`)}`. The refusal names the field by that label, as the form shows it.
 */
const bindFields =
  (v: Fields, setV: (next: Fields) => void, errors: Fields, text: (m: string, label?: string) => string) =>
  (name: string, label: string) => ({
    label,
    value: v[name],
    onChange: (e: { target: { value: string } }) => setV({ ...v, [name]: e.target.value }),
    error: errors[name] === undefined ? undefined : text(errors[name], label),
  })

/** A form's sending state and the API's refusal: each field's message as sent, the rest in the user's language. */
const useSend = () => {
  const { t } = useLingui()
  const text = useAssetMessage()
  const [errors, setErrors] = useState<Fields>({})
  const [formErrors, setFormErrors] = useState<string[]>([])
  const [sending, setSending] = useState(false)
  const send = async <T,>(call: () => Promise<T>, done: (result: T) => void) => {
    setSending(true)
    setErrors({})
    setFormErrors([])
    try {
      done(await call())
    } catch (err) {
      if (isApiError(err) && err.status === 400) {
        setErrors(err.fieldErrors)
        // A refusal of the asset as a whole (already disposed of, not in private use) is named under `id`.
        const general = err.fieldErrors.id ? [text(err.fieldErrors.id)] : []
        setFormErrors(Object.keys(err.fieldErrors).length === 0 ? err.errors.map((m) => text(m)) : general)
      } else setFormErrors([t`Response error, can not connect to API.`])
    } finally {
      setSending(false)
    }
  }
  return { errors, formErrors, sending, send, text }
}

/** A form's typed values with its sending state, and `field` to bind an input to a value and its refusal. */
const useActionForm = (initial: Fields) => {
  const [v, setV] = useState<Fields>(initial)
  const send = useSend()
  return { v, setV, ...send, field: bindFields(v, setV, send.errors, send.text) }
}

/** The props of each of an asset's write forms. */
interface ActionProps {
  readonly card: AssetCardDto
  readonly impl: AssetsApi
  readonly onDone: Done
}

const ImprovementForm = ({ card, impl, onDone }: ActionProps) => {
  const { t } = useLingui()
  const f = useFormat()
  const { v, setV, formErrors, sending, send, field } = useActionForm({ date: '', amount: '', document: '' })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void send(
      () => impl.improveAsset(card.asset.id, v),
      (c) => {
        setV({ date: '', amount: '', document: '' })
        // Up to 10 000 zł in its year the spending raises nothing: a cost of its month (art. 22g ust. 17).
        const expensed = c.asset.improvements.at(-1)?.expensed === true
        onDone(
          c,
          expensed
            ? t`Recorded as a cost of its month: the year's spending on the asset is 10 000 zł or less, so the initial value stays ${f.money(c.asset.value)}`
            : t`Improvement recorded: the initial value is now ${f.money(c.asset.value)}`,
        )
      },
    )
  }
  return (
    <form className="assets-action" onSubmit={submit} noValidate aria-label={t`Improvement`}>
      <h3>
        <Trans>Improvement</Trans>
      </h3>
      <p className="assets-form__hint">
        <Trans>
          A year's spending of more than 10 000 zł on the asset raises its initial value; the write-offs follow it from
          the next month. Up to 10 000 zł in a year it is a cost of its month (art. 22g ust. 17). Do not enter its
          invoice as a cost as well.
        </Trans>
      </p>
      <FormErrors errors={formErrors} />
      <DateField {...field('date', t`Date of the improvement`)} />
      <NumberInput {...field('amount', t`Amount (net)`)} />
      <TextInput {...field('document', t`Document`)} />
      <Button type="submit" disabled={sending}>
        <Trans>Record the improvement</Trans>
      </Button>
    </form>
  )
}

const DisposalForm = ({ card, impl, onDone }: ActionProps) => {
  const { t } = useLingui()
  const f = useFormat()
  const [changeOfActivity, setChange] = useState(false)
  const [vatExempt, setVatExempt] = useState(false)
  const { v, formErrors, sending, send, field } = useActionForm({
    date: '',
    reason: 'sale',
    price: '',
    vatRate: '',
    document: '',
  })
  // A transfer to private use carries VAT (uVAT art. 7 ust. 2) when the asset's input VAT was deducted: its rate,
  // and the price as its base.
  const taxedTransfer = v.reason === 'privateUse' && v.vatRate !== ''
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const body = {
      ...v,
      changeOfActivity,
      ...(v.reason === 'sale' || taxedTransfer ? {} : { price: '' }),
      vatRate: taxedTransfer ? v.vatRate : null,
      ...(v.reason === 'sale' && vatExempt ? { vatExempt: true } : {}),
    }
    void send(
      () => impl.disposeAsset(card.asset.id, body),
      (c) => onDone(c, t`The asset left the register on ${f.date(c.asset.disposal?.date ?? v.date ?? '')}`),
    )
  }
  return (
    <form className="assets-action" onSubmit={submit} noValidate aria-label={t`Disposal`}>
      <h3>
        <Trans>Disposal</Trans>
      </h3>
      <FormErrors errors={formErrors} />
      <Select
        {...field('reason', t`Reason`)}
        options={[
          { value: 'sale', label: t`sale` },
          { value: 'liquidation', label: t`liquidation` },
          { value: 'privateUse', label: t`transfer to private use` },
        ]}
      />
      <DateField {...field('date', t`Date`)} />
      {v.reason === 'sale' && (
        <>
          <NumberInput
            {...field('price', t`Price (net)`)}
            hint={t`The sale's invoice is recorded as an income; the undepreciated value becomes a cost.`}
          />
          <Checkbox
            label={t`Exempt from VAT (art. 43 of the VAT act, e.g. premises more than two years after first occupation)`}
            checked={vatExempt}
            onChange={(e) => setVatExempt(e.target.checked)}
          />
        </>
      )}
      {v.reason === 'liquidation' && (
        <Checkbox
          label={t`Useless because the kind of business changed (the loss is not a cost)`}
          checked={changeOfActivity}
          onChange={(e) => setChange(e.target.checked)}
        />
      )}
      {v.reason === 'privateUse' && (
        <>
          <p className="assets-form__hint">
            <Trans>
              No revenue and no cost now; a sale within six years from the first day of the next month will be the
              business's sale.
            </Trans>
          </p>
          <Select
            {...field('vatRate', t`VAT on the transfer`)}
            options={[
              { value: '', label: t`none (the input VAT was not deducted)` },
              { value: '23', label: '23%' },
              { value: '8', label: '8%' },
              { value: '5', label: '5%' },
            ]}
            hint={t`An asset whose input VAT was deducted is taxed when taken to private use, as a sale (an internal document in the VAT register).`}
          />
          {taxedTransfer && (
            <NumberInput
              {...field('price', t`Value for VAT (net)`)}
              hint={t`The price of the asset, or of similar goods, on the day of the transfer.`}
            />
          )}
        </>
      )}
      <TextInput {...field('document', t`Document`)} />
      <Button type="submit" variant="danger" disabled={sending}>
        <Trans>Record the disposal</Trans>
      </Button>
    </form>
  )
}

const PrivateSaleForm = ({ card, impl, onDone }: ActionProps) => {
  const { t } = useLingui()
  const f = useFormat()
  const { v, formErrors, sending, send, field } = useActionForm({ date: '', price: '', document: '' })
  const p = card.asset.privateSale
  if (!p) return null
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void send(
      () => impl.sellAfterPrivateUse(card.asset.id, v),
      (c) =>
        onDone(
          c,
          c.asset.privateSale?.business
            ? t`Sold within six years: the price is business revenue and the undepreciated value a cost`
            : t`Sold after six years: a private sale, outside the books`,
        ),
    )
  }
  return (
    <section className="assets-action" aria-label={t`Sale after private use`}>
      <h3>
        <Trans>Sale after private use</Trans>
      </h3>
      <p className="assets-form__hint" data-testid="six-years">
        <Trans>A sale by {f.date(p.until)} is the business's sale (six years from the month after the transfer).</Trans>
      </p>
      {p.date ? (
        <dl className="assets-card__facts" data-testid="private-sale">
          <dt>
            <Trans>Sold</Trans>
          </dt>
          <dd>
            {f.date(p.date)}, {f.money(p.price ?? '0.00')}
          </dd>
          <dt>
            <Trans>Business revenue</Trans>
          </dt>
          <dd>{f.money(p.revenue)}</dd>
          <dt>
            <Trans>Cost (undepreciated value)</Trans>
          </dt>
          <dd>{f.money(p.cost)}</dd>
        </dl>
      ) : (
        <form onSubmit={submit} noValidate>
          <FormErrors errors={formErrors} />
          <DateField {...field('date', t`Date of the sale`)} />
          <NumberInput {...field('price', t`Price`)} />
          <TextInput {...field('document', t`Document`)} />
          <Button type="submit" disabled={sending}>
            <Trans>Record the sale</Trans>
          </Button>
        </form>
      )}
    </section>
  )
}

type Done = (card: AssetCardDto, message: string) => void

/** A change of the asset's use for VAT within its correction period (uVAT art. 91, docs/tax-rules.md §19.7, §22). */
const VatUseForm = ({ card, impl, onDone }: ActionProps) => {
  const { t } = useLingui()
  const f = useFormat()
  const empty = { date: '', taxedPercent: '', inputVat: '' }
  const [result, setResult] = useState<AssetVatDto | null>(null)
  const { v, setV, errors, formErrors, sending, send, field, text } = useActionForm(empty)
  const inputVatLabel = t`Input VAT at acquisition (only for an asset not entered from a purchase)`
  const inputVatError = errors.inputVat ?? errors.previousPercent
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const body: Record<string, unknown> = { date: v.date, taxedPercent: (v.taxedPercent ?? '').trim() }
    const inputVat = (v.inputVat ?? '').trim()
    if (inputVat !== '') body.inputVat = inputVat
    void send(
      async () => {
        const vat = await impl.changeVatUse(card.asset.id, body)
        return { vat, card: await impl.loadCard(card.asset.id) }
      },
      ({ vat, card: c }) => {
        setV(empty)
        setResult(vat)
        const list = vat.corrections.map((x) => `${x.month}: ${f.money(x.amount)}`).join(', ')
        onDone(
          c,
          list === ''
            ? t`Change of use recorded: no correction of input VAT falls due.`
            : t`Change of use recorded. Corrections of input VAT (art. 91), each in its month's declaration: ${list}`,
        )
      },
    )
  }
  return (
    <form className="assets-action" onSubmit={submit} noValidate aria-label={t`Change of use for VAT`}>
      <h3>
        <Trans>Change of use for VAT</Trans>
      </h3>
      <p className="assets-form__hint">
        <Trans>
          When the asset starts serving sales exempt from VAT (or taxed ones again) within 5 years of its entry (10 for
          real estate), the input VAT deducted at its purchase is corrected each year (art. 91 of the VAT act).
        </Trans>
      </p>
      <FormErrors errors={formErrors} />
      <DateField {...field('date', t`From (date)`)} />
      <NumberInput {...field('taxedPercent', t`Share of use in taxed sales (%)`)} />
      <NumberInput
        label={inputVatLabel}
        value={v.inputVat}
        onChange={(e) => setV({ ...v, inputVat: e.target.value })}
        error={inputVatError === undefined ? undefined : text(inputVatError, inputVatLabel)}
      />
      <Button type="submit" disabled={sending}>
        <Trans>Record the change of use</Trans>
      </Button>
      {result && result.corrections.length > 0 && (
        <div data-testid="vat-corrections">
          <p>
            <Trans>
              Corrections of input VAT until {result.lastYear} (each in the declaration of its month, JPK_V7 K_44 /
              P_44):
            </Trans>
          </p>
          <ul>
            {result.corrections.map((x, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two changes in one year each make a correction of that month and year; the list is never reordered
              <li key={`${x.month}/${x.year}/${i}`}>
                {x.month}: {f.money(x.amount)}
                {x.forRemainingYears && (
                  <>
                    {' '}
                    <Trans>(the years left at once, on the asset's sale or transfer)</Trans>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  )
}

/** The writes of one asset's card: improvements and a disposal while it is in the register, then its later sale. */
export const AssetActions = ({ card, impl, onDone }: ActionProps) =>
  // A sold or liquidated asset has nothing left to record: no empty box.
  card.asset.disposal !== null && !card.asset.privateSale ? null : (
    <section className="card assets-actions" aria-label={card.asset.name} data-testid="asset-actions">
      <div className="card__body">
        {card.asset.disposal === null ? (
          <>
            <ImprovementForm card={card} impl={impl} onDone={onDone} />
            <DisposalForm card={card} impl={impl} onDone={onDone} />
            <VatUseForm card={card} impl={impl} onDone={onDone} />
          </>
        ) : (
          <PrivateSaleForm card={card} impl={impl} onDone={onDone} />
        )}
      </div>
    </section>
  )

/** The stock-taking (spis z natury) of a year: its start and end values and what they add to the year's income. */
export const InventoryCard = ({
  year,
  impl,
  onDone,
}: {
  year: number
  impl: AssetsApi
  onDone: (m: string) => void
}) => {
  const { t } = useLingui()
  const f = useFormat()
  const [inventory, setInventory] = useState<InventoryDto | null>(null)
  const { v, setV, formErrors, sending, send, field } = useActionForm({ kind: 'end', date: '', amount: '' })
  useEffect(() => settle(impl.loadInventory(year), setInventory, () => setInventory(null)), [impl, year])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void send(
      () => impl.recordInventory({ year, kind: v.kind, amount: v.amount, ...(v.date ? { date: v.date } : {}) }),
      (i) => {
        setInventory(i)
        setV({ ...v, date: '', amount: '' })
        onDone(t`Stock-taking recorded`)
      },
    )
  }
  return (
    <Card className="assets-inventory" titleId="assets-inventory-title" title={<Trans>Stock-taking {year}</Trans>}>
      {inventory && (
        <dl className="assets-card__facts" data-testid="inventory-totals">
          <dt>
            <Trans>At the start of the year</Trans>
          </dt>
          <dd>{f.money(inventory.start)}</dd>
          <dt>
            <Trans>At the end of the year</Trans>
          </dt>
          <dd>{inventory.end === null ? t`not taken yet` : f.money(inventory.end)}</dd>
          <dt>
            <Trans>Change to the year's income</Trans>
          </dt>
          <dd>{f.money(inventory.change)}</dd>
        </dl>
      )}
      <form onSubmit={submit} noValidate aria-label={t`Record a stock-taking`}>
        <FormErrors errors={formErrors} />
        <Select
          {...field('kind', t`Stock-taking`)}
          options={[
            { value: 'start', label: t`at the start of the year` },
            { value: 'end', label: t`at the end of the year` },
          ]}
        />
        <DateField {...field('date', t`Date of the stock-taking`)} hint={t`Blank: 1 January or 31 December.`} />
        <NumberInput {...field('amount', t`Value of the stock`)} />
        <Button type="submit" disabled={sending}>
          <Trans>Record the stock-taking</Trans>
        </Button>
      </form>
    </Card>
  )
}
