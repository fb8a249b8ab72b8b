/** The OpenAPI entries of the bank routes (`routes/bank.ts`), merged into `OPERATIONS`. Plain JSON Schema. */
type Json = Record<string, unknown>
const obj = (properties: Record<string, Json> = {}): Json => ({ type: 'object', properties })
const arr = (items: Json): Json => ({ type: 'array', items })

const importReport = obj({
  preview: { type: 'boolean' },
  results: arr(obj({ fileName: { type: 'string' }, ok: { type: 'boolean' } })),
  imported: { type: 'integer' },
  refused: { type: 'integer' },
})
/** What the books show of the transactions a match or a suggestion pays, by transaction id. */
const transactions: Json = {
  type: 'object',
  description:
    'By transaction id (`i12-2026-10`, `vat-2026-10`): the row as the books show it. An id the books no longer show is absent.',
  additionalProperties: obj({
    name: { type: 'string' },
    date: { type: 'string', format: 'date' },
    amount: { type: 'string' },
  }),
}
const allocation = obj({
  kind: { type: 'string', enum: ['transaction', 'private', 'transfer'] },
  id: { type: 'string' },
  amount: { type: 'string' },
})
const line = obj({
  lineId: { type: 'string' },
  bookingDate: { type: 'string', format: 'date' },
  amount: { type: 'string' },
  title: { type: 'string' },
  status: { type: 'string', enum: ['matched', 'private', 'transfer', 'unmatched'] },
  match: {
    type: ['object', 'null'],
    properties: {
      allocations: arr(allocation),
      reason: { type: 'string' },
      confidence: { type: 'integer' },
      source: { type: 'string', enum: ['auto', 'user', 'rule'] },
    },
  },
  transactions,
})
const suggestion = obj({ allocations: arr(allocation), reason: { type: 'string' }, confidence: { type: 'integer' } })

const whiteListPayment = obj({
  lineId: { type: 'string' },
  bookingDate: { type: 'string', format: 'date' },
  amount: { type: 'string' },
  nip: { type: 'string' },
  account: { type: 'string' },
  counterparty: { type: 'string' },
  expenses: arr(obj({ id: { type: 'string' }, documentNumber: { type: 'string' }, gross: { type: 'string' } })),
  check: {
    type: ['object', 'null'],
    properties: {
      listDate: { type: 'string', format: 'date' },
      source: { type: 'string', enum: ['flatFile', 'api'] },
      result: { type: 'string', enum: ['active', 'exempt', 'listed', 'absent'] },
      requestId: { type: ['string', 'null'] },
    },
  },
  splitPayment: { type: 'boolean' },
  warning: { type: 'boolean' },
})

