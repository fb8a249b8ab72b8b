/**
 * A strict MT940 reader for the statements Polish banks export (README.md in this folder says which published
 * description each variant follows). A file holds one or more statements (`:20:` … `:62F:`/`:62M:`), optionally in
 * SWIFT envelopes (`{1:…}{2:…}{4:` … `-}`) or blocks opened by a control character; each statement must carry its
 * account (`:25:`), opening (`:60F:`/`:60M:`) and closing (`:62F:`/`:62M:`) balance, and must add up. Each `:61:`
 * line becomes a `StatementLine`, described by the `:86:` that follows it: sub-fields behind `~`, `^`, `<` or `?`
 * (after an optional three-digit transaction code), or free text.
 */
import { StatementError, atLine } from './errors.ts'
import { bankOfAccount } from './banks.ts'
import { BLOCK_MARKS } from './detect.ts'
import { isValidIban, looksLikeAccount, normaliseIban, polishIbanOf } from './iban.ts'
import { formatAmount, parseUnsignedAmount } from './money.ts'
import { balanced } from './reconcile.ts'
import { parseSplitPayment } from './splitPayment.ts'
import type { BankStatement, StatementLine } from './types.ts'

interface Field {
  readonly tag: string
  readonly value: string
  /** 1-based line of the file where the field starts. */
  readonly line: number
}

/** The fields of the file in order, with continuation lines joined to their field by "\n"; envelopes dropped. */
const fieldsOf = (text: string): Field[] => {
  const lines = text.split(/\r\n|\r|\n/)
  const out: { tag: string; value: string; line: number }[] = []
  let current: { tag: string; value: string; line: number } | null = null
  for (let i = 0; i < lines.length; i++) {
    // Blocks opened and closed by SOH/ETX (mBank) lose the marks.
    let l = lines[i]!.replace(BLOCK_MARKS, '')
    // An envelope's header before block 4 (`{1:F01…}{2:I940…}{4:`), possibly followed by the first field.
    const envelope = /^\{1:.*?\{4:/.exec(l)
    if (envelope) l = l.slice(envelope[0].length)
    if (/^-\}?\s*$/.test(l) || /^\}\s*$/.test(l)) {
      current = null
      continue
    }
    // SWIFT fields (`:61:`, `:28C:`) and the banks’ own (`:NS:` of Millennium) start a field; other lines continue one.
    const m = /^:(\d{2}[A-Z]?|NS):(.*)$/.exec(l)
    if (m) {
      current = { tag: m[1]!, value: m[2]!, line: i + 1 }
      out.push(current)
    } else if (current && l.trim() !== '') current.value += `\n${l}`
  }
  return out
}

const date6 = (s: string, line: number): string => {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(s)
  const iso = m ? `20${m[1]}-${m[2]}-${m[3]}` : ''
  if (!m || !isDate(iso)) throw new StatementError('bank.date.invalid', `Not a date (YYMMDD): ${s}`, atLine(line))
  return iso
}

/** Whether `YYYY-MM-DD` names a day of the calendar. */
export const isDate = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) return false
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  if (month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!
  return day <= days
}

interface Balance {
  readonly amount: string
  readonly date: string
  readonly currency: string
}

const balance = (f: Field): Balance => {
  const m = /^([CD])(\d{6})([A-Z]{3})(\d+,\d{0,2})\s*$/.exec(f.value.trim())
  if (!m) throw new StatementError('bank.mt940.balance.invalid', `Not a balance: :${f.tag}:${f.value}`, atLine(f.line))
  const grosze = parseUnsignedAmount(m[4]!, { decimal: ',' })!
  return { amount: formatAmount(m[1] === 'D' ? -grosze : grosze), date: date6(m[2]!, f.line), currency: m[3]! }
}

const account = (f: Field): string => {
  const v = f.value.trim().replace(/^\//, '')
  const split = /^(\d{8})\/(\d{16})\b/.exec(v)
  const iban = split
    ? polishIbanOf(split[1]!, split[2]!)
    : (/^(?:[A-Z]{2}\s?\d{2}(?:\s?[A-Z0-9]){11,30}|\d{2}(?:\s?\d){24})/.exec(v)?.[0] ?? null)
  if (!iban) throw new StatementError('bank.mt940.account.invalid', `Not an account number: ${f.value}`, atLine(f.line))
  const n = normaliseIban(iban)
  if (!isValidIban(n))
    throw new StatementError('bank.iban.invalid', `The account's check digits are wrong: ${n}`, atLine(f.line))
  return n
}

/** The booking date of an entry date MMDD next to a value date (a line valued in December may book in January). */
const bookingDate = (valueDate: string, mmdd: string, line: number): string => {
  const year = Number(valueDate.slice(0, 4))
  const month = Number(mmdd.slice(0, 2))
  const valueMonth = Number(valueDate.slice(5, 7))
  const y = month === 1 && valueMonth === 12 ? year + 1 : month === 12 && valueMonth === 1 ? year - 1 : year
  const iso = `${y}-${mmdd.slice(0, 2)}-${mmdd.slice(2, 4)}`
  if (!isDate(iso)) throw new StatementError('bank.date.invalid', `Not a date (MMDD): ${mmdd}`, atLine(line))
  return iso
}

interface Entry {
  readonly valueDate: string
  readonly bookingDate: string
  readonly amount: bigint
  readonly typeCode: string
  readonly bankReference?: string
  readonly supplementary?: string
}

const ENTRY = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d+,\d{0,2})([NSF][A-Z0-9]{3})(.*)$/

