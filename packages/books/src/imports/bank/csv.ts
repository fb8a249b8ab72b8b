/**
 * CSV exports of account history. A preset is recognised from the file's header row (mBank, ING, PKO BP,
 * Millennium) or from its row layout (Santander, whose export has no header row); any other bank's file is read
 * with a `CsvMapping` the user defines. Fields may be quoted (`"a;b"`, `""` for a quote), amounts use a decimal
 * comma or point with spaces between thousands, and a running balance column, where the file has one, gives the
 * opening and closing balances (every row must continue the previous one's balance).
 */
import { StatementError, atLine } from './errors.ts'
import { isValidIban, normaliseIban } from './iban.ts'
import { amountToGrosze, formatAmount, parseSignedAmount } from './money.ts'
import { parseSplitPayment } from './splitPayment.ts'
import type { BankStatement, CsvMapping, StatementLine } from './types.ts'

interface Row {
  readonly cells: readonly string[]
  /** 1-based line of the file where the row starts. */
  readonly line: number
}

/** Rows of a delimited text: quoted fields may hold the delimiter, quotes (`""`) and line breaks. */
export const csvRows = (text: string, delimiter: string): Row[] => {
  const rows: Row[] = []
  let cells: string[] = []
  let line = 1
  let rowLine = 1
  let i = 0
  const n = text.length
  const endRow = () => {
    rows.push({ cells, line: rowLine })
    cells = []
  }
  while (i <= n) {
    // At the start of a cell: a quoted cell (after optional spaces) runs to its closing quote.
    let j = i
    while (j < n && text[j] === ' ') j++
    let value: string
    if (j < n && text[j] === '"') {
      let out = ''
      let from = j + 1
      for (;;) {
        const q = text.indexOf('"', from)
        if (q < 0) throw new StatementError('bank.csv.quote', 'A quoted field is not closed', atLine(rowLine))
        out += text.slice(from, q)
        if (text[q + 1] === '"') {
          out += '"'
          from = q + 2
        } else {
          i = q + 1
          break
        }
      }
      for (let k = out.indexOf('\n'); k >= 0; k = out.indexOf('\n', k + 1)) line++
      // Anything between the closing quote and the delimiter is kept (a bank's stray text after the quotes).
      let end = i
      while (end < n && text[end] !== delimiter && text[end] !== '\n' && text[end] !== '\r') end++
      value = out + text.slice(i, end)
      i = end
    } else {
      let end = i
      while (end < n && text[end] !== delimiter && text[end] !== '\n' && text[end] !== '\r') end++
      value = text.slice(i, end)
      i = end
    }
    cells.push(value)
    if (i >= n) {
      if (!(cells.length === 1 && cells[0] === '')) endRow()
      break
    }
    const ch = text[i]
    if (ch === delimiter) {
      i++
      continue
    }
    // A line break ends the row.
    i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1
    endRow()
    line++
    rowLine = line
  }
  return rows
}

const norm = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^#/, '')
    .trim()
    .toLowerCase()

const isoDate = (s: string, format: CsvMapping['dateFormat'], line: number): string => {
  const v = s.trim()
  const m =
    format === 'YYYY-MM-DD'
      ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
      : format === 'DD-MM-YYYY'
        ? /^(\d{2})-(\d{2})-(\d{4})$/.exec(v)
        : /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v)
  const iso = m ? (format === 'YYYY-MM-DD' ? `${m[1]}-${m[2]}-${m[3]}` : `${m[3]}-${m[2]}-${m[1]}`) : ''
  const d = new Date(`${iso}T00:00:00Z`)
  if (!m || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso)
    throw new StatementError('bank.date.invalid', `Not a date (${format}): ${v}`, atLine(line))
  return iso
}

const amountOf = (s: string, decimalComma: boolean, line: number): bigint => {
  const v = s
    .trim()
    .replace(/\s*(PLN|EUR|USD|GBP|CHF)$/i, '')
    .replace(/^\+/, '')
  const g = parseSignedAmount(v, { decimal: decimalComma ? ',' : '.', thousands: true })
  if (g === null) throw new StatementError('bank.amount.invalid', `Not an amount: ${s}`, atLine(line))
  return g
}

