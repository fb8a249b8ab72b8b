/**
 * `finance books YYYY --user EMAIL [--month MM] [--format table|csv|json|xml]`: the tax book of a year — the KPiR
 * (Scale, Linear) or the ewidencja przychodów (ryczałt) — from the same history, closing rule and projection as
 * the web screen and `GET /api/books/{year}` (docs/tax-rules.md §7). `xml` is the JPK_PKPIR(3) / JPK_EWP(4) file,
 * checked against the official schema before it is written. Headings in Polish or English (`--lang`); the book's
 * own text (descriptions, the file) stays as entered.
 */
import {
  ewpColumns,
  kpirColumns,
  SchemaFailure,
  type TaxBookLabel,
  taxBookLabel,
  taxBookCsv,
  taxBookFile,
  yearBook,
} from '@finance/books'
import {
  type BookMonth,
  KPIR_AMOUNT_COLUMNS,
  KPIR_LAYOUTS,
  type KpirTotals,
  type TaxBook,
} from '@finance/ledger-core/light'
import { defaultForm, type JpkForm, type JpkPurpose } from '@finance/tax-files'
import { resolveUser } from '../books.ts'
import type { Ctx } from '../context.ts'
import { coreMessage } from '../coreMessages.ts'
import { CliError } from '../errors.ts'
import { formatAmount, formatMonth, formatPercent, renderTable } from '../format.ts'
import { type Lang, translate } from '../i18n.ts'
import { openSink } from '../sink.ts'

export type BooksFormat = 'table' | 'csv' | 'json' | 'xml'

export interface BooksOptions {
  readonly user: string
  readonly month?: number | undefined
  readonly format: BooksFormat
  readonly form?: JpkForm | undefined
  readonly purpose?: JpkPurpose | undefined
  readonly inventoryStart?: string | undefined
  readonly inventoryEnd?: string | undefined
  readonly out?: string | undefined
}

/** What a JPK file still needs, in Polish (tax-files answers in English, the API's language). */
const PROBLEMS_PL: Record<string, string> = {
  'Primary data is required for a JPK file': 'do pliku JPK potrzebne są dane podstawowe firmy',
  'NIP must be ten digits for a JPK file': 'do pliku JPK NIP musi mieć dziesięć cyfr',
  'Owner name is required for a JPK file': 'do pliku JPK potrzebne jest imię właściciela',
  'Owner name is too long for a JPK file': 'imię właściciela jest za długie do pliku JPK',
  'Owner last name is required for a JPK file': 'do pliku JPK potrzebne jest nazwisko właściciela',
  'Owner last name is too long for a JPK file': 'nazwisko właściciela jest za długie do pliku JPK',
  'Birth date is required for a JPK file': 'do pliku JPK potrzebna jest data urodzenia',
  'Tax office is required for a JPK file': 'do pliku JPK potrzebny jest urząd skarbowy',
  'The KPiR has no entries in this period; a JPK file needs at least one':
    'KPiR nie ma zapisów w tym okresie; plik JPK wymaga co najmniej jednego',
  'The ewidencja przychodów has no entries in this period; a JPK file needs at least one':
    'ewidencja przychodów nie ma zapisów w tym okresie; plik JPK wymaga co najmniej jednego',
}

const V7_PL: Record<string, string> = {
  'Contact e-mail is required for a JPK_V7 file': 'do pliku JPK_V7 potrzebny jest kontaktowy adres e-mail',
}

/** The field a problem names, in the output language (Polish: words, not the API's field names). */
const FIELDS_PL: Record<string, string> = {
  email: 'e-mail',
  nip: 'NIP',
  ownerName: 'imię',
  ownerLastName: 'nazwisko',
  birthDate: 'data urodzenia',
  taxOfficeCode: 'urząd skarbowy',
  companyName: 'dane firmy',
  rows: 'zapisy',
  period: 'okres',
}
export const fieldText = (lang: Lang, field: string): string => (lang === 'en' ? field : (FIELDS_PL[field] ?? field))

/** A written file that failed its official schema (a fault of Finance, not of the user's data): its first errors. */
export const schemaFailureError = (e: SchemaFailure): CliError =>
  new CliError((lang) =>
    [
      translate(lang, 'schemaFailed', e.fileName ?? e.schema, e.schema),
      ...e.errors.slice(0, 10).map((x) => `  ${translate(lang, 'line', x.line ?? '?', x.message)}`),
    ].join('\n'),
  )

