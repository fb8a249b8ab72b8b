/**
 * The tax book (KPiR or ewidencja przychodów) as CSV, with its columns as the regulations name and number them, in
 * Polish or English. The CLI's `finance books YYYY --format csv` (its tables use the same columns and labels) and the
 * API's `GET /api/export/books/{year}` write these bytes; RFC 4180 by default, the Polish Excel dialect on request.
 */
import { type CsvDialect, type Lang, formatPercent, RFC4180, renderCsv } from '@finance/ledger-core/format'
import { type EwpRow, KPIR_LAYOUTS, type KpirRow, type TaxBook } from '@finance/ledger-core/light'
import type { JpkForm } from '@finance/tax-files'
import labels from './taxBookLabels.json' with { type: 'json' }

/** A column of the book: its header, where its figures stand, and its cell of a row. */
export interface TaxBookColumn<R> {
  readonly header: string
  readonly align?: 'left' | 'right'
  readonly value: (r: R) => string
}

/**
 * The book's labels (the columns as the regulations name them, and the CLI's table lines), one catalog per language
 * in `taxBookLabels.json`.
 */
export const TAX_BOOK_LABELS: Readonly<Record<Lang, typeof labels.pl>> = labels

export type TaxBookLabel = keyof typeof labels.pl

/** A label of the book in `lang`. */
export const taxBookLabel = (lang: Lang, key: TaxBookLabel): string => TAX_BOOK_LABELS[lang][key]

/** The remark of a correction in the language of the output. */
export const remarkOf = (lang: Lang, row: KpirRow | EwpRow): string => {
  if (row.kind !== 'correction') return ''
  const l = (k: TaxBookLabel) => taxBookLabel(lang, k)
  const c = row.corrects
  if (c === null) return `${l('late')} ${row.period ?? ''}`
  return `${l('corrects')} ${c.number}/${c.year} ${l('of')} ${c.date}`
}

const dash = (v: string | null) => v ?? ''

/** The columns of the KPiR with the numbers of the year's layout (2019 or 2025 regulation). */
export const kpirColumns = (book: TaxBook, lang: Lang): TaxBookColumn<KpirRow>[] => {
  const n = KPIR_LAYOUTS[book.layout].columns
  const l = (k: TaxBookLabel) => taxBookLabel(lang, k)
  const h = (num: number | null, label: TaxBookLabel) => (num === null ? l(label) : `${num} ${l(label)}`)
  const columns: TaxBookColumn<KpirRow>[] = [
    { header: h(n.number, 'number'), align: 'right', value: (r) => String(r.number) },
    { header: h(n.date, 'date'), value: (r) => r.date },
    { header: h(n.documentNumber, 'document'), value: (r) => r.documentNumber },
    ...(n.ksefNumber === null ? [] : [{ header: h(n.ksefNumber, 'ksef'), value: (r: KpirRow) => r.ksefNumber ?? '' }]),
    {
      header: h(n.name, 'counterparty'),
      value: (r) => [r.counterparty?.name, r.counterparty?.taxId].filter((x) => x).join(', '),
    },
    { header: h(n.description, 'description'), value: (r) => r.description },
    { header: h(n.sales, 'sales'), align: 'right', value: (r) => dash(r.sales) },
    { header: h(n.otherRevenue, 'otherRevenue'), align: 'right', value: (r) => dash(r.otherRevenue) },
    { header: h(n.revenue, 'revenue'), align: 'right', value: (r) => dash(r.revenue) },
    { header: h(n.goods, 'goods'), align: 'right', value: (r) => dash(r.goods) },
    { header: h(n.sideCosts, 'sideCosts'), align: 'right', value: (r) => dash(r.sideCosts) },
    { header: h(n.salaries, 'salaries'), align: 'right', value: (r) => dash(r.salaries) },
    { header: h(n.otherExpenses, 'otherExpenses'), align: 'right', value: (r) => dash(r.otherExpenses) },
    { header: h(n.expenses, 'expenses'), align: 'right', value: (r) => dash(r.expenses) },
    { header: h(n.free, 'free'), align: 'right', value: (r) => dash(r.free) },
    { header: h(n.research, 'research'), align: 'right', value: (r) => dash(r.research) },
    { header: h(n.remarks, 'remarks'), value: (r) => remarkOf(lang, r) },
  ]
  return columns
}

export const ewpColumns = (book: TaxBook, lang: Lang): TaxBookColumn<EwpRow>[] => {
  const l = (k: TaxBookLabel) => taxBookLabel(lang, k)
  const rates = book.ewp.rates
  const columns: TaxBookColumn<EwpRow>[] = [
    { header: `1 ${l('number')}`, align: 'right', value: (r) => String(r.number) },
    { header: `2 ${l('entryDate')}`, value: (r) => r.entryDate },
    { header: `3 ${l('revenueDate')}`, value: (r) => r.date },
    { header: `4 ${l('document')}`, value: (r) => r.documentNumber },
    { header: `5 ${l('ksef')}`, value: (r) => r.ksefNumber ?? '' },
    {
      header: `6 ${l('counterparty')}`,
      value: (r) => [r.counterparty?.country, r.counterparty?.taxId].filter((x) => x).join(' '),
    },
    ...rates.map((rate) => ({
      header: rate === '' ? l('noRate') : formatPercent(lang, rate),
      align: 'right' as const,
      value: (r: EwpRow) => ((r.rate ?? '') === rate ? r.amount : ''),
    })),
    { header: l('total'), align: 'right', value: (r) => r.amount },
    { header: l('remarks'), value: (r) => remarkOf(lang, r) },
  ]
  return columns
}

/** One book as CSV: the rows of the form asked for (of one month when `month` is given). */
export const taxBookCsv = (
  lang: Lang,
  book: TaxBook,
  month: number | undefined,
  form: JpkForm,
  dialect: CsvDialect = RFC4180,
): string => {
  const inMonth = <R extends { month: string }>(rows: readonly R[]) =>
    month === undefined ? rows : rows.filter((r) => Number(r.month.slice(5)) === month)
  if (form === 'JPK_PKPIR') {
    const columns = kpirColumns(book, lang)
    return renderCsv(
      columns.map((c) => c.header),
      inMonth(book.kpir.rows).map((r) => columns.map((c) => c.value(r))),
      dialect,
    )
  }
  const columns = ewpColumns(book, lang)
  return renderCsv(
    columns.map((c) => c.header),
    inMonth(book.ewp.rows).map((r) => columns.map((c) => c.value(r))),
    dialect,
  )
}
