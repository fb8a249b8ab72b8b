/**
 * The bank decider: accounts, statement imports (dedupe, reconciliation, matching, rules), line matches and rules.
 * Pure: validates everything before it returns events, so a refused statement writes nothing.
 */
import * as ParseResult from 'effect/ParseResult'
import * as Schema from 'effect/Schema'
import { isLocalDate } from '../calendar.ts'
import { foldBooks } from '../model/evolve.ts'
import type { BooksState } from '../model/state.ts'
import { type DomainError, domainError, type FieldError, isDomainError, liveEntry } from '../errors.ts'
import { BoundMessages, isDateInBounds, textProblem } from '../schemas/bounds.ts'
import type { LedgerEvent } from '../events.ts'
import { isTransactionId, itemOccurrenceId } from '../identity.ts'
import { formatMoney, parseMoney, splitGross } from '../money.ts'
import { findTransaction } from '../projections/month.ts'
import type { TransactionRow } from '../schemas/transaction.ts'
import { ExpenseColumns } from '../schemas/records.ts'
import { validateRecord } from '../schemas/validate.ts'
import { validItem } from '../deciders/validItem.ts'
import { absurd } from '../types.ts'
import type { BankCommand, BankStatementInput } from './commands.ts'
import { BankRuleDataSchema } from './events.ts'
import { formatIban, isZusAccount, normalizeIban } from './iban.ts'
import { decideDeleteCsvMapping, decideSaveCsvMapping } from './decideCsvMapping.ts'
import { decideWhiteListChecks } from './decideWhiteList.ts'
import { canonicalMoney, lineIdOf, lineKeys } from './lineKey.ts'
import { AUTO_CONFIDENCE, matchContext, recordPayment, suggest } from './match.ts'
import { rulePatternMatches, rulePatternProblem } from './rulePattern.ts'
import type { BankAllocation, BankLineState, BankMatchState, BankRuleState } from './state.ts'

const MONEY = /^-?\d{1,13}\.\d{2}$/
const CURRENCY = /^[A-Z]{3}$/

const invalid = (errors: readonly FieldError[]): DomainError => domainError('VALIDATION', errors[0]?.message, errors)
const field = (f: string, message: string, code: FieldError['code'] = 'VALIDATION'): FieldError => ({
  field: f,
  code,
  message,
})

type StatementLineEvent = Extract<LedgerEvent, { type: 'BankStatementImported' }>['data']['lines'][number]

/**
 * What is wrong with a statement's or a line's date: not a date, or one outside the books' window (2000-01-01 …
 * 2099-12-31, docs/api.md "Bounds"), which every format's statement is held to before anything is computed from it.
 */
const dateProblem = (d: unknown): string | null => {
  if (!isLocalDate(d)) return 'Date must be a date in format yyyy-mm-dd'
  return isDateInBounds(d) ? null : BoundMessages.dateOutside('Date')
}