/** A problem of the file in the output language. */
export const problemText = (lang: Lang, message: string): string => {
  if (lang === 'en') return message
  const known = PROBLEMS_PL[message] ?? V7_PL[message]
  if (known) return known
  const v7Rate = /^Item (\d+) has VAT of ([\d.]+) %, which JPK_V7 has no field for$/.exec(message)
  if (v7Rate)
    return `pozycja ${v7Rate[1]} ma stawkę VAT ${formatPercent('pl', v7Rate[2]!)}, dla której JPK_V7 nie ma pola`
  const v7Old =
    /^(JPK_V7[MK])\(2\) for periods before February 2026 is not produced; only JPK_V7M\(2\) and the \(3\) forms are$/.exec(
      message,
    )
  if (v7Old) return `${v7Old[1]}(2) za okresy przed lutym 2026 nie jest tworzony; tylko JPK_V7M(2) i struktury (3)`
  const unlisted = /^Entry (\d+) has a ryczałt rate of ([\d.]+) %, which JPK_EWP\(4\) does not list$/.exec(message)
  if (unlisted)
    return `zapis ${unlisted[1]} ma stawkę ryczałtu ${formatPercent('pl', unlisted[2]!)}, której JPK_EWP(4) nie przewiduje`
  const noPeriod = /^The books have no VAT period for (\d{4}-\d{2})$/.exec(message)
  if (noPeriod)
    return `księgi nie mają okresu VAT za ${formatMonth('pl', noPeriod[1]!)} (nie ma ustawienia VAT na ten miesiąc)`
  const monthly = /^VAT is settled monthly in (\S+): file JPK_V7M for each of its months$/.exec(message)
  if (monthly) return `VAT w okresie ${monthly[1]} rozlicza się miesięcznie: złóż JPK_V7M za każdy z jego miesięcy`
  const noRate = /^Entry (\d+) has no ryczałt rate; give the income its rate$/.exec(message)
  if (noRate) return `zapis ${noRate[1]} nie ma stawki ryczałtu; podaj stawkę przychodu`
  // The core's own texts (the 60-day refund that ends in February 2026, for one).
  return coreMessage(lang, { message })
}

const monthName = (lang: Lang, month: string) => formatMonth(lang, month)

const TOTAL_KEYS = KPIR_AMOUNT_COLUMNS

/** A totals line under the KPiR's amount columns. */
const kpirTotalsLine = (columns: ReturnType<typeof kpirColumns>, label: string, t: KpirTotals): string[] => {
  const firstAmount = columns.length - TOTAL_KEYS.length - 1
  return columns.map((_, i) =>
    i === 1 ? label : i >= firstAmount && i < columns.length - 1 ? t[TOTAL_KEYS[i - firstAmount]!] : '',
  )
}

const ewpTotalsLine = (book: TaxBook, columns: ReturnType<typeof ewpColumns>, label: string, t: BookMonth['ewp']) => {
  const rates = book.ewp.rates
  return columns.map((_, i) =>
    i === 1
      ? label
      : i >= 6 && i < 6 + rates.length
        ? (t.byRate[rates[i - 6]!] ?? '0.00')
        : i === 6 + rates.length
          ? t.total
          : '',
  )
}

const MONEY = /^-?\d+\.\d{2}$/

/** Table cells as a reader of `lang` writes figures (CSV keeps the plain decimal strings). */
const readable = (lang: Lang, rows: string[][]): string[][] =>
  rows.map((r) => r.map((cell) => (MONEY.test(cell) ? formatAmount(lang, cell) : cell)))

const monthsShown = (book: TaxBook, month: number | undefined) =>
  month === undefined ? book.months : book.months.filter((_, i) => i + 1 === month)

const statusOf = (ctx: Ctx, m: BookMonth) =>
  m.closed
    ? taxBookLabel(ctx.lang, 'closed')
    : m.history
      ? taxBookLabel(ctx.lang, 'history')
      : `${taxBookLabel(ctx.lang, 'open')} ${m.closes}`

