/**
 * KSeF and JPK_V7 from the terminal, through the same glue as the API (`@finance/api/ledger/ksef.ts`):
 * - `finance import ksef FILE… --user EMAIL [--ksef-number N] [--json]`: FA(3) invoices into the books, a line per
 *   file (imported, duplicate, refused with its reasons); exit code 1 when any file was not imported;
 * - `finance jpk v7 YYYY-MM|YYYY-Qn --user EMAIL [--purpose 1|2] [--out FILE]`: the JPK_V7M / JPK_V7K file,
 *   checked against its schema before it is written;
 * - `finance jpk validate FILE [--xsd PATH]`: a file against a schema the user supplies (the official JPK_V7M(3)
 *   from the Ministry's site, for one), or, without `--xsd`, against the vendored schema its form code names.
 */
import { basename } from 'node:path'
import { importInvoices, type ImportResult, SchemaFailure, v7File } from '@finance/books'
import {
  SCHEMAS,
  type SchemaId,
  schemaFileOf,
  validateWithSchemaFile,
  validateXml,
  type XmlValidation,
} from '@finance/tax-files'
import { booksOfUsers } from '../books.ts'
import { coreMessage } from '../coreMessages.ts'
import { fieldText, problemText as fileProblemText, schemaFailureError } from './books.ts'
import type { Ctx } from '../context.ts'
import { CliError, usageError } from '../errors.ts'
import { checkInputFile, readInputFile, readInputText } from '../files.ts'
import { parseSchemaDetail } from '@finance/ledger-core/light'
import { describeFinding, schemaDetailText } from '../fa3Findings.ts'
import { catalog, type Lang } from '../i18n.ts'
import { openSink } from '../sink.ts'

const t = catalog('ksef')

/** "pozycja", "pozycje" or "pozycji" after a count, as Polish grammar (Intl's plural rules) has it; "item(s)" in English. */
const itemsWord = (lang: Lang, n: number) =>
  t(lang, `items_${new Intl.PluralRules(lang).select(n) as 'one' | 'few' | 'many' | 'other'}`)

/** The reasons a file is refused, in Polish (the API and tax-files answer in English). */
const PROBLEMS_PL: Record<string, (p: Record<string, string>) => string> = {
  NOT_UTF8: () => 'plik nie jest tekstem UTF-8',
  DOCTYPE: () => 'plik deklaruje typ dokumentu (DOCTYPE), którego faktura FA(3) nie ma',
  TOO_LARGE: () => 'plik jest większy niż 5 MB',
  NO_COMPANY_NIP: () => 'wpisz NIP firmy w danych podstawowych przed importem faktur',
  BOTH_OURS: () => 'sprzedawca i nabywca to ta sama firma',
  NOT_OURS: () => 'firma nie jest ani sprzedawcą (Podmiot1), ani nabywcą (Podmiot2) tej faktury',
  KSEF_NUMBER: (p) => `numer KSeF ${p.value ?? ''} jest niepoprawny`,
  UNSUPPORTED: (p) => `${p.what ?? ''}: ten rodzaj faktury nie jest obsługiwany; wpisz ją ręcznie`,
  NO_AMOUNTS: () => 'faktura nie podaje kwot do zapisania (P_13_x)',
  CURRENCY_RATE: (p) => `faktura w ${p.currency ?? ''} ma w pozycjach różne kursy waluty: wpisz ją ręcznie`,
  // The notes on an imported file (tax-files `fa3Document`, books `importInvoices`).
  SEVERAL_CORRECTED: (p) => `korekta dotyczy ${p.count ?? ''} faktur; powiązano ją z pierwszą`,
  CORRECTION_TYPE_OTHER: () => 'korekta działa w innych datach; zapisano ją z datą wystawienia',
  RECEIVED_LATER: (p) =>
    `otrzymana w KSeF ${p.date ?? ''}, w miesiącu późniejszym niż jej data: jej VAT odlicza się nie wcześniej niż za tamten miesiąc; koszt zostaje pod datą faktury`,
  NO_KSEF_NUMBER: () => 'brak numeru KSeF: wpisz go (albo oznaczenie) przed złożeniem JPK_V7',
  KSEF_NUMBER_CHECK: (p) =>
    `cyfry kontrolne numeru KSeF ${p.value ?? ''} się nie zgadzają: porównaj go z KSeF przed złożeniem JPK_V7`,
  KSEF_NIP: (p) => `numer KSeF ${p.value ?? ''} nie został nadany pod NIP-em sprzedawcy ${p.nip ?? ''}`,
  SUPPLY_DATES_DIFFER: (p) => `pozycje mają różne daty dostawy; zapisano najpóźniejszą (${p.date ?? ''})`,
  CORRECTED_NOT_FOUND: (p) => `faktury korygowanej ${p.number ?? ''} nie ma w księgach`,
}

/**
 * A reason or note in `lang`: by its code, else as the core's message (a duplicate, an item that does not validate:
 * their code is the core's `VALIDATION`, so the text decides).
 */
const problemText = (lang: Lang, p: { code: string; message: string; params?: Record<string, string> }) => {
  // The validator's finding in plain words, naming the field, in either language (as the web app says it).
  if (p.code === 'SCHEMA' && p.params?.detail)
    return `${t(lang, 'notValidFa3')}${p.params.line ? ` (${t(lang, 'fileLine', p.params.line)})` : ''}: ${schemaDetailText(lang, p.params.detail)}`
  if (lang === 'en') return p.message
  return PROBLEMS_PL[p.code]?.(p.params ?? {}) ?? coreMessage(lang, p)
}

