/**
 * JPK_V7M / JPK_V7K (the VAT register with the declaration) of a month, written from `vatFiling` (ledger-core): the
 * register rows of the month and, in the month that ends the VAT period, the period's declaration exactly as the
 * tax engine computed it (the dashboard's VAT card shows the same fields), so P_51 / P_53 / P_62 are the engine's.
 *
 * Versions: periods from February 2026 are JPK_V7M(3) / JPK_V7K(3) (every row carries its KSeF number or one of
 * the markers OFF, BFK, DI); earlier months JPK_V7M(2). The (3) schemas are checked with the derived stand-ins until
 * the official files are vendored (`schemas.ts`, docs/tax-rules.md §10). What fills which element: §10.
 */
import type { Contact, Grosze, Primary, VatFiling, VatRegisterField, VatRegisterRow } from '@finance/ledger-core'
import { formatMoney, SalesProcedures, VAT_REFUND_TERM_FIELD } from '@finance/ledger-core/light'
import { ETD_2022_09_13 } from './derive.ts'
import { type JpkProblem, jpkSubject, NO_DOCUMENT_NUMBER, writeSubject } from './jpk.ts'
import { SCHEMAS, type SchemaId } from './schemas.ts'
import { dateTime, token, XmlWriter } from './xml.ts'

export type V7Form = 'JPK_V7M' | 'JPK_V7K'

export interface V7Request {
  readonly filing: VatFiling
  readonly primary: Primary | null
  readonly contact: Contact | null
  /** CelZlozenia: 1 first filing, 2 a correction. */
  readonly purpose: 1 | 2
  /** DataWytworzeniaJPK. */
  readonly createdAt: Date | string
}

export type V7Result =
  | {
      readonly ok: true
      readonly xml: string
      readonly schema: SchemaId
      readonly form: V7Form
      readonly fileName: string
      /** Whether the file carries the period's declaration. */
      readonly declaration: boolean
      readonly sales: number
      readonly purchases: number
      /** Rows without a KSeF number or marker, filed with a marker by default (BFK; DI for internal documents). */
      readonly defaultedMarkers: readonly { readonly documentNumber: string; readonly marker: 'BFK' | 'DI' }[]
    }
  | { readonly ok: false; readonly problems: readonly JpkProblem[] }

/** The first month filed with the (3) structures (rozporządzenie of 12 December 2025: periods from February 2026). */
export const V7_3_FROM = '2026-02'

/** The form, version and schema of a month's file. */
export const v7FormOf = (filing: Pick<VatFiling, 'month' | 'period'>) => {
  const form: V7Form = filing.period.paymentInterval === 3 ? 'JPK_V7K' : 'JPK_V7M'
  const version: 2 | 3 = filing.month >= V7_3_FROM ? 3 : 2
  const schema: SchemaId | null =
    version === 3 ? (form === 'JPK_V7M' ? 'JPK_V7M(3)' : 'JPK_V7K(3)') : form === 'JPK_V7M' ? 'JPK_V7M(2)' : null
  return { form, version, schema }
}

const ETD_V8 = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2021/06/08/eD/DefinicjeTypy/'
const zl = (g: Grosze) => String(g / 100n)
const EU_GREECE = (c: string) => (c === 'GR' ? 'EL' : c)

/** What stops the file: company data the form needs, sales at a rate without a field, a form not produced. */
export const v7Problems = (req: Omit<V7Request, 'purpose' | 'createdAt'>): readonly JpkProblem[] => {
  const subject = jpkSubject(req.primary, req.contact)
  const problems: JpkProblem[] = Array.isArray(subject) ? [...subject] : []
  if (!Array.isArray(subject) && subject.email === null)
    problems.push({ field: 'email', code: 'REQUIRED', message: 'Contact e-mail is required for a JPK_V7 file' })
  const { schema, form } = v7FormOf(req.filing)
  if (schema === null)
    problems.push({
      field: 'period',
      code: 'INVALID',
      message: `${form}(2) for periods before February 2026 is not produced; only JPK_V7M(2) and the (3) forms are`,
    })
  // JPK_V7M(3) / V7K(3) have no P_57: from February 2026 the general term of art. 87 ust. 2 is 40 days.
  if (schema?.endsWith('(3)') && req.filing.period.declaration.refund?.term === 'days60')
    problems.push({
      field: 'refund.term',
      code: 'INVALID',
      message: 'From February 2026 there is no 60-day refund: the general term is 40 days',
    })
  for (const o of req.filing.otherRates)
    problems.push({
      field: 'rows',
      code: 'RATE',
      message: `Item ${o.itemId} has VAT of ${o.percent} %, which JPK_V7 has no field for`,
    })
  return problems
}

