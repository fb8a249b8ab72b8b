/**
 * What the OpenAPI document says about each operation beyond its request schemas (which the routes declare and
 * validate with): a summary, a description where useful, the 2xx answer's schema — from the core's Effect Schemas
 * where one exists (records, transactions) — and the error answers the operation can give, all with the one error
 * body of `errors.ts`. `describeRoute` is @fastify/swagger's `transform`: it changes the document only, never the
 * route's validation or serialisation.
 */
import { CounterpartySchema, DataTypes, GeneratedRowSchema, recordSchemas } from '@finance/ledger-core'
import { type DataType, isItemDataType, KPIR_AMOUNT_COLUMNS } from '@finance/ledger-core/light'
import * as JSONSchema from 'effect/JSONSchema'
import type * as Schema from 'effect/Schema'
import { bankOperations } from './bankOpenapi.ts'
import { rateOperations } from './ratesOpenapi.ts'
import { setupOperations } from './setupOpenapi.ts'
import { exportOperations } from './exportOpenapi.ts'
import { invoiceOperations } from './invoicesOpenapi.ts'

type Json = Record<string, unknown>

/** Replaces `#/$defs/…` references by their definitions, so a schema stands alone inside the OpenAPI document. */
export function inlineDefs(schema: Json): Json {
  const defs = (schema.$defs ?? {}) as Record<string, Json>
  const walk = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, depth))
    if (typeof node !== 'object' || node === null) return node
    const ref = (node as Json).$ref
    if (typeof ref === 'string' && ref.startsWith('#/$defs/') && depth < 32) {
      const { $ref: _ref, ...rest } = node as Json
      return { ...(walk(defs[ref.slice('#/$defs/'.length)] ?? {}, depth + 1) as Json), ...rest }
    }
    const out: Json = {}
    for (const [k, v] of Object.entries(node as Json)) if (k !== '$defs' && k !== '$schema') out[k] = walk(v, depth)
    return out
  }
  return walk(schema, 0) as Json
}

/** JSON Schema of an Effect Schema for the document; an open object when the schema has no JSON Schema form. */
// biome-ignore lint/suspicious/noExplicitAny: any Effect Schema, whatever its types
export function jsonSchemaOf(schema: Schema.Schema<any, any, never>): Json {
  try {
    return inlineDefs(JSONSchema.make(schema) as unknown as Json)
  } catch {
    return { type: 'object' }
  }
}

/** OpenAPI form of the dataObjects of `types`, from the core's canonical record schemas. */
export const dataObjectJson = (types: readonly DataType[]): Json => {
  const variants = types.map((t) => ({ title: t, ...jsonSchemaOf(recordSchemas[t]) }))
  return variants.length === 1 ? (variants[0] as Json) : { anyOf: variants }
}

// ---- Answers ----

const str = (description?: string): Json => ({ type: 'string', ...(description ? { description } : {}) })
const int = (description?: string): Json => ({ type: 'integer', ...(description ? { description } : {}) })
const bool: Json = { type: 'boolean' }
const money = str('Money: a decimal string with at most two decimals')
const object = (properties: Record<string, Json>, required = Object.keys(properties)): Json => ({
  type: 'object',
  required,
  properties,
})
const array = (items: Json): Json => ({ type: 'array', items })
const orNull = (schema: Json): Json => ({ ...schema, type: [schema.type, 'null'] })

/** The body of every error answer (`HttpError.body()`). */
export const ErrorBodyJson: Json = object(
  {
    success: { type: 'boolean', enum: [false] },
    errors: array(str()),
    fieldErrors: { type: 'object', additionalProperties: str(), description: 'The message of each invalid field' },
  },
  ['success', 'errors'],
)

const FAMILY_TYPES = {
  config: ['Primary', 'Contact', 'Addresses', 'Invoice'],
  fee: ['Vat', 'Pit', 'SocialSecurity', 'Expense', 'RecurringExpense'],
  revenue: ['Income', 'RecurringIncome'],
} as const satisfies Record<string, readonly DataType[]>

const problems = array(object({ field: str(), code: str(), message: str() }))

/** A record's dataObject as answers carry it: items also with their `vatAmount` and `sum`. */
const answerDataObjectJson = (types: readonly DataType[]): Json => {
  const variants = types.map((t) => {
    const own: Json = { title: t, ...jsonSchemaOf(recordSchemas[t]) }
    if (!isItemDataType(t)) return own
    return {
      ...own,
      required: [...((own.required as string[] | undefined) ?? []), 'vatAmount', 'sum'],
      properties: { ...(own.properties as Json), vatAmount: money, sum: money },
    }
  })
  return variants.length === 1 ? (variants[0] as Json) : { anyOf: variants }
}

const recordJson = (types: readonly DataType[]): Json =>
  object(
    {
      id: int('The record id, a positive integer per user'),
      dataType: { type: 'string', enum: [...types] },
      eventType: str(),
      version: int('1 when created, one more with every change; also the ETag'),
      dataObject: answerDataObjectJson(types),
      problems: { ...problems, description: 'Stored data outside the bounds (written by an older version)' },
    },
    ['id', 'dataType', 'eventType', 'version', 'dataObject'],
  )

const transactionId = str(
  'The identity of the row: `i{item}-{yyyy-mm}` an item occurrence, `{vat|pit|zus}-{yyyy-mm}` (or `-{yyyy}-Q{n}`) a tax obligation, digits a manual row',
)
const generatedRow = jsonSchemaOf(GeneratedRowSchema)
const transactionJson: Json = {
  ...generatedRow,
  required: [
    ...((generatedRow.required as string[]) ?? []),
    'completed',
    'notification',
    'notificationCompleted',
    'paidAmount',
    'remainingAmount',
  ],
  properties: {
    ...(generatedRow.properties as Json),
    id: transactionId,
    completed: bool,
    notification: bool,
    notificationCompleted: bool,
    paidAmount: { ...orNull(money), description: 'The amount when the user completed the row; null while not' },
    paidOn: {
      type: ['string', 'null'],
      format: 'date',
      description: 'The day the completion said the money left; null when not completed or not said',
    },
    remainingAmount: {
      ...orNull(money),
      description: 'sum − paidAmount of a completed row ("0.00" unchanged, negative overpaid); null otherwise',
    },
  },
}