/** The statement's field errors (everything wrong, in order); empty when it can be imported. */
export const statementErrors = (s: BankStatementInput): FieldError[] => {
  const errors: FieldError[] = []
  if (typeof s !== 'object' || s === null) return [field('statement', 'The statement is missing')]
  if (typeof s.account !== 'string' || normalizeIban(s.account) === null)
    errors.push(field('account', 'The statement account is not a valid IBAN'))
  if (typeof s.currency !== 'string' || !CURRENCY.test(s.currency))
    errors.push(field('currency', 'Currency must be a three-letter code (PLN)'))
  for (const k of ['openingDate', 'closingDate'] as const) {
    const problem = dateProblem(s[k])
    if (problem !== null) errors.push(field(k, problem, 'INVALID_DATE'))
  }
  if (isLocalDate(s.openingDate) && isLocalDate(s.closingDate) && s.openingDate > s.closingDate)
    errors.push(field('closingDate', 'The statement ends before it starts', 'INVALID_DATE'))
  for (const k of ['openingBalance', 'closingBalance'] as const)
    if (s[k] !== undefined && (typeof s[k] !== 'string' || !MONEY.test(s[k])))
      errors.push(field(k, 'Amount must be a number with at most two decimals', 'INVALID_MONEY'))
  if (!Array.isArray(s.lines)) return [...errors, field('lines', 'The statement has no list of lines')]
  // A statement's lines share a few dozen dates: each is checked once.
  const checked = new Map<unknown, string | null>()
  const problemOf = (d: unknown): string | null => {
    const known = checked.get(d)
    if (known !== undefined) return known
    const problem = dateProblem(d)
    checked.set(d, problem)
    return problem
  }
  const period = isLocalDate(s.openingDate) && isLocalDate(s.closingDate)
  for (const [i, l] of s.lines.entries()) {
    const at = `lines.${i}`
    if (typeof l !== 'object' || l === null) {
      errors.push(field(at, 'The line is not valid'))
      continue
    }
    const booking = problemOf(l.bookingDate)
    if (booking !== null) errors.push(field(`${at}.bookingDate`, booking, 'INVALID_DATE'))
    else if (period && (l.bookingDate < s.openingDate || l.bookingDate > s.closingDate))
      errors.push(field(`${at}.bookingDate`, "The line's date is outside the statement's period", 'INVALID_DATE'))
    const value = problemOf(l.valueDate)
    if (value !== null) errors.push(field(`${at}.valueDate`, value, 'INVALID_DATE'))
    if (typeof l.amount !== 'string' || !MONEY.test(l.amount))
      errors.push(field(`${at}.amount`, 'Amount must be a number with at most two decimals', 'INVALID_MONEY'))
    if (typeof l.currency === 'string' && l.currency !== s.currency)
      errors.push(field(`${at}.currency`, "The line's currency is not the statement's"))
    if (typeof l.title !== 'string') errors.push(field(`${at}.title`, 'The title must be text', 'INVALID_TEXT'))
    if (l.splitPayment !== undefined && (typeof l.splitPayment?.vat !== 'string' || !MONEY.test(l.splitPayment.vat)))
      errors.push(field(`${at}.splitPayment.vat`, 'Amount must be a number with at most two decimals', 'INVALID_MONEY'))
  }
  if (errors.length === 0 && s.openingBalance !== undefined && s.closingBalance !== undefined) {
    let total = parseMoney(s.openingBalance)
    for (const l of s.lines) total += parseMoney(l.amount)
    if (total !== parseMoney(s.closingBalance))
      errors.push(
        field(
          'closingBalance',
          'The statement does not balance: the opening balance plus the lines is not the closing balance',
        ),
      )
  }
  return errors
}

/** Whitespace a text needs collapsed: any but a single inner space (most texts have none and skip the replace). */
const LOOSE = /[^\S ]| {2}|^ | $/

const clip = (s: string | undefined, max: number): string | null => {
  const t = s === undefined || s === null || !LOOSE.test(s) ? s : s.replace(/\s+/g, ' ').trim()
  return t ? t.slice(0, max) : null
}

/** The lines of a statement as the event stores them, with their ids (in the statement's order). */
export const statementLines = (
  iban: string,
  s: BankStatementInput,
  ids: readonly string[] = lineKeys(iban, s.lines).map(lineIdOf),
  keep: (i: number) => boolean = () => true,
): StatementLineEvent[] => {
  const out: StatementLineEvent[] = []
  s.lines.forEach((l, i) => {
    if (keep(i)) out.push(lineEvent(ids[i]!, l))
  })
  return out
}

const lineEvent = (lineId: string, l: BankStatementInput['lines'][number]): StatementLineEvent => ({
  lineId,
  bookingDate: l.bookingDate,
  valueDate: l.valueDate,
  amount: canonicalMoney(l.amount),
  title: ((LOOSE.test(l.title) ? l.title.replace(/\s+/g, ' ').trim() : l.title) || '—').slice(0, 1000),
  counterpartyName: clip(l.counterpartyName, 300),
  counterpartyAccount: clip(l.counterpartyAccount, 64),
  bankReference: clip(l.bankReference, 64),
  transactionCode: clip(l.transactionCode, 64),
  splitPayment: l.splitPayment
    ? {
        vat: canonicalMoney(l.splitPayment.vat),
        nip: clip(l.splitPayment.nip, 20),
        invoice: clip(l.splitPayment.invoice, 100),
      }
    : null,
})

/** What one bank line paid towards a transaction, and its booking day. */
interface Payment {
  readonly day: string
  readonly amount: bigint
}

/** The bank lines' payments towards each transaction, by its id. */
type Payments = Map<string, Payment[]>

/** Adds a match's allocations to `ids` (only those) into the payments. */
const addPaid = (out: Payments, m: BankMatchState, day: string, ids: ReadonlySet<string>) => {
  for (const a of m.allocations) {
    if (a.kind !== 'transaction' || !ids.has(a.id)) continue
    const p = out.get(a.id)
    const payment = { day, amount: parseMoney(a.amount) }
    if (p) p.push(payment)
    else out.set(a.id, [payment])
  }
}

/** What the bank lines of `state` paid towards each of `ids`. */
const bankPaid = (state: BooksState, ids: ReadonlySet<string>): Payments => {
  const out: Payments = new Map()
  for (const m of state.bank.matches.values()) {
    const line = state.bank.lines.get(m.lineId)
    if (line) addPaid(out, m, line.bookingDate, ids)
  }
  return out
}

