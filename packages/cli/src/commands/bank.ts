/**
 * Bank statements from the terminal, through the same import as the API (`@finance/books`):
 * - `finance import bank FILE… --user EMAIL [--preview] [--json]`: a line per file (its statements, new and matched
 *   lines, or why it was refused); exit code 1 when any file was refused;
 *   `--account` names the account of a CSV export that does not (PKO BP's history);
 * - `finance bank unmatched --user EMAIL [--json]`: the lines waiting in the queue, with their best suggestion;
 * - `finance bank matched --user EMAIL [--json]`: the lines matched (or marked private or a transfer), with what
 *   they pay and their ids;
 * - `finance bank unmatch LINE --user EMAIL [--json]`: a line's match undone, the line back in the queue.
 */
import { basename } from 'node:path'
import {
  type BankFileResult,
  type BankImportOptions,
  executeBooks,
  importBankFiles,
  isValidIban,
  loadBooks,
  parseStatementFile,
} from '@finance/books'
import {
  type BankAllocation,
  type BankLineView,
  type BooksState,
  bankLines,
  bankQueue,
  bankTransactionLabels,
  dateInPoland,
  isDomainError,
} from '@finance/ledger-core/light'
import { booksOfUsers } from '../books.ts'
import { coreMessage } from '../coreMessages.ts'
import type { Ctx } from '../context.ts'
import { CliError, usageError, userError } from '../errors.ts'
import { readInputFile } from '../files.ts'
import { formatAmount, formatMoney } from '../format.ts'
import { catalog, type Lang, textOf } from '../i18n.ts'
import { answeredAsJsonOrNone } from '../listing.ts'

const t = catalog('bank')

/** Where the CLI's English says more than the books' own text. */
const PROBLEMS_EN: Record<string, string> = {
  'bank.csv.unknown':
    "the CSV file is not an export of a bank with a preset: import the bank's camt.053 or MT940 statement instead, or define the file's columns on the app's Bank screen",
}

/** Why a file was refused, in Polish (the parsers and the books answer in English). */
const PROBLEMS_PL: Record<string, string> = {
  'bank.format.unknown': 'to nie jest wyciąg bankowy w obsługiwanym formacie (MT940, camt.053, CSV)',
  'bank.statement.unbalanced': 'wyciąg się nie bilansuje: saldo otwarcia plus operacje nie daje salda zamknięcia',
  'bank.statement.invalid': 'wyciąg zawiera błędne dane',
  'bank.statement.empty': 'plik nie zawiera żadnego wyciągu',
  // Why the file reader refused a file (packages/books/src/imports/bank/README.md, "Error codes").
  'bank.file.empty': 'plik jest pusty',
  'bank.file.tooLarge': 'plik jest większy niż 50 MB',
  'bank.encoding.invalid': 'plik zaczyna się znacznikiem UTF-8, ale nie jest poprawnym tekstem UTF-8',
  'bank.encoding.unknown': 'nie da się ustalić kodowania pliku (UTF-8, Windows-1250, CP852 ani ISO-8859-2)',
  'bank.encoding.ambiguous': 'kodowanie pliku jest niejednoznaczne: różne strony kodowe dają różne polskie teksty',
  'bank.mt940.empty': 'plik MT940 nie zawiera żadnego wyciągu',
  'bank.mt940.account.missing': 'wyciąg MT940 nie podaje rachunku (pole :25:)',
  'bank.mt940.account.invalid': 'rachunek w polu :25: nie jest poprawnym numerem IBAN ani NRB',
  'bank.mt940.balance.missing': 'wyciąg MT940 nie ma salda otwarcia lub zamknięcia (:60F:/:62F:)',
  'bank.mt940.balance.invalid': 'saldo w wyciągu MT940 jest zapisane błędnie',
  'bank.mt940.line.invalid': 'operacja w wyciągu MT940 (pole :61:) jest zapisana błędnie',
  'bank.mt940.order': 'pola wyciągu MT940 są w złej kolejności',
  'bank.mt940.truncated': 'plik MT940 jest ucięty: wyciąg się nie kończy',
  'bank.camt.xml': 'plik nie jest poprawnym dokumentem XML',
  'bank.camt.version': 'to nie jest wyciąg camt.053 w wersji od 001.02 do 001.08',
  'bank.camt.schemaMissing':
    'tej wersji camt.053 nie można sprawdzić z oficjalnym schematem, więc nie jest przyjmowana',
  'bank.camt.schema': 'plik camt.053 nie spełnia oficjalnego schematu',
  'bank.camt.empty': 'plik camt.053 nie zawiera żadnego wyciągu (Stmt)',
  'bank.camt.account': 'wyciąg camt.053 nie podaje rachunku',
  'bank.camt.balance.missing': 'wyciąg camt.053 nie ma salda otwarcia lub zamknięcia',
  'bank.camt.amount': 'kwota w wyciągu camt.053 jest zapisana błędnie',
  'bank.camt.direction': 'operacja w wyciągu camt.053 nie mówi, czy to uznanie, czy obciążenie',
  'bank.camt.date': 'w wyciągu camt.053 brakuje daty',
  'bank.camt.batch': 'operacje zbiorczej pozycji wyciągu camt.053 nie sumują się do niej',
  'bank.csv.quote': 'pole w cudzysłowie nie jest zamknięte',
  'bank.csv.header': 'nie znaleziono wiersza nagłówka pliku CSV',
  // The CLI has no mapping of columns: the file is for the app's Bank screen, or the bank's camt.053 or MT940 instead.
  'bank.csv.unknown':
    'nie rozpoznano banku po nagłówku pliku CSV: zaimportuj wyciąg w formacie camt.053 albo MT940, albo określ kolumny tego pliku na ekranie Bank w aplikacji',
  'bank.csv.account': 'plik nie podaje, którego rachunku dotyczy: wskaż rachunek',
  'bank.csv.row': 'wiersz pliku CSV jest zapisany błędnie',
  'bank.csv.empty': 'plik CSV nie ma operacji pod nagłówkiem',
  'bank.date.invalid': 'data jest zapisana błędnie',
  'bank.amount.invalid': 'kwota jest zapisana błędnie',
  'bank.iban.invalid': 'numer rachunku nie jest poprawnym numerem IBAN',
  'bank.statement.currency': 'kwoty wyciągu nie są w walucie rachunku',
}

