/**
 * The JPK files of the tax books, written from the book projection of `@finance/ledger-core` (`TaxBook`):
 * JPK_PKPIR(3) from the KPiR rows and JPK_EWP(4) from the ewidencja rows of a year (or of one month of it).
 * What each element is filled from, and why: docs/tax-rules.md §7.
 *
 * `jpkFile` first checks what the schema requires and the user's data may lack (the owner's names and date of
 * birth, a NIP of ten digits, the tax office, at least one row, a ryczałt rate the form lists) and reports it as
 * field problems instead of writing a file the Ministry would reject.
 */
import {
  type Contact,
  type EwpRow,
  formatMoney,
  isCountryCode,
  isTaxOfficeCode,
  type KpirRow,
  lastDayOfMonth,
  type MoneyString,
  parseMoney,
  type Primary,
  type TaxBook,
} from '@finance/ledger-core/light'
import { SCHEMAS, type SchemaId } from './schemas.ts'
import { dateTime, token, XmlWriter } from './xml.ts'

export type JpkForm = 'JPK_PKPIR' | 'JPK_EWP'

/** Naglowek/CelZlozenia: 0 on the tax office's demand, 1 first filing, 2 a correction of a filed file. */
export type JpkPurpose = 0 | 1 | 2

export interface JpkRequest {
  readonly form: JpkForm
  readonly book: TaxBook
  /** One month (1–12) of the year; the whole year when absent. */
  readonly month?: number | undefined
  readonly primary: Primary | null
  readonly contact: Contact | null
  readonly purpose: JpkPurpose
  /** DataWytworzeniaJPK. */
  readonly createdAt: Date | string
  /** JPK_PKPIR P_1 and P_2: the stock-taking (spis z natury) at the start and the end of the year; "0.00" by default. */
  readonly inventoryStart?: MoneyString | undefined
  readonly inventoryEnd?: MoneyString | undefined
}

export interface JpkProblem {
  /** The field to fix: a Primary-data field, `rows`, or a request parameter. */
  readonly field: string
  readonly code: 'REQUIRED' | 'INVALID' | 'EMPTY' | 'RATE'
  readonly message: string
}

export type JpkResult =
  | {
      readonly ok: true
      readonly xml: string
      readonly schema: SchemaId
      readonly fileName: string
      readonly rows: number
    }
  | { readonly ok: false; readonly problems: readonly JpkProblem[] }

/** The rates JPK_EWP(4) lists (TStawkaPodatku). */
export const EWP_RATES: readonly string[] = ['17', '15', '14', '12.5', '12', '10', '8.5', '5.5', '3']

const NIP = /^[1-9]((\d[1-9])|([1-9]\d))\d{7}$/
const ETD = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/'

/** "No number" (bez numeru), for an entry whose document has no number: the schema requires one. */
export const NO_DOCUMENT_NUMBER = 'b/n'

/** The taxpayer of a JPK file (Podmiot1 of a natural person) and the tax office it goes to. */
export interface JpkSubject {
  readonly nip: string
  readonly firstName: string
  readonly lastName: string
  readonly birthDate: string
  readonly email: string | null
  readonly phone: string | null
  readonly taxOffice: string
}

/** Podmiot1 and KodUrzedu from the company data, or what is missing. */
export const jpkSubject = (primary: Primary | null, contact: Contact | null): JpkSubject | JpkProblem[] => {
  if (!primary) return [{ field: 'companyName', code: 'REQUIRED', message: 'Primary data is required for a JPK file' }]
  const problems: JpkProblem[] = []
  const nip = primary.nip.replace(/[\s-]/g, '')
  if (!NIP.test(nip)) problems.push({ field: 'nip', code: 'INVALID', message: 'NIP must be ten digits for a JPK file' })
  const firstName = primary.ownerName.trim().split(/\s+/)[0] ?? ''
  if (firstName === '')
    problems.push({ field: 'ownerName', code: 'REQUIRED', message: 'Owner name is required for a JPK file' })
  else if (firstName.length > 30)
    problems.push({ field: 'ownerName', code: 'INVALID', message: 'Owner name is too long for a JPK file' })
  const lastName = primary.ownerLastName.replace(/\s+/g, ' ').trim()
  if (lastName === '')
    problems.push({ field: 'ownerLastName', code: 'REQUIRED', message: 'Owner last name is required for a JPK file' })
  else if (lastName.length > 81)
    problems.push({ field: 'ownerLastName', code: 'INVALID', message: 'Owner last name is too long for a JPK file' })
  if (primary.birthDate === null)
    problems.push({ field: 'birthDate', code: 'REQUIRED', message: 'Birth date is required for a JPK file' })
  if (!isTaxOfficeCode(primary.taxOfficeCode))
    problems.push({ field: 'taxOfficeCode', code: 'REQUIRED', message: 'Tax office is required for a JPK file' })
  if (problems.length > 0) return problems
  const email = contact?.email.trim() ?? ''
  const phone = (contact?.phoneNumber ?? '').replace(/\s+/g, ' ').trim()
  return {
    nip,
    firstName,
    lastName,
    birthDate: primary.birthDate!,
    email: /^.+@.+$/.test(email) && email.length <= 255 ? email : null,
    phone: phone !== '' && phone.length <= 16 ? phone : null,
    taxOffice: primary.taxOfficeCode,
  }
}

