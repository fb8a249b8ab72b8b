/**
 * Bank statement files into a user's books, shared by the API and the CLI: each file is read by
 * `readStatementFiles` (format and encoding detected from the bytes, a camt.053 file checked against its schema), every statement in it is checked before
 * anything is written (a file that fails is refused whole with its reason), then each statement is imported
 * (`ImportBankStatement`: lines the books hold are skipped, new lines matched, rules applied). `preview` decides
 * without writing: what would be added and matched.
 */
import type { EventStore } from '@finance/event-store'
import {
  type BankFileResult,
  type BankStatementInput,
  type BankStatementOutcome,
  type BooksState,
  type DomainError,
  foldBooks,
  isDomainError,
  type LedgerEvent,
} from '@finance/ledger-core/light'
import { loadBooks } from '../../books.ts'
import { executeBooks } from '../../commands/execute.ts'
import { readStatementFiles, type StatementFileOptions, type StatementFileResult } from './parse.ts'
import { savedMappingFor } from './savedMappings.ts'
import type { BankStatement, CsvMapping } from './types.ts'

export interface BankFileInput {
  readonly fileName: string
  readonly bytes: Uint8Array
}

export type { BankFileProblem, BankFileResult, BankStatementOutcome } from '@finance/ledger-core/light'

export interface BankImportReport {
  readonly preview: boolean
  readonly results: readonly BankFileResult[]
  readonly imported: number
  readonly refused: number
}

export interface BankImportOptions {
  readonly preview?: boolean
  readonly csvMapping?: CsvMapping
  /**
   * The account (an IBAN or NRB) of a CSV file that does not name it (PKO BP's history export); a file that names its
   * account keeps its own. The caller checks it is an account number (`isValidIban`).
   */
  readonly account?: string
  readonly correlationId?: string
  /**
   * The file reader (default `readStatementFiles`: a camt.053 file is checked against its official schema first);
   * tests hand in statements without a parser.
   */
  readonly parse?: (bytes: Uint8Array, options: StatementFileOptions) => StatementFileResult
}

let core: Promise<typeof import('@finance/ledger-core')> | undefined
const loadCore = () => {
  core ??= import('@finance/ledger-core')
  return core
}

const outcome = (s: BankStatement, events: readonly LedgerEvent[]): BankStatementOutcome => {
  let newLines = 0
  let matched = 0
  let createdItems = 0
  const completed: { id: string; amount: string | null; paidOn: string | null }[] = []
  for (const e of events) {
    if (e.type === 'BankStatementImported') newLines += e.data.lines.length
    else if (e.type === 'BankLineMatched') matched++
    else if (e.type === 'ItemAdded') createdItems++
    else if (e.type === 'TransactionCompletedSet' && e.data.completed)
      completed.push({ id: e.data.id, amount: e.data.amount, paidOn: e.data.paidOn ?? null })
  }
  return {
    account: s.account,
    openingDate: s.openingDate,
    closingDate: s.closingDate,
    openingBalance: s.openingBalance ?? null,
    closingBalance: s.closingBalance ?? null,
    lines: s.lines.length,
    newLines,
    matched,
    createdItems,
    completed,
  }
}

const refusedByBooks = (fileName: string, error: DomainError): BankFileResult => ({
  fileName,
  ok: false,
  error: {
    code: error.errors?.some((e) => e.field === 'closingBalance')
      ? 'bank.statement.unbalanced'
      : 'bank.statement.invalid',
    message: error.message,
    fields: (error.errors ?? []).map((e) => ({ field: e.field, message: e.message })),
  },
})

/**
 * Imports parsed statements, grouped as files (`fileName` names a group): a group with any invalid statement is
 * refused whole before anything of it is written.
 */