const counterpartyOf = (row: VatRegisterRow) => {
  const c = row.counterparty
  const country = c && c.country !== '' && c.country !== 'PL' ? EU_GREECE(c.country) : null
  let taxId = c?.taxId.replace(/[\s-]/g, '') ?? ''
  // A foreign tax id is given without its country prefix when the country is named beside it.
  if (country !== null && taxId.startsWith(country)) taxId = taxId.slice(country.length)
  else if (country !== null && c!.country === 'GR' && taxId.startsWith('GR')) taxId = taxId.slice(2)
  return {
    country: taxId === '' ? null : country,
    taxId: taxId === '' ? 'brak' : token(taxId, 50),
    name: token(c?.name, 256, 'brak'),
  }
}

const markerOf = (
  row: VatRegisterRow,
): { ksef: string | null; marker: 'OFF' | 'BFK' | 'DI' | null; defaulted: boolean } => {
  if (row.ksefNumber) return { ksef: row.ksefNumber, marker: null, defaulted: false }
  if (row.ksefMarker) return { ksef: null, marker: row.ksefMarker, defaulted: false }
  return { ksef: null, marker: row.documentType === 'WEW' || row.documentType === 'RO' ? 'DI' : 'BFK', defaulted: true }
}

const K = (row: VatRegisterRow, f: VatRegisterField) => row.fields[f] ?? 0n
const pair = (w: XmlWriter, row: VatRegisterRow, base: VatRegisterField, tax: VatRegisterField) => {
  if (row.fields[base] !== undefined || row.fields[tax] !== undefined)
    w.leaf(base, formatMoney(K(row, base))).leaf(tax, formatMoney(K(row, tax)))
}

/** A field written only where the row has it. */
const single = (w: XmlWriter, row: VatRegisterRow, field: VatRegisterField) => {
  if (row.fields[field] !== undefined) w.leaf(field, formatMoney(K(row, field)))
}

/**
 * Version 3: the row's KSeF number, or else its marker; a marker the books chose for the user (BFK, or DI for an
 * internal document or a sales summary) is noted in `defaulted`.
 */
const writeKsefMarker = (
  w: XmlWriter,
  row: VatRegisterRow,
  defaulted: { documentNumber: string; marker: 'BFK' | 'DI' }[],
) => {
  const m = markerOf(row)
  if (m.ksef !== null) w.leaf('NrKSeF', m.ksef)
  else w.leaf(m.marker!, 1)
  if (m.defaulted) defaulted.push({ documentNumber: row.documentNumber, marker: m.marker as 'BFK' | 'DI' })
}

/** The element names of a register row's head: a sale's (SprzedazWiersz) or a purchase's (ZakupWiersz). */
interface RowTags {
  readonly row: string
  readonly number: string
  readonly taxId: string
  readonly name: string
  readonly document: string
  readonly issued: string
  /** The sale's supply date or the purchase's date of receipt. */
  readonly second: string
}
const SALE_TAGS: RowTags = {
  row: 'SprzedazWiersz',
  number: 'LpSprzedazy',
  taxId: 'NrKontrahenta',
  name: 'NazwaKontrahenta',
  document: 'DowodSprzedazy',
  issued: 'DataWystawienia',
  second: 'DataSprzedazy',
}
const PURCHASE_TAGS: RowTags = {
  row: 'ZakupWiersz',
  number: 'LpZakupu',
  taxId: 'NrDostawcy',
  name: 'NazwaDostawcy',
  document: 'DowodZakupu',
  issued: 'DataZakupu',
  second: 'DataWplywu',
}

/** Opens a register row and writes its head: its number, the counterparty, the document and its two dates. */
const writeRowHead = (w: XmlWriter, row: VatRegisterRow, tags: RowTags, number: number, second: string | null) => {
  const c = counterpartyOf(row)
  w.open(tags.row).leaf(tags.number, number)
  if (c.country !== null) w.leaf('KodKrajuNadaniaTIN', c.country)
  w.leaf(tags.taxId, c.taxId)
    .leaf(tags.name, c.name)
    .leaf(tags.document, token(row.documentNumber, 256, NO_DOCUMENT_NUMBER))
    .leaf(tags.issued, row.issueDate)
    .leaf(tags.second, second)
}