/**
 * The payments of a transaction of `sum` (`null`: a row the books do not show) settled in date order: their total,
 * whether it covers the sum, and the day — the one on which the payments came to cover it (docs/tax-rules.md §13,
 * "Paid in parts"), else the day of the last one.
 */
export const settlePayments = (
  payments: readonly Payment[],
  sum: bigint | null,
): { total: bigint; covered: boolean; on: string } => {
  const inOrder = [...payments].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
  let total = 0n
  let coveredOn: string | null = null
  let last = ''
  for (const p of inOrder) {
    total += p.amount
    last = p.day
    if (coveredOn === null && (sum === null || total >= sum)) coveredOn = p.day
  }
  return { total, covered: coveredOn !== null, on: coveredOn ?? last }
}

/** The sum of a transaction as the books show it now, `null` when they do not show it. */
type SumOf = (id: string) => bigint | null

const sumIn =
  (state: BooksState): SumOf =>
  (id) => {
    const found = findTransaction(state, id)
    return found ? parseMoney(found.row.dataObject.sum) : null
  }

/**
 * The completions the payments call for (only where the flags would change): completed when they cover the
 * transaction's sum, with their total and the day they came to cover it; partly paid (open, with the total and the
 * last day) when they do not; open and not paid when nothing is matched to it any more.
 */
const completionsOf = (state: BooksState, paid: Payments, ids: ReadonlySet<string>, sumOf: SumOf): LedgerEvent[] => {
  const out: LedgerEvent[] = []
  for (const id of ids) {
    const payments = paid.get(id) ?? []
    const flags = state.flags.get(id)
    const s = settlePayments(payments, payments.length > 0 ? sumOf(id) : null)
    if (s.total > 0n) {
      const amount = formatMoney(s.total)
      const same = flags?.paidAmount === amount && flags.paidOn === s.on
      if (flags?.completed === s.covered && same) continue
      out.push({ type: 'TransactionCompletedSet', data: { id, completed: s.covered, amount, paidOn: s.on } })
    } else if (flags?.completed || (flags?.paidAmount ?? null) !== null)
      out.push({ type: 'TransactionCompletedSet', data: { id, completed: false, amount: null } })
  }
  return out
}

/** Completions that follow from the bank's payments of `ids` in `after`. */
const completions = (after: BooksState, ids: Iterable<string>): LedgerEvent[] => {
  const set = new Set(ids)
  return completionsOf(after, bankPaid(after, set), set, sumIn(after))
}

const ruleMatches = (rule: BankRuleState, line: BankLineState): boolean => {
  const text =
    rule.data.field === 'title' ? line.title : `${line.counterpartyName ?? ''} ${line.counterpartyAccount ?? ''}`
  if (rule.data.op === 'contains') return text.toLowerCase().includes(rule.data.pattern.toLowerCase())
  // RE2: linear in the title whatever the pattern; one RE2 refuses (stored by an older version) matches nothing.
  return rulePatternMatches(rule.data.pattern, text)
}

interface ItemSpec {
  readonly name: string
  readonly percent: string
  readonly isCompany: boolean
  readonly kpirColumn: string | null
}

/** An income (money in) or an expense (money out) of the line's gross amount at `percent` VAT, or field errors. */
const itemFromLine = (
  id: number,
  line: BankLineState,
  spec: ItemSpec,
): { events: LedgerEvent[]; occurrence: string } | FieldError[] => {
  const gross = parseMoney(line.amount)
  const income = gross > 0n
  const { net, statedVat } = splitGross(income ? gross : -gross, spec.percent)
  const data = {
    date: line.bookingDate,
    name: spec.name,
    amount: formatMoney(net),
    isCompany: spec.isCompany,
    percent: spec.percent,
    invoiceDate: null,
    vatTreatment: 'rate',
    supplyDate: null,
    documentNumber: '',
    // An item's description takes 256 characters (schemas/validate.ts); a longer title is cut, never refused.
    description: line.title.slice(0, 256).trim(),
    counterparty: line.counterpartyName
      ? { name: line.counterpartyName.slice(0, 200), taxId: '', country: '', address: '' }
      : null,
    kpirColumn: income ? null : spec.kpirColumn,
    flatRate: null,
    ksefNumber: null,
    ksefMarker: null,
    documentType: null,
    gtu: [],
    procedures: [],
    documentVat: statedVat === null ? null : formatMoney(statedVat),
    corrects: null,
  }
  const dataType = income ? 'Income' : 'Expense'
  const v = validateRecord(dataType, data)
  if (!v.ok) return v.errors.map((e) => ({ ...e, field: e.field === 'name' ? 'name' : e.field }))
  return {
    events: [{ type: 'ItemAdded', data: { id, dataType, data: v.value } } as LedgerEvent],
    occurrence: itemOccurrenceId(id, line.bookingDate.slice(0, 7)),
  }
}