const summaryRowJson = object({
  year: int(),
  month: int('1–12, 0 for the year row'),
  companyIncomeAmmount: money,
  companyVatAmmount: money,
  companyPitAmmount: money,
  companySocialSecurityAmmount: money,
  companyExpenseAmmount: money,
  companysNetIncome: money,
  privateIncomeAmmount: money,
  privateExpenseAmmount: money,
  privateIncome: money,
  summary: money,
})

const obligationJson = object({
  kind: {
    type: 'string',
    enum: ['VAT', 'PIT', 'SocialSecurity', 'PITAnnual', 'HealthAnnual'],
    description: 'PITAnnual: the annual return; HealthAnnual: the health contribution settlement',
  },
  periodFrom: str('yyyy-mm'),
  periodTo: str('yyyy-mm'),
  amount: money,
  statutoryDueDate: { type: 'string', format: 'date' },
  dueDate: { type: 'string', format: 'date', description: 'The statutory date moved to the next working day' },
  transactionId,
  completed: bool,
  paidAmount: orNull(money),
  remainingAmount: orNull(money),
  overdue: bool,
})

const figures = (description: string): Json => ({
  type: ['object', 'null'],
  description: `${description}; money as decimal strings`,
  additionalProperties: true,
})
const annualReportJson = object({
  year: int(),
  today: { type: 'string', format: 'date' },
  actualThrough: str('yyyy-mm: the last month with actual figures; later months are projected'),
  projected: bool,
  ratesFallback: { ...bool, description: "The year's statutory figures are borrowed from another year's table" },
  annualReturn: figures('The PIT-36/36L/28 figures (toPay or refund, dueDate 30 April); null without a form'),
  healthSettlement: figures('The health contribution settlement (toPay or overpaid, dueDate 20 May)'),
  obligations: array(obligationJson),
  comparison: figures('The forms compared: scenarios Scale/Linear/Flat, months, warnings, smallZusPlus'),
  inputs: figures("The return's common items typed in for the year (losses, ikze, spouse, singleParent, children)"),
  inputLimits: figures("The year's limits: ikze, lossOneOff, childMonthly (first and second, third, fourth+)"),
})

const deleted = object({ success: { type: 'boolean', enum: [true] }, id: int() })
const ok = object({ success: { type: 'boolean', enum: [true] }, errors: array(str()) })
const session = { token: str('A JWT for the Authorization header'), minutes: int('Minutes the token is valid') }

const moneyOrNull = orNull(money)
const yearMonth = str('yyyy-mm')
const date: Json = { type: 'string', format: 'date' }
const entryRef = object({
  book: { type: 'string', enum: ['kpir', 'ewp'] },
  year: int(),
  number: int(),
  date,
  documentNumber: str(),
})
/** The columns every book row shares. */
const rowBase = {
  number: int('Running number in the book of the year'),
  month: yearMonth,
  date,
  documentNumber: str(),
  ksefNumber: orNull(str()),
  counterparty: orNull(jsonSchemaOf(CounterpartySchema)),
  description: str(),
  kind: { type: 'string', enum: ['entry', 'correction'] },
  corrects: orNull(entryRef),
  period: orNull(yearMonth),
  source: object({ itemId: int(), index: int(), dataType: str() }),
}
const kpirRow = object({
  ...rowBase,
  ...Object.fromEntries(KPIR_AMOUNT_COLUMNS.map((c) => [c, moneyOrNull])),
  researchDescription: orNull(str()),
})
const ewpRow = object({ ...rowBase, entryDate: date, rate: orNull(str()), amount: money })
const kpirTotals = object(Object.fromEntries([...KPIR_AMOUNT_COLUMNS, 'costs', 'income'].map((c) => [c, money])))
const ewpTotals = object({ byRate: { type: 'object', additionalProperties: money }, total: money })
const bookMonth = object({
  month: yearMonth,
  kind: { type: 'string', enum: ['kpir', 'ewp'] },
  closes: date,
  closed: bool,
  history: bool,
  kpir: kpirTotals,
  kpirYearToDate: kpirTotals,
  ewp: ewpTotals,
  ewpYearToDate: ewpTotals,
})
const taxBookJson = object({
  year: int(),
  layout: { type: 'string', enum: ['2019', '2025'], description: 'The KPiR layout: 17 columns to 2025, 19 from 2026' },
  months: array(bookMonth),
  kpir: object({ rows: array(kpirRow), totals: kpirTotals }),
  ewp: object({ rates: array(str()), rows: array(ewpRow), totals: ewpTotals }),
  month: orNull(int('The month asked for, or null')),
  files: array(object({ form: { type: 'string', enum: ['JPK_PKPIR', 'JPK_EWP'] }, problems })),
})

const assetRowJson = object({
  id: int(),
  version: int(),
  number: str('The register’s number'),
  name: str(),
  acquisitionDate: date,
  entryDate: date,
  document: str(),
  kst: str('KŚT symbol or intangible kind'),
  kstName: orNull(object({ pl: str(), en: str() })),
  initialValue: money,
  improvements: array(object({ date, amount: money, document: str(), expensed: bool })),
  value: money,
  method: { type: 'string', enum: ['linear', 'degressive', 'individual', 'oneOff', 'expensed'] },
  rate: str('Yearly rate, percent'),
  degressiveFactor: orNull(str()),
  individualMonths: orNull(int()),
  period: { type: 'string', enum: ['month', 'quarter', 'year'] },
  car: orNull(object({ drive: str(), co2GramsPerKm: orNull(int()) })),
  carLimit: moneyOrNull,
  itemId: orNull(int('The purchase the asset was made from')),
  writeOffYear: money,
  deductibleYear: money,
  writeOffToDate: money,
  remaining: money,
  disposal: orNull(
    object({
      date,
      reason: { type: 'string', enum: ['sale', 'liquidation', 'privateUse'] },
      price: money,
      document: str(),
      changeOfActivity: bool,
      undepreciated: money,
      cost: money,
      vat: orNull(object({ percent: str('The VAT percent of the transfer (uVAT art. 7 ust. 2)'), amount: money })),
      vatExempt: bool,
    }),
  ),
})
const assetRegisterJson = object({
  year: int(),
  assets: array(assetRowJson),
  totals: object({ value: money, writeOffYear: money, deductibleYear: money, writeOffToDate: money, remaining: money }),
})
const assetCardJson = object({
  asset: assetRowJson,
  years: array(object({ year: int(), writeOff: money, deductible: money, cumulative: money, remaining: money })),
  postings: array(object({ month: str('yyyy-mm'), writeOff: money, deductible: money })),
  switchedToLinear: orNull(str('yyyy-mm')),
})
const monthDepreciationJson = object({
  month: str('yyyy-mm'),
  writeOff: money,
  deductible: money,
  disposalCost: money,
  improvementCost: money,
  assets: array(
    object({ id: int(), name: str(), writeOff: money, deductible: money, disposalCost: money, improvementCost: money }),
  ),
})

