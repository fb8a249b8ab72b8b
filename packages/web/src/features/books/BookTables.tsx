/**
 * The two books as tables: the KPiR with the column numbers of the year's regulation, the ewidencja przychodów
 * with one column per ryczałt rate. Each month is a row group: its entries, the month's total and the year so
 * far. Money arrives as decimal strings from the API (ledger-core computed every figure).
 */
import { generatedDescription, KPIR_AMOUNT_COLUMNS, KPIR_LAYOUTS } from '@finance/ledger-core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { type Format, useFormat } from '../../i18n/format.ts'
import { useMonthNames } from '../../i18n/months.ts'
import type { BookMonth, BookView, EwpRow, EwpTotals, KpirRow, KpirTotals } from './types.ts'

const amountClass = (v: string | null | undefined) => `num${v?.startsWith('-') ? ' amount--negative' : ''}`

const Money = ({ value }: { value: string | null | undefined }) => {
  const fmt = useFormat()
  // data-value: the figure itself, for the CSV export of what the table shows.
  return (
    <td className={amountClass(value)} data-value={value ?? ''}>
      {value ? fmt.amount(value) : ''}
    </td>
  )
}

/** The remark of a correcting entry, in the UI language. */
export const useRemark = () => {
  const { t } = useLingui()
  const fmt = useFormat()
  return (row: KpirRow | EwpRow): string => {
    if (row.kind !== 'correction') return ''
    const c = row.corrects
    const period = row.period ? fmt.month(row.period) : ''
    if (c === null) return t`Entered after the period closed (period ${period})`
    const number = `${c.number}/${c.year}`
    return t`Corrects entry ${number} of ${fmt.date(c.date)} (period ${period})`
  }
}

/**
 * A row's description in the UI language: an entry the books wrote themselves (Fundusz Pracy, an exchange
 * difference, a write-off or disposal of a fixed asset) said in the UI's words; an item's own description as typed.
 * The stored text, and the JPK files, keep the book's Polish.
 */
export const useDescription = () => {
  const { t } = useLingui()
  const fmt = useFormat()
  return (row: KpirRow): string => {
    const d = generatedDescription(row)
    // The stored text is the book's Polish: shown as it is in the Polish UI.
    if (d === null || fmt.lang === 'pl') return row.description
    switch (d.kind) {
      case 'labourFund': {
        const month = fmt.month(d.month)
        return t`Fundusz Pracy contribution for ${month}`
      }
      case 'exchangeDifference': {
        const { currency, name } = d
        return t`Realised exchange difference (${currency}): ${name}`
      }
      case 'lowValueAsset':
        return t`Low-value fixed asset expensed at once (art. 22d ust. 1): ${d.name}`
      case 'depreciation':
        return t`Depreciation write-off: ${d.name}`
      case 'undepreciatedValue': {
        const { name } = d
        return d.reason === 'sale'
          ? t`Undepreciated value of a fixed asset (sale): ${name}`
          : d.reason === 'liquidation'
            ? t`Undepreciated value of a fixed asset (liquidation): ${name}`
            : t`Undepreciated value of a fixed asset (transfer to private use): ${name}`
      }
      case 'privateSale':
        return t`Sale within six years of the transfer to private use (art. 10 ust. 2 pkt 3): ${d.name}`
      case 'smallImprovement':
        return t`Spending on an improvement of 10 000 zł or less in the year (art. 22g ust. 17): ${d.name}`
    }
  }
}

/** A month's heading row in a book: the month, its year and whether it is closed. */
const MonthHeading = ({ month: m, span }: { month: BookMonth; span: number }) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const monthNames = useMonthNames()
  const status = m.closed
    ? t`closed`
    : m.history
      ? t`entered after its closing day, kept open`
      : t`open until ${fmt.date(m.closes)}`
  return (
    <tr className="book__month">
      <th scope="rowgroup" colSpan={span}>
        {monthNames[Number(m.month.slice(5)) - 1]} {m.month.slice(0, 4)} · {status}
      </th>
    </tr>
  )
}

const Counterparty = ({ row }: { row: KpirRow | EwpRow }) => {
  const c = row.counterparty
  if (!c) return <td />
  return (
    <td>
      {c.name}
      {(c.taxId || c.address) && (
        <span className="book__sub">
          {[c.country && c.taxId ? `${c.country} ${c.taxId}` : c.taxId, c.address].filter(Boolean).join(', ')}
        </span>
      )}
    </td>
  )
}

