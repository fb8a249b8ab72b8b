/**
 * companydashboard/assets: the register of fixed assets and intangibles (uPIT art. 22n) as of a year's end — every
 * asset with its write-offs for the year and to date — a card per asset with its plan year by year (and the removal
 * of an asset entered in error, after a confirmation), and the form that enters an asset, also straight from a
 * purchase (which then stops being a cost). Figures come from the API (`assets/*`), computed by ledger-core
 * (docs/tax-rules.md §11). The page has the dashboards' wide content area; each part is a card of its full width.
 */
import { annexPositionOf, isPassengerCarKst, KST_RATES } from '@finance/ledger-core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useEffect, useMemo, useState } from 'react'
import { isApiError } from '../../api/client.ts'
import { useFormat } from '../../i18n/format.ts'
import {
  Button,
  Card,
  ConfirmDialog,
  DateField,
  FormErrors,
  LoadFailed,
  NumberInput,
  Page,
  Select,
  settle,
  TableHead,
  TextInput,
  TrashButton,
  useMessages,
  YearNav,
} from '../../ui/index.ts'
import { AssetActions, InventoryCard } from './AssetActions.tsx'
import { type AssetsApi, createAssetsApi, methodFields } from './api.ts'
import { useAssetMessage } from './messages.ts'
import type { AssetCardDto, AssetEntry, AssetRegisterDto, AssetRowDto, AssetVatDto, Purchase } from './types.ts'
import './assets.css'

type Props = {
  effects?: AssetsApi
  /** The year shown first; this year by default. */
  year?: number
}

/** The register's write-off columns, in each asset's row and in the totals. */
const WRITE_OFFS = ['writeOffYear', 'deductibleYear', 'writeOffToDate', 'remaining'] as const

/** A row's amounts, one cell each, in the order of `keys`. */
const AmountCells = <K extends string>({ row, keys }: { row: Record<K, string>; keys: readonly K[] }) => {
  const f = useFormat()
  return keys.map((k) => (
    <td key={k} className="num">
      {f.amount(row[k])}
    </td>
  ))
}

const useMethodName = () => {
  const { t } = useLingui()
  return (method: AssetRowDto['method']): string =>
    ({
      linear: t`straight-line`,
      degressive: t`degressive`,
      individual: t`individual rate`,
      oneOff: t`one-off`,
      expensed: t`expensed at once`,
    })[method]
}

/**
 * An asset's method and yearly rate; an individual period says its months and the yearly rate they make; an asset
 * expensed at once its method alone (it is a cost of its month whole: no rate applies, though the record keeps its
 * KŚT's).
 */
const useRateOf = () => {
  const { t } = useLingui()
  const f = useFormat()
  const method = useMethodName()
  return (a: Pick<AssetRowDto, 'method' | 'rate' | 'individualMonths'>): string => {
    if (a.method === 'expensed') return method(a.method)
    const months = a.individualMonths
    if (a.method !== 'individual' || months === null) return `${method(a.method)}, ${f.percent(a.rate)}`
    // 12 ÷ months a year, in hundredths of a percent (a rate shown, not an amount).
    const hundredths = Math.round(120_000 / months)
    const yearly = f.percent(`${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`)
    return t`individual period of ${months} months (${yearly} a year)`
  }
}