const logEntryJson = object({
  id: int('Global position of the event'),
  createdDate: { type: 'string', format: 'date-time' },
  userName: str('E-mail of the acting user, `system` for jobs'),
  eventType: str(),
  dataType: str(),
  dataObject: { type: 'object', additionalProperties: true },
})

/** Schemas the document names once (`components.schemas`) and the operations refer to. */
export const COMPONENTS: Readonly<Record<string, Json>> = {
  Error: ErrorBodyJson,
  Record: recordJson(DataTypes),
  CompanyRecord: recordJson(FAMILY_TYPES.config),
  FeeRecord: recordJson(FAMILY_TYPES.fee),
  RevenueRecord: recordJson(FAMILY_TYPES.revenue),
  Transaction: transactionJson,
  SummaryRow: summaryRowJson,
  Obligation: obligationJson,
  TaxBook: taxBookJson,
  AnnualReport: annualReportJson,
  AssetRegister: assetRegisterJson,
  AssetCard: assetCardJson,
  MonthDepreciation: monthDepreciationJson,
  LogEntry: logEntryJson,
}
const ref = (name: keyof typeof COMPONENTS & string): Json => ({ $ref: `#/components/schemas/${name}` })

// ---- Operations ----

/** An answer other than JSON: its media type and schema. */
interface Content {
  readonly mediaType: string
  readonly schema: Json
}

export interface OperationDoc {
  readonly summary: string
  readonly description?: string
  /** The success status (200 unless said). */
  readonly status?: 200 | 201
  readonly ok: Json | Content
  /** Error statuses beyond those the route's shape implies (see `impliedErrors`). */
  readonly errors?: readonly number[]
  /** Answers under other statuses with their own description and schema (e.g. a 201 beside the 200). */
  readonly extra?: Readonly<Record<number, { description: string; schema: Json }>>
}

const FAMILY_NAMES = {
  config: { what: 'company record', component: 'CompanyRecord' },
  fee: { what: 'fee', component: 'FeeRecord' },
  revenue: { what: 'revenue', component: 'RevenueRecord' },
} as const

const VERSIONED =
  'Name the version you change with `If-Match: "{version}"` or `version` in the body; another one answers 409 and nothing is written. Without a version the write is unconditional.'

function recordOperations(): Record<string, OperationDoc> {
  const ops: Record<string, OperationDoc> = {}
  for (const [family, { what, component }] of Object.entries(FAMILY_NAMES)) {
    const base = `/api/${family}`
    const one = ref(component)
    ops[`GET ${base}/GetByType/:type`] = {
      summary: `The current ${what} of a type`,
      description:
        'Company data: the record; settings: the one in force today (Polish date); items: the latest dated one.',
      ok: one,
      errors: [404],
    }
    ops[`GET ${base}/GetById/:id`] = { summary: `One ${what} by id`, ok: one, errors: [404] }
    ops[`GET ${base}/GetListByType/:type`] = {
      summary: `Every ${what} of a type`,
      description: 'Settings newest date first, items by date.',
      ok: array(one),
    }
    ops[`GET ${base}/GetListByDates/:from/:to`] = {
      summary: `The ${what} items dated in a range`,
      description: 'Both ends included.',
      ok: array(one),
    }
    ops[`POST ${base}`] = {
      summary: `Add a ${what}`,
      description:
        family === 'config'
          ? `A company record is one per type: when it exists this updates it (200). ${VERSIONED}`
          : undefined,
      status: 201,
      ok: one,
      errors: family === 'config' ? [409] : [],
      ...(family === 'config' ? { extra: { 200: { description: 'The existing record, updated', schema: one } } } : {}),
    }
    ops[`PUT ${base}/:id`] = {
      summary: `Change a ${what}`,
      description: `400 \`No changes on the form\` when nothing changed. ${VERSIONED}`,
      ok: one,
      errors: [404, 409],
    }
    ops[`DELETE ${base}/:id`] = { summary: `Delete a ${what}`, description: VERSIONED, ok: deleted, errors: [404, 409] }
    ops[`PUT ${base}/delete/:id`] = {
      summary: `Delete a ${what} (PUT form)`,
      description: `The same as DELETE, for clients that cannot send it. ${VERSIONED}`,
      ok: deleted,
      errors: [404, 409],
    }
  }
  const any = ref('Record')
  Object.assign(ops, {
    'GET /api/data/:type': { summary: 'Every record of a type (generic client)', ok: array(any) },
    'POST /api/data/:type': {
      summary: 'Add a record of a type (generic client)',
      description: 'The type comes from the path; `dataType` may be omitted.',
      status: 201,
      ok: any,
      errors: [409],
      extra: { 200: { description: 'An existing company record, updated', schema: any } },
    },
    'GET /api/data/:type/:id': { summary: 'One record of a type by id (generic client)', ok: any, errors: [404] },
    'PUT /api/data/:type/:id': {
      summary: 'Change a record (generic client)',
      description: VERSIONED,
      ok: any,
      errors: [404, 409],
    },
    'DELETE /api/data/:type/:id': {
      summary: 'Delete a record (generic client)',
      description: VERSIONED,
      ok: deleted,
      errors: [404, 409],
    },
    'PUT /api/data/:type/delete/:id': {
      summary: 'Delete a record (generic client, PUT form)',
      description: VERSIONED,
      ok: deleted,
      errors: [404, 409],
    },
  } satisfies Record<string, OperationDoc>)
  return ops
}

const acceptAnswer = object({ success: bool, message: str('In the language of the user') })