/** A scrollable region a keyboard can scroll (focusable, named). */
/** An entry's document number, or a mark that it has none. */
const DocumentNumber = ({ row }: { row: KpirRow | EwpRow }) => {
  const { t } = useLingui()
  return <td>{row.documentNumber || <span className="book__missing">{t`no number`}</span>}</td>
}

/** A book's months, each a row group: its heading, its entries (a correction marked, with its remark) and its totals. */
const MonthGroups = <R extends KpirRow | EwpRow, T>({
  months,
  rows,
  span,
  lead,
  totals,
  amounts,
  cells,
}: {
  months: readonly BookMonth[]
  rows: readonly R[]
  /** The columns of the table, for the month's heading. */
  span: number
  /** The columns before the amounts, spanned by a total's label. */
  lead: number
  /** The month's total and the year's so far. */
  totals: (month: BookMonth) => readonly [T, T]
  amounts: (values: T) => ReactNode
  /** An entry's cells before its remark. */
  cells: (row: R) => ReactNode
}) => {
  const { t } = useLingui()
  const remark = useRemark()
  const total = (label: string, values: T, key: string) => (
    <tr className="book__total" key={key}>
      <th scope="row" colSpan={lead}>
        {label}
      </th>
      {amounts(values)}
      <td />
    </tr>
  )
  return months.map((m) => {
    const [month, yearToDate] = totals(m)
    return (
      <tbody key={m.month}>
        <MonthHeading month={m} span={span} />
        {rows
          .filter((r) => r.month === m.month)
          .map((r) => (
            <tr key={r.number} className={r.kind === 'correction' ? 'book__correction' : undefined}>
              {cells(r)}
              <td>{remark(r)}</td>
            </tr>
          ))}
        {total(t`Month total`, month, 'month')}
        {total(t`Year to date`, yearToDate, 'ytd')}
      </tbody>
    )
  })
}

const Region = ({ label, children }: { label: string; children: ReactNode }) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable for keyboard users to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
  <section className="table-scroll book__scroll" aria-label={label} tabIndex={0}>
    {children}
  </section>
)

const KPIR_AMOUNTS = KPIR_AMOUNT_COLUMNS

export const KpirTable = ({ book }: { book: BookView }) => {
  const { t } = useLingui()
  const n = KPIR_LAYOUTS[book.layout].columns
  const heading = (num: number | null, label: string) => (
    <th scope="col">
      {num !== null && <span className="book__col">{num}</span>}
      {label}
    </th>
  )
  const amountHeadings: Record<(typeof KPIR_AMOUNTS)[number], string> = {
    sales: t`Sales of goods and services`,
    otherRevenue: t`Other revenue`,
    revenue: t`Total revenue`,
    goods: t`Purchase of goods and materials`,
    sideCosts: t`Side costs of purchase`,
    salaries: t`Salaries`,
    otherExpenses: t`Other expenses`,
    expenses: t`Total expenses`,
    free: t`Free column`,
    research: t`Research and development costs`,
  }
  const fmt = useFormat()
  const description = useDescription()
  const months = book.months.filter((m) => m.kind === 'kpir' && book.kpir.rows.some((r) => r.month === m.month))
  // No., date, [KSeF], document, counterparty, description; then the amounts and the remarks.
  const lead = n.ksefNumber === null ? 5 : 6
  const span = lead + KPIR_AMOUNTS.length + 1
  return (
    <Region label={t`Tax book of revenue and expenses (KPiR)`}>
      <table className="book book--kpir">
        <caption>
          {t`Tax book of revenue and expenses (KPiR)`} {book.year}
          <span className="book__sub">{t`Layout of the regulation ${KPIR_LAYOUTS[book.layout].regulation}`}</span>
        </caption>
        <thead>
          <tr>
            {heading(n.number, t({ message: 'No.', context: 'book entry' }))}
            {heading(n.date, t`Date of the event`)}
            {n.ksefNumber !== null && heading(n.ksefNumber, t`KSeF number`)}
            {heading(n.documentNumber, t`Document number`)}
            {heading(n.name, t`Counterparty`)}
            {heading(n.description, t`Description of the event`)}
            {KPIR_AMOUNTS.map((k) => (
              <th scope="col" key={k} className="num">
                <span className="book__col">{n[k]}</span>
                {amountHeadings[k]}
              </th>
            ))}
            {heading(n.remarks, t`Remarks`)}
          </tr>
        </thead>
        <MonthGroups
          months={months}
          rows={book.kpir.rows}
          span={span}
          lead={lead}
          totals={(m) => [m.kpir, m.kpirYearToDate]}
          amounts={(values: KpirTotals) => KPIR_AMOUNTS.map((k) => <Money key={k} value={values[k]} />)}
          cells={(r) => (
            <>
              <td className="num">{r.number}</td>
              <td className="book__date">{fmt.date(r.date)}</td>
              {n.ksefNumber !== null && <td className="book__ksef">{r.ksefNumber ?? ''}</td>}
              <DocumentNumber row={r} />
              <Counterparty row={r} />
              <td>{description(r)}</td>
              {KPIR_AMOUNTS.map((k) => (
                <Money key={k} value={r[k]} />
              ))}
            </>
          )}
        />
      </table>
    </Region>
  )
}

