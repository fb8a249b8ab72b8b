/**
 * Bank statements (docs/api.md, "Bank"):
 * - `GET /api/bank`: accounts with balances, statements, gaps between them, the ZUS account, rules, the queue's size;
 * - `POST /api/bank/import` (files, base64) and `POST /api/bank/statements` (statements already parsed): a result per
 *   file, a refused file writes nothing; `preview: true` writes nothing at all;
 * - accounts, the ZUS contribution account, lines, the queue with suggestions, matching, splitting, creating an
 *   item from a line, marking it private, rules, and the receivables and payables.
 */
import { Buffer } from 'node:buffer'
import {
  checkWhiteList,
  flatFileWhiteList,
  importBankFiles,
  importBankStatements,
  isValidIban,
  readFlatFile,
  WhiteListError,
} from '@finance/books'
import {
  addMonthsToMonth,
  type BankLineStatus,
  type BankLineView,
  type BooksState,
  bankLines,
  bankOverview,
  bankQueue,
  bankTransactionLabels,
  isYearMonth,
  paymentStates,
  whiteListPayments,
} from '@finance/ledger-core/light'
import * as Schema from 'effect/Schema'
import type { FastifyInstance } from 'fastify'
import { validationError } from '../http/errors.ts'
import {
  base64Text,
  body,
  DateParamSchema,
  effectSchema,
  IdParams,
  JsonObject,
  oneOf,
  orderedRange,
} from '../http/validation.ts'
import { booksOf, run } from './books.ts'

export const MAX_BANK_FILES = 100
export const BANK_BODY_LIMIT = 32 * 1024 * 1024
/** The flat file of the VAT payers' list, base64 (the Ministry's daily file is a few hundred MB unpacked). */
export const WHITE_LIST_BODY_LIMIT = 512 * 1024 * 1024

/** The account given for a CSV export that names none: an IBAN or a Polish NRB whose check digits are right. */
const ACCOUNT_INVALID = 'Account number is not a valid IBAN'

const text = (message: string, max: number) =>
  Schema.String.annotations({ message: () => message }).pipe(Schema.maxLength(max, { message: () => message }))

const ImportBody = body(
  Schema.Struct({
    files: Schema.Array(
      Schema.Struct({
        fileName: text('File name must be text of at most 255 characters', 255),
        base64: base64Text(BANK_BODY_LIMIT),
      }),
    ).pipe(
      Schema.minItems(1, { message: () => 'Choose at least one file' }),
      Schema.maxItems(MAX_BANK_FILES, { message: () => `At most ${MAX_BANK_FILES} files at once` }),
    ),
    preview: Schema.optional(Schema.Boolean),
    csvMapping: Schema.optional(JsonObject),
    account: Schema.optional(text(ACCOUNT_INVALID, 64)),
  }),
  { files: 'Files must be a list of { fileName, base64 }' },
)

const StatementsBody = body(
  Schema.Struct({
    statements: Schema.Array(JsonObject).pipe(
      Schema.minItems(1, { message: () => 'Give at least one statement' }),
      Schema.maxItems(MAX_BANK_FILES, { message: () => `At most ${MAX_BANK_FILES} statements at once` }),
    ),
    preview: Schema.optional(Schema.Boolean),
  }),
  { statements: 'Statements must be a list of bank statements' },
)

const WhiteListBody = body(
  Schema.Struct({
    fileName: Schema.optional(text('File name must be text of at most 255 characters', 255)),
    base64: base64Text(WHITE_LIST_BODY_LIMIT),
  }),
  { base64: 'File content must be base64 text' },
)

const AccountBody = body(JsonObject)
const ZusBody = body(Schema.Struct({ account: Schema.NullOr(text('Account must be text', 64)) }), {
  account: 'Account must be text',
})
const MatchBody = body(
  Schema.Struct({
    allocations: Schema.Array(JsonObject).pipe(Schema.minItems(1, { message: () => 'Give between 1 and 50 parts' })),
    reason: Schema.optional(text('Reason must be text', 80)),
  }),
  { allocations: 'Give between 1 and 50 parts' },
)
const ItemBody = body(JsonObject)
const RuleBody = body(JsonObject)