const specErrors = (c: {
  name?: unknown
  percent?: unknown
  isCompany?: unknown
  kpirColumn?: unknown
}): FieldError[] => {
  const errors: FieldError[] = []
  if (typeof c.name !== 'string' || c.name.trim() === '' || c.name.length > 200)
    errors.push(field('name', 'Name is required', 'REQUIRED'))
  if (c.percent !== undefined && (typeof c.percent !== 'string' || !['0', '5', '8', '23'].includes(c.percent)))
    errors.push(field('percent', 'VAT must be 0, 5, 8 or 23 percent', 'INVALID_PERCENT'))
  if (c.isCompany !== undefined && typeof c.isCompany !== 'boolean')
    errors.push(field('isCompany', 'Choose whether it is a company item', 'INVALID_CHOICE'))
  if (
    c.kpirColumn !== undefined &&
    c.kpirColumn !== null &&
    !(ExpenseColumns as readonly unknown[]).includes(c.kpirColumn)
  )
    errors.push(field('kpirColumn', 'Choose a column of the tax book', 'INVALID_CHOICE'))
  return errors
}

const decodeRule = Schema.decodeUnknownEither(BankRuleDataSchema, { errors: 'all' })

/** The message of each field of a rule whose value is missing or of the wrong type. */
const RULE_NOT_OBJECT = 'The rule must be an object with name, field, op, pattern and expense'
export const BankRuleMessages: Readonly<Record<string, string>> = {
  '': RULE_NOT_OBJECT,
  name: 'Name must be text of at most 100 characters',
  field: 'Where to look must be title or counterparty',
  op: 'How to match must be contains or matches',
  pattern: 'Pattern must be text of at most 200 characters',
  expense: 'The expense must be an object with name, percent, isCompany and kpirColumn',
  'expense.name': 'Name must be text of at most 200 characters',
  'expense.percent': 'VAT must be 0, 5, 8 or 23 percent',
  'expense.isCompany': 'Choose whether it is a company item',
  'expense.kpirColumn': 'Choose a column of the tax book',
}

/** A rule that does not decode: every field it fails on, each named (`op`, `expense.percent`) with its message. */
const ruleShapeErrors = (error: ParseResult.ParseError): FieldError[] => {
  const seen = new Set<string>()
  return ParseResult.ArrayFormatter.formatErrorSync(error).flatMap((issue) => {
    const path = issue.path.map(String)
    const at = path.slice(0, 2).join('.')
    const known = BankRuleMessages[at] !== undefined ? at : (path[0] ?? '')
    if (seen.has(known)) return []
    seen.add(known)
    return [field(known, BankRuleMessages[known] ?? RULE_NOT_OBJECT)]
  })
}

/**
 * Whether a row is money the trader receives (a receivable), else money the trader pays (a payable): an income is
 * received and everything else — an expense, a VAT, PIT or ZUS row — is paid, unless the row is written negative: a
 * correcting income that lowers a sale is money paid back to the buyer, a correcting expense (or a manual row of a
 * tax written negative) money paid back to the trader. Tax rows never are: an excess or an overpayment is no row to
 * pay but `0.00` with the refund in the breakdown (docs/tax-rules.md §13, "Which way a line pays").
 */
const isReceivable = (row: TransactionRow): boolean => {
  const income = row.eventType === '1_Revenue'
  return parseMoney(row.dataObject.sum) < 0n ? !income : income
}

/** The refusals of a part paying a row of the other direction (docs/api.md, `PUT /api/bank/lines/:lineId/match`). */
const MONEY_OUT_PAYS_RECEIVABLE =
  'Money out of the account pays only what you owe: an expense, a tax, a contribution or a refund to a buyer'
const MONEY_IN_PAYS_PAYABLE =
  'Money into the account pays only what is owed to you: an income or a refund from a supplier'

/**
 * The parts of a line's match: each a transaction the books show that the line's direction pays (money in pays
 * receivables, money out payables: `isReceivable`), a private part or a transfer, adding up to the line's amount.
 */