/** The register part (Ewidencja) of a month. */
const writeRegister = (
  w: XmlWriter,
  filing: VatFiling,
  version: 2 | 3,
  defaulted: { documentNumber: string; marker: 'BFK' | 'DI' }[],
) => {
  w.open('Ewidencja')
  let outputTax = 0n
  filing.sales.forEach((row, i) => {
    writeRowHead(w, row, SALE_TAGS, i + 1, row.supplyDate)
    if (version === 3) writeKsefMarker(w, row, defaulted)
    if (row.documentType !== null) w.leaf('TypDokumentu', row.documentType)
    for (const g of row.gtu) w.leaf(g, 1)
    for (const p of SalesProcedures) if (row.procedures.includes(p)) w.leaf(p, 1)
    single(w, row, 'K_10')
    single(w, row, 'K_11')
    single(w, row, 'K_12')
    single(w, row, 'K_13')
    pair(w, row, 'K_15', 'K_16')
    pair(w, row, 'K_17', 'K_18')
    pair(w, row, 'K_19', 'K_20')
    single(w, row, 'K_21')
    single(w, row, 'K_22')
    pair(w, row, 'K_23', 'K_24')
    pair(w, row, 'K_25', 'K_26')
    pair(w, row, 'K_27', 'K_28')
    pair(w, row, 'K_29', 'K_30')
    pair(w, row, 'K_31', 'K_32')
    w.close()
    // PodatekNalezny: K_16 + K_18 + K_20 + K_24 + K_26 + K_28 + K_30 + K_32 + K_33 + K_34 − K_35 − K_36 (FP excluded).
    if (row.documentType !== 'FP')
      outputTax +=
        K(row, 'K_16') +
        K(row, 'K_18') +
        K(row, 'K_20') +
        K(row, 'K_24') +
        K(row, 'K_26') +
        K(row, 'K_28') +
        K(row, 'K_30') +
        K(row, 'K_32')
  })
  w.open('SprzedazCtrl')
    .leaf('LiczbaWierszySprzedazy', filing.sales.length)
    .leaf('PodatekNalezny', formatMoney(outputTax))
    .close()
  let inputTax = 0n
  filing.purchases.forEach((row, i) => {
    writeRowHead(w, row, PURCHASE_TAGS, i + 1, row.receivedDate)
    if (version === 3) writeKsefMarker(w, row, defaulted)
    if (row.documentType !== null) w.leaf('DokumentZakupu', row.documentType)
    if (row.procedures.includes('IMP')) w.leaf('IMP', 1)
    pair(w, row, 'K_40', 'K_41')
    if (row.fields.K_40 === undefined || row.fields.K_42 !== undefined || row.fields.K_43 !== undefined)
      w.leaf('K_42', formatMoney(K(row, 'K_42'))).leaf('K_43', formatMoney(K(row, 'K_43')))
    single(w, row, 'K_44')
    w.close()
    // PodatekNaliczony: K_41 + K_43 + K_44 + K_45 + K_46 + K_47.
    inputTax += K(row, 'K_41') + K(row, 'K_43') + K(row, 'K_44')
  })
  w.open('ZakupCtrl')
    .leaf('LiczbaWierszyZakupow', filing.purchases.length)
    .leaf('PodatekNaliczony', formatMoney(inputTax))
    .close()
  w.close()
}

