/**
 * The tax book (KPiR or ewidencja przychodów) as CSV, with its columns as the regulations name and number them, in
 * Polish or English. The CLI's `finance books YYYY --format csv` (its tables use the same columns and labels) and the
 * API's `GET /api/export/books/{year}` write these bytes; RFC 4180 by default, the Polish Excel dialect on request.
 */
import { type CsvDialect, type Lang, formatPercent, RFC4180, renderCsv } from '@finance/ledger-core/format'
import { type EwpRow, KPIR_LAYOUTS, type KpirRow, type TaxBook } from '@finance/ledger-core/light'
import type { JpkForm } from '@finance/tax-files'

/** A column of the book: its header, where its figures stand, and its cell of a row. */
export interface TaxBookColumn<R> {
  readonly header: string
  readonly align?: 'left' | 'right'
  readonly value: (r: R) => string
}

/** The book's labels (the columns as the regulations name them, and the CLI's table lines). */
export const TAX_BOOK_LABELS = {
  kpirTitle: { pl: 'Podatkowa księga przychodów i rozchodów', en: 'Tax book of revenue and expenses (KPiR)' },
  ewpTitle: { pl: 'Ewidencja przychodów', en: 'Record of revenue (ryczałt)' },
  layout: { pl: 'wzór', en: 'layout of' },
  number: { pl: 'Lp.', en: 'No.' },
  date: { pl: 'Data zdarzenia', en: 'Date of event' },
  entryDate: { pl: 'Data wpisu', en: 'Entry date' },
  revenueDate: { pl: 'Data przychodu', en: 'Revenue date' },
  document: { pl: 'Nr dowodu', en: 'Document' },
  ksef: { pl: 'Nr KSeF', en: 'KSeF number' },
  counterparty: { pl: 'Kontrahent', en: 'Counterparty' },
  description: { pl: 'Opis zdarzenia', en: 'Description' },
  sales: { pl: 'Sprzedaż', en: 'Sales' },
  otherRevenue: { pl: 'Pozost. przychody', en: 'Other revenue' },
  revenue: { pl: 'Razem przychód', en: 'Total revenue' },
  goods: { pl: 'Zakup towarów', en: 'Goods' },
  sideCosts: { pl: 'Koszty uboczne', en: 'Side costs' },
  salaries: { pl: 'Wynagrodzenia', en: 'Salaries' },
  otherExpenses: { pl: 'Pozost. wydatki', en: 'Other expenses' },
  expenses: { pl: 'Razem wydatki', en: 'Total expenses' },
  free: { pl: 'Wolna', en: 'Free column' },
  research: { pl: 'B+R', en: 'R&D' },
  remarks: { pl: 'Uwagi', en: 'Remarks' },
  total: { pl: 'Ogółem', en: 'Total' },
  monthTotal: { pl: 'Razem miesiąc', en: 'Month total' },
  yearToDate: { pl: 'Od początku roku', en: 'Year to date' },
  costs: { pl: 'Koszty', en: 'Costs' },
  income: { pl: 'Dochód', en: 'Income' },
  noEntries: { pl: 'Brak zapisów', en: 'No entries' },
  closed: { pl: 'zamknięty', en: 'closed' },
  open: { pl: 'otwarty do', en: 'open until' },
  history: { pl: 'wpisany po terminie, otwarty', en: 'entered after its closing day, kept open' },
  noRate: { pl: 'bez stawki', en: 'no rate' },
  corrects: { pl: 'Korekta zapisu nr', en: 'Corrects entry' },
  of: { pl: 'z', en: 'of' },
  late: { pl: 'Zapis po terminie, okres', en: 'Entered late, period' },
  cannotWrite: { pl: 'nie można utworzyć pliku JPK', en: 'cannot write the JPK file' },
  planned: {
    pl: 'Pominięte pozycje z datą późniejszą niż {date}: {n}. To plan, a nie zdarzenie, więc nie ma ich w księdze ani w pliku JPK.',
    en: 'Left out, dated after {date}: {n}. They are planned, not yet happened, so they are neither in the book nor in its JPK file.',
  },
} as const satisfies Record<string, Record<Lang, string>>

export type TaxBookLabel = keyof typeof TAX_BOOK_LABELS

/** The remark of a correction in the language of the output. */
export const remarkOf = (lang: Lang, row: KpirRow | EwpRow): string => {
  if (row.kind !== 'correction') return ''
  const l = (k: TaxBookLabel) => TAX_BOOK_LABELS[k][lang]
  const c = row.corrects
  if (c === null) return `${l('late')} ${row.period ?? ''}`
  return `${l('corrects')} ${c.number}/${c.year} ${l('of')} ${c.date}`
}

const dash = (v: string | null) => v ?? ''

/** The columns of the KPiR with the numbers of the year's layout (2019 or 2025 regulation). */
export const kpirColumns = (book: TaxBook, lang: Lang): TaxBookColumn<KpirRow>[] => {
  const n = KPIR_LAYOUTS[book.layout].columns
  const l = (k: TaxBookLabel) => TAX_BOOK_LABELS[k][lang]
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
  const l = (k: TaxBookLabel) => TAX_BOOK_LABELS[k][lang]
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