const validAllocations = (state: BooksState, line: BankLineState, input: unknown): BankAllocation[] | FieldError[] => {
  if (!Array.isArray(input) || input.length === 0 || input.length > 50)
    return [field('allocations', 'Give between 1 and 50 parts')]
  const lineAmount = parseMoney(line.amount)
  const incoming = lineAmount > 0n
  const errors: FieldError[] = []
  const out: BankAllocation[] = []
  let total = 0n
  for (const [i, a] of (input as unknown[]).entries()) {
    const at = `allocations.${i}`
    const o = (typeof a === 'object' && a !== null ? a : {}) as Record<string, unknown>
    if (typeof o.amount !== 'string' || !MONEY.test(o.amount) || parseMoney(o.amount) <= 0n) {
      errors.push(field(`${at}.amount`, 'Amount must be a positive number with at most two decimals', 'INVALID_MONEY'))
      continue
    }
    const amount = formatMoney(parseMoney(o.amount))
    total += parseMoney(amount)
    if (o.kind === 'private' || o.kind === 'transfer') {
      out.push({ kind: o.kind, amount })
      continue
    }
    const found = o.kind === 'transaction' && isTransactionId(o.id) ? findTransaction(state, o.id) : null
    if (!found) {
      errors.push(field(`${at}.id`, 'Choose a transaction the books show', 'INVALID_CHOICE'))
      continue
    }
    if (isReceivable(found.row) !== incoming) {
      errors.push(field(`${at}.id`, incoming ? MONEY_IN_PAYS_PAYABLE : MONEY_OUT_PAYS_RECEIVABLE, 'INVALID_CHOICE'))
      continue
    }
    out.push({ kind: 'transaction', id: o.id as string, amount })
  }
  if (errors.length === 0 && total !== (lineAmount < 0n ? -lineAmount : lineAmount))
    errors.push(field('allocations', "The parts must add up to the line's amount", 'INVALID_MONEY'))
  return errors.length > 0 ? errors : out
}

const today = (at: string): string => at.slice(0, 10)

/** A bank account added or changed: a valid IBAN not yet in the books; a VAT account paired with a business one. */
const saveAccount = (
  command: Extract<BankCommand, { type: 'SaveBankAccount' }>,
  state: BooksState,
): LedgerEvent[] | DomainError => {
  const bank = state.bank
  const errors: FieldError[] = []
  const existing = command.id !== undefined ? bank.accounts.get(command.id) : undefined
  if (command.id !== undefined && (!existing || existing.deleted)) return domainError('NOT_FOUND')
  const iban = typeof command.iban === 'string' ? normalizeIban(command.iban) : null
  if (iban === null) errors.push(field('iban', 'Account number is not a valid IBAN'))
  else
    for (const a of bank.accounts.values())
      if (!a.deleted && a.iban === iban && a.id !== command.id)
        errors.push(field('iban', 'This account is already in the books'))
  // Text only, as every name (schemas/bounds.ts): a number is refused, not replaced by the IBAN; none (absent, null or
  // blank) is the IBAN grouped.
  let name = ''
  if (command.name !== undefined && command.name !== null) {
    if (typeof command.name !== 'string') errors.push(field('name', 'Name must be text', 'INVALID_TEXT'))
    else {
      name = command.name.trim()
      const problem = textProblem(name, 100)
      if (problem === 'INVALID_TEXT_LENGTH')
        errors.push(field('name', 'Name must be at most 100 characters', 'INVALID_TEXT'))
      else if (problem === 'INVALID_TEXT_CHARACTERS')
        errors.push(field('name', BoundMessages.textControl('Name'), 'INVALID_TEXT'))
    }
  }
  const currency = command.currency ?? 'PLN'
  if (typeof currency !== 'string' || !CURRENCY.test(currency))
    errors.push(field('currency', 'Currency must be a three-letter code (PLN)'))
  if (command.kind !== 'business' && command.kind !== 'vat')
    errors.push(field('kind', 'Choose a business account or a VAT account', 'INVALID_CHOICE'))
  let pairedWith: number | null = null
  if (command.kind === 'vat') {
    const p = typeof command.pairedWith === 'number' ? bank.accounts.get(command.pairedWith) : undefined
    if (!p || p.deleted || p.kind !== 'business')
      errors.push(field('pairedWith', 'Choose the business account this VAT account belongs to', 'INVALID_CHOICE'))
    else pairedWith = p.id
  }
  if (errors.length > 0) return invalid(errors)
  return [
    {
      type: 'BankAccountSaved',
      data: {
        id: existing?.id ?? state.nextId,
        iban: iban!,
        name: name || formatIban(iban!),
        currency: currency as string,
        kind: command.kind as 'business' | 'vat',
        pairedWith,
      },
    },
  ]
}

/**
 * The item the user confirmed on the item form for a line (`item`: an Income for money in, an Expense for money out,
 * validated as any item is), or its field errors named `item.{field}`.
 */
