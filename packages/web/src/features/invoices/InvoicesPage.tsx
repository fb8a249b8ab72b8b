/**
 * companydashboard/invoices: invoices as documents. The list (number, buyer, gross, state), the editor of a draft —
 * buyer from the counterparties (or typed, then remembered), dates, payment, a lines table (Enter in a line adds the
 * next), totals per rate computed live by the core as FA(3) states them, each field's message in the user's
 * language — an HTML preview of the invoice, issuing (the number comes from the series), the FA(3) download and a
 * correction of an issued invoice. Figures and refusals come from the core (docs/tax-rules.md §18).
 */
import {
  type DocumentPln,
  documentSplitPayment,
  formatIban,
  formatTotals,
  type InvoiceDetail,
  type InvoiceDisplayState,
  type InvoiceLine,
  type InvoiceSummary,
  InvoiceProcedures,
  InvoiceVatRates,
  invoiceTotals,
  isLocalDate,
  isQuantity,
  parseMoney,
  TABLE_A_CURRENCIES,
} from '@finance/ledger-core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { isApiError } from '../../api/client.ts'
import { type DownloadedFile, useDownload } from '../../api/useDownload.ts'
import { useFormat } from '../../i18n/format.ts'
import { localToday } from '../../ui/DatePicker.tsx'
import {
  Button,
  Checkbox,
  commonCurrenciesFirst,
  DateField,
  FieldError,
  FormErrors,
  Loader,
  Select,
  TableHead,
  TextInput,
  useMessages,
} from '../../ui/index.ts'
import { saveFile } from '../books/api.ts'
import {
  type BankAccountDto,
  type CounterpartyDto,
  createInvoicesApi,
  type InvoicesApi,
  type SellerDto,
} from './api.ts'
import { otherErrors } from './ListPage.tsx'
import { useInvoiceMessage } from './messages.ts'
import './invoices.css'

type Props = {
  effects?: InvoicesApi
  save?: (file: DownloadedFile) => void
  /** The invoice opened first (stories). */
  openId?: number
}

interface LineForm {
  name: string
  quantity: string
  unit: string
  unitNet: string
  vat: string
  gtu: string
  discount: string
  annex15: boolean
}
export interface Form {
  kind: 'VAT' | 'KOR'
  counterpartyId: string
  buyer: { name: string; taxId: string; country: string; address: string }
  issueDate: string
  supplyDate: string
  dueDate: string
  method: string
  bankAccount: string
  exemptionBasis: string
  notes: string
  /** 'PLN' or a currency of NBP table A. */
  currency: string
  /** The split-payment mark put voluntarily (the law's own requirement is computed from the lines). */
  splitPayment: boolean
  /** The sale's JPK_V7 procedure markers (TP, WSTO_EE, …). */
  procedures: string[]
  lines: LineForm[]
  correction: { invoiceId: number; reason: string; reasonDate: string } | null
}

const emptyLine = (): LineForm => ({
  name: '',
  quantity: '1',
  unit: 'szt.',
  unitNet: '',
  vat: '23',
  gtu: '',
  discount: '',
  annex15: false,
})

/**
 * A bank account as the invoice form offers it: its name and its IBAN in groups of four, or the IBAN alone when the
 * name is the IBAN (an account a statement import made is named so) or there is none.
 */
const accountLabel = (a: BankAccountDto): string => {
  const compact = (s: string) => s.replace(/[\s-]/g, '').toUpperCase()
  const name = a.name.trim()
  const iban = formatIban(compact(a.iban))
  return name === '' || compact(name) === compact(a.iban) ? iban : `${name} ${iban}`
}

export const newForm = (today: string): Form => ({
  kind: 'VAT',
  counterpartyId: '',
  buyer: { name: '', taxId: '', country: 'PL', address: '' },
  issueDate: today,
  supplyDate: '',
  dueDate: '',
  method: 'transfer',
  bankAccount: '',
  exemptionBasis: '',
  notes: '',
  currency: 'PLN',
  splitPayment: false,
  procedures: [],
  lines: [emptyLine()],
  correction: null,
})

const formOf = (d: InvoiceDetail): Form => ({
  kind: d.data.kind,
  counterpartyId: d.data.counterpartyId === null ? '' : String(d.data.counterpartyId),
  buyer: { ...d.data.buyer },
  issueDate: d.data.issueDate,
  supplyDate: d.data.supplyDate ?? '',
  dueDate: d.data.payment.dueDate ?? '',
  method: d.data.payment.method ?? '',
  bankAccount: d.data.payment.bankAccount ?? '',
  exemptionBasis: d.data.exemptionBasis,
  notes: d.data.notes,
  currency: d.data.currency ?? 'PLN',
  splitPayment: d.data.splitPayment === true,
  procedures: [...(d.data.procedures ?? [])],
  lines: d.data.lines.map((l) => ({
    name: l.name,
    quantity: l.quantity,
    unit: l.unit,
    unitNet: l.unitNet,
    vat: l.vat,
    gtu: l.gtu ?? '',
    discount: l.discount === '0.00' ? '' : l.discount,
    annex15: l.annex15 === true,
  })),
  correction: d.data.correction ? { ...d.data.correction, reasonDate: d.data.correction.reasonDate ?? '' } : null,
})