const flagsAnswer = object({
  id: transactionId,
  completed: bool,
  notification: bool,
  notificationCompleted: bool,
  paidAmount: orNull(money),
  paidOn: { type: ['string', 'null'], format: 'date' },
  remainingAmount: orNull(money),
})
const transactionDeleted = object({ success: { type: 'boolean', enum: [true] }, id: transactionId })

const transactionOperations: Record<string, OperationDoc> = {
  'GET /api/transaction/getCurrentMonth/:date': {
    summary: 'The month of a date',
    description: 'Computed from the current books; writes nothing.',
    ok: array(ref('Transaction')),
  },
  'POST /api/transaction/resetCurrentMonth': {
    summary: 'Reset the flags of a month',
    description:
      "Clears the user's flags (completed, notification, sent) of every transaction of the month of `date` and shows again the generated rows deleted from it; items, settings and amounts are untouched. Answers the month.",
    ok: array(ref('Transaction')),
    errors: [409],
  },
  'POST /api/transaction/resetCurrentYear': {
    summary: 'Reset the flags of a year',
    description: 'The same for every month of the year of `date`; answers the month of `date`.',
    ok: array(ref('Transaction')),
    errors: [409],
  },
  'GET /api/transaction/getSummary/:date': {
    summary: 'The year row of a date',
    description: 'Years from 100 before to 20 after the current one (inside 2000–2099).',
    ok: ref('SummaryRow'),
  },
  'GET /api/transaction/getSummaryList/:date/:n': {
    summary: 'Twelve month rows and the year row',
    description: '`n`: `true`/`1` cumulative, `false`/`0` month by month.',
    ok: array(ref('SummaryRow')),
  },
  'GET /api/transaction/obligations/:year': {
    summary: 'The tax and social security obligations of a year',
    ok: array(ref('Obligation')),
  },
  'PUT /api/transaction/:id': {
    summary: 'Set the flags of a transaction',
    description: 'Completing a row records its current amount as paid.',
    ok: flagsAnswer,
    errors: [404, 409],
  },
  'POST /api/transaction': {
    summary: 'Add a manual transaction',
    description: 'Body `{ eventType?, dataObject: { date, name, amount, isCompany?, percent? } }`.',
    status: 201,
    ok: ref('Transaction'),
    errors: [409],
  },
  'DELETE /api/transaction/:id': {
    summary: 'Delete a manual transaction or hide a generated one',
    description: 'A generated row stays hidden from its month until a Reset of the month or year.',
    ok: transactionDeleted,
    errors: [404, 409],
  },
  'PUT /api/transaction/delete/:id': {
    summary: 'Delete or hide a transaction (PUT form)',
    description: 'The same as DELETE, for clients that cannot send it.',
    ok: transactionDeleted,
    errors: [404, 409],
  },
  'GET /api/transaction/GetById/:id': {
    summary: 'One transaction as the books show it now',
    description: 'By identity, or by the integer id of a row recorded by an earlier version. 404 when hidden.',
    ok: ref('Transaction'),
    errors: [404],
  },
  'GET /api/transaction/GetListByType/:type': {
    summary: 'Transactions of a type in the current year',
    description: 'An eventType (`2_Fee`) or a dataType (`Vat`), in date order.',
    ok: array(ref('Transaction')),
  },
  'GET /api/transaction/GetByType/:type': {
    summary: 'The latest transaction of a type up to today',
    ok: ref('Transaction'),
    errors: [404],
  },
  'GET /api/transaction/annual/:year': {
    summary: 'The year end: the annual return, the health settlement and the forms compared',
    description:
      '`flatRate` sets the ryczałt rate of revenue without its own rate in the comparison. While the year is not over the figures include the months still to come.',
    ok: ref('AnnualReport'),
  },
  'PUT /api/transaction/annual/:year/inputs': {
    summary: "Set the annual return's common items of a year: losses carried forward, IKZE, spouse, children",
    description:
      'Body `{ losses?: [{ year, amount, deductedBefore?, oneOff? }], ikze?, spouse?: { jointFiling, income, advances } | null, singleParent?, children?: [{ months, disabled? }] }`. Validated whole (400 names every invalid field, nothing is written); answers the year end with the items applied (`annualReturn.items`).',
    ok: ref('AnnualReport'),
  },
  'GET /api/transaction/GetListByDates/:from/:to': {
    summary: 'Transactions dated in a range',
    description: 'At most 12 calendar months.',
    ok: array(ref('Transaction')),
  },
  'GET /api/transaction/Accept': {
    summary: 'Mark a reminded transaction completed (link of a reminder e-mail)',
    description:
      'No session: the signed `key` of the e-mail names the user and the transaction. A bad, tampered, expired or mismatched key answers 400 `{ success: false, message }`.',
    ok: acceptAnswer,
    extra: { 400: { description: 'A bad, tampered, expired or mismatched key', schema: acceptAnswer } },
  },
  'GET /api/transaction/Accept/:id': {
    summary: 'Mark a reminded transaction completed (link with the id)',
    description: 'As `transaction/Accept`; the id must be the one the key names.',
    ok: acceptAnswer,
    extra: { 400: { description: 'A bad, tampered, expired or mismatched key', schema: acceptAnswer } },
  },
}

const accountOperations: Record<string, OperationDoc> = {
  'POST /api/account/login': {
    summary: 'Log in',
    description:
      'An unknown e-mail and a wrong password get the same 401 in the same time. Rate limited per account and per client.',
    ok: object({ ...session, role: str('The role as text: `"1"` user, `"1024"` admin') }),
    errors: [401, 429],
  },
  'POST /api/account/refreshToken': {
    summary: 'A fresh token of the same session',
    description: 'Never valid past the start of the session + `FINANCE_SESSION_MAX_HOURS`.',
    ok: object({ success: { type: 'boolean', enum: [true] }, errors: array(str()), ...session }),
    errors: [429],
  },
  'POST /api/account/logout': {
    summary: 'Log out: end this session',
    description:
      "Ends the session of the bearer token: that token and every token refreshed from the same login answer 401 `!Token` from then on — at once on this instance, within a second on other instances on the same store. The user's other sessions (other browsers) go on. A token already ended, expired or revoked answers 401 `!Token` like any protected route. Not rate limited.",
    ok,
  },
  'POST /api/account/register': {
    summary: 'Register a user (ADMIN)',
    description: 'Needs an ADMIN token and the registration key. Sends a welcome e-mail.',
    ok,
    errors: [403, 429],
  },
  'POST /api/account/changePassword': {
    summary: 'Change your password',
    description: 'Revokes every earlier token of the user; `token` starts a new session.',
    ok: object({ success: { type: 'boolean', enum: [true] }, errors: array(str()), ...session }),
    errors: [403, 429],
  },
  'POST /api/account/resetPassword': {
    summary: 'Ask for a password reset code',
    description: 'Always answers success; when the user exists, e-mails a single-use link valid for one hour.',
    ok,
    errors: [403, 429],
  },
  'POST /api/account/resetPasswordConfirmed': {
    summary: 'Set a new password with a reset code',
    description: 'Revokes every earlier token of the user. A wrong, used or expired code answers 400.',
    ok,
    errors: [403, 429],
  },
}