const entry = (f: Field): Entry => {
  const [first, ...rest] = f.value.split('\n')
  const m = ENTRY.exec(first!.trim())
  if (!m) throw new StatementError('bank.mt940.line.invalid', `Not a statement line: :61:${first}`, atLine(f.line))
  const valueDate = date6(m[1]!, f.line)
  const grosze = parseUnsignedAmount(m[5]!, { decimal: ',' })!
  const mark = m[3]!
  const out = mark === 'D' || mark === 'RC'
  const references = m[7]!
  const slash = references.indexOf('//')
  const bankReference = slash >= 0 ? references.slice(slash + 2).trim() : ''
  const supplementary = rest.join(' ').trim()
  return {
    valueDate,
    bookingDate: m[2] ? bookingDate(valueDate, m[2], f.line) : valueDate,
    amount: out ? -grosze : grosze,
    typeCode: m[6]!,
    ...(bankReference !== '' ? { bankReference } : {}),
    ...(supplementary !== '' ? { supplementary } : {}),
  }
}

/** Parts cut by the bank at a fixed width (27, 35 or 65 characters) run on without a space; shorter parts ended a line. */
const joinParts = (parts: readonly string[]): string => {
  let out = ''
  let previousFull = false
  for (const p of parts) {
    if (p === '') continue
    out = out === '' ? p : previousFull ? out + p : `${out} ${p}`
    previousFull = p.length >= 27
  }
  return collapse(out)
}

/** Whitespace collapsed to single spaces and trimmed (text that needs no change is returned as it is). */
const collapse = (s: string) => (/\s\s|^\s|\s$|[\t\n\r\u00a0]/.test(s) ? s.replace(/\s+/g, ' ').trim() : s)

export interface Details {
  readonly code?: string
  readonly description?: string
  readonly title: string
  readonly name?: string
  readonly account?: string
}

/** A sub-field mark of each separator: the separator and two digits. */
const SUBFIELD = { '~': /~(\d{2})/g, '^': /\^(\d{2})/g, '<': /<(\d{2})/g, '?': /\?(\d{2})/g } as const

/** The `:86:` field: structured sub-fields, or free text. */
export const details = (value: string): Details => {
  const text = value.replace(/\r?\n/g, '\n')
  const structured = /^(\d{3})?\s*([~^<?])(\d{2})/.exec(text)
  if (!structured) return freeText(text)
  const code = structured[1]
  const sep = structured[2]!
  const body = text.slice(code ? text.indexOf(sep) : 0).replace(/\n/g, '')
  // The parts of each sub-field number (a number may repeat), in the order written.
  const parts: (string[] | undefined)[] = []
  const re = SUBFIELD[sep as keyof typeof SUBFIELD]
  re.lastIndex = 0
  let mark = re.exec(body)
  while (mark) {
    const key = Number(mark[1])
    const from = mark.index + mark[0].length
    const next = re.exec(body)
    const value = body.slice(from, next ? next.index : body.length).trimEnd()
    const list = parts[key]
    if (list) list.push(value)
    else parts[key] = [value]
    mark = next
  }
  const get = (...keys: number[]) => {
    const out: string[] = []
    for (const k of keys) {
      const list = parts[k]
      if (list) for (const v of list) out.push(v)
    }
    return out
  }
  const description = collapse(get(0).join(' '))
  const title = joinParts(get(20, 21, 22, 23, 24, 25, 26))
  const field29 = get(29)
  const accountText =
    get(38)[0] ??
    field29.find(looksLikeAccount) ??
    (parts[30] && parts[31] ? (polishIbanOf(parts[30][0]!.trim(), parts[31][0]!.trim()) ?? undefined) : undefined)
  // Each group is one item cut into parts; the groups (name, address) are separate items.
  const groups = [get(27, 28), field29.filter((p) => !looksLikeAccount(p)), get(32, 33), get(60, 61, 62, 63)]
  const seen = new Set<string>()
  const name = groups
    .map(joinParts)
    .filter((p) => {
      if (p === '' || seen.has(p)) return false
      seen.add(p)
      return true
    })
    .join(' ')
  return {
    ...(code ? { code } : {}),
    ...(description !== '' ? { description } : {}),
    title: title !== '' ? title : description,
    ...(name !== '' ? { name } : {}),
    ...(accountText ? { account: normaliseIban(accountText) } : {}),
  }
}