const reasonOf = textOf('bankReasons')

/** Where in the file the problem is: the parsers say `line 12` or an XML element's path. */
const whereText = (lang: Lang, where: string): string => {
  const line = /^line (\d+)$/.exec(where)
  return line ? t(lang, 'atLine', line[1]!) : t(lang, 'atPath', where)
}

/** A statement that does not balance, with the figures the reader gives, as amounts of `lang`. */
const unbalancedText = (lang: Lang, p: Readonly<Record<string, string>> | undefined): string | undefined => {
  const amount = (v: string | undefined) => (v === undefined ? undefined : formatAmount(lang, v))
  const [expected, closing, difference, stated] = [p?.expected, p?.closing, p?.difference, p?.stated].map(amount)
  if (expected !== undefined && closing !== undefined && difference !== undefined)
    return t(lang, 'unbalanced', expected, closing, difference)
  if (expected !== undefined && stated !== undefined) return t(lang, 'unbalancedRow', expected, stated)
  return undefined
}

const problemLines = (lang: Lang, r: Extract<BankFileResult, { ok: false }>): string[] => {
  const head =
    (r.error.code === 'bank.statement.unbalanced' ? unbalancedText(lang, r.error.params) : undefined) ??
    (lang === 'pl' ? (PROBLEMS_PL[r.error.code] ?? r.error.message) : (PROBLEMS_EN[r.error.code] ?? r.error.message))
  const where = r.error.where ? ` (${whereText(lang, r.error.where)})` : ''
  return [
    `    ${head}${where}`,
    ...(r.error.fields ?? []).slice(0, 10).map((f) => `    ${f.field}: ${coreMessage(lang, f)}`),
  ]
}

const fileLine = (lang: Lang, r: BankFileResult): string => {
  if (!r.ok) return [`✗ ${r.fileName}: ${t(lang, 'refused')}`, ...problemLines(lang, r)].join('\n')
  const sum = (k: 'lines' | 'newLines' | 'matched') => r.statements.reduce((s, x) => s + x[k], 0)
  return `✓ ${r.fileName}: ${r.format} ${r.variant} — ${t(lang, 'imported', r.statements.length, sum('newLines'), sum('lines'), sum('matched'))}`
}

export interface ImportBankOptions {
  readonly user: string
  readonly json?: boolean | undefined
  readonly preview?: boolean | undefined
  /** The account (an IBAN or NRB) of a CSV export that does not name it. */
  readonly account?: string | undefined
}

/**
 * Whether a file may need `--account`: a CSV export refused for want of its account, or one of a bank without a
 * preset (read with a saved mapping, which may name no account).
 */
const mayNeedAccount = (bytes: Uint8Array): boolean => {
  const r = parseStatementFile(bytes)
  return !r.ok && (r.error.code === 'bank.csv.account' || r.error.code === 'bank.csv.unknown')
}