const otherOperations: Record<string, OperationDoc> = {
  'GET /api/csrf': {
    summary: 'A CSRF token',
    description:
      'Sets the `_csrf` secret cookie and the readable `XSRF-TOKEN` cookie; send the token as `x-csrf-token` on writes that carry cookies.',
    ok: object({ token: str() }),
  },
  'GET /api/home/GetSettingsData': {
    summary: 'Who is logged in and which store answers',
    ok: object({ name: str("The caller's e-mail ('' without a token)"), dbName: str(), sizeInKB: { type: 'number' } }),
  },
  'GET /api/books/:year': {
    summary: 'The tax book of a year (KPiR or ewidencja przychodów)',
    description:
      'From the whole history with the moment of each change: entries of a closed month never change, later changes appear as corrections. `month` (1–12) narrows the rows.',
    ok: ref('TaxBook'),
  },
  'GET /api/books/:year/jpk': {
    summary: 'The JPK file of the tax book',
    description:
      'JPK_PKPIR(3) or JPK_EWP(4), checked against the official schema before it is sent. A 400 names in `fieldErrors` what the file still needs.',
    ok: { mediaType: 'application/xml', schema: { type: 'string', format: 'binary' } },
  },
  'POST /api/ksef/import': {
    summary: 'Import KSeF FA(3) invoices as incomes and expenses',
    description:
      'Up to 250 files (xml text or base64) a request. Each is checked against the official FA(3) schema; the answer reports per file what it became (`imported`), that the books hold it (`duplicate`) or why it was refused; a refused file writes nothing.',
    ok: object({ results: array(object({})), imported: { type: 'integer' }, refused: { type: 'integer' } }),
  },
  'GET /api/ksef/invoices/:id/fa3': {
    summary: 'The FA(3) invoice of a one-time company income',
    description:
      'Valid against the official FA(3) schema; Finance does not send it to KSeF. A 400 names in `fieldErrors` what the invoice still needs.',
    ok: { mediaType: 'application/xml', schema: { type: 'string', format: 'binary' } },
    errors: [404],
  },
  'PUT /api/ksef/invoices/:id/ksef-number': {
    summary: 'Record the KSeF number KSeF gave an invoice',
    description: '`null` or empty clears it. Answers the record.',
    ok: object({}),
    errors: [404],
  },
  'GET /api/ksef/connection': {
    summary: 'The KSeF connection: environment, token stored or not, the last fetch and sending',
    description: 'The token itself is never answered.',
    ok: object({
      environment: { type: 'string', enum: ['TEST', 'DEMO', 'PROD'] },
      hasToken: bool,
      nip: orNull(str()),
      highWaterMark: orNull(str('Where the next fetch starts (ISO 8601)')),
      lastFetch: { type: ['object', 'null'] },
      lastSend: { type: ['object', 'null'] },
      offline24: {
        type: 'boolean',
        description: 'Whether offline24 invoices can be issued (a KSeF certificate is held)',
      },
      certificate: orNull(object({ serial: str(), subject: str(), validTo: str() })),
      pendingOffline: array(
        object({
          itemId: int(),
          documentNumber: str(),
          mode: str(),
          reason: str(),
          issueDate: str(),
          unavailabilityEnd: orNull(str()),
          deadline: orNull(str('The last day to send it; null while the unavailability lasts')),
        }),
      ),
    }),
  },
  'PUT /api/ksef/connection': {
    summary: 'Store the KSeF token and the environment',
    description:
      'The token is kept encrypted (AES-256-GCM under a key of the server) and never answered or logged. Another environment starts the download of received invoices afresh.',
    ok: object({}),
  },
  'DELETE /api/ksef/connection': {
    summary: 'Forget the KSeF token',
    ok: object({}),
  },
  'POST /api/ksef/invoices/:id/send': {
    summary: 'Send the FA(3) invoice of a one-time company income to KSeF',
    description:
      'Records the KSeF number on the income and keeps the UPO (`GET …/upo`). A second sending answers 409; a sending whose answer was lost is repeated with the same file, which KSeF recognises, so there is never a second invoice. KSeF refusing the invoice answers 422 with its reasons; KSeF refusing the token 502; KSeF unavailable or limiting the requests 503 (`retry-after`). `x-finance-ksef-error` names the case.',
    ok: object({ itemId: int(), ksefNumber: str(), acquisitionDate: str() }),
    errors: [404, 409, 422, 502, 503],
  },
  'GET /api/ksef/unsent': {
    summary: 'The invoices waiting to be sent to KSeF, one per invoice',
    description:
      'The company’s one-time incomes without a KSeF number or marker, an invoice’s incomes (one per VAT rate) as one invoice: `itemId` is its first income, the id that sends it or issues it offline; `issueDate` the invoice date; `net` and `gross` the sums of its incomes.',
    ok: array(
      object({
        itemId: int(),
        itemIds: array(int()),
        documentNumber: str(),
        issueDate: str(),
        net: str(),
        gross: str(),
      }),
    ),
  },
  'POST /api/ksef/invoices/send-all': {
    summary: 'Send every one-time company income not yet in KSeF, in one batch session',
    description:
      'The incomes without a KSeF number (and without a marker keeping them out of KSeF) go in one batch session (`sesja-wsadowa.md`): zipped, encrypted and uploaded in parts. Each accepted invoice gets its KSeF number and UPO as in a single sending; the answer says per income whether it was sent, and why not (`invalid`, `rejected`, `duplicate`). Failures of KSeF itself as for sending.',
    ok: object({
      sent: int(),
      refused: int(),
      results: array(
        object({
          itemId: int(),
          documentNumber: str(),
          status: { type: 'string', enum: ['sent', 'invalid', 'rejected', 'duplicate'] },
          ksefNumber: orNull(str()),
          message: orNull(str()),
          details: array(str()),
        }),
      ),
    }),
    errors: [502, 503],
  },
  'POST /api/ksef/invoices/:id/offline': {
    summary: 'Issue the invoice of a one-time company income offline (tryby-offline.md)',
    description:
      'The FA(3) file is made now, with its issue date, and kept: it is sent later with `offlineMode`, by `POST /api/ksef/offline/send` or the scheduled job. `mode` offline24 (the default) needs the KSeF certificate (400, field `mode`, without it); offline and awaryjny follow KSeF’s announced unavailability or failure, whose end (`unavailabilityEnd`, when known) starts the deadline. A sending that finds KSeF down (503, `x-finance-ksef-error: OFFLINE`) marks the invoice offline itself.',
    ok: object({
      itemId: int(),
      documentNumber: str(),
      mode: { type: 'string', enum: ['offline24', 'offline', 'awaryjny'] },
      reason: { type: 'string', enum: ['chosen', 'unavailable'] },
      issueDate: str(),
      unavailabilityEnd: orNull(str()),
      deadline: orNull(str()),
    }),
    errors: [404],
  },
  'PUT /api/ksef/certificate': {
    summary: 'Store the KSeF certificate of type Offline and its private key (for KOD II)',
    description:
      '`certificate` and `privateKey`: the files in Base64 (PEM or DER alike); `password`: the key’s, when it is encrypted. Checked whole before anything is kept: an X.509 certificate whose key usage is Non-Repudiation (the type Offline), valid now; the key opened with the password, belonging to the certificate, RSA of 2048 bits or more or ECDSA P-256 (400 with the field otherwise). Kept sealed (AES-256-GCM under a key of the server for this purpose), the key opened and the password not kept; neither is ever answered or logged. Answers the connection (`offline24: true`, the certificate’s serial and validity).',
    ok: object({}),
  },
  'DELETE /api/ksef/certificate': {
    summary: 'Forget the KSeF certificate',
    ok: object({}),
  },
  'POST /api/ksef/offline/send': {
    summary: 'Send the invoices issued offline that wait for KSeF',
    description:
      'Each with the file kept when it was issued and `offlineMode: true`; KSeF answers a file it already holds with the original, so there is never a second invoice. Stops trying at the first sign that KSeF is still down or cannot be reached; every waiting invoice still has its result, the rest with that same error.',
    ok: object({
      sent: int(),
      failed: int(),
      results: array(
        object({
          itemId: int(),
          documentNumber: str(),
          ksefNumber: orNull(str()),
          error: { type: ['object', 'null'] },
        }),
      ),
    }),
    errors: [502, 503],
  },
  'GET /api/ksef/invoices/:id/pdf': {
    summary: 'The invoice of an income or a fetched expense as a PDF',
    description:
      'Drawn from its FA(3) file alone: the file KSeF holds once sent (with the KSeF number and the verification code KOD I of `kody-qr.md`), a preview without a code before that, the file KSeF gave for an expense fetched from KSeF. `?lang=en` for English. A 400 names what an income still needs for an invoice; an expense typed by hand has no file (404).',
    ok: { mediaType: 'application/pdf', schema: { type: 'string', format: 'binary' } },
    errors: [404],
  },
  'GET /api/ksef/invoices/:id/html': {
    summary: 'The invoice of an income or a fetched expense as an HTML preview',
    description: 'The same document as the PDF, as one HTML page (every text from the file escaped).',
    ok: { mediaType: 'text/html', schema: { type: 'string' } },
    errors: [404],
  },
  'GET /api/ksef/invoices/:id/upo': {
    summary: 'The UPO of an invoice sent to KSeF',
    description: "KSeF's acknowledgement of receipt, as KSeF sent it (checked against upo-v4-3.xsd on receipt).",
    ok: { mediaType: 'application/xml', schema: { type: 'string', format: 'binary' } },
    errors: [404],
  },
  'POST /api/ksef/fetch': {
    summary: 'Fetch the invoices received in KSeF since the last fetch',
    description:
      'From the high-water mark of the last fetch (the first reaches 90 days back); each invoice goes through the FA(3) import, so a purchase invoice becomes an expense and one already held is a duplicate. Failures as for sending.',
    ok: object({
      at: str(),
      ok: bool,
      received: int(),
      imported: int(),
      duplicates: int(),
      refused: int(),
      error: { type: ['object', 'null'] },
    }),
    errors: [502, 503],
  },
  'GET /api/jpk/v7/:period': {
    summary: 'The JPK_V7M / JPK_V7K file of a month or quarter',
    description:
      '`2026-03` or `2026-Q1`. Register and declaration from the engine that computes the VAT card; checked against its schema (`x-finance-schema` says which) before it is sent.',
    ok: { mediaType: 'application/xml', schema: { type: 'string', format: 'binary' } },
  },
}