/** The book as aligned tables: per month its rows, the month's totals and the year so far. */
export const booksTable = (ctx: Ctx, book: TaxBook, month: number | undefined): string => {
  const lang = ctx.lang
  const l = (k: TaxBookLabel) => taxBookLabel(lang, k)
  const parts: string[] = []
  const kpirMonths = monthsShown(book, month).filter(
    (m) => m.kind === 'kpir' && book.kpir.rows.some((r) => r.month === m.month),
  )
  const ewpMonths = monthsShown(book, month).filter(
    (m) => m.kind === 'ewp' && book.ewp.rows.some((r) => r.month === m.month),
  )
  if (kpirMonths.length > 0 || (ewpMonths.length === 0 && defaultForm(book) === 'JPK_PKPIR')) {
    const columns = kpirColumns(book, lang)
    parts.push(
      `${ctx.colour.bold(`${l('kpirTitle')} ${book.year}`)} (${l('layout')} ${KPIR_LAYOUTS[book.layout].regulation})\n`,
    )
    if (kpirMonths.length === 0) parts.push(`${l('noEntries')}\n`)
    for (const m of kpirMonths) {
      const rows = book.kpir.rows.filter((r) => r.month === m.month).map((r) => columns.map((c) => c.value(r)))
      rows.push(
        kpirTotalsLine(columns, l('monthTotal'), m.kpir),
        kpirTotalsLine(columns, l('yearToDate'), m.kpirYearToDate),
      )
      parts.push(
        `\n${ctx.colour.bold(monthName(lang, m.month))} (${statusOf(ctx, m)})\n`,
        renderTable(columns, readable(lang, rows)),
      )
      parts.push(
        `${l('revenue')}: ${formatAmount(lang, m.kpirYearToDate.revenue)}  ${l('costs')}: ${formatAmount(lang, m.kpirYearToDate.costs)}  ${l('income')}: ${formatAmount(lang, m.kpirYearToDate.income)}\n`,
      )
    }
  }
  if (ewpMonths.length > 0 || (kpirMonths.length === 0 && defaultForm(book) === 'JPK_EWP')) {
    const columns = ewpColumns(book, lang)
    parts.push(`${parts.length > 0 ? '\n' : ''}${ctx.colour.bold(`${l('ewpTitle')} ${book.year}`)}\n`)
    if (ewpMonths.length === 0) parts.push(`${l('noEntries')}\n`)
    for (const m of ewpMonths) {
      const rows = book.ewp.rows.filter((r) => r.month === m.month).map((r) => columns.map((c) => c.value(r)))
      rows.push(
        ewpTotalsLine(book, columns, l('monthTotal'), m.ewp),
        ewpTotalsLine(book, columns, l('yearToDate'), m.ewpYearToDate),
      )
      parts.push(
        `\n${ctx.colour.bold(monthName(lang, m.month))} (${statusOf(ctx, m)})\n`,
        renderTable(columns, readable(lang, rows)),
      )
    }
  }
  if (book.planned && book.planned.entries > 0)
    parts.push(`\n${l('planned').replace('{date}', book.planned.after).replace('{n}', String(book.planned.entries))}\n`)
  return parts.join('')
}

/** The JPK file of the book, as `taxBookFile` writes it; what is missing or wrong becomes the command's error. */
const jpkXml = async (ctx: Ctx, userId: string, year: number, o: BooksOptions): Promise<string> => {
  try {
    const result = await taxBookFile(await ctx.store(), userId, year, {
      form: o.form,
      month: o.month,
      purpose: o.purpose,
      inventoryStart: o.inventoryStart,
      inventoryEnd: o.inventoryEnd,
      today: ctx.today(),
      now: ctx.now(),
    })
    if (!result.ok)
      throw new CliError(
        `${taxBookLabel(ctx.lang, 'cannotWrite')}:\n${result.problems.map((p) => `  ${fieldText(ctx.lang, p.field)}: ${problemText(ctx.lang, p.message)}`).join('\n')}`,
      )
    return result.xml
  } catch (e) {
    if (!(e instanceof SchemaFailure)) throw e
    throw schemaFailureError(e)
  }
}

export const booksCommand = async (ctx: Ctx, year: number, o: BooksOptions): Promise<void> => {
  const { userId } = await resolveUser(ctx, o.user, { deleted: true })
  let text: string
  if (o.format === 'xml') text = await jpkXml(ctx, userId, year, o)
  else {
    const { book } = await yearBook(await ctx.store(), userId, year, ctx.today())
    const form = o.form ?? defaultForm(book)
    switch (o.format) {
      case 'table':
        text = booksTable(ctx, book, o.month)
        break
      case 'csv':
        text = taxBookCsv(ctx.lang, book, o.month, form)
        break
      case 'json': {
        const ym = o.month === undefined ? null : `${year}-${String(o.month).padStart(2, '0')}`
        const only = <R extends { month: string }>(rows: readonly R[]) =>
          ym === null ? rows : rows.filter((r) => r.month === ym)
        text = `${JSON.stringify({ ...book, kpir: { ...book.kpir, rows: only(book.kpir.rows) }, ewp: { ...book.ewp, rows: only(book.ewp.rows) }, month: o.month ?? null }, null, 2)}\n`
        break
      }
    }
  }
  const sink = await openSink(ctx, o.out)
  try {
    await sink.write(text)
  } finally {
    await sink.close()
  }
}
