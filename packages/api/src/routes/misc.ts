/**
 * `GET csrf` (token for cookie-borne writes), `GET home/GetSettingsData` (user name, store kind and database, real
 * size) and the ADMIN log viewer `GET log/GetPage/{pageSize}/{pageNumber}/{descending}/{search}`.
 */
import type { StoredEvent } from '@finance/event-store'
import * as Schema from 'effect/Schema'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { effectSchema } from '../http/validation.ts'

const SECRET_KEY = /pass(word)?|hash|secret|token|code|apikey|api_key|^key$|authorization|cookie/i

/** Defensive redaction: events never hold secrets, but the viewer must never show one even if a payload did. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1)
  return out
}

export interface LogEntry {
  id: number
  createdDate: string
  userName: string
  eventType: string
  dataType: string
  dataObject: unknown
}

const dataTypeOf = (e: StoredEvent): string => {
  const d = e.data as Record<string, unknown> | null
  if (d && typeof d === 'object') {
    if (typeof d.dataType === 'string') return d.dataType
    if (typeof d.kind === 'string') return d.kind
  }
  if (e.streamId.startsWith('user-') || e.streamId.startsWith('email-')) return 'User'
  if (
    e.type.startsWith('Month') ||
    e.type.startsWith('Year') ||
    e.type.includes('Transaction') ||
    e.type === 'ReminderSent'
  )
    return 'Transaction'
  return e.streamId.split('-')[0] ?? ''
}

const PAGE_SIZE = 'Page size must be a whole number from 1 to 1000'
const PAGE_NUMBER = 'Page number must be a whole number of at least 1'
const DESCENDING = 'Descending must be true or false'

const LogParams = effectSchema(
  Schema.Struct({
    pageSize: Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 1000)).annotations({
      message: () => PAGE_SIZE,
    }),
    pageNumber: Schema.NumberFromString.pipe(Schema.int(), Schema.positive()).annotations({
      message: () => PAGE_NUMBER,
    }),
    descending: Schema.String.pipe(Schema.pattern(/^(true|false|1|0)$/i)).annotations({ message: () => DESCENDING }),
    search: Schema.optional(Schema.String),
  }),
  {
    type: 'object',
    required: ['pageSize', 'pageNumber', 'descending'],
    properties: {
      pageSize: { type: 'integer', minimum: 1, maximum: 1000 },
      pageNumber: { type: 'integer', minimum: 1 },
      descending: {
        type: 'string',
        pattern: '^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|1|0)$',
        description: '`true` (any case) or `1` for newest first, `false` or `0` for oldest first',
      },
      search: { type: 'string', description: '`-` or empty for none' },
    },
  },
  // Text that is not a number fails before the refinements and their messages.
  { pageSize: PAGE_SIZE, pageNumber: PAGE_NUMBER, descending: DESCENDING },
)

export default async function miscRoutes(app: FastifyInstance) {
  const { store, accounts } = app.finance

  app.get('/api/csrf', { schema: { tags: ['security'] } }, async (_request, reply) => {
    const token = reply.generateCsrf()
    reply.setCookie('XSRF-TOKEN', token, { path: '/', sameSite: 'strict', httpOnly: false })
    return { token }
  })

  app.get('/api/home/GetSettingsData', { schema: { tags: ['home'] } }, async (request) => {
    const user = await app.optionalUser(request)
    const info = await store.info()
    return {
      name: user?.email ?? '',
      dbName: `${info.kind}: ${info.database}`,
      sizeInKB: info.sizeBytes === null ? 0 : Math.round((info.sizeBytes / 1024) * 100) / 100,
    }
  })

  const logPage = async (params: { pageSize: number; pageNumber: number; descending: string; search?: string }) => {
    const raw = (params.search ?? '').trim()
    const search = raw === '-' ? '' : raw.toLowerCase()
    const descending = /^(true|1)$/i.test(params.descending)
    const users = new Map((await accounts.list()).map((u) => [u.id, u.email]))
    const nameOf = (id: string) => users.get(id) ?? id
    const skip = (params.pageNumber - 1) * params.pageSize
    const items: LogEntry[] = []
    let total = 0
    let cursor: bigint | null = null
    for (;;) {
      const page = await store.readAll(
        descending
          ? { direction: 'backwards', maxCount: 1000, ...(cursor === null ? {} : { before: cursor }) }
          : { direction: 'forwards', maxCount: 1000, after: cursor ?? 0n },
      )
      for (const e of page.events) {
        const entry: LogEntry = {
          id: Number(e.position),
          createdDate: e.metadata.createdAt,
          userName: nameOf(e.metadata.userId),
          eventType: e.type,
          dataType: dataTypeOf(e),
          dataObject: redact(e.data),
        }
        if (search) {
          const text = `${entry.userName}\n${entry.eventType}\n${entry.dataType}\n${JSON.stringify(entry.dataObject)}`
          if (!text.toLowerCase().includes(search)) continue
        }
        if (total >= skip && items.length < params.pageSize) items.push(entry)
        total++
      }
      if (page.next === null || page.events.length === 0) break
      cursor = page.next
    }
    return { items, total }
  }

  /** SPEC §7: the answer is the list of entries; the number of matching entries (for paging) is `X-Total-Count`. */
  const sendLogPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { items, total } = await logPage(request.params as Parameters<typeof logPage>[0])
    reply.header('x-total-count', String(total))
    return items
  }

  const guard = { onRequest: [app.authenticate, app.requireAdmin, app.requireApiKey] }
  const schema = { tags: ['log'], params: LogParams, security: [{ bearer: [], apiKey: [] }] }
  app.get('/api/log/GetPage/:pageSize/:pageNumber/:descending/:search', { ...guard, schema }, sendLogPage)
  app.get('/api/log/GetPage/:pageSize/:pageNumber/:descending', { ...guard, schema }, sendLogPage)
}