const itemOfForm = (
  state: BooksState,
  line: BankLineState,
  input: unknown,
): { events: LedgerEvent[]; occurrence: string } | FieldError[] => {
  const dataType = parseMoney(line.amount) > 0n ? 'Income' : 'Expense'
  const c = validItem(state, dataType, input)
  if (!c.ok)
    return c.errors.map((e) => ({
      ...e,
      field: e.field === 'dataObject' || e.field === '' ? 'item' : `item.${e.field}`,
    }))
  const id = state.nextId
  return {
    events: [{ type: 'ItemAdded', data: { id, dataType, data: c.value } } as LedgerEvent],
    occurrence: itemOccurrenceId(id, c.value.date.slice(0, 7)),
  }
}

/** The refusal of an item made from a line that already has a match (`lineId`): unmatching it comes first. */
const LINE_ALREADY_MATCHED = 'This line is already matched: unmatch it first to make an item of it'

/** The refusal of an item made from a line whose gross is not the line's amount (`item.amount`). */
const ITEM_GROSS_NOT_LINE = "The item's gross must be the line's amount"

/**
 * A cost or income made from a statement line not matched yet, matched to it at once (and the rows it pays marked
 * paid): the item the user confirmed on the form (`item`), or one of the line's gross amount named `name` at
 * `percent` VAT. A line with a match (a transaction, private, a transfer) is refused on `lineId`. The whole
 * line is allocated to the item (a match covers its line), so a confirmed item whose gross is not the line's amount is
 * refused on `item.amount` rather than overpaid, or left partly paid by a line shown as matched.
 */
const itemFromBankLine = (
  command: Extract<BankCommand, { type: 'CreateItemFromBankLine' }>,
  state: BooksState,
): LedgerEvent[] | DomainError => {
  const bank = state.bank
  const line = typeof command.lineId === 'string' ? bank.lines.get(command.lineId) : undefined
  if (!line) return domainError('NOT_FOUND')
  // A line with a match already pays something: a second item (a double submit) would be booked and never paid.
  if (bank.matches.has(line.lineId)) return invalid([field('lineId', LINE_ALREADY_MATCHED)])
  let made: ReturnType<typeof itemOfForm>
  if (command.item !== undefined) made = itemOfForm(state, line, command.item)
  else {
    const errors = specErrors(command)
    if (errors.length > 0) return invalid(errors)
    made = itemFromLine(state.nextId, line, {
      name: (command.name as string).trim(),
      percent: (command.percent as string | undefined) ?? '0',
      isCompany: (command.isCompany as boolean | undefined) ?? true,
      kpirColumn: (command.kpirColumn as string | null | undefined) ?? null,
    })
  }
  if (Array.isArray(made)) return invalid(made)
  const amount = parseMoney(line.amount)
  const paid = amount < 0n ? -amount : amount
  const withItem = foldBooks(made.events, state)
  // The line is allocated whole to the item: an item of another gross would be overpaid, or paid in part while the
  // line counts as matched. Only where both are in one currency (złoty): a foreign item's złoty gross is at the NBP
  // rate, which the bank's never is to the grosz.
  if (command.item !== undefined && bank.accounts.get(line.accountId)?.currency === 'PLN') {
    const item = withItem.records.get(state.nextId)?.data as { currency?: { code?: string } | null } | undefined
    const gross = sumIn(withItem)(made.occurrence)
    const foreign = item?.currency?.code !== undefined && item.currency.code !== 'PLN'
    if (!foreign && gross !== null && (gross < 0n ? -gross : gross) !== paid)
      return invalid([field('item.amount', ITEM_GROSS_NOT_LINE, 'INVALID_MONEY')])
  }
  const events: LedgerEvent[] = [
    ...made.events,
    {
      type: 'BankLineMatched',
      data: {
        lineId: line.lineId,
        allocations: [{ kind: 'transaction', id: made.occurrence, amount: formatMoney(paid) }],
        reason: 'bank.reason.created',
        confidence: 100,
        source: 'user',
      },
    },
  ]
  return [...events, ...completions(foldBooks(events, state), [made.occurrence])]
}

/**
 * A matching rule saved: a name, a pattern (a regular expression RE2 takes where it is one: `rulePattern.ts`) and the
 * expense it makes.
 */
