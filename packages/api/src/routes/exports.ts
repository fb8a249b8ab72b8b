/**
 * `export/*`: the computed books, a year's summary and the tax book as CSV files — RFC 4180 (`dialect=csv`, the
 * default) or the Polish Excel dialect (`dialect=excel`: semicolons, decimal commas, a byte order mark), UTF-8. The
 * bytes are those of the CLI's `finance export --format csv`, `finance report year --csv|--excel` and `finance books
 * --format csv`: one function each in `@finance/books` (`exports/`).
 */
import { loadBooks, summaryCsv, taxBookCsv, transactionsCsv, yearBook } from '@finance/books'
import { EXCEL_PL, RFC4180 } from '@finance/ledger-core/format'
import { isYearMonth, monthsBetween } from '@finance/ledger-core/light'
import { defaultForm, type JpkForm } from '@finance/tax-files'
import * as Schema from 'effect/Schema'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { badRequest } from '../http/errors.ts'
import { effectSchema, oneOf } from '../http/validation.ts'
import { MonthSchema, YearParams } from './taxBooks.ts'

const DIALECTS = ['csv', 'excel'] as const
const DIALECT_MESSAGE = 'Dialect must be csv or excel'
const PERIOD_MESSAGE = 'Month must be in format yyyy-mm'
const RANGE_MESSAGE = 'The period must be at most 12 months, from the first month to the last'
const FORMS = ['JPK_PKPIR', 'JPK_EWP'] as const
const LANGS = ['pl', 'en'] as const

const dialectJson = {
  type: 'string',
  enum: [...DIALECTS],
  description: 'csv: RFC 4180 (default); excel: the Polish Excel dialect (";", decimal comma, BOM)',
}

const YearMonth = Schema.String.annotations({ message: () => PERIOD_MESSAGE }).pipe(
  Schema.filter((s) => isYearMonth(s), { message: () => PERIOD_MESSAGE }),
)

const TransactionsQuery = effectSchema(
  Schema.Struct({ from: YearMonth, to: YearMonth, dialect: Schema.optional(oneOf(DIALECTS, DIALECT_MESSAGE)) }),
  {
    type: 'object',
    required: ['from', 'to'],
    properties: {
      from: { type: 'string', description: 'First month, yyyy-mm' },
      to: { type: 'string', description: 'Last month, yyyy-mm (at most 12 months in all)' },
      dialect: dialectJson,
    },
  },
)

const SummaryQuery = effectSchema(
  Schema.Struct({
    cumulative: Schema.optional(oneOf(['true', 'false'] as const, 'Cumulative must be true or false')),
    dialect: Schema.optional(oneOf(DIALECTS, DIALECT_MESSAGE)),
  }),
  {
    type: 'object',
    properties: {
      cumulative: { type: 'string', enum: ['true', 'false'], description: 'true: each month from January' },
      dialect: dialectJson,
    },
  },
)

const BooksQuery = effectSchema(
  Schema.Struct({
    month: Schema.optional(MonthSchema),
    form: Schema.optional(oneOf(FORMS, 'Form must be JPK_PKPIR or JPK_EWP')),
    lang: Schema.optional(oneOf(LANGS, 'Language must be pl or en')),
    dialect: Schema.optional(oneOf(DIALECTS, DIALECT_MESSAGE)),
  }),
  {
    type: 'object',
    properties: {
      month: { type: 'integer', minimum: 1, maximum: 12, description: 'Only the rows of this month' },
      form: { type: 'string', enum: [...FORMS], description: 'Default: the book that has rows (December’s)' },
      lang: { type: 'string', enum: [...LANGS], description: 'The language of the column headers (default pl)' },
      dialect: dialectJson,
    },
  },
)

type Dialect = (typeof DIALECTS)[number]
const dialectOf = (d: Dialect | undefined) => (d === 'excel' ? EXCEL_PL : RFC4180)

const sendCsv = (reply: FastifyReply, fileName: string, text: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(text)

export default async function exportRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }
  const tags = ['export']

  app.get(
    '/api/export/transactions',
    { ...auth, schema: { tags, querystring: TransactionsQuery } },
    async (request, reply) => {
      const q = request.query as { from: string; to: string; dialect?: Dialect }
      const span = monthsBetween(q.from, q.to)
      if (span < 0 || span > 11) throw badRequest([RANGE_MESSAGE], { to: RANGE_MESSAGE })
      const { state } = await loadBooks(app.finance.store, request.user.sub)
      const text = transactionsCsv(
        [{ email: request.user.email, state }],
        { from: q.from, to: q.to },
        app.finance.today(),
        dialectOf(q.dialect),
      )
      return sendCsv(reply, `transakcje-${q.from}-${q.to}.csv`, text)
    },
  )

  app.get(
    '/api/export/summary/:year',
    { ...auth, schema: { tags, params: YearParams, querystring: SummaryQuery } },
    async (request, reply) => {
      const year = Number((request.params as { year: string }).year)
      const q = request.query as { cumulative?: 'true' | 'false'; dialect?: Dialect }
      const { state } = await loadBooks(app.finance.store, request.user.sub)
      const text = summaryCsv(state, year, app.finance.today(), dialectOf(q.dialect), q.cumulative === 'true')
      return sendCsv(reply, `podsumowanie-${year}.csv`, text)
    },
  )

  app.get(
    '/api/export/books/:year',
    { ...auth, schema: { tags, params: YearParams, querystring: BooksQuery } },
    async (request, reply) => {
      const year = Number((request.params as { year: string }).year)
      const q = request.query as { month?: string; form?: JpkForm; lang?: 'pl' | 'en'; dialect?: Dialect }
      const month = q.month === undefined ? undefined : Number(q.month)
      const { book } = await yearBook(app.finance.store, request.user.sub, year, app.finance.today())
      const form = q.form ?? defaultForm(book)
      const text = taxBookCsv(q.lang ?? 'pl', book, month, form, dialectOf(q.dialect))
      const name = form === 'JPK_PKPIR' ? 'kpir' : 'ewidencja'
      return sendCsv(
        reply,
        `${name}-${year}${month === undefined ? '' : `-${String(month).padStart(2, '0')}`}.csv`,
        text,
      )
    },
  )
}
