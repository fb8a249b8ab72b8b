/** The OpenAPI entries of the invoice routes (`routes/invoices.ts`), merged into `OPERATIONS`. Plain JSON Schema. */
type Json = Record<string, unknown>
const obj = (properties: Record<string, Json> = {}): Json => ({ type: 'object', properties })
const arr = (items: Json): Json => ({ type: 'array', items })
const str = (format?: string): Json => (format ? { type: 'string', format } : { type: 'string' })
const nullable = (s: Json): Json => ({ ...s, type: [s.type as string, 'null'] })

const counterparty = obj({
  id: { type: 'integer' },
  name: str(),
  taxId: str(),
  country: str(),
  address: str(),
  email: str(),
})
const series = obj({
  id: { type: 'integer' },
  name: str(),
  pattern: { type: 'string', example: 'FV/{YYYY}/{MM}/{N}' },
  reset: { type: 'string', enum: ['year', 'month'] },
  kind: { type: 'string', enum: ['VAT', 'KOR'] },
  used: { type: 'boolean' },
  next: { type: 'string', example: 'FV/2026/04/3', description: 'The number the series gives next today' },
})
const summary = {
  id: { type: 'integer' },
  kind: { type: 'string', enum: ['VAT', 'KOR'] },
  number: nullable(str()),
  issueDate: str('date'),
  buyer: str(),
  net: { type: 'string', example: '1234.50' },
  gross: { type: 'string', example: '1518.44' },
  currency: { type: 'string', example: 'PLN', description: 'PLN, or the currency of NBP table A the amounts are in' },
  state: { type: 'string', enum: ['draft', 'issued', 'sent', 'corrected'] },
  ksefNumber: nullable(str()),
  version: { type: 'integer' },
}
const detail = obj({
  ...summary,
  data: obj({
    kind: str(),
    buyer: obj(),
    issueDate: str('date'),
    lines: arr(obj()),
    payment: obj(),
  }),
  totals: obj({ rates: arr(obj()), net: str(), tax: str(), gross: str() }),
  itemIds: arr({ type: 'integer' }),
  correctedBy: arr({ type: 'integer' }),
  linesBefore: { type: ['array', 'null'], items: obj() },
})
const DRAFT =
  'A draft: `{ kind: VAT|KOR, seriesId?, counterpartyId?, buyer: { name, taxId, country, address }, issueDate, supplyDate?, lines: [{ name, quantity (up to 6 decimals), unit, unitNet, vat: 23|8|5|0|zw|np, gtu?, discount?, annex15?: boolean }], exemptionBasis?, payment: { dueDate?, method?: transfer|cash|card, bankAccount? }, notes?, splitPayment?: boolean, procedures?: [TP|WSTO_EE|IED|TT_WNT|TT_D|I_42|I_63|B_SPV|B_SPV_DOSTAWA|B_MPV_PROWIZJA], correction?: { invoiceId, reason, reasonDate? } }`. `annex15` states a line of Annex 15 (split payment); the invoice is marked `P_18A` when art. 108a ust. 1a requires it or `splitPayment` is true. `procedures` are the sale’s JPK_V7 markers, put on each of its incomes and into FA(3) (`TP`, the lines’ `Procedura`). Every field is checked; a 400 names each wrong one in `fieldErrors` and nothing is written. A new buyer is remembered among the counterparties.'