const RegisterTable = ({
  register,
  selected,
  onSelect,
}: {
  register: AssetRegisterDto
  selected: number | null
  onSelect: (id: number) => void
}) => {
  const f = useFormat()
  const rateOf = useRateOf()
  const { t } = useLingui()
  const title = <Trans>Register of fixed assets and intangibles, as of the end of {register.year}</Trans>
  return (
    <Card className="assets-register" title={title} titleId="assets-register-title">
      <div className="assets-page__scroll">
        <table className="assets-table">
          <caption className="visually-hidden">{title}</caption>
          <TableHead
            columns={[
              t`No.`,
              t`Name`,
              t`KŚT`,
              t`Entered`,
              { label: t`Initial value`, num: true },
              t`Method and rate`,
              { label: t`Write-offs in the year`, num: true },
              { label: t`Of which costs`, num: true },
              { label: t`Write-offs to date`, num: true },
              { label: t`Remaining`, num: true },
            ]}
          />
          <tbody>
            {register.assets.map((a) => (
              <tr
                key={a.id}
                aria-selected={selected === a.id}
                className={selected === a.id ? 'is-selected' : undefined}
              >
                <td>{a.number}</td>
                <td>
                  <button type="button" className="link-button" onClick={() => onSelect(a.id)}>
                    {a.name}
                  </button>
                  {a.disposal && (
                    <span className="assets-table__note">
                      {' '}
                      (
                      {a.disposal.reason === 'sale'
                        ? t`sold`
                        : a.disposal.reason === 'liquidation'
                          ? t`liquidated`
                          : t`taken to private use`}{' '}
                      {f.date(a.disposal.date)}
                      {a.disposal.vat && (
                        <>
                          , <Trans>VAT</Trans> {f.money(a.disposal.vat.amount)}
                        </>
                      )}
                      )
                    </span>
                  )}
                </td>
                <td title={a.kstName ? a.kstName[f.lang] : undefined}>{a.kst}</td>
                <td className="assets-table__nowrap">{f.date(a.entryDate)}</td>
                <td className="num">{f.amount(a.value)}</td>
                <td>{rateOf(a)}</td>
                <AmountCells row={a} keys={WRITE_OFFS} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                <Trans>Total</Trans>
              </th>
              <td className="num">{f.amount(register.totals.value)}</td>
              <td />
              <AmountCells row={register.totals} keys={WRITE_OFFS} />
            </tr>
          </tfoot>
        </table>
      </div>
    </Card>
  )
}

const AssetCard = ({
  card,
  impl,
  onDelete,
  deleting,
}: {
  card: AssetCardDto
  impl: AssetsApi
  /** Asks to remove the asset from the register (the page confirms first). */
  onDelete: () => void
  deleting: boolean
}) => {
  const { t } = useLingui()
  const f = useFormat()
  const rateOf = useRateOf()
  const a = card.asset
  return (
    <Card
      className="assets-card"
      titleId={`asset-${a.id}`}
      title={
        <Trans>
          Depreciation plan: {a.name} (no. {a.number})
        </Trans>
      }
      actions={
        <TrashButton
          label={t`Delete ${a.name} (no. ${a.number}) from the register`}
          onClick={onDelete}
          disabled={deleting}
        />
      }
    >
      <dl className="assets-card__facts">
        <dt>
          <Trans>KŚT</Trans>
        </dt>
        <dd>
          {a.kst}
          {a.kstName ? ` — ${a.kstName[f.lang]}` : ''}
          {annexPositionOf(a.kst) ? (
            <>
              {' '}
              <Trans>(annex position {annexPositionOf(a.kst)})</Trans>
            </>
          ) : null}
        </dd>
        <dt>
          <Trans>Acquired and entered</Trans>
        </dt>
        <dd>
          {f.date(a.acquisitionDate)}, {f.date(a.entryDate)}
          {a.document ? ` (${a.document})` : ''}
        </dd>
        <dt>
          <Trans>Method and rate</Trans>
        </dt>
        <dd>
          {rateOf(a)}
          {card.switchedToLinear ? (
            <>
              {' '}
              <Trans>(straight-line from {f.month(card.switchedToLinear)})</Trans>
            </>
          ) : null}
        </dd>
        <dt>
          <Trans>Initial value</Trans>
        </dt>
        <dd>{f.money(a.value)}</dd>
        {a.carLimit && (
          <>
            <dt>
              <Trans>Passenger car limit</Trans>
            </dt>
            <dd>{f.money(a.carLimit)}</dd>
          </>
        )}
        {a.disposal && (
          <>
            <dt>
              <Trans>Left the register</Trans>
            </dt>
            <dd data-testid="asset-disposal">
              {a.disposal.reason === 'sale' ? (
                a.disposal.vatExempt ? (
                  <Trans>
                    sold on {f.date(a.disposal.date)} for {f.money(a.disposal.price)} net, exempt from VAT
                  </Trans>
                ) : (
                  <Trans>
                    sold on {f.date(a.disposal.date)} for {f.money(a.disposal.price)} net
                  </Trans>
                )
              ) : a.disposal.reason === 'liquidation' ? (
                <Trans>liquidated on {f.date(a.disposal.date)}</Trans>
              ) : (
                <Trans>taken to private use on {f.date(a.disposal.date)}</Trans>
              )}
              {a.disposal.document ? ` (${a.disposal.document})` : ''}
              {a.disposal.vat && (
                <>
                  ; <Trans>output VAT {f.money(a.disposal.vat.amount)}</Trans>
                </>
              )}
              {a.disposal.cost !== '0.00' && (
                <>
                  ;{' '}
                  <Trans>
                    the undepreciated {f.money(a.disposal.cost)} is a cost of {f.month(a.disposal.date.slice(0, 7))}
                  </Trans>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      <div className="assets-page__scroll">
        <table className="table assets-plan">
          <caption>
            <Trans>The plan year by year</Trans>
          </caption>
          <TableHead
            columns={[
              t`Year`,
              { label: t`Write-offs`, num: true },
              { label: t`Of which costs`, num: true },
              { label: t`To date`, num: true },
              { label: t`Remaining`, num: true },
            ]}
          />
          <tbody>
            {card.years.map((y) => (
              <tr key={y.year}>
                <th scope="row">{y.year}</th>
                <AmountCells row={y} keys={['writeOff', 'deductible', 'cumulative', 'remaining']} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AssetVatCorrections card={card} impl={impl} />
    </Card>
  )
}

/**
 * The asset's input VAT corrections (uVAT art. 91) once a change of its use is recorded or an exempt exit corrects
 * them: each in the declaration of its month, the one of a sale or a transfer for the years left at once. Nothing
 * while there is none.
 */
const AssetVatCorrections = ({ card, impl }: { card: AssetCardDto; impl: AssetsApi }) => {
  const f = useFormat()
  const [vat, setVat] = useState<AssetVatDto | null>(null)
  // Loaded again with every new version of the asset (a change of use, a disposal).
  useEffect(() => settle(impl.loadVat(card.asset.id), setVat, () => setVat(null)), [impl, card])
  if (vat === null || (vat.changes.length === 0 && vat.corrections.length === 0)) return null
  return (
    <div className="assets-card__vat" data-testid="asset-vat">
      <h3>
        <Trans>Input VAT corrections (art. 91 of the VAT act), until {vat.lastYear}</Trans>
      </h3>
      {vat.changes.length > 0 && (
        <ul>
          {vat.changes.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the changes of use in their recorded order, never reordered
            <li key={i}>
              <Trans>
                From {f.date(c.date)}: {c.taxedPercent}% of its use in taxed sales (before: {c.previousPercent}%)
              </Trans>
            </li>
          ))}
        </ul>
      )}
      {vat.corrections.length === 0 ? (
        <p>
          <Trans>No correction falls due.</Trans>
        </p>
      ) : (
        <ul>
          {vat.corrections.map((x, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two changes in one year each make a correction of that month and year; the list is never reordered
            <li key={`${x.month}/${x.year}/${i}`}>
              {f.month(x.month)}: {f.money(x.amount)}{' '}
              {x.forRemainingYears ? (
                <Trans>
                  (the years {x.year}–{vat.lastYear} at once, on the asset's sale or transfer)
                </Trans>
              ) : (
                <Trans>(for {x.year})</Trans>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

const EMPTY_ENTRY: AssetEntry = {
  itemId: '',
  name: '',
  acquisitionDate: '',
  entryDate: '',
  kst: '491',
  initialValue: '',
  method: 'linear',
  rate: '',
  degressiveFactor: '',
  number: '',
  document: '',
  individualMonths: '',
  oneOffEurRate: '',
  period: 'month',
  carDrive: 'combustion',
  carCo2: '',
}

/** The API's refusal of an entry as it came (English): translated where it is shown, under the field's own label. */
interface Refusal {
  readonly errors: readonly string[]
  readonly fieldErrors: Readonly<Record<string, string>>
}

/**
 * `reload` changes after every write to the register (an entry, a delete): the purchases are read again then, since an
 * entered purchase is no longer offered and a deleted asset's purchase is offered again.
 */
const EntryForm = ({
  impl,
  reload,
  onEntered,
}: {
  impl: AssetsApi
  reload: number
  onEntered: (card: AssetCardDto) => void
}) => {
  const { t } = useLingui()
  const f = useFormat()
  const expensedLimit = f.money('10000')
  const text = useAssetMessage()
  const [entry, setEntry] = useState<AssetEntry>(EMPTY_ENTRY)
  const [purchases, setPurchases] = useState<Purchase[]>([])
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [unreachable, setUnreachable] = useState(false)
  const [sending, setSending] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the purchases again after a write
  useEffect(() => settle(impl.loadPurchases(), setPurchases, () => {}), [impl, reload])
  const set = (k: keyof AssetEntry) => (e: { target: { value: string } }) => setEntry({ ...entry, [k]: e.target.value })
  const fromPurchase = entry.itemId !== ''
  const takes = methodFields(entry.method)
  /** The fields the form shows, by the API's names: a refusal of one names it by this label. */
  const labels: Readonly<Record<string, string>> = {
    itemId: t`From a purchase`,
    ...(fromPurchase
      ? {}
      : { name: t`Name`, acquisitionDate: t`Acquisition date`, initialValue: t`Initial value (net)` }),
    entryDate: t`Entry date (write-offs start the month after it)`,
    kst: t`KŚT symbol`,
    method: t`Depreciation method`,
    ...(takes.rate ? { rate: t`Yearly rate (%), empty: the annex's` } : {}),
    ...(takes.degressiveFactor ? { degressiveFactor: t`Degressive factor (at most 2), empty: 2` } : {}),
    ...(takes.individualMonths ? { individualMonths: t`Individual period (months)` } : {}),
    number: t`Number in the register, empty: the next one`,
    ...(fromPurchase ? {} : { document: t`Document` }),
    ...(takes.oneOffEurRate
      ? { oneOffEurRate: t`NBP euro rate of the first working day of October of the previous year` }
      : {}),
    period: t`Write-offs booked`,
    ...(isPassengerCarKst(entry.kst)
      ? { 'car.drive': t`Drive of the car`, 'car.co2GramsPerKm': t`CO₂ emission (g/km, registration certificate V.7)` }
      : {}),
  }
  const field = (k: string) => {
    const m = refusal?.fieldErrors[k]
    return { label: labels[k] ?? k, error: m === undefined ? undefined : text(m, labels[k]) }
  }
  // Above the fields only what no field shown names: a refusal as a whole, or a value the form fills in itself (a
  // purchase's date or price).
  const fieldErrors = Object.entries(refusal?.fieldErrors ?? {})
  const formErrors = unreachable
    ? [t`Response error, can not connect to API.`]
    : fieldErrors.length === 0
      ? (refusal?.errors ?? []).map((m) => text(m))
      : fieldErrors.filter(([k]) => !(k in labels)).map(([, m]) => text(m))
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSending(true)
    setRefusal(null)
    setUnreachable(false)
    try {
      const card = await impl.enterAsset(
        fromPurchase ? { ...entry, name: '', acquisitionDate: '', initialValue: '', document: '' } : entry,
      )
      setEntry(EMPTY_ENTRY)
      onEntered(card)
    } catch (err) {
      if (isApiError(err) && err.status === 400) setRefusal({ errors: err.errors, fieldErrors: err.fieldErrors })
      else setUnreachable(true)
    } finally {
      setSending(false)
    }
  }
  const kstOptions = KST_RATES.filter((k) => k.depreciable).map((k) => ({
    value: k.symbol,
    label: annexPositionOf(k.symbol)
      ? t`${k.symbol} — ${k.name[f.lang]} (${f.percent(k.rate)}, annex position ${annexPositionOf(k.symbol)})`
      : `${k.symbol} — ${k.name[f.lang]} (${f.percent(k.rate)})`,
  }))
  return (
    <form className="card assets-form" onSubmit={submit} noValidate aria-labelledby="assets-form-title">
      <header className="card__header">
        <h2 className="card__title" id="assets-form-title">
          <Trans>Enter an asset</Trans>
        </h2>
      </header>
      <div className="card__body assets-form__body">
        <p className="assets-form__hint">
          <Trans>
            Chosen from a purchase, the asset takes its name, date and price (the net value with the VAT that may not be
            deducted, such as half of a mixed-use car's), and the purchase stops being a cost of its month: the monthly
            write-offs are the costs instead.
          </Trans>
        </p>
        <FormErrors errors={formErrors} />
        <Select
          {...field('itemId')}
          value={entry.itemId}
          onChange={set('itemId')}
          options={[
            { value: '', label: t`None: type the asset's data` },
            ...purchases.map((p) => ({
              value: String(p.id),
              label: `${p.name}, ${f.date(p.date)}, ${f.money(p.amount)}`,
            })),
          ]}
        />
        {!fromPurchase && (
          <>
            <TextInput {...field('name')} value={entry.name} onChange={set('name')} />
            <DateField {...field('acquisitionDate')} value={entry.acquisitionDate} onChange={set('acquisitionDate')} />
            <NumberInput {...field('initialValue')} value={entry.initialValue} onChange={set('initialValue')} />
          </>
        )}
        <DateField {...field('entryDate')} value={entry.entryDate} onChange={set('entryDate')} />
        <Select {...field('kst')} value={entry.kst} onChange={set('kst')} options={kstOptions} />
        {isPassengerCarKst(entry.kst) && (
          <>
            <Select
              {...field('car.drive')}
              value={entry.carDrive}
              onChange={set('carDrive')}
              options={[
                { value: 'combustion', label: t`combustion or hybrid` },
                { value: 'electric', label: t`electric` },
                { value: 'hydrogen', label: t`hydrogen` },
              ]}
            />
            <NumberInput {...field('car.co2GramsPerKm')} value={entry.carCo2} onChange={set('carCo2')} />
            <p className="assets-form__hint">
              <Trans>
                The write-offs of a passenger car are a cost up to 225 000 zł of its value when electric or hydrogen;
                for a car entered from 2026, 150 000 zł below 50 g CO₂/km and 100 000 zł otherwise (an unknown emission
                counts as 50 g or more).
              </Trans>
            </p>
          </>
        )}
        <Select
          {...field('method')}
          value={entry.method}
          onChange={set('method')}
          options={[
            { value: 'linear', label: t`straight-line` },
            { value: 'degressive', label: t`degressive` },
            { value: 'individual', label: t`individual period (a used or improved asset)` },
            { value: 'oneOff', label: t`one-off write-off (art. 22k ust. 7)` },
            { value: 'expensed', label: t`expensed at once (up to ${expensedLimit})` },
          ]}
        />
        {takes.rate && <TextInput {...field('rate')} value={entry.rate} onChange={set('rate')} />}
        {takes.degressiveFactor && (
          <TextInput {...field('degressiveFactor')} value={entry.degressiveFactor} onChange={set('degressiveFactor')} />
        )}
        {takes.individualMonths && (
          <NumberInput
            {...field('individualMonths')}
            value={entry.individualMonths}
            onChange={set('individualMonths')}
          />
        )}
        {takes.oneOffEurRate && (
          <TextInput {...field('oneOffEurRate')} value={entry.oneOffEurRate} onChange={set('oneOffEurRate')} />
        )}
        <TextInput {...field('number')} value={entry.number} onChange={set('number')} />
        {!fromPurchase && <TextInput {...field('document')} value={entry.document} onChange={set('document')} />}
        <Select
          {...field('period')}
          value={entry.period}
          onChange={set('period')}
          options={[
            { value: 'month', label: t`monthly` },
            { value: 'quarter', label: t`quarterly` },
            { value: 'year', label: t`once a year` },
          ]}
        />
        <div>
          <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
            <Trans>Enter in the register</Trans>
          </Button>
        </div>
      </div>
    </form>
  )
}

export const AssetsPage = ({ effects, year }: Props) => {
  const { t } = useLingui()
  const messages = useMessages()
  const text = useAssetMessage()
  const impl = useMemo(() => effects ?? createAssetsApi(), [effects])
  const [shown, setShown] = useState(year ?? new Date().getFullYear())
  const [register, setRegister] = useState<AssetRegisterDto | null>(null)
  const [failed, setFailed] = useState(false)
  const [loading, setLoading] = useState(true)
  const [reload, setReload] = useState(0)
  const [selected, setSelected] = useState<number | null>(null)
  const [card, setCard] = useState<AssetCardDto | null>(null)
  const [cardLoading, setCardLoading] = useState(false)
  /** The asset the user asked to remove, while the confirmation is open. */
  const [toDelete, setToDelete] = useState<AssetCardDto['asset'] | null>(null)
  const [deleting, setDeleting] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the register again (a retry, a new entry)
  useEffect(() => {
    setLoading(true)
    setFailed(false)
    return settle(
      impl.loadRegister(shown),
      (r) => {
        setRegister(r)
        setLoading(false)
      },
      () => {
        setFailed(true)
        setLoading(false)
      },
    )
  }, [impl, shown, reload])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the card again after a new entry
  useEffect(() => {
    if (selected === null) {
      setCard(null)
      return
    }
    setCardLoading(true)
    return settle(
      impl.loadCard(selected),
      (c) => {
        setCard(c)
        setCardLoading(false)
      },
      () => {
        setCardLoading(false)
        messages.error(t`Response error, can not connect to API.`)
      },
    )
  }, [impl, selected, reload, messages, t])

  /** Removes the asset the user confirmed: the register and its card follow; a failure says why and changes nothing. */
  const remove = async () => {
    if (toDelete === null || deleting) return
    const asset = toDelete
    setDeleting(true)
    try {
      await impl.deleteAsset(asset.id)
      messages.info(t`${asset.name} (no. ${asset.number}) deleted from the register`)
      setSelected(null)
      setReload((r) => r + 1)
    } catch (err) {
      messages.error(
        isApiError(err) && err.errors.length > 0
          ? err.errors.map((m) => text(m)).join(' ')
          : t`Response error, can not connect to API.`,
      )
      // Removed elsewhere meanwhile: the register shows what is left.
      if (isApiError(err) && err.status === 404) {
        setSelected(null)
        setReload((r) => r + 1)
      }
    } finally {
      setDeleting(false)
      setToDelete(null)
    }
  }

  const busy = loading || cardLoading || deleting
  const toolbar = (
    <>
      <YearNav year={shown} onPrevious={() => setShown(shown - 1)} onNext={() => setShown(shown + 1)} />
      <Button variant="secondary" onClick={() => window.print()} disabled={register === null}>
        <Trans>Print</Trans>
      </Button>
    </>
  )
  return (
    <Page className="assets-page" title={<Trans>Fixed assets</Trans>} busy={busy} toolbar={toolbar}>
      {failed && (
        <LoadFailed onRetry={() => setReload(reload + 1)}>
          <Trans>The register could not be loaded.</Trans>
        </LoadFailed>
      )}
      {register !== null &&
        (register.assets.length === 0 ? (
          <p className="empty" role="status">
            <Trans>No fixed assets in {register.year}. Enter one below, or turn a purchase into one.</Trans>
          </p>
        ) : (
          <RegisterTable register={register} selected={selected} onSelect={setSelected} />
        ))}
      {card !== null && (
        <AssetCard card={card} impl={impl} onDelete={() => setToDelete(card.asset)} deleting={deleting} />
      )}
      {card !== null && (
        <AssetActions
          key={`${card.asset.id}:${card.asset.disposal?.date ?? ''}`}
          card={card}
          impl={impl}
          onDone={(c, message) => {
            messages.info(message)
            setCard(c)
            setReload(reload + 1)
          }}
        />
      )}
      <InventoryCard key={shown} year={shown} impl={impl} onDone={(message) => messages.info(message)} />
      <EntryForm
        impl={impl}
        reload={reload}
        onEntered={(c) => {
          messages.info(t`${c.asset.name} entered in the register with number ${c.asset.number}`)
          setSelected(c.asset.id)
          setReload(reload + 1)
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        busy={deleting}
        title={t`Delete asset`}
        message={
          toDelete === null
            ? undefined
            : toDelete.itemId === null
              ? t`${toDelete.name} (no. ${toDelete.number}) will be deleted from the register with its write-offs. Do you confirm?`
              : t`${toDelete.name} (no. ${toDelete.number}) will be deleted from the register with its write-offs, and the purchase it was entered from becomes a cost of its month again. Do you confirm?`
        }
        onCancel={() => {
          if (!deleting) setToDelete(null)
        }}
        onConfirm={() => void remove()}
      />
    </Page>
  )
}