/** The declaration part (Deklaracja) of the period the month ends. */
const writeDeclaration = (w: XmlWriter, filing: VatFiling, form: V7Form, version: 2 | 3) => {
  const d = filing.period.declaration
  const code = form === 'JPK_V7M' ? 'VAT-7' : 'VAT-7K'
  const variant = form === 'JPK_V7M' ? (version === 3 ? 23 : 22) : 17
  w.open('Deklaracja').open('Naglowek')
  w.leaf('KodFormularzaDekl', code, {
    kodSystemowy: `${code} (${variant})`,
    kodPodatku: 'VAT',
    rodzajZobowiazania: 'Z',
    wersjaSchemy: '1-0E',
  }).leaf('WariantFormularzaDekl', variant)
  if (form === 'JPK_V7K') w.leaf('Kwartal', Math.floor((Number(filing.period.from.slice(5, 7)) - 1) / 3) + 1)
  w.close().open('PozycjeSzczegolowe')
  const one = (name: string, g: Grosze) => {
    if (g !== 0n) w.leaf(name, zl(g))
  }
  const both = (a: string, ga: Grosze, b: string, gb: Grosze) => {
    if (ga !== 0n || gb !== 0n) w.leaf(a, zl(ga)).leaf(b, zl(gb))
  }
  one('P_10', d.P_10)
  // P_11 opens the sequence P_12 belongs to (P_12 is the part of P_11 reported in VAT-UE).
  if (d.P_11 !== 0n || d.P_12 !== 0n) w.leaf('P_11', zl(d.P_11))
  one('P_12', d.P_12)
  one('P_13', d.P_13)
  both('P_15', d.P_15, 'P_16', d.P_16)
  both('P_17', d.P_17, 'P_18', d.P_18)
  both('P_19', d.P_19, 'P_20', d.P_20)
  one('P_21', d.P_21)
  one('P_22', d.P_22)
  both('P_23', d.P_23, 'P_24', d.P_24)
  both('P_25', d.P_25, 'P_26', d.P_26)
  both('P_27', d.P_27, 'P_28', d.P_28)
  both('P_29', d.P_29, 'P_30', d.P_30)
  both('P_31', d.P_31, 'P_32', d.P_32)
  one('P_37', d.P_37)
  w.leaf('P_38', zl(d.P_38))
  one('P_39', d.P_39)
  both('P_40', d.P_40, 'P_41', d.P_41)
  both('P_42', d.P_42, 'P_43', d.P_43)
  one('P_44', d.P_44)
  one('P_48', d.P_48)
  w.leaf('P_51', zl(d.P_51))
  one('P_53', d.P_53)
  // A refund (uVAT art. 87): its amount, the box of its term, and what of it goes to future liabilities.
  const refund = d.refund
  if (refund) {
    w.leaf('P_54', zl(refund.amount)).leaf(VAT_REFUND_TERM_FIELD[refund.term], 1)
    if (refund.offset) w.leaf('P_59', 1).leaf('P_60', zl(refund.offset.amount)).leaf('P_61', refund.offset.liability)
  }
  one('P_62', d.P_62)
  w.close().leaf('Pouczenia', 1).close()
}

/** Writes the JPK_V7M / JPK_V7K file of the filing's month, or says what must be fixed first. */
export const jpkV7File = (req: V7Request): V7Result => {
  const problems = v7Problems(req)
  const subject = jpkSubject(req.primary, req.contact)
  const { form, version, schema } = v7FormOf(req.filing)
  if (problems.length > 0 || Array.isArray(subject) || schema === null) return { ok: false, problems }
  const filing = req.filing
  const [year, month] = filing.month.split('-').map(Number) as [number, number]
  const w = new XmlWriter()
  w.open('JPK', undefined, { '': SCHEMAS[schema].namespace, etd: version === 3 ? ETD_2022_09_13 : ETD_V8 })
  w.open('Naglowek')
    .leaf('KodFormularza', 'JPK_VAT', { kodSystemowy: SCHEMAS[schema].systemCode, wersjaSchemy: '1-0E' })
    .leaf('WariantFormularza', version)
    .leaf('DataWytworzeniaJPK', dateTime(req.createdAt))
    .leaf('NazwaSystemu', 'Finance')
    .leaf('CelZlozenia', req.purpose, { poz: 'P_7' })
    .leaf('KodUrzedu', subject.taxOffice)
    .leaf('Rok', year)
    .leaf('Miesiac', month)
    .close()
  writeSubject(w, subject)
  const declaration = filing.closesPeriod
  if (declaration) writeDeclaration(w, filing, form, version)
  const defaulted: { documentNumber: string; marker: 'BFK' | 'DI' }[] = []
  writeRegister(w, filing, version, defaulted)
  return {
    ok: true,
    xml: w.close().toString(),
    schema,
    form,
    fileName: `${form}_${filing.month}.xml`,
    declaration,
    sales: filing.sales.length,
    purchases: filing.purchases.length,
    defaultedMarkers: defaulted,
  }
}