export const bankOperations = {
  'GET /api/bank': {
    summary: 'Bank accounts with balances, statements, gaps, the ZUS account and rules',
    description:
      'Balances are derived from the earliest statement and every line since; `gaps` lists statements whose opening balance is not the balance the books reach (lines missing before them).',
    ok: obj({
      accounts: arr(obj()),
      statements: arr(obj()),
      gaps: arr(obj()),
      rules: arr(obj()),
      unmatched: { type: 'integer' },
    }),
  },
  'POST /api/bank/import': {
    summary: 'Import bank statement files (MT940, camt.053, CSV)',
    description:
      'Files as base64; format and encoding are detected. A result per file: its statements with new, matched and completed lines, or why it was refused (a statement that does not balance, a malformed line); a refused file writes nothing. Re-importing adds nothing. `preview: true` writes nothing.',
    ok: importReport,
  },
  'POST /api/bank/statements': {
    summary: 'Import statements already parsed',
    description: 'The same import for statements given as JSON (`BankStatement`), one result per statement.',
    ok: importReport,
  },
  'POST /api/bank/accounts': {
    summary: 'Add a bank account',
    description:
      '`{ iban, name, kind: business|vat, pairedWith?, currency? }`; a VAT account names its business account.',
    status: 201,
    ok: obj({ id: { type: 'integer' }, iban: { type: 'string' } }),
  },
  'PUT /api/bank/accounts/:id': { summary: 'Change a bank account', ok: obj(), errors: [404] },
  'DELETE /api/bank/accounts/:id': { summary: 'Delete a bank account (its lines stay)', ok: obj(), errors: [404] },
  'PUT /api/bank/zus-account': {
    summary: 'The payer’s individual ZUS contribution account',
    description: '26 digits in ZUS’s bank (6000 0002), or `null`.',
    ok: obj({ account: { type: ['string', 'null'] } }),
  },
  'GET /api/bank/lines': {
    summary: 'Statement lines with their match state, newest first',
    description:
      'Each line with `transactions`: the name, date and amount of every transaction its match pays, by id. `from` and `to` are dates `yyyy-mm-dd`.',
    ok: obj({ total: { type: 'integer' }, lines: arr(line) }),
  },
  'GET /api/bank/queue': {
    summary: 'Unmatched lines with suggestions (reason and confidence)',
    description:
      'Each entry with `transactions`: the name, date and amount of every transaction its suggestions would pay, by id.',
    ok: arr(obj({ line, suggestions: arr(suggestion), transactions })),
  },
  'PUT /api/bank/lines/:lineId/match': {
    summary: 'Match a line: accept a suggestion, split it, or mark it private',
    description:
      '`allocations` of `{ kind: transaction, id, amount }`, `{ kind: private, amount }` or `{ kind: transfer, amount }` that add up to the line’s amount; a matched obligation or item is completed with the amount and day paid. Answers the line as `GET /api/bank/lines` does.',
    ok: { ...line, type: ['object', 'null'] },
    errors: [404],
  },
  'DELETE /api/bank/lines/:lineId/match': {
    summary: 'Unmatch a line (back to the queue)',
    ok: { ...line, type: ['object', 'null'] },
    errors: [404],
  },
  'POST /api/bank/lines/:lineId/item': {
    summary: 'Create an expense (or income) from a line and match it',
    description:
      "`{ item }` (the item form's fields) or `{ name, percent: 0|5|8|23, isCompany, kpirColumn }`: a bank fee, a card payment. The whole line is allocated to the item: an item whose gross is not the line's amount is a 400 on `item.amount`.",
    status: 201,
    ok: { type: ['object', 'null'] },
    errors: [404],
  },
  'POST /api/bank/rules': {
    summary: 'Add a rule applied to new lines on import',
    status: 201,
    ok: obj({ id: { type: 'integer' } }),
  },
  'PUT /api/bank/rules/:id': { summary: 'Change a rule', ok: obj(), errors: [404] },
  'DELETE /api/bank/rules/:id': { summary: 'Delete a rule', ok: obj(), errors: [404] },
  'GET /api/bank/open-items': {
    summary: 'Receivables and payables: what is paid, partly paid or overdue',
    description:
      'Income and expense occurrences of the months `from`–`to` (default: the last 12) not paid in full; `all=true` includes paid ones. An issued invoice of several VAT rates is one row (its issue date, its totals) with its incomes in `parts`.',
    ok: obj({ receivables: arr(obj()), payables: arr(obj()) }),
  },
  'POST /api/bank/csv-mappings': {
    summary: 'Save a CSV column mapping with the books, offered on the next import',
    description:
      '`{ name, header, mapping }`: `header` is the file’s header row (compared without case, spaces or quotes), `mapping` the columns (`{ delimiter, headerLine, dateFormat, decimalComma, columns: { bookingDate, title, amount | debit + credit, … }, account?, currency? }`). A CSV file of a bank without a preset whose header row is this one is read with it (`csvMapping` in its result).',
    status: 201,
    ok: obj({ id: { type: 'integer' }, name: { type: 'string' }, header: { type: 'string' } }),
  },
  'DELETE /api/bank/csv-mappings/:id': { summary: 'Delete a saved CSV mapping', ok: obj(), errors: [404] },
  'GET /api/bank/whitelist': {
    summary: 'Payments above 15 000 zł the VAT payers’ white list concerns, with the evidence kept',
    description:
      'Outgoing lines paying an expense of more than 15 000 zł gross (or themselves more) to a Polish NIP and account (uPIT art. 22p, uVAT art. 117ba); `warning` when the account was not on the list (and the payment was no split payment).',
    ok: obj({ payments: arr(whiteListPayment) }),
  },
  'POST /api/bank/whitelist': {
    summary: 'Check the payments against the Ministry’s flat file of the white list',
    description:
      '`{ fileName?, base64 }`: the daily flat file (JSON, unpacked from the 7z). Each covered payment of the file’s day or before is checked (SHA-512 of date + NIP + account, iterated as the header says; virtual accounts by the masks) and the answer kept as evidence when it is of a list nearer the payment than the one kept. A file that is no flat file: 400 with `file` and the reason.',
    ok: obj({
      file: obj({ date: { type: 'string', format: 'date' }, active: { type: 'integer' }, exempt: { type: 'integer' } }),
      checked: { type: 'integer' },
      recorded: { type: 'integer' },
      payments: arr(whiteListPayment),
    }),
  },
} as const