const saveRule = (
  command: Extract<BankCommand, { type: 'SaveBankRule' }>,
  state: BooksState,
): LedgerEvent[] | DomainError => {
  const bank = state.bank
  const existing = command.id !== undefined ? bank.rules.get(command.id) : undefined
  if (command.id !== undefined && (!existing || existing.deleted)) return domainError('NOT_FOUND')
  // Fields are named as the rule (the API's body) names them: `pattern`, `expense.percent`.
  const decoded = decodeRule(command.data)
  if (decoded._tag === 'Left') return invalid(ruleShapeErrors(decoded.left))
  const data = decoded.right
  const errors: FieldError[] = []
  if (data.name.trim() === '') errors.push(field('name', 'Name is required', 'REQUIRED'))
  if (data.pattern.trim() === '') errors.push(field('pattern', 'Pattern is required', 'REQUIRED'))
  // One-line texts that print as they read (schemas/bounds.ts), the expense's name among them.
  for (const [at, label, v] of [
    ['name', 'Name', data.name],
    ['pattern', 'Pattern', data.pattern],
    ['expense.name', 'Name', data.expense.name],
  ] as const)
    if (textProblem(v) === 'INVALID_TEXT_CHARACTERS')
      errors.push(field(at, BoundMessages.textControl(label), 'INVALID_TEXT'))
  if (data.op === 'matches' && data.pattern.trim() !== '') {
    const problem = rulePatternProblem(data.pattern)
    if (problem !== null) errors.push(field('pattern', problem))
  }
  errors.push(
    ...specErrors({ ...data.expense, kpirColumn: data.expense.kpirColumn ?? undefined }).map((e) => ({
      ...e,
      field: `expense.${e.field}`,
    })),
  )
  if (errors.length > 0) return invalid(errors)
  return [{ type: 'BankRuleSaved', data: { id: existing?.id ?? state.nextId, data } }]
}

export const decideBank = (command: BankCommand, state: BooksState): LedgerEvent[] | DomainError => {
  const bank = state.bank
  switch (command.type) {
    case 'SaveBankAccount':
      return saveAccount(command, state)
    case 'DeleteBankAccount': {
      const a = liveEntry(bank.accounts, command.id)
      if (isDomainError(a)) return a
      return [{ type: 'BankAccountDeleted', data: { id: a.id } }]
    }
    case 'SetZusAccount': {
      if (command.account === null || command.account === '')
        return bank.zusAccount === null ? [] : [{ type: 'BankZusAccountSet', data: { account: null } }]
      const account = typeof command.account === 'string' ? normalizeIban(command.account) : null
      if (account === null || !isZusAccount(account))
        return invalid([field('account', 'Enter the 26-digit contribution account ZUS gave you (bank 6000 0002)')])
      return account === bank.zusAccount ? [] : [{ type: 'BankZusAccountSet', data: { account } }]
    }
    case 'ImportBankStatement':
      return importStatement(state, command.statement, command.autoMatch !== false, today(command.at))
    case 'MatchBankLine': {
      const line = typeof command.lineId === 'string' ? bank.lines.get(command.lineId) : undefined
      if (!line) return domainError('NOT_FOUND')
      const allocations = validAllocations(state, line, command.allocations)
      if (allocations.length > 0 && 'field' in allocations[0]!) return invalid(allocations as FieldError[])
      const before = bank.matches.get(line.lineId)
      const events: LedgerEvent[] = [
        {
          type: 'BankLineMatched',
          data: {
            lineId: line.lineId,
            allocations: allocations as BankAllocation[],
            reason:
              typeof command.reason === 'string' && /^bank\.reason\.\w+$/.test(command.reason)
                ? command.reason
                : 'bank.reason.user',
            confidence: 100,
            source: 'user',
          },
        },
      ]
      const touched = [...(before?.allocations ?? []), ...(allocations as BankAllocation[])]
      return [...events, ...completions(foldBooks(events, state), idsOf(touched))]
    }
    case 'UnmatchBankLine': {
      const line = typeof command.lineId === 'string' ? bank.lines.get(command.lineId) : undefined
      if (!line) return domainError('NOT_FOUND')
      const before = bank.matches.get(line.lineId)
      if (!before) return []
      const events: LedgerEvent[] = [{ type: 'BankLineUnmatched', data: { lineId: line.lineId } }]
      return [...events, ...completions(foldBooks(events, state), idsOf(before.allocations))]
    }
    case 'CreateItemFromBankLine':
      return itemFromBankLine(command, state)
    case 'SaveBankRule':
      return saveRule(command, state)
    case 'DeleteBankRule': {
      const r = liveEntry(bank.rules, command.id)
      if (isDomainError(r)) return r
      return [{ type: 'BankRuleDeleted', data: { id: r.id } }]
    }
    case 'SaveBankCsvMapping':
      return decideSaveCsvMapping(state, command)
    case 'DeleteBankCsvMapping':
      return decideDeleteCsvMapping(state, command)
    case 'RecordWhiteListChecks':
      return decideWhiteListChecks(state, command.checks)
    default:
      return absurd(command)
  }
}

const idsOf = (allocations: readonly BankAllocation[]): string[] =>
  allocations.flatMap((a) => (a.kind === 'transaction' ? [a.id] : []))