const header = (w: XmlWriter, form: JpkForm, req: JpkRequest, from: string, to: string, subject: JpkSubject) => {
  const schema = SCHEMAS[form === 'JPK_PKPIR' ? 'JPK_PKPIR(3)' : 'JPK_EWP(4)']
  w.open('Naglowek')
    .leaf('KodFormularza', form, { kodSystemowy: schema.systemCode, wersjaSchemy: '1-0' })
    .leaf('WariantFormularza', form === 'JPK_PKPIR' ? 3 : 4)
    .leaf('CelZlozenia', req.purpose)
    .leaf('DataWytworzeniaJPK', dateTime(req.createdAt))
    .leaf('DataOd', from)
    .leaf('DataDo', to)
    .leaf('KodUrzedu', subject.taxOffice)
    .close()
  writeSubject(w, subject)
}

/** Podmiot1 of a JPK file kept by a natural person (JPK_PKPIR, JPK_EWP, JPK_V7): the same elements in each. */
export const writeSubject = (w: XmlWriter, subject: JpkSubject): void => {
  w.open('Podmiot1', { rola: 'Podatnik' })
    .open('OsobaFizyczna')
    .leaf('etd:NIP', subject.nip)
    .leaf('etd:ImiePierwsze', token(subject.firstName, 30))
    .leaf('etd:Nazwisko', token(subject.lastName, 81))
    .leaf('etd:DataUrodzenia', subject.birthDate)
    .leaf('Email', subject.email)
    .leaf('Telefon', subject.phone)
    .close()
    .close()
}

/**
 * K_17 / K_10 "Uwagi" of a correcting entry, in Polish as the book is kept: which entry it corrects (number, year,
 * date and document), or that it enters late an event of a closed period.
 */
export const correctionRemark = (row: KpirRow | EwpRow): string | null => {
  if (row.kind !== 'correction') return null
  const c = row.corrects
  if (c === null) return `Zapis po zamknięciu okresu ${row.period ?? ''}: zdarzenie niezaksięgowane w terminie`
  const doc = c.documentNumber === '' ? '' : `, dowód ${c.documentNumber}`
  return `Korekta zapisu nr ${c.number}/${c.year} z dnia ${c.date}${doc} (okres ${row.period ?? ''})`
}

/** Counterparty elements of a row: the tax id with its country code when known. */
const counterpartyIds = (row: KpirRow | EwpRow) => {
  const c = row.counterparty
  const country = c && isCountryCode(c.country) ? c.country : null
  const taxId = c && c.taxId !== '' ? token(c.taxId, 50) : null
  return { country, taxId }
}

const sum = (xs: readonly (MoneyString | null)[]) => xs.reduce((a, x) => a + (x === null ? 0n : parseMoney(x)), 0n)

const writePkpir = (req: JpkRequest, rows: readonly KpirRow[], from: string, to: string, subject: JpkSubject) => {
  const w = new XmlWriter()
  w.open('JPK', undefined, { '': SCHEMAS['JPK_PKPIR(3)'].namespace, etd: ETD })
  header(w, 'JPK_PKPIR', req, from, to, subject)
  const revenue = sum(rows.map((r) => r.revenue))
  const p1 = parseMoney(req.inventoryStart ?? '0.00')
  const p2 = parseMoney(req.inventoryEnd ?? '0.00')
  // Costs by the book's explanations: stock at the start + purchases (10, 11) + expenses (14, 15) − stock at the end.
  const costs = p1 + sum(rows.flatMap((r) => [r.goods, r.sideCosts, r.expenses, r.free])) - p2
  w.open('PKPIRInfo')
    .leaf('P_1', formatMoney(p1))
    .leaf('P_2', formatMoney(p2))
    .leaf('P_3', formatMoney(costs))
    .leaf('P_4', formatMoney(revenue - costs))
    .close()
  for (const r of rows) {
    const ids = counterpartyIds(r)
    w.open('PKPIRWiersz')
      .leaf('K_1', r.number)
      .leaf('K_2', r.date)
      .leaf('K_3A', token(r.documentNumber, 256, NO_DOCUMENT_NUMBER))
      .leaf('K_3B', r.ksefNumber)
      .leaf('K_4A', ids.country)
      .leaf('K_4B', ids.taxId)
      .leaf('K_5A', token(r.counterparty?.name, 256))
      .leaf('K_5B', token(r.counterparty?.address, 256))
      .leaf('K_6', token(r.description, 256))
      .leaf('K_7', r.sales)
      .leaf('K_8', r.otherRevenue)
      .leaf('K_9', r.revenue)
      .leaf('K_10', r.goods)
      .leaf('K_11', r.sideCosts)
      .leaf('K_12', r.salaries)
      .leaf('K_13', r.otherExpenses)
      .leaf('K_14', r.expenses)
      .leaf('K_15', r.free)
    if (r.research !== null) w.leaf('K_16A', token(r.researchDescription, 256)).leaf('K_16B', r.research)
    w.leaf('K_17', nullableToken(correctionRemark(r))).close()
  }
  w.open('PKPIRCtrl').leaf('LiczbaWierszy', rows.length).leaf('SumaPrzychodow', formatMoney(revenue)).close()
  return w.close().toString()
}