const clean = (s: string | undefined) => {
  const v = (s ?? '')
    .replace(/^'+|'+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return v === '' ? undefined : v
}

interface Extra {
  readonly variant: string
  readonly transactionCode?: number
  readonly bankReference?: number
  /** Cells from this index on are "Label: value" descriptions (PKO BP). */
  readonly labelled?: number
  /** The column holding the statement's own account on every row (Millennium). */
  readonly accountColumn?: number
}

interface Layout {
  readonly mapping: CsvMapping
  readonly extra: Extra
}

/** `{ [key]: the column's index }` where the header has the column, else nothing: for the columns a bank may leave out. */
const ifColumn = <K extends string>(h: readonly string[], name: string, key: K): { [k in K]?: number } =>
  h.includes(name) ? ({ [key]: h.indexOf(name) } as { [k in K]?: number }) : {}

/** The header cells a preset is recognised by, and how its columns map. */
const PRESETS: readonly {
  readonly variant: string
  readonly delimiter: CsvMapping['delimiter']
  /** Whether amounts use a decimal comma (dates are all `YYYY-MM-DD`). */
  readonly decimalComma: boolean
  readonly required: readonly string[]
  readonly build: (header: readonly string[]) => { readonly columns: CsvMapping['columns']; readonly extra: Extra }
}[] = [
  {
    variant: 'mbank',
    delimiter: ';',
    decimalComma: true,
    required: [
      'data operacji',
      'data księgowania',
      'opis operacji',
      'tytuł',
      'nadawca/odbiorca',
      'numer konta',
      'kwota',
    ],
    build: (h) => ({
      columns: {
        bookingDate: h.indexOf('data księgowania'),
        valueDate: h.indexOf('data operacji'),
        amount: h.indexOf('kwota'),
        title: h.indexOf('tytuł'),
        counterpartyName: h.indexOf('nadawca/odbiorca'),
        counterpartyAccount: h.indexOf('numer konta'),
        ...ifColumn(h, 'saldo po operacji', 'balanceAfter'),
      },
      extra: { variant: 'mbank', transactionCode: h.indexOf('opis operacji') },
    }),
  },
  {
    variant: 'ing',
    delimiter: ';',
    decimalComma: true,
    required: [
      'data transakcji',
      'data księgowania',
      'dane kontrahenta',
      'tytuł',
      'kwota transakcji (waluta rachunku)',
    ],
    build: (h) => {
      const amount = h.indexOf('kwota transakcji (waluta rachunku)')
      return {
        columns: {
          bookingDate: h.indexOf('data księgowania'),
          valueDate: h.indexOf('data transakcji'),
          amount,
          title: h.indexOf('tytuł'),
          counterpartyName: h.indexOf('dane kontrahenta'),
          ...ifColumn(h, 'nr rachunku', 'counterpartyAccount'),
          ...(h[amount + 1] === 'waluta' ? { currency: amount + 1 } : {}),
          ...ifColumn(h, 'saldo po transakcji', 'balanceAfter'),
        },
        extra: {
          variant: 'ing',
          ...ifColumn(h, 'szczegóły', 'transactionCode'),
          ...ifColumn(h, 'nr transakcji', 'bankReference'),
        },
      }
    },
  },
  {
    variant: 'pko',
    delimiter: ',',
    decimalComma: false,
    required: ['data operacji', 'data waluty', 'typ transakcji', 'kwota', 'waluta', 'opis transakcji'],
    build: (h) => ({
      columns: {
        bookingDate: h.indexOf('data operacji'),
        valueDate: h.indexOf('data waluty'),
        amount: h.indexOf('kwota'),
        currency: h.indexOf('waluta'),
        title: h.indexOf('opis transakcji'),
        ...ifColumn(h, 'saldo po transakcji', 'balanceAfter'),
      },
      extra: { variant: 'pko', transactionCode: h.indexOf('typ transakcji'), labelled: h.indexOf('opis transakcji') },
    }),
  },
  {
    variant: 'millennium',
    delimiter: ',',
    decimalComma: false,
    required: ['numer rachunku/karty', 'data transakcji', 'data rozliczenia', 'obciążenia', 'uznania'],
    build: (h) => ({
      columns: {
        bookingDate: h.indexOf('data rozliczenia'),
        valueDate: h.indexOf('data transakcji'),
        debit: h.indexOf('obciążenia'),
        credit: h.indexOf('uznania'),
        title: h.indexOf('opis'),
        counterpartyName: h.indexOf('odbiorca/zleceniodawca'),
        counterpartyAccount: h.indexOf('na konto/z konta'),
        ...ifColumn(h, 'waluta', 'currency'),
        ...ifColumn(h, 'saldo', 'balanceAfter'),
      },
      extra: {
        variant: 'millennium',
        transactionCode: h.indexOf('rodzaj transakcji'),
        accountColumn: h.indexOf('numer rachunku/karty'),
      },
    }),
  },
]

/**
 * Santander's history export has no header: its first row describes the account (dates of the period, the account
 * in quotes, its name, the currency, the balances), then one row per operation: operation date, booking date
 * (DD-MM-YYYY), title, counterparty, counterparty account, amount, balance after, operation number.
 */
const santander = (rows: readonly Row[]): Layout | null => {
  const first = rows[0]?.cells
  const second = rows[1]?.cells
  if (!first || !second) return null
  const accountCell = first.find((c) => /^'?\s*(PL)?\d{2}(\s?\d{4}){6}\s*'?$/.test(c.trim()))
  if (!accountCell || !/^\d{2}-\d{2}-\d{4}$/.test(second[0]?.trim() ?? '')) return null
  if (!/^\d{2}-\d{2}-\d{4}$/.test(second[1]?.trim() ?? '')) return null
  const currency = first.find((c) => /^[A-Z]{3}$/.test(c.trim()))?.trim()
  return {
    mapping: {
      delimiter: ',',
      headerLine: 1,
      dateFormat: 'DD-MM-YYYY',
      decimalComma: true,
      columns: {
        valueDate: 0,
        bookingDate: 1,
        title: 2,
        counterpartyName: 3,
        counterpartyAccount: 4,
        amount: 5,
        balanceAfter: 6,
      },
      account: normaliseIban(accountCell.replace(/'/g, '')),
      ...(currency ? { currency } : {}),
    },
    extra: { variant: 'santander', bankReference: 7 },
  }
}

/** PKO BP's description cells: "Tytuł: …", "Nazwa odbiorcy: …", "Rachunek nadawcy: …", "Adres odbiorcy: …". */
const labelled = (cells: readonly string[]) => {
  const out: { title?: string; name: string[]; account?: string } = { name: [] }
  for (const c of cells) {
    const m = /^\s*([^:]{3,40}):\s*(.*)$/.exec(c)
    if (!m) continue
    const label = m[1]!.toLowerCase()
    const value = m[2]!.trim()
    if (label === 'tytuł') out.title = value
    else if (/^(nazwa|adres) (odbiorcy|nadawcy)$/.test(label)) out.name.push(value)
    else if (/^rachunek (odbiorcy|nadawcy)$/.test(label)) out.account = value
  }
  return out
}

/** An account number in the lines above the header (mBank's and ING's letterheads name the account). */
const letterheadAccount = (rows: readonly Row[], headerIndex: number): string | undefined => {
  for (const r of rows.slice(0, headerIndex)) {
    for (const c of r.cells) {
      const m = /(?:PL)?\d{2}(?:\s?\d{4}){6}/.exec(c)
      if (m && isValidIban(m[0])) return normaliseIban(m[0])
    }
  }
  return undefined
}

const letterheadCurrency = (rows: readonly Row[], headerIndex: number): string | undefined => {
  for (let i = 0; i < headerIndex; i++) {
    const cells = rows[i]!.cells.map(norm)
    const at = cells.indexOf('waluta')
    if (at >= 0) {
      const v = rows[i + 1]?.cells[at]?.trim()
      if (v && /^[A-Z]{3}$/.test(v)) return v
    }
  }
  return undefined
}

const findPreset = (text: string): { layout: Layout; rows: Row[]; headerIndex: number } | null => {
  for (const delimiter of [';', ','] as const) {
    const rows = csvRows(text, delimiter)
    for (let i = 0; i < Math.min(rows.length, 60); i++) {
      const header = rows[i]!.cells.map(norm)
      for (const p of PRESETS) {
        if (p.delimiter !== delimiter || !p.required.every((r) => header.includes(r))) continue
        const { columns, extra } = p.build(header)
        const mapping: CsvMapping = {
          delimiter,
          headerLine: i + 1,
          dateFormat: 'YYYY-MM-DD',
          decimalComma: p.decimalComma,
          columns,
        }
        return { layout: { mapping, extra }, rows, headerIndex: i }
      }
    }
    if (delimiter === ',') {
      const layout = santander(rows)
      if (layout) return { layout, rows, headerIndex: 0 }
    }
  }
  return null
}

/**
 * The statement of a CSV export: a preset recognised from the file, or the user's mapping. `account` names the
 * statement's account for an export that does not (PKO BP's); the mapping's `account` serves the same purpose.
 */
export const parseCsv = (text: string, mapping?: CsvMapping, account?: string): BankStatement[] => {
  let layout: Layout
  let rows: Row[]
  let headerIndex: number
  const preset = findPreset(text)
  if (preset) ({ layout, rows, headerIndex } = preset)
  else if (mapping) {
    rows = csvRows(text, mapping.delimiter)
    headerIndex = mapping.headerLine - 1
    if (headerIndex < 0 || headerIndex >= rows.length)
      throw new StatementError(
        'bank.csv.header',
        'The file has no header row where the mapping says',
        atLine(mapping.headerLine),
      )
    layout = { mapping, extra: { variant: 'generic' } }
  } else
    throw new StatementError(
      'bank.csv.unknown',
      'The CSV file is not an export of a bank with a preset; define its columns to import it',
    )
  const m = layout.mapping
  const c = m.columns
  const column = layout.extra.accountColumn
  const accountText =
    m.account ??
    (column !== undefined ? clean(rows[headerIndex + 1]?.cells[column]) : undefined) ??
    letterheadAccount(rows, headerIndex) ??
    account ??
    mapping?.account
  if (!accountText) throw new StatementError('bank.csv.account', 'The file does not say which account it is; choose it')
  const iban = normaliseIban(accountText)
  if (/^[A-Z]{2}\d{2}/.test(iban) && !isValidIban(iban))
    throw new StatementError('bank.iban.invalid', `The account's check digits are wrong: ${iban}`)
  const width = Math.max(
    ...[c.bookingDate, c.valueDate, c.amount, c.debit, c.credit, c.title].filter((x): x is number => x !== undefined),
  )
  const defaultCurrency = m.currency ?? letterheadCurrency(rows, headerIndex) ?? 'PLN'
  const parsed: { line: StatementLine; balance?: bigint; row: number }[] = []
  for (const r of rows.slice(headerIndex + 1)) {
    const cells = r.cells
    if (cells.every((x) => x.trim() === '')) {
      if (parsed.length > 0) break
      continue
    }
    // ING lists card blocks (not booked yet) among the operations: no booking date, no amount.
    if (layout.extra.variant === 'ing' && (cells[c.amount ?? -1] ?? '').trim() === '') continue
    // Summary rows after the operations (mBank's "#Saldo końcowe") have no date.
    if ((cells[c.bookingDate] ?? '').trim() === '' && parsed.length > 0) break
    if (cells.length <= width)
      throw new StatementError(
        'bank.csv.row',
        `The row has ${cells.length} columns, fewer than the header`,
        atLine(r.line),
      )
    const bookingDate = isoDate(cells[c.bookingDate]!, m.dateFormat, r.line)
    const valueDate =
      c.valueDate !== undefined && (cells[c.valueDate] ?? '').trim() !== ''
        ? isoDate(cells[c.valueDate]!, m.dateFormat, r.line)
        : bookingDate
    let grosze: bigint
    if (c.amount !== undefined) {
      grosze = amountOf(cells[c.amount]!, m.decimalComma, r.line)
    } else {
      const debit = (cells[c.debit ?? -1] ?? '').trim()
      const credit = (cells[c.credit ?? -1] ?? '').trim()
      if ((debit === '') === (credit === ''))
        throw new StatementError(
          'bank.csv.row',
          'A row needs exactly one of the debit and credit amounts',
          atLine(r.line),
        )
      const v = amountOf(debit !== '' ? debit : credit, m.decimalComma, r.line)
      const abs = v < 0n ? -v : v
      grosze = debit !== '' ? -abs : abs
    }
    const pko = layout.extra.labelled !== undefined ? labelled(cells.slice(layout.extra.labelled)) : undefined
    const title = clean(pko?.title ?? cells[c.title]) ?? ''
    const name = pko ? clean(pko.name.join(' ')) : clean(cells[c.counterpartyName ?? -1])
    const accountCell = pko ? pko.account : clean(cells[c.counterpartyAccount ?? -1])
    const counterpartyAccount = accountCell ? normaliseIban(accountCell) : undefined
    const code = clean(cells[layout.extra.transactionCode ?? -1])
    const reference = clean(cells[layout.extra.bankReference ?? -1])
    const currency = clean(cells[c.currency ?? -1]) ?? defaultCurrency
    const split = parseSplitPayment(title)
    const balanceCell = clean(cells[c.balanceAfter ?? -1])
    parsed.push({
      row: r.line,
      line: {
        bookingDate,
        valueDate,
        amount: formatAmount(grosze),
        currency,
        ...(reference ? { bankReference: reference } : {}),
        ...(name ? { counterpartyName: name } : {}),
        ...(counterpartyAccount ? { counterpartyAccount } : {}),
        title,
        ...(code ? { transactionCode: code } : {}),
        ...(split ? { splitPayment: split } : {}),
      },
      ...(balanceCell ? { balance: amountOf(balanceCell, m.decimalComma, r.line) } : {}),
    })
  }
  if (parsed.length === 0) throw new StatementError('bank.csv.empty', 'The file has no operations after its header')
  for (const p of parsed)
    if (p.line.currency !== parsed[0]!.line.currency)
      throw new StatementError('bank.statement.currency', 'The file mixes currencies', atLine(p.row))
  // Newest first (as most banks list history): put the lines in the order they were booked.
  // Newest first (as most banks list history) or oldest first: the dates tell, and within one day the running
  // balance does. The lines are returned in the order they were booked.
  const newestFirst = parsed[0]!.line.bookingDate > parsed.at(-1)!.line.bookingDate
  const oldestFirst = parsed[0]!.line.bookingDate < parsed.at(-1)!.line.bookingDate
  const withBalances = parsed.every((p) => p.balance !== undefined)
  /** The first row whose balance does not continue the previous one's, in this order, or `null`. */
  const breaks = (rows: typeof parsed) => {
    let running = rows[0]!.balance! - amountToGrosze(rows[0]!.line.amount)
    for (const p of rows) {
      running += amountToGrosze(p.line.amount)
      if (running !== p.balance) return { row: p, expected: running }
    }
    return null
  }
  const reversed = [...parsed].reverse()
  let ordered = newestFirst ? reversed : parsed
  if (withBalances && !newestFirst && !oldestFirst && breaks(parsed) !== null && breaks(reversed) === null)
    ordered = reversed
  let opening: bigint | undefined
  let closing: bigint | undefined
  if (withBalances) {
    const broken = breaks(ordered)
    if (broken)
      throw new StatementError(
        'bank.statement.unbalanced',
        `The balance after the operation should be ${formatAmount(broken.expected)}, the file says ${formatAmount(broken.row.balance!)}`,
        atLine(broken.row.row),
        { expected: formatAmount(broken.expected), stated: formatAmount(broken.row.balance!) },
      )
    opening = ordered[0]!.balance! - amountToGrosze(ordered[0]!.line.amount)
    closing = ordered.at(-1)!.balance!
  }
  const lines = ordered.map((p) => p.line)
  return [
    {
      format: 'csv',
      variant: layout.extra.variant,
      account: iban,
      currency: lines[0]!.currency,
      openingDate: lines[0]!.bookingDate,
      closingDate: lines.at(-1)!.bookingDate,
      ...(opening !== undefined ? { openingBalance: formatAmount(opening) } : {}),
      ...(closing !== undefined ? { closingBalance: formatAmount(closing) } : {}),
      lines,
    },
  ]
}