export const importBankCommand = async (
  ctx: Ctx,
  files: readonly string[],
  o: ImportBankOptions,
  parse?: BankImportOptions['parse'],
): Promise<void> => {
  if (o.account !== undefined && !isValidIban(o.account)) throw usageError('bankAccountInvalid', o.account)
  const inputs = []
  for (const file of files) {
    inputs.push({ fileName: basename(file), bytes: new Uint8Array(await readInputFile(file)) })
  }
  // An account no file would use changes nothing: refused rather than ignored (docs/cli.md, "Options that go together").
  if (o.account !== undefined && !inputs.some((f) => mayNeedAccount(f.bytes))) throw usageError('bankAccountUnused')
  const store = await ctx.store()
  const [user] = await booksOfUsers(ctx, o.user)
  const report = await importBankFiles(store, user!.userId, inputs, ctx.now, {
    preview: o.preview === true,
    ...(o.account !== undefined ? { account: o.account } : {}),
    correlationId: 'cli',
    ...(parse ? { parse } : {}),
  })
  if (o.json) ctx.out(`${JSON.stringify(report, null, 2)}\n`)
  else for (const r of report.results) ctx.out(`${fileLine(ctx.lang, r)}\n`)
  if (report.refused > 0) throw new CliError((lang) => t(lang, 'summary', report.imported, report.refused))
  if (!o.json)
    ctx.out(
      `${t(ctx.lang, 'summary', report.imported, report.refused)}${o.preview ? ` ${t(ctx.lang, 'preview')}` : ''}\n`,
    )
}

/** What allocations pay: each transaction as the books show it (its name and date), the id after it for reference. */
const targetsText = (lang: Lang, state: BooksState, allocations: readonly BankAllocation[]): string => {
  const labels = bankTransactionLabels(state, allocations)
  return allocations
    .map((a) => {
      if (a.kind !== 'transaction') return `${t(lang, a.kind)} ${formatMoney(lang, a.amount)}`
      const label = labels[a.id]
      const named = label ? `${label.name}, ${label.date}, ` : ''
      return `${named}${formatMoney(lang, a.amount)} [${a.id}]`
    })
    .join('; ')
}

const lineText = (lang: Lang, line: BankLineView): string => {
  const who = line.counterpartyName ? ` — ${line.counterpartyName}` : ''
  return `${line.bookingDate}  ${formatMoney(lang, line.amount).padStart(16)}  ${line.title}${who}  [${line.lineId}]`
}

export const bankUnmatchedCommand = async (
  ctx: Ctx,
  o: { user: string; json?: boolean | undefined },
): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  const { state } = await loadBooks(await ctx.store(), user!.userId)
  const queue = bankQueue(state, dateInPoland(ctx.now()), 1000)
  if (answeredAsJsonOrNone(ctx, queue, o.json, t(ctx.lang, 'none'))) return
  for (const { line, suggestions } of queue) {
    ctx.out(`${lineText(ctx.lang, line)}\n`)
    const best = suggestions[0]
    if (best) {
      const targets = targetsText(ctx.lang, state, best.allocations)
      const reason = reasonOf(ctx.lang, best.reason) ?? best.reason
      ctx.out(
        `    ${t(ctx.lang, 'suggestion')}: ${targets} (${reason}, ${t(ctx.lang, 'confidence')} ${best.confidence}%)\n`,
      )
    }
  }
}

/** The lines with a match (paying transactions, private, a transfer), newest first: what each pays, with its id. */
export const bankMatchedCommand = async (ctx: Ctx, o: { user: string; json?: boolean | undefined }): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  const { state } = await loadBooks(await ctx.store(), user!.userId)
  const lines = bankLines(state, { limit: 1000 }).lines.filter((l) => l.match !== null)
  if (answeredAsJsonOrNone(ctx, lines, o.json, t(ctx.lang, 'noneMatched'))) return
  for (const line of lines) {
    ctx.out(`${lineText(ctx.lang, line)}\n`)
    ctx.out(`    ${t(ctx.lang, 'pays')}: ${targetsText(ctx.lang, state, line.match!.allocations)}\n`)
  }
}

/**
 * Undoes a line's match, automatic or by hand (as `DELETE /api/bank/lines/:id/match`): the line goes back to the
 * queue, and what it paid is no longer paid by it (a completion taken back, a partial payment recomputed).
 */
export const bankUnmatchCommand = async (
  ctx: Ctx,
  lineId: string,
  o: { user: string; json?: boolean | undefined },
): Promise<void> => {
  const [user] = await booksOfUsers(ctx, o.user)
  const store = await ctx.store()
  const { state } = await loadBooks(store, user!.userId)
  const line = bankLines(state, { limit: Number.MAX_SAFE_INTEGER }).lines.find((l) => l.lineId === lineId)
  if (!line) throw userError('bankLineUnknown', lineId)
  if (!line.match) throw userError('bankLineNotMatched', lineId)
  const paid = targetsText(ctx.lang, state, line.match.allocations)
  const done = await executeBooks(
    store,
    user!.userId,
    { type: 'UnmatchBankLine', lineId, at: ctx.now().toISOString(), userId: 'cli' },
    { actor: 'cli', correlationId: 'cli' },
  )
  if (isDomainError(done)) throw new CliError((lang) => coreMessage(lang, done))
  if (o.json) {
    const after = bankLines(done.state, { limit: Number.MAX_SAFE_INTEGER }).lines.find((l) => l.lineId === lineId)
    ctx.out(`${JSON.stringify(after, null, 2)}\n`)
    return
  }
  ctx.out(`${t(ctx.lang, 'unmatched', paid)}\n${lineText(ctx.lang, line)}\n`)
}