const nullableToken = (s: string | null) => (s === null ? null : token(s, 256))

const writeEwp = (req: JpkRequest, rows: readonly EwpRow[], from: string, to: string, subject: JpkSubject) => {
  const w = new XmlWriter()
  w.open('JPK', undefined, { '': SCHEMAS['JPK_EWP(4)'].namespace, etd: ETD })
  header(w, 'JPK_EWP', req, from, to, subject)
  for (const r of rows) {
    const ids = counterpartyIds(r)
    w.open('EWPWiersz')
      .leaf('K_1', r.number)
      .leaf('K_2', r.entryDate)
      .leaf('K_3', r.date)
      .leaf('K_4', token(r.documentNumber, 256, NO_DOCUMENT_NUMBER))
      .leaf('K_5', r.ksefNumber)
      .leaf('K_6', ids.country)
      .leaf('K_7', ids.taxId)
      .leaf('K_8', r.amount)
      .leaf('K_9', r.rate)
      .leaf('K_10', nullableToken(correctionRemark(r)))
      .close()
  }
  w.open('EWPCtrl')
    .leaf('LiczbaWierszy', rows.length)
    .leaf('SumaPrzychodow', formatMoney(sum(rows.map((r) => r.amount))))
    .close()
  return w.close().toString()
}

/** The period a request covers: the year, or one of its months. */
const periodOf = (year: number, month: number | undefined) => {
  const y = String(year).padStart(4, '0')
  if (month === undefined) return { from: `${y}-01-01`, to: `${y}-12-31`, label: y }
  const m = `${y}-${String(month).padStart(2, '0')}`
  return { from: `${m}-01`, to: lastDayOfMonth(m), label: m }
}

/** The rows of the requested form and period. */
const rowsOf = (req: Pick<JpkRequest, 'book' | 'form' | 'month'>): readonly (KpirRow | EwpRow)[] => {
  const rows = req.form === 'JPK_PKPIR' ? req.book.kpir.rows : req.book.ewp.rows
  if (req.month === undefined) return rows
  const month = `${String(req.book.year).padStart(4, '0')}-${String(req.month).padStart(2, '0')}`
  return rows.filter((r) => r.month === month)
}

/** What stops the file from being written: company data it needs, no rows, rates JPK_EWP(4) does not list. */
export const jpkProblems = (
  req: Pick<JpkRequest, 'book' | 'form' | 'month' | 'primary' | 'contact'>,
): readonly JpkProblem[] => {
  const subject = jpkSubject(req.primary, req.contact)
  const problems: JpkProblem[] = Array.isArray(subject) ? [...subject] : []
  const rows = rowsOf(req)
  if (rows.length === 0)
    problems.push({
      field: 'rows',
      code: 'EMPTY',
      message:
        req.form === 'JPK_PKPIR'
          ? 'The KPiR has no entries in this period; a JPK file needs at least one'
          : 'The ewidencja przychodów has no entries in this period; a JPK file needs at least one',
    })
  if (req.form === 'JPK_EWP')
    for (const r of rows as readonly EwpRow[])
      if (r.rate === null || !EWP_RATES.includes(r.rate))
        problems.push({
          field: 'rows',
          code: 'RATE',
          message:
            r.rate === null
              ? `Entry ${r.number} has no ryczałt rate; give the income its rate`
              : `Entry ${r.number} has a ryczałt rate of ${r.rate} %, which JPK_EWP(4) does not list`,
        })
  return problems
}

/** Writes the JPK file of a book (a year, or a month of it), or says what must be fixed first. */
export const jpkFile = (req: JpkRequest): JpkResult => {
  const problems = jpkProblems(req)
  const subject = jpkSubject(req.primary, req.contact)
  if (problems.length > 0 || Array.isArray(subject)) return { ok: false, problems }
  const period = periodOf(req.book.year, req.month)
  const rows = rowsOf(req)
  const xml =
    req.form === 'JPK_PKPIR'
      ? writePkpir(req, rows as readonly KpirRow[], period.from, period.to, subject)
      : writeEwp(req, rows as readonly EwpRow[], period.from, period.to, subject)
  return {
    ok: true,
    xml,
    schema: req.form === 'JPK_PKPIR' ? 'JPK_PKPIR(3)' : 'JPK_EWP(4)',
    fileName: `${req.form}_${period.label}.xml`,
    rows: rows.length,
  }
}

/** The form of a book's file when none is asked for: the book that has rows; with both, the one of December. */
export const defaultForm = (book: TaxBook): JpkForm => {
  const hasKpir = book.kpir.rows.length > 0
  const hasEwp = book.ewp.rows.length > 0
  if (hasKpir !== hasEwp) return hasKpir ? 'JPK_PKPIR' : 'JPK_EWP'
  return book.months[11]?.kind === 'ewp' ? 'JPK_EWP' : 'JPK_PKPIR'
}