export const invoiceOperations = {
  'GET /api/counterparties': {
    summary: 'The counterparties (buyers and suppliers)',
    ok: obj({ counterparties: arr(counterparty) }),
  },
  'POST /api/counterparties': {
    summary: 'Add a counterparty',
    description: '`{ name, taxId, country, address, email }`; a Polish tax id must be a NIP with a valid check digit.',
    status: 201,
    ok: counterparty,
  },
  'PUT /api/counterparties/:id': { summary: 'Change a counterparty', ok: counterparty, errors: [404] },
  'DELETE /api/counterparties/:id': {
    summary: 'Delete a counterparty',
    description: 'Refused while a draft names it as the buyer; issued invoices keep their buyer’s data.',
    ok: obj({ success: { type: 'boolean' } }),
    errors: [404],
  },
  'GET /api/invoice-series': { summary: 'The number series', ok: obj({ series: arr(series) }) },
  'POST /api/invoice-series': {
    summary: 'Add a number series',
    description:
      '`{ name, pattern, reset: year|month, kind: VAT|KOR }`. The pattern holds `{N}` once and the year (`{YYYY}` or `{YY}`), and `{MM}` when numbered per month, so that no number can come back; two series cannot share a pattern.',
    status: 201,
    ok: series,
  },
  'PUT /api/invoice-series/:id': {
    summary: 'Change a number series',
    description: 'The pattern and the numbering of a series that has given numbers stay as they are.',
    ok: series,
    errors: [404],
  },
  'GET /api/invoices': {
    summary: 'Invoices: number, buyer, gross and state',
    ok: obj({ invoices: arr(obj(summary)) }),
  },
  'GET /api/invoices/:id': { summary: 'One invoice with its totals per rate', ok: detail, errors: [404] },
  'POST /api/invoices': { summary: 'Create an invoice draft', description: DRAFT, status: 201, ok: detail },
  'PUT /api/invoices/:id': {
    summary: 'Change a draft (or an issued invoice not yet in KSeF)',
    description: `${DRAFT} An issued invoice keeps its number and its incomes follow it; once in KSeF (or corrected) it is refused: issue a correction. Name the version you change with \`version\` (body or query): another one answers 409.`,
    ok: detail,
    errors: [404, 409],
  },
  'DELETE /api/invoices/:id': {
    summary: 'Delete a draft',
    description: 'An issued invoice is never deleted (its number stays given).',
    ok: obj({ success: { type: 'boolean' } }),
    errors: [404],
  },
  'POST /api/invoices/:id/issue': {
    summary: 'Issue a draft',
    description:
      'Takes the next number of its series (the first series of its kind; `FV/{YYYY}/{MM}/{N}` or `KOR/{YYYY}/{N}` is created when there is none) and puts its incomes into the books — one per VAT rate — in the same append. Refused whole while the draft or the company’s data cannot make an FA(3).',
    ok: detail,
    errors: [404, 409],
  },
  'POST /api/invoices/recurring': {
    summary: 'Draft the invoice of one month of a recurring income',
    description:
      '`{ itemId, month }`: a draft (201) with the income’s buyer, one line of its amount and rate, dated as that month’s occurrence. Issued, it takes the month out of the recurring income (which keeps the months before; a new recurring income carries the months after), so the month counts once, with the invoice’s number.',
    status: 201,
    ok: detail,
    errors: [404],
  },
  'POST /api/invoices/:id/correction': {
    summary: 'Start a correction of an issued invoice',
    description: 'A KOR draft with the invoice’s buyer and its lines as they stand, dated `issueDate` (default today).',
    status: 201,
    ok: detail,
    errors: [404],
  },
  'GET /api/invoices/:id/fa3': {
    summary: 'The FA(3) XML of an issued invoice',
    description: 'Valid against the official FA(3) schema: a row per line, the sums per rate; a correction as KOR.',
    ok: { mediaType: 'application/xml', schema: { type: 'string', format: 'binary' } },
    errors: [404],
  },
  'POST /api/invoices/:id/ksef': {
    summary: 'Send an issued invoice to KSeF',
    description:
      'The FA(3) of the whole invoice is sent with the KSeF client; its KSeF number is recorded on every income of the invoice, after which the invoice can only be corrected.',
    ok: obj({ itemId: { type: 'integer' }, ksefNumber: str(), acquisitionDate: str() }),
    errors: [404, 409, 422, 502, 503],
  },
}