const inventoryList = orNull(
  object({
    year: int(),
    kind: { type: 'string', enum: ['start', 'end'] },
    date,
    amount: money,
    lines: array(object({ name: str(), quantity: str(), unit: str(), price: money })),
  }),
)
const inventoryJson = object({
  year: int(),
  start: money,
  end: moneyOrNull,
  change: money,
  lists: object({ start: inventoryList, end: inventoryList }),
})

/** A fixed asset's VAT: the art. 91 correction period, changes of use and the corrections they make. */
const assetVatJson = object({
  id: int(),
  correctionYears: { type: 'integer', enum: [5, 10] },
  lastYear: int('The last year of the correction period'),
  changes: array(
    object({
      date,
      taxedPercent: str('Share of taxed use from the date, 0–100'),
      previousPercent: str('Share deducted before, 0–100'),
      inputVat: money,
    }),
  ),
  corrections: array(
    object({
      month: str('yyyy-mm'),
      year: int(),
      amount: money,
      forRemainingYears: bool,
    }),
  ),
})
const assetVatOperations: Record<string, OperationDoc> = {
  'GET /api/assets/:id/vat': {
    summary: 'An asset’s VAT: its correction period, changes of use and art. 91 corrections',
    description:
      'Corrections of the input tax (uVAT art. 91 ust. 7, 7a): above 15 000 zł 1/5 (real estate 1/10) of the tax times the change of the taxed share for each year from the change to the end of the period, in the January declaration of the next year (K_44 / P_44); up to 15 000 zł once in the month of the change, within 12 months of entry.',
    ok: assetVatJson,
    errors: [404],
  },
  'POST /api/assets/:id/vat': {
    summary: 'Record a change of the asset’s use for VAT (art. 91)',
    description:
      'Body `{ date, taxedPercent, inputVat?, previousPercent? }`: the share of taxed use from the date; the input tax and the share deducted before come from the asset’s purchase (or its last change) unless given. A 400 names each field; nothing is written.',
    ok: assetVatJson,
    errors: [404],
  },
}