/** Free-text `:86:` (no sub-fields): the title is the text; an IBAN or NRB in it is the counterparty's account. */
const freeText = (text: string): Details => {
  const lines = text.split('\n')
  const title = joinParts(lines)
  const candidate = /\b(?:PL)?\d{2}(?: ?\d{4}){6}\b/.exec(title)?.[0]
  const account = candidate && isValidIban(candidate) ? normaliseIban(candidate) : undefined
  return { title, ...(account ? { account } : {}) }
}

const lineOf = (e: Entry, d: Details | null, currency: string): StatementLine => {
  const title = d?.title ?? e.supplementary ?? ''
  const split = parseSplitPayment(title)
  return {
    bookingDate: e.bookingDate,
    valueDate: e.valueDate,
    amount: formatAmount(e.amount),
    currency,
    ...(e.bankReference ? { bankReference: e.bankReference } : {}),
    ...(d?.name ? { counterpartyName: d.name } : {}),
    ...(d?.account ? { counterpartyAccount: d.account } : {}),
    title,
    transactionCode: d?.code ?? e.typeCode,
    ...(split ? { splitPayment: split } : {}),
  }
}

/** Every statement of an MT940 file; throws a `StatementError` for the first problem. */
export const parseMt940 = (text: string): BankStatement[] => {
  const fields = fieldsOf(text)
  const groups: Field[][] = []
  for (const f of fields) {
    if (f.tag === '20') groups.push([f])
    else if (groups.length > 0) groups.at(-1)!.push(f)
  }
  if (groups.length === 0) throw new StatementError('bank.mt940.empty', 'The file holds no MT940 statement')
  return groups.map((g, i) => statement(g, i === groups.length - 1))
}

const statement = (fields: readonly Field[], last: boolean): BankStatement => {
  const head = fields[0]!
  let acct: string | null = null
  let statementId: string | undefined
  let opening: Balance | null = null
  let closing: Balance | null = null
  let closingLine = head.line
  const lines: StatementLine[] = []
  let pending: Entry | null = null
  const flush = (d: Details | null) => {
    if (pending) lines.push(lineOf(pending, d, opening!.currency))
    pending = null
  }
  for (const f of fields) {
    switch (f.tag) {
      case '25':
        acct = account(f)
        break
      case '28':
      case '28C':
        statementId = f.value.trim()
        break
      case '60F':
      case '60M':
        opening = balance(f)
        break
      case '61':
        if (!opening || !acct)
          throw new StatementError(
            'bank.mt940.balance.missing',
            'A statement line comes before the account and the opening balance',
            atLine(f.line),
          )
        if (closing)
          throw new StatementError('bank.mt940.order', 'A statement line after the closing balance', atLine(f.line))
        flush(null)
        pending = entry(f)
        break
      case '86':
        if (pending) flush(details(f.value))
        break
      case '62F':
      case '62M':
        flush(null)
        closing = balance(f)
        closingLine = f.line
        break
      default:
        break
    }
  }
  flush(null)
  if (!acct)
    throw new StatementError('bank.mt940.account.missing', 'The statement has no account (:25:)', atLine(head.line))
  if (!opening)
    throw new StatementError(
      'bank.mt940.balance.missing',
      'The statement has no opening balance (:60F:)',
      atLine(head.line),
    )
  if (!closing)
    throw last
      ? new StatementError(
          'bank.mt940.truncated',
          'The file ends before the statement’s closing balance (:62F:)',
          atLine(fields.at(-1)!.line),
        )
      : new StatementError(
          'bank.mt940.balance.missing',
          'The statement has no closing balance (:62F:)',
          atLine(head.line),
        )
  if (closing.currency !== opening.currency)
    throw new StatementError(
      'bank.statement.currency',
      `The opening balance is in ${opening.currency} and the closing one in ${closing.currency}`,
      atLine(closingLine),
    )
  const result: BankStatement = {
    format: 'mt940',
    variant: bankOfAccount(acct),
    account: acct,
    currency: opening.currency,
    ...(statementId !== undefined ? { statementId } : { statementId: head.value.trim() }),
    openingDate: opening.date,
    closingDate: closing.date,
    openingBalance: opening.amount,
    closingBalance: closing.amount,
    lines,
  }
  return balanced(result, atLine(closingLine))
}