const importStatement = (
  state: BooksState,
  s: BankStatementInput,
  autoMatch: boolean,
  on: string,
): LedgerEvent[] | DomainError => {
  const errors = statementErrors(s)
  if (errors.length > 0) return invalid(errors)
  const iban = normalizeIban(s.account)!
  const events: LedgerEvent[] = []
  let nextId = state.nextId
  const account = [...state.bank.accounts.values()].find((a) => !a.deleted && a.iban === iban)
  if (account && account.currency !== s.currency)
    return invalid([field('currency', "The statement's currency is not its account's")])
  let accountId: number
  if (account) accountId = account.id
  else {
    accountId = nextId++
    events.push({
      type: 'BankAccountSaved',
      data: { id: accountId, iban, name: formatIban(iban), currency: s.currency, kind: 'business', pairedWith: null },
    })
  }
  // Ids first: a re-import stops here, before any line is built.
  const lineIds = lineKeys(iban, s.lines).map(lineIdOf)
  const seen = new Set<string>()
  const fresh = statementLines(iban, s, lineIds, (i) => {
    const id = lineIds[i]!
    if (state.bank.lines.has(id) || seen.has(id)) return false
    seen.add(id)
    return true
  })
  const all = s.lines
  const base = `${accountId}/${s.openingDate}/${s.closingDate}`
  if (all.length > 0 && fresh.length === 0) return []
  if (all.length === 0 && state.bank.statements.has(base)) return []
  let key = base
  for (let n = 2; state.bank.statements.has(key); n++) key = `${base}/${n}`
  events.push({
    type: 'BankStatementImported',
    data: {
      key,
      accountId,
      statementId: clip(s.statementId, 64),
      format: s.format,
      variant: (clip(s.variant, 40) ?? 'generic').toLowerCase(),
      openingDate: s.openingDate,
      closingDate: s.closingDate,
      openingBalance: s.openingBalance === undefined ? null : formatMoney(parseMoney(s.openingBalance)),
      closingBalance: s.closingBalance === undefined ? null : formatMoney(parseMoney(s.closingBalance)),
      lineCount: all.length,
      lines: fresh,
    },
  })
  if (!autoMatch || fresh.length === 0) return events
  // The lines as the fold will hold them, without folding 50 000 lines again: only a new account is folded (its
  // IBAN is one of the user's own accounts for the matcher).
  const imported = account ? state : foldBooks([events[0]!], state)
  const lines: BankLineState[] = fresh.map((l) => ({ ...l, accountId, statement: key }))
  const ctx = matchContext(imported, on > s.closingDate ? on : s.closingDate, lines)
  const rules = [...imported.bank.rules.values()].filter((r) => !r.deleted).sort((a, b) => a.id - b.id)
  const matched: LedgerEvent[] = []
  const touched: string[] = []
  const madeSums = new Map<string, bigint>()
  for (const line of lines) {
    const best = suggest(ctx, line)[0]
    if (best && best.confidence >= AUTO_CONFIDENCE) {
      matched.push({
        type: 'BankLineMatched',
        data: {
          lineId: line.lineId,
          allocations: best.allocations,
          reason: best.reason,
          confidence: best.confidence,
          source: 'auto',
        },
      })
      for (const a of best.allocations)
        if (a.kind === 'transaction') {
          recordPayment(ctx, a.id, parseMoney(a.amount))
          touched.push(a.id)
        }
      continue
    }
    const rule = rules.find((r) => ruleMatches(r, line))
    if (!rule) continue
    const made = itemFromLine(nextId, line, rule.data.expense)
    if (Array.isArray(made)) continue
    nextId++
    const amount = parseMoney(line.amount)
    matched.push(...made.events, {
      type: 'BankLineMatched',
      data: {
        lineId: line.lineId,
        allocations: [
          { kind: 'transaction', id: made.occurrence, amount: formatMoney(amount < 0n ? -amount : amount) },
        ],
        reason: 'bank.reason.rule',
        confidence: 100,
        source: 'rule',
      },
    })
    touched.push(made.occurrence)
    madeSums.set(made.occurrence, amount < 0n ? -amount : amount)
  }
  if (matched.length === 0) return events
  const ids = new Set(touched)
  const paid = bankPaid(state, ids)
  const day = new Map(lines.map((l) => [l.lineId, l.bookingDate]))
  for (const e of matched) if (e.type === 'BankLineMatched') addPaid(paid, e.data, day.get(e.data.lineId)!, ids)
  // An item a rule made is the line's gross; the rest are as the books show them.
  const inBooks = sumIn(state)
  const sumOf: SumOf = (id) => madeSums.get(id) ?? inBooks(id)
  return [...events, ...matched, ...completionsOf(state, paid, ids, sumOf)]
}