const vatRefundJson = object({
  month: str('The month the refund is asked for under (yyyy-mm)'),
  refund: orNull(
    object({
      amount: orNull(str('Whole złoty asked for; null: the whole excess')),
      term: str('days15 (P_540), vatAccount25 (P_55), days25 (P_56), days40 (P_560), days60 (P_57), days180 (P_58)'),
      offset: orNull(object({ amount: money, liability: str('The future tax liability (P_61)') })),
    }),
  ),
  period: orNull(
    object({
      from: str(),
      to: str(),
      complete: bool,
      dueDate: str('The declaration’s due date'),
      requestMonth: orNull(str('The month whose request the period’s declaration takes')),
      excess: { ...money, description: 'P_53: the excess of input over output tax' },
      refunded: { ...money, description: 'P_54: what is refunded, at most the excess' },
      offsetApplied: { ...money, description: 'P_60: what of it is set against future liabilities' },
      carried: { ...money, description: 'P_62: what is carried to the next period' },
      lastDay: orNull(str('The term’s last day when the declaration is filed on its due date')),
    }),
  ),
})
const vatRefundDescription =
  'uVAT art. 87: the excess of input VAT of a period (P_53) is carried forward or refunded in whole or in part (P_54, at most the excess; P_62 = P_53 − P_54). A quarter takes the request of its latest month that has one.'
const vatRefundOperations: Record<string, OperationDoc> = {
  'GET /api/vat/refund/:month': {
    summary: 'The refund of the excess of input VAT asked for under a month, and its period’s figures',
    description: vatRefundDescription,
    ok: vatRefundJson,
  },
  'PUT /api/vat/refund/:month': {
    summary: 'Ask for a refund of the excess of input VAT in the declaration of the month’s period',
    description: `${vatRefundDescription} Body \`{ amount?: whole złoty (blank: the whole excess), term, offset?: { amount, liability } }\`; validated whole (400 names every invalid field, nothing is written). Asking again for the same writes nothing.`,
    ok: vatRefundJson,
  },
  'DELETE /api/vat/refund/:month': {
    summary: 'Withdraw the refund asked for under a month: the excess is carried forward whole',
    description: vatRefundDescription,
    ok: vatRefundJson,
  },
}

const assetOperations: Record<string, OperationDoc> = {
  'GET /api/assets': {
    summary: 'The register of fixed assets as of a year’s end',
    description:
      'Every field of uPIT art. 22n ust. 4 with the write-offs for the year and to date (docs/tax-rules.md §14); `year` defaults to this year.',
    ok: ref('AssetRegister'),
  },
  'GET /api/assets/:id': {
    summary: 'An asset’s card: its plan year by year and as booked',
    ok: ref('AssetCard'),
    errors: [404],
  },
  'GET /api/assets/depreciation/:month': {
    summary: 'The depreciation of a month (the dashboard’s row)',
    description:
      'Write-offs booked in the month, their deductible part and the costs of the month’s disposals, per asset.',
    ok: ref('MonthDepreciation'),
  },
  'POST /api/assets': {
    summary: 'Enter an asset in the register',
    description:
      'With `itemId` a one-time company expense becomes the asset in one action: it stops being a cost (its input VAT still counts) and fills the name, value, acquisition date and document the body leaves out. Every field is validated, then what the law allows; a 400 names each field.',
    ok: ref('AssetCard'),
  },
  'POST /api/assets/:id/improvements': {
    summary: 'Record an improvement raising the initial value',
    ok: ref('AssetCard'),
    errors: [404],
  },
  'POST /api/assets/:id/disposal': {
    summary: 'Record the asset’s sale, liquidation or transfer to private use',
    description:
      'Body `{ date, reason, price, changeOfActivity, document, vatRate?, vatExempt? }`. Write-offs end in the month of the disposal; the undepreciated value is a cost where the law allows. `vatExempt: true` (a sale only): a VAT payer’s sale exempt under uVAT art. 43; within the asset’s art. 91 period it corrects the input VAT of the years left.',
    ok: ref('AssetCard'),
    errors: [404],
  },
  'GET /api/inventory/:year': {
    summary: 'The stock-takings of a year (spis z natury) and their change to the year’s income',
    description:
      'The start is the year’s own stock-taking, else the end of the year before; `change` = end − start (0 until the end is taken).',
    ok: inventoryJson,
  },
  'POST /api/inventory': {
    summary: 'Record a stock-taking at the start or the end of a year, with its list',
    description:
      'Body `{ year, kind: "start"|"end", date?, amount?, lines?: [{ name, quantity, unit, price }] }`; with lines the value is their sum (quantity × price to the grosz). It replaces an earlier one of the same year and kind, changes the annual return’s income (never an advance) and fills JPK_PKPIR’s P_1 / P_2.',
    ok: inventoryJson,
  },
  'POST /api/assets/:id/private-sale': {
    summary: 'Record the later sale of an asset taken to private use (the six-year rule)',
    description:
      'Body `{ date, price, document? }`. Within six years from the first day of the month after the transfer (uPIT art. 10 ust. 2 pkt 3) the price is business revenue and the undepreciated value a cost in the month of the sale; later the sale is private. Only for an asset disposed of with `privateUse`, once. Answers the asset’s card (`asset.privateSale`).',
    ok: ref('AssetCard'),
    errors: [404],
  },
  'DELETE /api/assets/:id': {
    summary: 'Remove an asset entered in error',
    ok,
    errors: [404],
  },
  ...assetVatOperations,
  ...vatRefundOperations,
}