export async function importBankStatements(
  store: EventStore,
  userId: string,
  groups: readonly {
    readonly fileName: string
    readonly statements: readonly BankStatement[]
    readonly format?: string
    readonly variant?: string
    readonly encoding?: string | null
    readonly csvMapping?: { readonly id: number; readonly name: string }
  }[],
  now: () => Date,
  options: BankImportOptions = {},
): Promise<BankImportReport> {
  const { decide, statementErrors, domainError } = await loadCore()
  const results: BankFileResult[] = []
  // A preview folds its own copy of the books, so later files see what earlier ones would have added.
  let previewState: BooksState | null = options.preview ? (await loadBooks(store, userId)).state : null
  for (const g of groups) {
    const bad = g.statements.map((s) => statementErrors(s as BankStatementInput)).find((e) => e.length > 0)
    if (bad) {
      results.push(refusedByBooks(g.fileName, domainError('VALIDATION', bad[0]!.message, bad)))
      continue
    }
    const outcomes: BankStatementOutcome[] = []
    let refused: BankFileResult | null = null
    for (const s of g.statements) {
      const command = {
        type: 'ImportBankStatement' as const,
        statement: s as BankStatementInput,
        at: now().toISOString(),
        userId,
      }
      if (previewState) {
        const r = decide(command, previewState)
        if (isDomainError(r)) {
          refused = refusedByBooks(g.fileName, r)
          break
        }
        previewState = foldBooks(r, previewState)
        outcomes.push(outcome(s, r))
        continue
      }
      const r = await executeBooks(store, userId, command, { correlationId: options.correlationId })
      if (isDomainError(r)) {
        refused = refusedByBooks(g.fileName, r)
        break
      }
      outcomes.push(outcome(s, r.events))
    }
    const first = g.statements[0]
    results.push(
      refused ?? {
        fileName: g.fileName,
        ok: true,
        format: g.format ?? first?.format ?? 'unknown',
        variant: g.variant ?? first?.variant ?? 'generic',
        encoding: g.encoding ?? null,
        statements: outcomes,
        ...(g.csvMapping ? { csvMapping: g.csvMapping } : {}),
      },
    )
  }
  const refused = results.filter((r) => !r.ok).length
  return { preview: options.preview === true, results, imported: results.length - refused, refused }
}

/** Reads and imports statement files; one result per file, in order. */
export async function importBankFiles(
  store: EventStore,
  userId: string,
  files: readonly BankFileInput[],
  now: () => Date,
  options: BankImportOptions = {},
): Promise<BankImportReport> {
  const account = options.account !== undefined ? { account: options.account } : {}
  const fileOptions: StatementFileOptions = options.csvMapping
    ? { csvMapping: options.csvMapping, ...account }
    : account
  const parse = options.parse
  const read: StatementFileResult[] =
    parse === undefined
      ? await readStatementFiles(files.map((f) => ({ bytes: f.bytes, options: fileOptions })))
      : files.map((f) => parse(f.bytes, fileOptions))
  // A CSV file of a bank without a preset: read again with a mapping the user saved for its header row.
  const mappedWith = new Map<number, { id: number; name: string }>()
  const unknown = read.flatMap((r, i) => (!r.ok && r.error.code === 'bank.csv.unknown' ? [i] : []))
  if (unknown.length > 0 && !options.csvMapping) {
    const saved = (await loadBooks(store, userId)).state.bank.csvMappings
    for (const i of unknown) {
      const found = saved.size > 0 ? savedMappingFor(files[i]!.bytes, saved.values()) : null
      if (!found) continue
      const again = (
        await readStatementFiles([{ bytes: files[i]!.bytes, options: { csvMapping: found.mapping, ...account } }])
      )[0]!
      read[i] = again
      mappedWith.set(i, { id: found.id, name: found.name })
    }
  }
  const groups: Parameters<typeof importBankStatements>[2][number][] = []
  const refusedAt = new Map<number, BankFileResult>()
  files.forEach((f, i) => {
    const parsed = read[i]!
    if (!parsed.ok) {
      refusedAt.set(i, { fileName: f.fileName, ok: false, error: { ...parsed.error } })
      return
    }
    if (parsed.statements.length === 0) {
      refusedAt.set(i, {
        fileName: f.fileName,
        ok: false,
        error: { code: 'bank.statement.empty', message: 'The file holds no statement' },
      })
      return
    }
    groups.push({
      fileName: f.fileName,
      statements: parsed.statements,
      encoding: parsed.encoding,
      ...(mappedWith.has(i) ? { csvMapping: mappedWith.get(i)! } : {}),
    })
  })
  const imported = await importBankStatements(store, userId, groups, now, options)
  const results: BankFileResult[] = []
  let next = 0
  for (let i = 0; i < files.length; i++) results.push(refusedAt.get(i) ?? imported.results[next++]!)
  const refused = results.filter((r) => !r.ok).length
  return { preview: options.preview === true, results, imported: results.length - refused, refused }
}