const LINE_ID = /^[0-9a-f]{16}$/
const LineParams = effectSchema(
  Schema.Struct({
    lineId: Schema.String.pipe(Schema.pattern(LINE_ID, { message: () => 'Line id must be 16 hex digits' })),
  }),
  { type: 'object', required: ['lineId'], properties: { lineId: { type: 'string', pattern: '^[0-9a-f]{16}$' } } },
)

/**
 * A line as the routes answer it: with `transactions`, what the books show (name, date, amount) of each transaction
 * its match pays, so a screen names them as the user knows them rather than by id.
 */
const lineAnswer = (state: BooksState, line: BankLineView) => ({
  ...line,
  transactions: bankTransactionLabels(state, line.match?.allocations ?? []),
})

/** The line `lineId` as the routes answer it, `null` when the books have no such line. */
const lineById = (state: BooksState, lineId: string) => {
  const line = bankLines(state, {}).lines.find((l) => l.lineId === lineId)
  return line ? lineAnswer(state, line) : null
}

const LinesQuery = effectSchema(
  Schema.Struct({
    accountId: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.positive())),
    from: Schema.optional(DateParamSchema),
    to: Schema.optional(DateParamSchema),
    status: Schema.optional(
      oneOf(
        ['matched', 'private', 'transfer', 'unmatched'] as const,
        'Status must be matched, private, transfer or unmatched',
      ),
    ),
    limit: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 1000))),
    offset: Schema.optional(Schema.NumberFromString.pipe(Schema.int(), Schema.nonNegative())),
  }).pipe(Schema.filter(orderedRange)),
  {
    type: 'object',
    properties: {
      accountId: { type: 'integer' },
      from: { type: 'string', format: 'date' },
      to: { type: 'string', format: 'date' },
      status: { type: 'string', enum: ['matched', 'private', 'transfer', 'unmatched'] },
      limit: { type: 'integer', minimum: 1, maximum: 1000 },
      offset: { type: 'integer', minimum: 0 },
    },
  },
  {
    accountId: 'Account id must be a positive whole number',
    limit: 'Limit must be 1 to 1000',
    offset: 'Offset must be 0 or more',
  },
)

const MONTH_MESSAGE = 'Month must be in format yyyy-mm'
const MonthText = Schema.String.annotations({ message: () => MONTH_MESSAGE }).pipe(
  Schema.filter((s) => isYearMonth(s), { message: () => MONTH_MESSAGE }),
)
const OpenQuery = effectSchema(
  Schema.Struct({
    // A real month (`2026-13` is none), so that a reversed range is the only reason left for the range's message.
    from: Schema.optional(MonthText),
    to: Schema.optional(MonthText),
    all: Schema.optional(oneOf(['true', 'false'] as const, 'All must be true or false')),
  }),
  {
    type: 'object',
    properties: {
      from: { type: 'string', example: '2026-01' },
      to: { type: 'string', example: '2026-03' },
      all: { type: 'string', enum: ['true', 'false'], description: 'true: paid items too' },
    },
  },
)