const bodyOf = (f: Form) => ({
  kind: f.kind,
  counterpartyId: f.counterpartyId === '' ? null : Number(f.counterpartyId),
  buyer: f.buyer,
  issueDate: f.issueDate,
  supplyDate: f.supplyDate || null,
  lines: f.lines.map((l) => ({
    name: l.name,
    quantity: l.quantity.replace(',', '.'),
    unit: l.unit,
    unitNet: l.unitNet.replace(',', '.'),
    vat: l.vat,
    gtu: l.gtu || null,
    discount: l.discount.replace(',', '.') || null,
    annex15: l.annex15,
  })),
  exemptionBasis: f.exemptionBasis,
  payment: { dueDate: f.dueDate || null, method: f.method || null, bankAccount: f.bankAccount || null },
  notes: f.notes,
  currency: f.currency === 'PLN' ? null : f.currency,
  splitPayment: f.splitPayment,
  procedures: f.procedures,
  correction: f.correction ? { ...f.correction, reasonDate: f.correction.reasonDate || null } : null,
})

const MONEY = /^\d{1,13}(\.\d{1,2})?$/
const moneyOf = (s: string) => {
  const m = s.replace(',', '.').trim()
  if (!MONEY.test(m)) return null
  const [w, f = ''] = m.split('.')
  return `${w}.${f.padEnd(2, '0')}`
}

/** The lines the totals can be computed from (a line still being typed counts once it is a number). */
const computable = (lines: readonly LineForm[]): InvoiceLine[] =>
  lines.flatMap((l) => {
    const q = l.quantity.replace(',', '.').trim()
    const unitNet = moneyOf(l.unitNet)
    const discount = l.discount.trim() === '' ? '0.00' : moneyOf(l.discount)
    if (!isQuantity(q) || unitNet === null || discount === null) return []
    if (!(InvoiceVatRates as readonly string[]).includes(l.vat)) return []
    const vat = l.vat as InvoiceLine['vat']
    return [{ name: l.name, quantity: q, unit: l.unit, unitNet, vat, gtu: null, discount, annex15: l.annex15 }]
  })

const useStateName = () => {
  const { t } = useLingui()
  return (s: InvoiceDisplayState): string =>
    ({ draft: t`draft`, issued: t`issued`, sent: t`sent to KSeF`, corrected: t`corrected` })[s]
}

const useVatName = () => {
  const { t } = useLingui()
  const f = useFormat()
  return (v: string): string => (v === 'zw' ? t`exempt (zw)` : v === 'np' ? t`outside VAT (np)` : f.percent(v))
}

/**
 * A line's unit as the screen shows it: the Polish abbreviations the lines start with (and FA(3) files carry)
 * in the UI's language — `szt.` reads `pcs` in English. The data, and so the file, keep what was typed.
 */
const useUnitName = () => {
  const { t } = useLingui()
  return (unit: string): string => {
    const u = unit.trim()
    if (u === 'szt.' || u === 'szt') return t({ message: 'pcs', context: 'unit' })
    if (u === 'godz.' || u === 'godz') return t({ message: 'h', context: 'unit' })
    if (u === 'usł.' || u === 'usł') return t({ message: 'service', context: 'unit' })
    return unit
  }
}