const rateLabel = (rate: string, none: string, fmt: Format) => (rate === '' ? none : fmt.percent(rate))

export const EwpTable = ({ book }: { book: BookView }) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const rates = book.ewp.rates
  const none = t`no rate`
  const months = book.months.filter((m) => m.kind === 'ewp' && book.ewp.rows.some((r) => r.month === m.month))
  return (
    <Region label={t`Record of revenue (ewidencja przychodów)`}>
      <table className="book book--ewp">
        <caption>
          {t`Record of revenue (ewidencja przychodów)`} {book.year}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t({ message: 'No.', context: 'book entry' })}</th>
            <th scope="col">{t`Entry date`}</th>
            <th scope="col">{t`Date the revenue was earned`}</th>
            <th scope="col">{t`Document number`}</th>
            <th scope="col">{t`KSeF number`}</th>
            <th scope="col">{t`Counterparty`}</th>
            {rates.map((rate) => (
              <th scope="col" key={rate} className="num">
                {rateLabel(rate, none, fmt)}
              </th>
            ))}
            <th scope="col" className="num">{t`Total revenue`}</th>
            <th scope="col">{t`Remarks`}</th>
          </tr>
        </thead>
        <MonthGroups
          months={months}
          rows={book.ewp.rows}
          span={8 + rates.length}
          lead={6}
          totals={(m) => [m.ewp, m.ewpYearToDate]}
          amounts={(values: EwpTotals) => (
            <>
              {rates.map((rate) => (
                <Money key={rate} value={values.byRate[rate] ?? '0.00'} />
              ))}
              <Money value={values.total} />
            </>
          )}
          cells={(r) => (
            <>
              <td className="num">{r.number}</td>
              <td className="book__date">{fmt.date(r.entryDate)}</td>
              <td className="book__date">{fmt.date(r.date)}</td>
              <DocumentNumber row={r} />
              <td className="book__ksef">{r.ksefNumber ?? ''}</td>
              <Counterparty row={r} />
              {rates.map((rate) => (
                <Money key={rate} value={(r.rate ?? '') === rate ? r.amount : null} />
              ))}
              <Money value={r.amount} />
            </>
          )}
        />
      </table>
    </Region>
  )
}

/** One figure of the summary: its name and the amount, red when below zero. */
const Figure = ({ label, amount }: { label: ReactNode; amount: string }) => {
  const fmt = useFormat()
  return (
    <div>
      <dt>{label}</dt>
      <dd className={amountClass(amount)}>{fmt.money(amount)}</dd>
    </div>
  )
}

/** The year's figures in one line per book (the summary above the tables, and on paper). */
export const BookSummary = ({ book }: { book: BookView }) => {
  const k = book.kpir.totals
  const hasKpir = book.months.some((m) => m.kind === 'kpir')
  const hasEwp = book.months.some((m) => m.kind === 'ewp')
  return (
    <dl className="book-summary">
      {hasKpir && (
        <>
          <Figure label={<Trans>Revenue</Trans>} amount={k.revenue} />
          <Figure label={<Trans>Costs</Trans>} amount={k.costs} />
          <Figure label={<Trans>Income</Trans>} amount={k.income} />
        </>
      )}
      {hasEwp && <Figure label={<Trans>Ryczałt revenue</Trans>} amount={book.ewp.totals.total} />}
    </dl>
  )
}
