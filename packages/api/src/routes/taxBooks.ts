/**
 * `books/*`: the tax book of a year (the KPiR or the ewidencja przychodów, docs/tax-rules.md §7) and its JPK file.
 * Both come from the user's book history (`loadBookHistory`), which knows when every change was recorded and so
 * which months are closed and what became a correction.
 */
import { Bounds, normalizeMoney, type TaxBook } from '@finance/ledger-core/light'
import { defaultForm, type JpkForm, jpkProblems } from '@finance/tax-files'
import * as Schema from 'effect/Schema'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError, validationError } from '../http/errors.ts'
import { effectSchema, oneOf } from '../http/validation.ts'
import { SchemaFailure, taxBookFile, yearBook } from '@finance/books'

/**
 * The years of a tax book: from the first year of the books' window (`Bounds`) to the last the JPK files' dates reach
 * (their schemas' date type ends on 2050-12-31); `finance books` takes the same.
 */
const [MIN_YEAR, MAX_YEAR] = [Number(Bounds.dateMin.slice(0, 4)), 2050]
const YEAR_MESSAGE = `Year must be a whole number from ${MIN_YEAR} to ${MAX_YEAR}`
const MONTH_MESSAGE = 'Month must be a whole number from 1 to 12'

/** `{year}` of the tax book's routes (and the CSV exports'): 2000–2050. */
export const YearParams = effectSchema(
  Schema.Struct({
    year: Schema.String.annotations({ message: () => YEAR_MESSAGE }).pipe(
      Schema.filter((s) => /^\d{4}$/.test(s) && Number(s) >= MIN_YEAR && Number(s) <= MAX_YEAR, {
        message: () => YEAR_MESSAGE,
      }),
    ),
  }),
  {
    type: 'object',
    required: ['year'],
    properties: { year: { type: 'integer', minimum: MIN_YEAR, maximum: MAX_YEAR } },
  },
)

/** `?month=` 1–12. */
export const MonthSchema = Schema.String.annotations({ message: () => MONTH_MESSAGE }).pipe(
  Schema.filter((s) => /^(0?[1-9]|1[0-2])$/.test(s), { message: () => MONTH_MESSAGE }),
)

const moneyQuery = (text: string) =>
  Schema.String.annotations({ message: () => text }).pipe(
    Schema.filter(
      (s) => {
        const m = normalizeMoney(s)
        return m !== null && !m.startsWith('-')
      },
      { message: () => text },
    ),
  )

const BookQuery = effectSchema(Schema.Struct({ month: Schema.optional(MonthSchema) }), {
  type: 'object',
  properties: { month: { type: 'integer', minimum: 1, maximum: 12, description: 'Only the rows of this month' } },
})

const FORMS = ['JPK_PKPIR', 'JPK_EWP'] as const
const PURPOSES = ['0', '1', '2'] as const

const JpkQuery = effectSchema(
  Schema.Struct({
    form: Schema.optional(oneOf(FORMS, 'Form must be JPK_PKPIR or JPK_EWP')),
    month: Schema.optional(MonthSchema),
    purpose: Schema.optional(oneOf(PURPOSES, 'Purpose must be 0 (on demand), 1 (first filing) or 2 (correction)')),
    inventoryStart: Schema.optional(
      moneyQuery('Inventory at the start of the year must be an amount, not negative, with at most 2 decimals'),
    ),
    inventoryEnd: Schema.optional(
      moneyQuery('Inventory at the end of the year must be an amount, not negative, with at most 2 decimals'),
    ),
  }),
  {
    type: 'object',
    properties: {
      form: { type: 'string', enum: [...FORMS], description: 'Default: the book that has rows (December’s)' },
      month: { type: 'integer', minimum: 1, maximum: 12, description: 'One month of the year; default the year' },
      purpose: { type: 'string', enum: [...PURPOSES], description: 'CelZlozenia; default 1' },
      inventoryStart: { type: 'string', description: 'JPK_PKPIR P_1 (spis z natury), default "0.00"' },
      inventoryEnd: { type: 'string', description: 'JPK_PKPIR P_2, default "0.00"' },
    },
  },
)

interface JpkQueryValue {
  form?: JpkForm
  month?: string
  purpose?: (typeof PURPOSES)[number]
  inventoryStart?: string
  inventoryEnd?: string
}

/** A book with only one month's rows (the months' totals stay: the screen shows the month and the year so far). */
const onlyMonth = (book: TaxBook, month: number | undefined): TaxBook => {
  if (month === undefined) return book
  const ym = `${book.year}-${String(month).padStart(2, '0')}`
  return {
    ...book,
    kpir: { ...book.kpir, rows: book.kpir.rows.filter((r) => r.month === ym) },
    ewp: { ...book.ewp, rows: book.ewp.rows.filter((r) => r.month === ym) },
  }
}

export default async function taxBookRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }
  const tags = ['books']

  const load = (request: FastifyRequest, year: number) =>
    yearBook(app.finance.store, request.user.sub, year, app.finance.today())

  app.get(
    '/api/books/:year',
    { ...auth, schema: { tags, params: YearParams, querystring: BookQuery } },
    async (request) => {
      const year = Number((request.params as { year: string }).year)
      const q = request.query as { month?: string }
      const month = q.month === undefined ? undefined : Number(q.month)
      const { book, primary, contact } = await load(request, year)
      const forms = FORMS.filter((f) => (f === 'JPK_PKPIR' ? book.kpir.rows : book.ewp.rows).length > 0)
      const files = (forms.length > 0 ? forms : [defaultForm(book)]).map((form) => ({
        form,
        problems: jpkProblems({ book, form, month, primary, contact }),
      }))
      return { ...onlyMonth(book, month), month: month ?? null, files }
    },
  )

  app.get(
    '/api/books/:year/jpk',
    { ...auth, schema: { tags, params: YearParams, querystring: JpkQuery } },
    async (request, reply) => {
      const year = Number((request.params as { year: string }).year)
      const q = request.query as JpkQueryValue
      const file = async () => {
        try {
          return await taxBookFile(app.finance.store, request.user.sub, year, {
            form: q.form,
            month: q.month === undefined ? undefined : Number(q.month),
            purpose: Number(q.purpose ?? '1') as 0 | 1 | 2,
            inventoryStart:
              q.inventoryStart === undefined ? undefined : (normalizeMoney(q.inventoryStart) ?? undefined),
            inventoryEnd: q.inventoryEnd === undefined ? undefined : (normalizeMoney(q.inventoryEnd) ?? undefined),
            today: app.finance.today(),
            now: app.finance.now(),
          })
        } catch (e) {
          if (!(e instanceof SchemaFailure)) throw e
          // Never hand out a file the official schema refuses: that would be our fault, not the user's.
          request.log.error({ errors: e.errors.slice(0, 20) }, 'a JPK file failed the official schema')
          throw new HttpError(500, ['The file did not pass the official schema; nothing was sent'])
        }
      }
      const result = await file()
      if (!result.ok) throw validationError(result.problems)
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${result.fileName}"`)
        .send(result.xml)
    },
  )
}