const InvoiceList = ({ invoices, onOpen }: { invoices: readonly InvoiceSummary[]; onOpen: (id: number) => void }) => {
  const f = useFormat()
  const stateName = useStateName()
  const { t } = useLingui()
  if (invoices.length === 0)
    return (
      <p className="invoices__empty">
        <Trans>No invoices yet. Create the first one.</Trans>
      </p>
    )
  return (
    <div className="invoices-scroll">
      <table className="table invoices-table invoices-table--cards table--cards">
        <caption>
          <Trans>Invoices</Trans>
        </caption>
        <TableHead columns={[t`Number`, t`Issue date`, t`Buyer`, { label: t`Gross`, num: true }, t`State`]} />
        <tbody>
          {invoices.map((i) => (
            <tr key={i.id}>
              <th scope="row">
                <Button variant="link" onClick={() => onOpen(i.id)}>
                  {i.number ?? (i.kind === 'KOR' ? t`correction draft` : t`draft`)}
                </Button>
              </th>
              <td data-label={t`Issue date`}>{f.date(i.issueDate)}</td>
              <td data-label={t`Buyer`}>{i.buyer}</td>
              <td data-label={t`Gross`} className="num">
                {i.currency === 'PLN' ? f.money(i.gross) : `${f.amount(i.gross)} ${i.currency}`}
              </td>
              <td data-label={t`State`}>
                <span className={`invoice-state invoice-state--${i.state}`}>{stateName(i.state)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Figures per VAT rate with a total row, the last column of the total in bold (the amount due). */
const PerRateTable = ({
  caption,
  headers,
  rows,
  total,
  className = '',
  due = true,
}: {
  caption: string
  headers: readonly string[]
  rows: readonly { vat: string; cells: readonly string[] }[]
  total: readonly string[]
  className?: string
  /** Whether the total's last column is the amount due. */
  due?: boolean
}) => {
  const vatName = useVatName()
  return (
    <div className="invoices-scroll">
      <table className={`table invoice-preview__totals ${className}`.trim()}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Rate</Trans>
            </th>
            {headers.map((h) => (
              <th key={h} scope="col" className="num">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.vat}>
              <th scope="row">{vatName(r.vat)}</th>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed by the headers
                <td key={i} className="num">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            {total.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed by the headers
              <td key={i} className={due && i === total.length - 1 ? 'num invoice-preview__due' : 'num'}>
                {c}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

/**
 * An invoice in a foreign currency in złoty: the NBP rate of the last working day before the tax point (uVAT art. 31a)
 * and each rate's net and VAT in złoty (P_14_xW), as the books hold its incomes; before a save, or while the books
 * lack the rate, what happens instead.
 */
const PlnFigures = ({ pln }: { pln: DocumentPln | null }) => {
  const f = useFormat()
  const { t } = useLingui()
  const say = useInvoiceMessage()
  if (pln === null)
    return (
      <p className="invoice-preview__pln">
        <Trans>
          The amounts in złoty are computed on saving, at the NBP table A rate of the last working day before the tax
          point.
        </Trans>
      </p>
    )
  if (!pln.ok)
    return (
      <p className="invoice-preview__pln field__error" role="alert">
        {say(pln.message)}
      </p>
    )
  const { table, date, rate } = pln.rate
  return (
    <PerRateTable
      className="invoice-preview__pln"
      due={false}
      caption={t`In złoty at ${f.rate(rate)} (NBP table ${table} of ${f.date(date)})`}
      headers={[t`Net in PLN`, t`VAT in PLN`]}
      rows={pln.rates.map((r) => ({ vat: r.vat, cells: [f.money(r.net), f.money(r.tax)] }))}
      total={[f.money(pln.net), f.money(pln.tax)]}
    />
  )
}

/** The invoice as a buyer reads it: parties, dates, lines, totals per rate, payment. */
export const InvoicePreview = ({
  form,
  number,
  seller,
  pln = null,
}: {
  form: Form
  number: string | null
  seller: SellerDto | null
  /** A saved invoice in a foreign currency: its złoty figures (or the rate the books lack). */
  pln?: DocumentPln | null
}) => {
  const f = useFormat()
  const vatName = useVatName()
  const unitName = useUnitName()
  const { t } = useLingui()
  const lines = computable(form.lines)
  const totals = formatTotals(invoiceTotals(lines))
  const foreign = form.currency !== 'PLN'
  // The złoty figures belong to the document as saved: shown while its currency is the one on screen.
  const inPln = foreign && pln?.code === form.currency ? pln : null
  const grossPln = inPln?.ok ? parseMoney(inPln.gross) : undefined
  /** An amount of the invoice: in złoty, or followed by its currency's code. */
  const money = (v: string) => (foreign ? `${f.amount(v)} ${form.currency}` : f.money(v))
  /** A typed date, or a dash while it is no real date (the field says why): never a day rolled over. */
  const date = (d: string) => (isLocalDate(d) ? f.date(d) : '—')
  return (
    <article className="invoice-preview" aria-label={t`Invoice preview`}>
      <header>
        <h3>
          {form.kind === 'KOR' ? <Trans>Correcting invoice</Trans> : <Trans>VAT invoice</Trans>}{' '}
          {number ?? <Trans>(number given on issue)</Trans>}
        </h3>
        <p>
          <Trans>Issued</Trans>: {date(form.issueDate)}
          {form.supplyDate && (
            <>
              {' · '}
              <Trans>Supplied</Trans>: {date(form.supplyDate)}
            </>
          )}
        </p>
        {foreign && (
          <p>
            <Trans>Currency</Trans>: {form.currency}
          </p>
        )}
      </header>
      <section>
        <h4>
          <Trans>Seller</Trans>
        </h4>
        <p>
          {seller ? (
            <>
              {seller.name}
              <br />
              <Trans>NIP</Trans> {seller.nip}
              {seller.address && (
                <>
                  <br />
                  {seller.address}
                </>
              )}
            </>
          ) : (
            <Trans>Fill in the company's invoice data first.</Trans>
          )}
        </p>
      </section>
      <section>
        <h4>
          <Trans>Buyer</Trans>
        </h4>
        <p>
          {form.buyer.name || '—'}
          {form.buyer.taxId && (
            <>
              <br />
              <Trans>NIP</Trans> {form.buyer.taxId}
            </>
          )}
          {form.buyer.address && (
            <>
              <br />
              {form.buyer.address}
            </>
          )}
        </p>
      </section>
      <div className="invoices-scroll">
        <table className="table invoice-preview__lines">
          <thead>
            <tr>
              <th scope="col">
                <Trans>No.</Trans>
              </th>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Quantity</Trans>
              </th>
              <th scope="col" className="num">
                <Trans>Net price</Trans>
              </th>
              <th scope="col">
                <Trans>VAT</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{l.name}</td>
                <td className="num">
                  {f.number(l.quantity)} {unitName(l.unit)}
                </td>
                <td className="num">{money(l.unitNet)}</td>
                <td>{vatName(l.vat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PerRateTable
        caption={t`Totals per VAT rate`}
        headers={[t`Net`, t`VAT`, t`Gross`]}
        rows={totals.rates.map((r) => ({ vat: r.vat, cells: [money(r.net), money(r.tax), money(r.gross)] }))}
        total={[money(totals.net), money(totals.tax), money(totals.gross)]}
      />
      {foreign && <PlnFigures pln={inPln} />}
      {(form.dueDate || form.bankAccount) && (
        <p>
          {form.dueDate && (
            <>
              <Trans>Payment due</Trans>: {date(form.dueDate)}{' '}
            </>
          )}
          {form.bankAccount && (
            <>
              <Trans context="bank account">Account</Trans>: {form.bankAccount}
            </>
          )}
        </p>
      )}
      {documentSplitPayment({ buyer: form.buyer, lines, splitPayment: form.splitPayment }, grossPln).marked && (
        <p className="invoice-preview__mark">
          <Trans>
            split payment (<i lang="pl">mechanizm podzielonej płatności</i>)
          </Trans>
        </p>
      )}
      {form.notes && <p className="invoice-preview__notes">{form.notes}</p>}
    </article>
  )
}

/**
 * The split-payment mark: set and locked when the law requires it (an Annex 15 line, over PLN 15,000 gross, to a
 * buyer with a tax number: uVAT art. 108a ust. 1a, art. 106e ust. 1 pkt 18a), otherwise the seller's choice.
 */
const SplitPaymentField = ({
  form,
  setForm,
  error,
  grossPln,
}: {
  form: Form
  setForm: (f: Form) => void
  error: string | undefined
  /** A saved invoice in a foreign currency: its gross in złoty (the threshold is in złoty). */
  grossPln: bigint | undefined
}) => {
  const f = useFormat()
  const threshold = f.money('15000')
  // An invoice in a currency is compared in złoty: before its złoty figures are known, the mark is not decided here.
  const unknown = form.currency !== 'PLN' && grossPln === undefined
  const { required } = unknown
    ? { required: false }
    : documentSplitPayment({ buyer: form.buyer, lines: computable(form.lines) }, grossPln)
  return (
    <div className="invoice-editor__split">
      <Checkbox
        label={
          <Trans>
            Split payment (<i lang="pl">mechanizm podzielonej płatności</i>)
          </Trans>
        }
        name="splitPayment"
        checked={required || form.splitPayment}
        disabled={required}
        aria-describedby="invoice-split-note"
        onChange={(e) => setForm({ ...form, splitPayment: e.target.checked })}
      />
      <p className="field__hint" id="invoice-split-note">
        {required ? (
          <Trans>
            Required: a line of Annex 15 and a gross total over {threshold} (art. 108a ust. 1a of the VAT act).
          </Trans>
        ) : unknown ? (
          <Trans>
            For an invoice in a foreign currency the {threshold} threshold is checked in złoty once it is saved.
          </Trans>
        ) : (
          <Trans>
            Required only for Annex 15 goods or services over {threshold} gross sold to a business (a buyer with a tax
            number); you may mark it voluntarily.
          </Trans>
        )}
      </p>
      <FieldError error={error} />
    </div>
  )
}

/** The sale's JPK_V7 procedure markers: each goes to every income of the invoice and into its FA(3). */
const ProceduresField = ({
  form,
  setForm,
  error,
}: {
  form: Form
  setForm: (f: Form) => void
  error: string | undefined
}) => {
  const { t } = useLingui()
  const labels: Record<(typeof InvoiceProcedures)[number], string> = {
    TP: t`TP — related parties (buyer and seller are connected)`,
    WSTO_EE: t`WSTO_EE — distance sale within the EU or OSS services`,
    IED: t`IED — supply through an electronic interface (art. 7a)`,
    TT_WNT: t`TT_WNT — triangular acquisition by the second taxpayer`,
    TT_D: t`TT_D — triangular supply by the second taxpayer`,
    I_42: t`I_42 — supply after import under customs procedure 42`,
    I_63: t`I_63 — supply after import under customs procedure 63`,
    B_SPV: t`B_SPV — transfer of a single-purpose voucher`,
    B_SPV_DOSTAWA: t`B_SPV_DOSTAWA — supply for a single-purpose voucher`,
    B_MPV_PROWIZJA: t`B_MPV_PROWIZJA — brokerage of multi-purpose vouchers`,
  }
  const toggle = (code: string, on: boolean) =>
    setForm({
      ...form,
      procedures: on
        ? InvoiceProcedures.filter((p) => p === code || form.procedures.includes(p))
        : form.procedures.filter((p) => p !== code),
    })
  return (
    <details className="invoice-editor__procedures" open={form.procedures.length > 0}>
      <summary>
        <Trans>JPK_V7 procedure markers</Trans>
        {form.procedures.length > 0 ? `: ${form.procedures.join(', ')}` : ''}
      </summary>
      <fieldset aria-describedby="invoice-procedures-note">
        <legend className="visually-hidden">
          <Trans>JPK_V7 procedure markers</Trans>
        </legend>
        {InvoiceProcedures.map((code) => (
          <Checkbox
            key={code}
            label={labels[code]}
            name={`procedure-${code}`}
            checked={form.procedures.includes(code)}
            onChange={(e) => toggle(code, e.target.checked)}
          />
        ))}
      </fieldset>
      <p className="field__hint" id="invoice-procedures-note">
        <Trans>
          Most invoices need none. Each marker goes to every row of the invoice in the VAT register and to its FA(3).
        </Trans>
      </p>
      <FieldError error={error} />
    </details>
  )
}

const Editor = ({
  detail,
  form,
  setForm,
  errors,
  counterparties,
  accounts,
}: {
  detail: InvoiceDetail | null
  form: Form
  setForm: (f: Form) => void
  errors: Record<string, string>
  counterparties: readonly CounterpartyDto[]
  accounts: readonly BankAccountDto[]
}) => {
  const { t } = useLingui()
  const say = useInvoiceMessage()
  const vatName = useVatName()
  const unitName = useUnitName()
  const err = (field: string) => (errors[field] ? say(errors[field]) : undefined)
  const lineRefs = useRef<(HTMLInputElement | null)[]>([])
  const [focusLine, setFocusLine] = useState<number | null>(null)
  useEffect(() => {
    if (focusLine !== null) lineRefs.current[focusLine]?.focus()
  }, [focusLine])
  const readOnly = detail !== null && (detail.state === 'sent' || detail.state === 'corrected')
  const setLine = (i: number, patch: Partial<LineForm>) =>
    setForm({ ...form, lines: form.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) })
  const addLine = (after: number) => {
    const lines = [...form.lines]
    lines.splice(after + 1, 0, emptyLine())
    setForm({ ...form, lines })
    setFocusLine(after + 1)
  }
  const onLineKey = (i: number) => (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      addLine(i)
    }
  }
  /** The typed cells of a line, in their columns' order. */
  const textColumns: readonly {
    col: 'name' | 'quantity' | 'unit' | 'unitNet' | 'discount'
    label: (n: number) => string
    decimal?: boolean
  }[] = [
    { col: 'name', label: (n) => t`Line ${n}: name` },
    { col: 'quantity', label: (n) => t`Line ${n}: quantity`, decimal: true },
    { col: 'unit', label: (n) => t`Line ${n}: unit` },
    { col: 'unitNet', label: (n) => t`Line ${n}: net unit price`, decimal: true },
    { col: 'discount', label: (n) => t`Line ${n}: discount`, decimal: true },
  ]
  const pick = (id: string) => {
    const c = counterparties.find((x) => String(x.id) === id)
    setForm({
      ...form,
      counterpartyId: id,
      buyer: c ? { name: c.name, taxId: c.taxId, country: c.country, address: c.address } : form.buyer,
    })
  }
  return (
    <fieldset className="invoice-editor" disabled={readOnly}>
      <legend>
        {form.kind === 'KOR' ? <Trans>Correction</Trans> : <Trans>Invoice</Trans>} {detail?.number ?? ''}
      </legend>
      {form.correction && (
        <div className="invoice-editor__row">
          <TextInput
            label={t`Reason of the correction`}
            value={form.correction.reason}
            error={err('correction.reason')}
            onChange={(e) => setForm({ ...form, correction: { ...form.correction!, reason: e.target.value } })}
          />
          <DateField
            label={t`Reason arose on (an increase)`}
            value={form.correction.reasonDate}
            error={err('correction.reasonDate')}
            onChange={(e) => setForm({ ...form, correction: { ...form.correction!, reasonDate: e.target.value } })}
          />
        </div>
      )}
      <div className="invoice-editor__row">
        <Select
          label={t`Counterparty`}
          value={form.counterpartyId}
          placeholder={t`New buyer (remembered on save)`}
          options={counterparties.map((c) => ({
            value: String(c.id),
            label: c.taxId ? `${c.name} (${c.taxId})` : c.name,
          }))}
          error={err('counterpartyId')}
          onChange={(e) => pick(e.target.value)}
        />
        <TextInput
          label={t`Buyer's name`}
          value={form.buyer.name}
          error={err('buyer.name')}
          onChange={(e) => setForm({ ...form, buyer: { ...form.buyer, name: e.target.value } })}
        />
        <TextInput
          label={t`NIP or tax id`}
          value={form.buyer.taxId}
          error={err('buyer.taxId')}
          onChange={(e) => setForm({ ...form, buyer: { ...form.buyer, taxId: e.target.value } })}
        />
        <TextInput
          label={t`Country`}
          value={form.buyer.country}
          maxLength={2}
          error={err('buyer.country')}
          onChange={(e) => setForm({ ...form, buyer: { ...form.buyer, country: e.target.value.toUpperCase() } })}
        />
        <TextInput
          label={t`Address`}
          value={form.buyer.address}
          error={err('buyer.address')}
          onChange={(e) => setForm({ ...form, buyer: { ...form.buyer, address: e.target.value } })}
        />
      </div>
      <div className="invoice-editor__row">
        <DateField
          label={t`Issue date`}
          value={form.issueDate}
          error={err('issueDate')}
          onChange={(e) => setForm({ ...form, issueDate: e.target.value })}
        />
        <DateField
          label={t`Supply date (when different)`}
          value={form.supplyDate}
          error={err('supplyDate')}
          onChange={(e) => setForm({ ...form, supplyDate: e.target.value })}
        />
        <DateField
          label={t`Payment due`}
          value={form.dueDate}
          error={err('payment.dueDate')}
          onChange={(e) => setForm({ ...form, dueDate: e.target.value })}
        />
        <Select
          label={t`Payment method`}
          value={form.method}
          placeholder="—"
          options={[
            { value: 'transfer', label: t`transfer` },
            { value: 'cash', label: t`cash` },
            { value: 'card', label: t`card` },
          ]}
          error={err('payment.method')}
          onChange={(e) => setForm({ ...form, method: e.target.value })}
        />
        <Select
          label={t`Bank account`}
          value={form.bankAccount}
          placeholder="—"
          options={accounts.map((a) => ({ value: a.iban, label: accountLabel(a) }))}
          error={err('payment.bankAccount')}
          onChange={(e) => setForm({ ...form, bankAccount: e.target.value })}
        />
        <Select
          label={t`Currency`}
          name="currency"
          value={form.currency}
          options={['PLN', ...commonCurrenciesFirst(TABLE_A_CURRENCIES.filter((c) => c !== 'XDR'))].map((c) => ({
            value: c,
            label: c,
          }))}
          error={err('currency')}
          onChange={(e) => setForm({ ...form, currency: e.target.value })}
        />
      </div>
      <div className="invoices-scroll">
        <table className="table invoice-lines">
          <caption>
            <Trans>Lines (Enter adds the next line)</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col">
                <Trans>Quantity</Trans>
              </th>
              <th scope="col">
                <Trans>Unit</Trans>
              </th>
              <th scope="col">
                <Trans>Net unit price</Trans>
              </th>
              <th scope="col">
                <Trans>Discount</Trans>
              </th>
              <th scope="col">
                <Trans>VAT</Trans>
              </th>
              <th scope="col">
                <Trans>GTU</Trans>
              </th>
              <th scope="col">
                <abbr title={t`Goods or services of Annex 15 to the VAT act (split payment)`}>
                  <Trans>Annex 15</Trans>
                </abbr>
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Remove</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {form.lines.map((l, i) => {
              const n = i + 1
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
                <tr key={i}>
                  {textColumns.map(({ col, label, decimal }) => (
                    <td key={col}>
                      <TextInput
                        label={label(n)}
                        className={col === 'name' ? 'invoice-lines__name' : undefined}
                        ref={
                          col === 'name'
                            ? (el) => {
                                lineRefs.current[i] = el
                              }
                            : undefined
                        }
                        inputMode={decimal ? 'decimal' : undefined}
                        value={col === 'unit' ? unitName(l.unit) : l[col]}
                        name={`lines.${i}.${col}`}
                        error={err(`lines.${i}.${col}`)}
                        onKeyDown={onLineKey(i)}
                        onChange={(e) => setLine(i, { [col]: e.target.value })}
                      />
                    </td>
                  ))}
                  <td>
                    <Select
                      label={t`Line ${n}: VAT`}
                      value={l.vat}
                      options={InvoiceVatRates.map((v) => ({ value: v, label: vatName(v) }))}
                      name={`lines.${i}.vat`}
                      error={err(`lines.${i}.vat`)}
                      onChange={(e) => setLine(i, { vat: e.target.value })}
                    />
                  </td>
                  <td>
                    <Select
                      label={t`Line ${n}: GTU`}
                      value={l.gtu}
                      placeholder="—"
                      options={Array.from({ length: 13 }, (_, k) => {
                        const code = `GTU_${String(k + 1).padStart(2, '0')}`
                        return { value: code, label: code }
                      })}
                      name={`lines.${i}.gtu`}
                      error={err(`lines.${i}.gtu`)}
                      onChange={(e) => setLine(i, { gtu: e.target.value })}
                    />
                  </td>
                  <td>
                    <Checkbox
                      className="invoice-lines__annex15"
                      label={t`Line ${n}: Annex 15`}
                      name={`lines.${i}.annex15`}
                      checked={l.annex15}
                      onKeyDown={onLineKey(i)}
                      onChange={(e) => setLine(i, { annex15: e.target.checked })}
                    />
                  </td>
                  <td>
                    <Button
                      variant="link"
                      aria-label={t`Remove line ${n}`}
                      disabled={form.lines.length === 1}
                      onClick={() => setForm({ ...form, lines: form.lines.filter((_, j) => j !== i) })}
                    >
                      ×
                    </Button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {err('lines') && <p className="field__error">{err('lines')}</p>}
      <Button variant="secondary" onClick={() => addLine(form.lines.length - 1)}>
        <Trans>Add line</Trans>
      </Button>
      {form.lines.some((l) => l.vat === 'zw') && (
        <TextInput
          label={t`Legal basis of the exemption`}
          value={form.exemptionBasis}
          error={err('exemptionBasis')}
          onChange={(e) => setForm({ ...form, exemptionBasis: e.target.value })}
        />
      )}
      <SplitPaymentField
        form={form}
        setForm={setForm}
        error={err('splitPayment')}
        grossPln={
          form.currency !== 'PLN' && detail?.pln?.ok && detail.pln.code === form.currency
            ? parseMoney(detail.pln.gross)
            : undefined
        }
      />
      <ProceduresField form={form} setForm={setForm} error={err('procedures')} />
      <TextInput
        label={t`Notes`}
        value={form.notes}
        error={err('notes')}
        onChange={(e) => setForm({ ...form, notes: e.target.value })}
      />
    </fieldset>
  )
}

export const InvoicesPage = ({ effects, save = saveFile, openId }: Props) => {
  const fx = useMemo(() => effects ?? createInvoicesApi(), [effects])
  const { t } = useLingui()
  const f = useFormat()
  const say = useInvoiceMessage()
  const messages = useMessages()
  const stateName = useStateName()
  const [loading, setLoading] = useState(true)
  const [invoices, setInvoices] = useState<InvoiceSummary[]>([])
  const [counterparties, setCounterparties] = useState<CounterpartyDto[]>([])
  const [accounts, setAccounts] = useState<BankAccountDto[]>([])
  const [seller, setSeller] = useState<SellerDto | null>(null)
  const [detail, setDetail] = useState<InvoiceDetail | null>(null)
  const [form, setForm] = useState<Form | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formErrors, setFormErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const today = localToday()

  const reload = useCallback(async () => {
    const [list, cps, accs, me] = await Promise.all([
      fx.list(),
      fx.counterparties(),
      fx.bankAccounts().catch(() => []),
      fx.seller(),
    ])
    setSeller(me)
    setInvoices(list)
    setCounterparties(cps)
    setAccounts(accs)
  }, [fx])

  const open = useCallback(
    async (id: number) => {
      const d = await fx.get(id)
      setDetail(d)
      setForm(formOf(d))
      setErrors({})
      setFormErrors([])
    },
    [fx],
  )

  useEffect(() => {
    let live = true
    void (async () => {
      try {
        await reload()
        if (openId !== undefined) await open(openId)
      } catch (e) {
        if (!isApiError(e)) throw e
        messages.error(say(e.errors[0] ?? 'Not found'))
      } finally {
        if (live) setLoading(false)
      }
    })()
    return () => {
      live = false
    }
  }, [reload, open, openId, messages, say])

  /**
   * Runs an action; a refusal shows each field's message and the rest above the form. The list is read again after a
   * refusal too: an action may have stored something before it was refused ("Issue" saves the draft, then the issue is
   * refused), and the list must show what is kept.
   */
  const act = async (action: () => Promise<InvoiceDetail | null>, done: string) => {
    setBusy(true)
    try {
      const d = await action()
      setErrors({})
      setFormErrors([])
      setDetail(d)
      setForm(d ? formOf(d) : null)
      await reload()
      messages.info(done)
    } catch (e) {
      if (!isApiError(e)) throw e
      setErrors(e.fieldErrors)
      setFormErrors([...new Set([...Object.values(e.fieldErrors), ...otherErrors(e)])].map(say))
      await reload().catch(() => {})
    } finally {
      setBusy(false)
    }
  }

  const saveDraft = () =>
    act(() => (detail ? fx.save(detail.id, bodyOf(form!), detail.version) : fx.create(bodyOf(form!))), t`Invoice saved`)
  const issue = () =>
    act(async () => {
      const saved = detail ? await fx.save(detail.id, bodyOf(form!), detail.version) : await fx.create(bodyOf(form!))
      setDetail(saved)
      return fx.issue(saved.id, saved.version)
    }, t`Invoice issued`)
  const { busy: downloading, run: download } = useDownload(fx.fa3, save, (file) => t`File ${file.fileName} downloaded`)

  if (loading) return <Loader />
  const canEdit = !detail || detail.state === 'draft' || detail.state === 'issued'
  return (
    <div className="invoices-page" aria-busy={busy}>
      <h1>
        <Trans>Invoices</Trans>
      </h1>
      <div className="invoices-page__actions">
        <Button
          onClick={() => {
            setDetail(null)
            setForm(newForm(today))
            setErrors({})
            setFormErrors([])
          }}
        >
          <Trans>New invoice</Trans>
        </Button>
        <Link className="btn btn--secondary" to="/companydashboard/invoices/counterparties">
          <Trans>Counterparties</Trans>
        </Link>
        <Link className="btn btn--secondary" to="/companydashboard/invoices/series">
          <Trans>Number series</Trans>
        </Link>
      </div>
      <InvoiceList invoices={invoices} onOpen={(id) => void open(id)} />
      {form && (
        <section className="invoices-page__document" aria-label={t`Invoice`}>
          <div>
            <FormErrors errors={formErrors} />
            {detail && (
              <p>
                <Trans>State</Trans>: <strong>{stateName(detail.state)}</strong>
                {detail.ksefNumber && <> · KSeF {detail.ksefNumber}</>} · <Trans>Gross</Trans>{' '}
                {detail.currency === 'PLN'
                  ? f.money(detail.totals.gross)
                  : `${f.amount(detail.totals.gross)} ${detail.currency}`}
              </p>
            )}
            <Editor
              detail={detail}
              form={form}
              setForm={setForm}
              errors={errors}
              counterparties={counterparties}
              accounts={accounts}
            />
            <div className="invoices-page__buttons">
              {canEdit && (
                <Button variant="secondary" onClick={saveDraft} disabled={busy}>
                  {detail?.state === 'issued' ? <Trans>Save changes</Trans> : <Trans>Save draft</Trans>}
                </Button>
              )}
              {(!detail || detail.state === 'draft') && (
                <Button onClick={issue} disabled={busy}>
                  <Trans>Issue</Trans>
                </Button>
              )}
              {detail?.state === 'draft' && (
                <Button
                  variant="danger"
                  disabled={busy}
                  onClick={() =>
                    act(async () => {
                      await fx.remove(detail.id)
                      return null
                    }, t`Draft deleted`)
                  }
                >
                  <Trans>Delete draft</Trans>
                </Button>
              )}
              {detail && detail.state !== 'draft' && (
                <Button variant="secondary" disabled={downloading} onClick={() => download(detail.id)}>
                  <Trans>Download FA(3)</Trans>
                </Button>
              )}
              {detail?.state === 'issued' && (
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() =>
                    act(async () => {
                      await fx.sendToKsef(detail.id)
                      return fx.get(detail.id)
                    }, t`Invoice sent to KSeF`)
                  }
                >
                  <Trans>Send to KSeF</Trans>
                </Button>
              )}
              {detail && detail.kind === 'VAT' && detail.state !== 'draft' && (
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => act(() => fx.correct(detail.id), t`Correction draft created`)}
                >
                  <Trans>Correct</Trans>
                </Button>
              )}
            </div>
          </div>
          <InvoicePreview form={form} number={detail?.number ?? null} seller={seller} pln={detail?.pln ?? null} />
        </section>
      )}
    </div>
  )
}