const line = (lang: Lang, r: ImportResult): string => {
  const head =
    r.status === 'imported'
      ? `✓ ${r.fileName}: ${t(lang, 'imported')} — ${t(lang, r.kind!)} ${r.documentNumber ?? ''}${r.ksefNumber ? ` (KSeF ${r.ksefNumber})` : ''}, ${r.items.length} ${itemsWord(lang, r.items.length)}`
      : `✗ ${r.fileName}: ${t(lang, r.status === 'duplicate' ? 'duplicate' : 'refused')}${r.documentNumber ? ` — ${r.documentNumber}` : ''}`
  const reasons = [...r.problems, ...r.warnings].map((p) => `    ${problemText(lang, p)}`)
  return [head, ...reasons].join('\n')
}

export interface ImportKsefOptions {
  readonly user: string
  readonly ksefNumber?: string | undefined
  readonly json?: boolean | undefined
}

export const importKsefCommand = async (ctx: Ctx, files: readonly string[], o: ImportKsefOptions): Promise<void> => {
  if (o.ksefNumber !== undefined && files.length !== 1) throw usageError('ksefNumberOneFile')
  const inputs = []
  for (const file of files) {
    const content = new Uint8Array(await readInputFile(file))
    inputs.push({ fileName: basename(file), content, ksefNumber: o.ksefNumber ?? null })
  }
  const store = await ctx.store()
  const [user] = await booksOfUsers(ctx, o.user)
  const report = await importInvoices(store, user!.userId, inputs, ctx.now, { correlationId: 'cli' })
  if (o.json) ctx.out(`${JSON.stringify(report, null, 2)}\n`)
  else for (const r of report.results) ctx.out(`${line(ctx.lang, r)}\n`)
  // The summary; a batch with a file not imported ends with exit code 1 (the report above says which and why).
  if (report.refused > 0) throw new CliError((lang) => t(lang, 'summary', report.imported, report.refused))
  if (!o.json) ctx.out(`${t(ctx.lang, 'summary', report.imported, report.refused)}\n`)
}

export interface JpkV7Options {
  readonly user: string
  readonly purpose: 1 | 2
  readonly out?: string | undefined
}

export const jpkV7Command = async (ctx: Ctx, period: string, o: JpkV7Options): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  let result: Awaited<ReturnType<typeof v7File>>
  try {
    result = await v7File(user!.state, period, { purpose: o.purpose, now: ctx.now() })
  } catch (e) {
    if (e instanceof SchemaFailure) throw schemaFailureError(e)
    throw e
  }
  if (!result.ok)
    throw new CliError(
      (lang) =>
        `${t(lang, 'cannotWrite')}:\n${result.problems.map((p) => `  ${fieldText(lang, p.field)}: ${fileProblemText(lang, p.message)}`).join('\n')}`,
    )
  const sink = await openSink(ctx, o.out)
  try {
    await sink.write(result.xml)
  } finally {
    await sink.close()
  }
  if (!result.official) ctx.err(`${t(ctx.lang, 'derived')}\n`)
  if (result.defaultedMarkers.length > 0) ctx.err(`${t(ctx.lang, 'markers', result.defaultedMarkers.length)}\n`)
}

/** The vendored schema a document's form code (`kodSystemowy`) names. */
const schemaOfDocument = (xml: string): SchemaId | null => {
  const code = /kodSystemowy="([^"]+)"/.exec(xml)?.[1]
  const entry = Object.entries(SCHEMAS).find(([, s]) => s.systemCode === code)
  return entry ? (entry[0] as SchemaId) : null
}

/** A finding of a JPK (or any) schema check in `lang`: the FA(3) wording by kind, without naming FA(3). */
const jpkFindingText = (lang: Lang, detail: string): string => {
  const f = parseSchemaDetail(detail)
  switch (f.kind) {
    case 'notFa3':
      return t(lang, 'notSchemaRoot', f.element)
    case 'other':
      return f.element === null ? t(lang, 'otherRule') : t(lang, 'otherRuleField', f.element)
    default:
      return describeFinding(lang, f)
  }
}

export const jpkValidateCommand = async (ctx: Ctx, file: string, o: { readonly xsd?: string }): Promise<void> => {
  const xml = await readInputText(file)
  let check: XmlValidation
  let schemaName: string
  if (o.xsd !== undefined) {
    schemaName = o.xsd
    await checkInputFile(o.xsd)
    check = await validateWithSchemaFile(xml, o.xsd).catch(() => ({ valid: false, schemaUnloaded: true, errors: [] }))
    if (check.schemaUnloaded) {
      // The loader's own text is the validator's English (or a JavaScript error): said by kind instead.
      const isSchema = /<(?:[\w.-]+:)?schema[\s>]/.test(await readInputText(o.xsd))
      throw new CliError((lang) => t(lang, 'badXsd', o.xsd!, t(lang, isSchema ? 'xsdBroken' : 'xsdNotSchema')))
    }
  } else {
    const id = schemaOfDocument(xml)
    if (id === null) throw new CliError((lang) => t(lang, 'unknownForm', file))
    const resolved = schemaFileOf(id)
    schemaName = `${id}${resolved.official ? '' : ' (derived)'}: ${resolved.file}`
    check = await validateXml(xml, id)
  }
  if (check.valid) {
    ctx.out(`${t(ctx.lang, 'valid', file, schemaName)}\n`)
    return
  }
  const found = check.errors.slice(0, 20)
  throw new CliError(
    (lang) =>
      `${t(lang, 'invalid', file, schemaName)}\n${found
        .map((e) => `  ${e.line === null ? '' : `${t(lang, 'fileLine', e.line)}: `}${jpkFindingText(lang, e.message)}`)
        .join('\n')}`,
  )
}