export default async function bankRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }
  const tags = ['bank']

  const overview = async (request: Parameters<typeof booksOf>[1]) => {
    const { state } = await booksOf(app, request)
    const rules = [...state.bank.rules.values()].filter((r) => !r.deleted).sort((a, b) => a.id - b.id)
    const csvMappings = [...state.bank.csvMappings.values()].filter((m) => !m.deleted).sort((a, b) => a.id - b.id)
    return { ...bankOverview(state), rules, csvMappings }
  }

  app.get('/api/bank', { ...auth, schema: { tags } }, async (request) => overview(request))

  app.post(
    '/api/bank/import',
    { ...auth, bodyLimit: BANK_BODY_LIMIT, schema: { tags, body: ImportBody } },
    async (request) => {
      const b = request.body as {
        files: readonly { fileName: string; base64: string }[]
        preview?: boolean
        csvMapping?: Record<string, unknown>
        account?: string
      }
      if (b.account !== undefined && !isValidIban(b.account))
        throw validationError([{ field: 'account', message: ACCOUNT_INVALID }])
      const files = b.files.map((f) => ({
        fileName: f.fileName,
        bytes: new Uint8Array(Buffer.from(f.base64, 'base64')),
      }))
      return importBankFiles(app.finance.store, request.user.sub, files, app.finance.now, {
        preview: b.preview === true,
        // The parser checks a mapping's columns itself and refuses the file with the reason.
        ...(b.csvMapping ? { csvMapping: b.csvMapping as never } : {}),
        // The account of a CSV export that names none (PKO BP's history); a file naming its own keeps it.
        ...(b.account !== undefined ? { account: b.account } : {}),
        correlationId: String(request.id),
      })
    },
  )

  app.post(
    '/api/bank/statements',
    { ...auth, bodyLimit: BANK_BODY_LIMIT, schema: { tags, body: StatementsBody } },
    async (request) => {
      const b = request.body as { statements: readonly Record<string, unknown>[]; preview?: boolean }
      const groups = b.statements.map((s, i) => ({ fileName: `statements.${i}`, statements: [s as never] }))
      return importBankStatements(app.finance.store, request.user.sub, groups, app.finance.now, {
        preview: b.preview === true,
        correlationId: String(request.id),
      })
    },
  )

  app.post('/api/bank/accounts', { ...auth, schema: { tags, body: AccountBody } }, async (request, reply) => {
    const b = request.body as Record<string, unknown>
    const { events } = await run(app, request, { type: 'SaveBankAccount', ...b } as never)
    reply.code(201)
    return events[0]?.data
  })

  app.put(
    '/api/bank/accounts/:id',
    { ...auth, schema: { tags, params: IdParams, body: AccountBody } },
    async (request) => {
      const { id } = request.params as { id: number }
      const { events, state } = await run(app, request, {
        ...(request.body as Record<string, unknown>),
        type: 'SaveBankAccount',
        id,
      } as never)
      return events[0]?.data ?? state.bank.accounts.get(id)
    },
  )

  app.delete('/api/bank/accounts/:id', { ...auth, schema: { tags, params: IdParams } }, async (request) => {
    const { id } = request.params as { id: number }
    await run(app, request, { type: 'DeleteBankAccount', id })
    return { success: true }
  })

  app.put('/api/bank/zus-account', { ...auth, schema: { tags, body: ZusBody } }, async (request) => {
    const { account } = request.body as { account: string | null }
    const { state } = await run(app, request, { type: 'SetZusAccount', account })
    return { account: state.bank.zusAccount }
  })

  app.get('/api/bank/lines', { ...auth, schema: { tags, querystring: LinesQuery } }, async (request) => {
    const q = request.query as {
      accountId?: number
      from?: string
      to?: string
      status?: BankLineStatus
      limit?: number
      offset?: number
    }
    const { state } = await booksOf(app, request)
    const { total, lines } = bankLines(state, q)
    return { total, lines: lines.map((l) => lineAnswer(state, l)) }
  })

  app.get('/api/bank/queue', { ...auth, schema: { tags } }, async (request) => {
    const { state } = await booksOf(app, request)
    // Each entry names what its suggestions would pay as the books show it (`transactions`, by id).
    return bankQueue(state, app.finance.today()).map((entry) => ({
      ...entry,
      transactions: bankTransactionLabels(
        state,
        entry.suggestions.flatMap((x) => x.allocations),
      ),
    }))
  })

  app.put(
    '/api/bank/lines/:lineId/match',
    { ...auth, schema: { tags, params: LineParams, body: MatchBody } },
    async (request) => {
      const { lineId } = request.params as { lineId: string }
      const b = request.body as { allocations: unknown[]; reason?: string }
      const { state } = await run(app, request, {
        type: 'MatchBankLine',
        lineId,
        allocations: b.allocations,
        reason: b.reason,
      })
      return lineById(state, lineId)
    },
  )

  app.delete('/api/bank/lines/:lineId/match', { ...auth, schema: { tags, params: LineParams } }, async (request) => {
    const { lineId } = request.params as { lineId: string }
    const { state } = await run(app, request, { type: 'UnmatchBankLine', lineId })
    return lineById(state, lineId)
  })

  app.post(
    '/api/bank/lines/:lineId/item',
    { ...auth, schema: { tags, params: LineParams, body: ItemBody } },
    async (request, reply) => {
      const { lineId } = request.params as { lineId: string }
      const { events } = await run(app, request, {
        ...(request.body as Record<string, unknown>),
        type: 'CreateItemFromBankLine',
        lineId,
      } as never)
      reply.code(201)
      return events.find((e) => e.type === 'ItemAdded')?.data ?? null
    },
  )

  app.post('/api/bank/rules', { ...auth, schema: { tags, body: RuleBody } }, async (request, reply) => {
    const { events } = await run(app, request, { type: 'SaveBankRule', data: request.body })
    reply.code(201)
    return events[0]?.data
  })

  app.put('/api/bank/rules/:id', { ...auth, schema: { tags, params: IdParams, body: RuleBody } }, async (request) => {
    const { id } = request.params as { id: number }
    const { events, state } = await run(app, request, { type: 'SaveBankRule', id, data: request.body })
    return events[0]?.data ?? state.bank.rules.get(id)
  })

  app.delete('/api/bank/rules/:id', { ...auth, schema: { tags, params: IdParams } }, async (request) => {
    const { id } = request.params as { id: number }
    await run(app, request, { type: 'DeleteBankRule', id })
    return { success: true }
  })

  app.post('/api/bank/csv-mappings', { ...auth, schema: { tags, body: RuleBody } }, async (request, reply) => {
    const b = request.body as Record<string, unknown>
    const { events } = await run(app, request, {
      type: 'SaveBankCsvMapping',
      name: b.name,
      header: b.header,
      mapping: b.mapping,
    })
    reply.code(201)
    return events[0]?.data
  })

  app.delete('/api/bank/csv-mappings/:id', { ...auth, schema: { tags, params: IdParams } }, async (request) => {
    const { id } = request.params as { id: number }
    await run(app, request, { type: 'DeleteBankCsvMapping', id })
    return { success: true }
  })

  app.get('/api/bank/whitelist', { ...auth, schema: { tags } }, async (request) => {
    const { state } = await booksOf(app, request)
    return { payments: whiteListPayments(state) }
  })

  app.post(
    '/api/bank/whitelist',
    { ...auth, bodyLimit: WHITE_LIST_BODY_LIMIT, schema: { tags, body: WhiteListBody } },
    async (request) => {
      const b = request.body as { base64: string }
      let list: ReturnType<typeof flatFileWhiteList>
      try {
        list = flatFileWhiteList(readFlatFile(new Uint8Array(Buffer.from(b.base64, 'base64'))))
      } catch (e) {
        if (e instanceof WhiteListError) throw validationError([{ field: 'file', message: e.message }])
        throw e
      }
      const report = await checkWhiteList(app.finance.store, request.user.sub, list, app.finance.now, {
        correlationId: String(request.id),
      })
      const f = list.file
      return { file: { date: f.date, active: f.active, exempt: f.exempt, masks: f.masks.length }, ...report }
    },
  )

  app.get('/api/bank/open-items', { ...auth, schema: { tags, querystring: OpenQuery } }, async (request) => {
    const q = request.query as { from?: string; to?: string; all?: 'true' | 'false' }
    const today = app.finance.today()
    const to = q.to ?? today.slice(0, 7)
    const from = q.from ?? addMonthsToMonth(to, -11)
    if (from > to) throw validationError([{ field: 'from', message: 'The first month is after the last' }])
    const months: string[] = []
    for (let m = from; m <= to && months.length < 120; m = addMonthsToMonth(m, 1)) months.push(m)
    const { state } = await booksOf(app, request)
    const items = paymentStates(state, months, today, { open: q.all !== 'true' })
    return {
      receivables: items.filter((i) => i.kind === 'receivable'),
      payables: items.filter((i) => i.kind === 'payable'),
    }
  })
}