const logPage: OperationDoc = {
  summary: 'A page of the event log (ADMIN)',
  description:
    'Needs an ADMIN token and the ADMIN api key (`x-api-key` or `?key=`). The number of matching entries is in the `X-Total-Count` header; `search` (`-` for none) matches user, types and payload text.',
  ok: array(ref('LogEntry')),
  errors: [403, 429],
}

const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] })

/** Backups and a user's own data. */
const safetyOperations: Record<string, OperationDoc> = {
  'GET /api/admin/backup': {
    summary: 'The scheduled backup and its last result (ADMIN)',
    description:
      '`configured` is false unless `FINANCE_BACKUP_DIR` is set. `last` is the last backup this server ran, or else the newest file in the directory.',
    ok: object({
      configured: { type: 'boolean' },
      intervalHours: nullable({ type: 'number' }),
      keep: nullable({ type: 'integer' }),
      last: nullable(
        object({
          at: str('ISO time'),
          ok: { type: 'boolean' },
          file: nullable(str()),
          sizeBytes: nullable({ type: 'integer' }),
          events: nullable({ type: 'integer' }),
          digest: nullable(str('The replay digest recorded in the backup')),
          seconds: nullable({ type: 'number' }),
          error: nullable(str('Why it failed: a code')),
        }),
      ),
    }),
    errors: [403],
  },
  'GET /api/account/export': {
    summary: 'Your own data: every event of your books and account (Export my data)',
    description:
      'JSON lines (docs/data-export.md): a header with the format version, the event schema versions and the replay digest of your books, then every event in commit order. No secrets. `finance import` reads it into another installation.',
    ok: { mediaType: 'application/x-ndjson', schema: { type: 'string', format: 'binary' } },
    errors: [404],
  },
  'DELETE /api/admin/users/:email': {
    summary: 'Delete an account (ADMIN)',
    description:
      "The login ends at once (the password is removed; every session of the account is refused from its next request). The books are kept until `retainUntil`, the end of the sixth year after this one (the tax law's retention period), then `finance users purge` erases them. The last ADMIN cannot be deleted (400).",
    ok: object({
      success: { type: 'boolean', enum: [true] },
      errors: array(str()),
      email: str(),
      retainUntil: str('yyyy-mm-dd'),
    }),
    errors: [400, 404],
  },
}

export const OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  ...safetyOperations,
  ...(bankOperations as Readonly<Record<string, OperationDoc>>),
  ...(invoiceOperations as Readonly<Record<string, OperationDoc>>),
  ...accountOperations,
  ...recordOperations(),
  ...transactionOperations,
  ...otherOperations,
  ...assetOperations,
  ...(rateOperations as Readonly<Record<string, OperationDoc>>),
  ...(setupOperations as Readonly<Record<string, OperationDoc>>),
  ...(exportOperations as Readonly<Record<string, OperationDoc>>),
  'GET /api/log/GetPage/:pageSize/:pageNumber/:descending/:search': logPage,
  'GET /api/log/GetPage/:pageSize/:pageNumber/:descending': logPage,
}

// ---- Errors ----

const ERROR_TEXT: Readonly<Record<number, string>> = {
  400: 'Invalid input: `errors` lists the messages, `fieldErrors` names each invalid field',
  401: 'Missing, invalid, expired or revoked token (`!Token`), or failed login',
  403: 'Access denied: an ADMIN route, another user, or a cookie-borne write without a valid `x-csrf-token`',
  404: 'Not found (unknown, deleted, of another type or of another user)',
  409: 'The record or the books changed meanwhile; nothing was written',
  413: 'Request body is too large',
  414: 'Request address is too long',
  415: 'Unsupported media type: send `application/json`',
  429: 'Too many requests, try again later (`retry-after` gives the seconds)',
  422: 'KSeF refused the document: `errors` gives its reasons',
  502: 'KSeF refused the credentials or answered outside its documented API',
  503: 'KSeF is unavailable or limits the requests (`retry-after` gives the seconds when known)',
}

interface RouteSchema {
  body?: unknown
  params?: unknown
  querystring?: unknown
  security?: unknown
  [k: string]: unknown
}

/** The errors the shape of a route implies: input → 400; a body → 413 and 415; a token → 401; a write → 403 (CSRF). */
export function impliedErrors(method: string, schema: RouteSchema): number[] {
  const errors: number[] = []
  if (schema.body || schema.params || schema.querystring) errors.push(400)
  if (schema.params) errors.push(414)
  if (schema.body) errors.push(413, 415)
  if (schema.security) errors.push(401)
  if (method !== 'GET' && method !== 'HEAD') errors.push(403)
  return errors
}

const responseOf = (description: string, body: Json | Content): Json =>
  'mediaType' in body
    ? { description, content: { [(body as Content).mediaType]: { schema: (body as Content).schema } } }
    : { description, ...(body as Json) }

/** @fastify/swagger `transform`: the route's own schema plus its `OPERATIONS` entry. */
export function describeRoute({ schema, url, route }: { schema?: unknown; url: string; route: { method: unknown } }): {
  schema: Json
  url: string
} {
  const own = (schema ?? {}) as RouteSchema
  const method = ([route.method].flat()[0] as string).toUpperCase()
  const doc = OPERATIONS[`${method} ${url}`]
  if (!doc) return { schema: own, url }
  const statuses = [...new Set([...impliedErrors(method, own), ...(doc.errors ?? [])])].sort((a, b) => a - b)
  const response: Record<number, Json> = {
    [doc.status ?? 200]: responseOf(doc.status === 201 ? 'Created' : 'OK', doc.ok),
  }
  for (const [status, extra] of Object.entries(doc.extra ?? {}))
    response[Number(status)] = responseOf(extra.description, extra.schema)
  for (const status of statuses) response[status] ??= { description: ERROR_TEXT[status] ?? 'Error', ...ref('Error') }
  return {
    schema: {
      ...own,
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      response,
    },
    url,
  }
}
