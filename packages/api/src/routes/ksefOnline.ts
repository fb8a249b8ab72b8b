/**
 * KSeF online (docs/ksef.md), through the KSeF port of `@finance/ksef` and the books' `ksefOnline`:
 * - `GET /api/ksef/connection`: the environment, whether a token is stored, the last fetch and sending;
 * - `PUT /api/ksef/connection`: stores the user's KSeF token (encrypted at rest) and environment; the token is never
 *   answered or logged (`token` is a censored log field);
 * - `DELETE /api/ksef/connection`: forgets the token;
 * - `POST /api/ksef/invoices/:id/send`: sends the FA(3) invoice of a one-time income and records its KSeF number;
 * - `POST /api/ksef/invoices/send-all`: sends every company income without a KSeF number in one batch session;
 * - `GET /api/ksef/invoices/:id/upo`: the UPO kept with a sent invoice;
 * - `POST /api/ksef/fetch`: fetches the invoices received since the last fetch into the books;
 * - `GET /api/ksef/invoices/:id/pdf`, `GET /api/ksef/invoices/:id/html`: the invoice of an income or of an expense
 *   fetched from KSeF as a PDF or an HTML preview, drawn from its FA(3) file, with KOD I (`?lang=en` for English).
 * - `POST /api/ksef/invoices/:id/offline`: issues an income's invoice offline (offline24, or during KSeF's announced
 *   unavailability or failure), told its deadline; `POST /api/ksef/offline/send`: sends what waits (tryby-offline.md);
 * - `PUT /api/ksef/certificate`: stores the KSeF certificate of type Offline and its key (sealed; the key and the
 *   password are censored log fields and never answered); `DELETE /api/ksef/certificate` forgets it;
 * The KSeF address is the user's environment's (`KSEF_BASE_URLS`), or `FINANCE_KSEF_URL` for every environment.
 */
import {
  fetchFromKsef,
  invoiceVisualFile,
  type KsefDeps,
  KsefActionError,
  ksefStatus,
  ksefUpo,
  clearKsefCertificate,
  markKsefOffline,
  setKsefCertificate,
  sendInvoiceToKsef,
  sendPendingOffline,
  unsentInvoices,
  sendAllToKsef,
  sendToKsef,
  setKsefToken,
  clearKsefToken,
} from '@finance/books'
import { KSEF_BASE_URLS } from '@finance/ksef'
import { Schema } from 'effect'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError, notFound, validationError } from '../http/errors.ts'
import { body, effectSchema, IdParams, oneOf } from '../http/validation.ts'

const TokenBody = body(
  Schema.Struct({
    token: Schema.String.annotations({ message: () => 'The KSeF token must be text' }),
    environment: Schema.optional(oneOf(['TEST', 'DEMO', 'PROD'] as const, 'Environment must be TEST, DEMO or PROD')),
  }),
  { token: 'The KSeF token must be text', environment: 'Environment must be TEST, DEMO or PROD' },
)

const SendBody = effectSchema(
  Schema.Struct({
    exemptionBasis: Schema.optional(
      Schema.String.annotations({ message: () => 'Exemption basis must be text of at most 256 characters' }).pipe(
        Schema.maxLength(256, { message: () => 'Exemption basis must be text of at most 256 characters' }),
      ),
    ),
  }),
  {
    type: 'object',
    properties: { exemptionBasis: { type: 'string', description: 'P_19A: the legal basis of an exempt sale' } },
  },
)

const OfflineBody = effectSchema(
  Schema.Struct({
    mode: Schema.optional(
      oneOf(['offline24', 'offline', 'awaryjny'] as const, 'Offline mode must be offline24, offline or awaryjny'),
    ),
    unavailabilityEnd: Schema.optional(
      Schema.NullOr(
        Schema.String.annotations({ message: () => 'Date must be in format yyyy-mm-dd' }).pipe(
          Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => 'Date must be in format yyyy-mm-dd' }),
        ),
      ),
    ),
  }),
  {
    type: 'object',
    properties: {
      mode: {
        type: 'string',
        enum: ['offline24', 'offline', 'awaryjny'],
        description:
          'offline24 (the default; needs the KSeF certificate), offline (KSeF unavailable), awaryjny (failure)',
      },
      unavailabilityEnd: {
        type: ['string', 'null'],
        format: 'date',
        description: 'When the announced unavailability or failure ended (the deadline runs from it)',
      },
    },
  },
)

const CertificateBody = body(
  Schema.Struct({
    certificate: Schema.String.annotations({
      message: () => 'The certificate must be an X.509 certificate in PEM or DER form',
    }),
    privateKey: Schema.String.annotations({ message: () => 'The private key must be in PEM or DER form' }),
    password: Schema.optional(Schema.String.annotations({ message: () => 'The password must be text' })),
  }),
  {
    certificate: 'The certificate must be an X.509 certificate in PEM or DER form',
    privateKey: 'The private key must be in PEM or DER form',
    password: 'The password must be text',
  },
)

const LangQuery = effectSchema(
  Schema.Struct({ lang: Schema.optional(oneOf(['pl', 'en'] as const, 'Language must be pl or en')) }),
  {
    type: 'object',
    properties: {
      lang: { type: 'string', enum: ['pl', 'en'], description: 'The language of the document; default pl' },
    },
  },
)

const STATUS: Record<KsefActionError['code'], number> = {
  INVALID: 400,
  NO_TOKEN: 400,
  NO_NIP: 400,
  NOT_FOUND: 404,
  ALREADY_SENT: 409,
  DUPLICATE: 409,
  REJECTED: 422,
  UNAUTHORIZED: 502,
  PROTOCOL: 502,
  UNAVAILABLE: 503,
  RATE_LIMITED: 503,
  NO_FILE: 404,
  OFFLINE: 503,
  NO_CERTIFICATE: 400,
}

/** A KSeF action's failure as the API's error answer: the code and KSeF's own words go along for the screen. */
const httpOf = (e: KsefActionError): HttpError => {
  if (e.code === 'NOT_FOUND') return notFound()
  if (e.code === 'INVALID' || e.code === 'NO_TOKEN' || e.code === 'NO_NIP' || e.code === 'NO_CERTIFICATE')
    return validationError([{ field: e.field ?? (e.code === 'NO_NIP' ? 'nip' : 'token'), message: e.message }])
  const headers: Record<string, string> = { 'x-finance-ksef-error': e.code }
  if (e.retryAfterSeconds !== null) headers['retry-after'] = String(Math.max(1, e.retryAfterSeconds))
  return new HttpError(STATUS[e.code], [e.message, ...e.details], undefined, headers)
}

export default async function ksefOnlineRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }
  const deps = (): KsefDeps => ({
    store: app.finance.store,
    serverSecret: app.finance.config.secrets.jwtSecret,
    now: app.finance.now,
    baseUrlOf: (environment) => app.finance.config.ksefBaseUrl ?? KSEF_BASE_URLS[environment],
  })
  const guarded = async <T>(request: FastifyRequest, f: () => Promise<T>): Promise<T> => {
    try {
      return await f()
    } catch (e) {
      if (e instanceof KsefActionError) {
        // What failed is logged by its code, never with the token or the invoice.
        request.log.warn({ ksef: e.code }, 'a KSeF action failed')
        throw httpOf(e)
      }
      throw e
    }
  }

  app.get('/api/ksef/connection', { ...auth, schema: { tags: ['ksef'] } }, async (request) =>
    ksefStatus(deps(), request.user.sub),
  )

  app.put('/api/ksef/connection', { ...auth, schema: { tags: ['ksef'], body: TokenBody } }, async (request) => {
    const input = request.body as { token: string; environment?: string }
    return guarded(request, () => setKsefToken(deps(), request.user.sub, input))
  })

  app.delete('/api/ksef/connection', { ...auth, schema: { tags: ['ksef'] } }, async (request) =>
    clearKsefToken(deps(), request.user.sub),
  )

  app.post(
    '/api/ksef/invoices/:id/send',
    { ...auth, schema: { tags: ['ksef'], params: IdParams, body: SendBody } },
    async (request) => {
      const { id } = request.params as { id: number }
      const { exemptionBasis } = (request.body ?? {}) as { exemptionBasis?: string }
      const sent = await guarded(request, () => sendToKsef(deps(), request.user.sub, id, { exemptionBasis }))
      return { itemId: sent.itemId, ksefNumber: sent.ksefNumber, acquisitionDate: sent.acquisitionDate }
    },
  )

  // An invoice document (docs/api.md, "Invoices"): its KSeF number lands on every income of the invoice.
  app.post('/api/invoices/:id/ksef', { ...auth, schema: { tags: ['invoices'], params: IdParams } }, async (request) => {
    const { id } = request.params as { id: number }
    const sent = await guarded(request, () => sendInvoiceToKsef(deps(), request.user.sub, id))
    return { itemId: sent.itemId, ksefNumber: sent.ksefNumber, acquisitionDate: sent.acquisitionDate }
  })
  app.get('/api/ksef/unsent', { ...auth, schema: { tags: ['ksef'] } }, async (request) =>
    unsentInvoices(deps(), request.user.sub),
  )
  app.post('/api/ksef/invoices/send-all', { ...auth, schema: { tags: ['ksef'] } }, async (request) =>
    guarded(request, () => sendAllToKsef(deps(), request.user.sub)),
  )

  app.get(
    '/api/ksef/invoices/:id/upo',
    { ...auth, schema: { tags: ['ksef'], params: IdParams } },
    async (request, reply) => {
      const { id } = request.params as { id: number }
      const upo = await ksefUpo(deps(), request.user.sub, id)
      if (upo === null) throw notFound()
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="UPO-${id}.xml"`)
        .send(upo)
    },
  )

  for (const format of ['pdf', 'html'] as const)
    app.get(
      `/api/ksef/invoices/:id/${format}`,
      { ...auth, schema: { tags: ['ksef'], params: IdParams, querystring: LangQuery } },
      async (request, reply) => {
        const { id } = request.params as { id: number }
        const { lang } = request.query as { lang?: 'pl' | 'en' }
        const file = await guarded(request, () =>
          invoiceVisualFile(deps(), request.user.sub, id, { format, lang: lang ?? 'pl' }),
        )
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `${format === 'pdf' ? 'attachment' : 'inline'}; filename="${file.fileName}"`)
          .send(format === 'pdf' ? Buffer.from(file.body as Uint8Array) : file.body)
      },
    )

  app.post(
    '/api/ksef/invoices/:id/offline',
    { ...auth, schema: { tags: ['ksef'], params: IdParams, body: OfflineBody } },
    async (request) => {
      const { id } = request.params as { id: number }
      const input = (request.body ?? {}) as { mode?: string; unavailabilityEnd?: string | null }
      return guarded(request, () => markKsefOffline(deps(), request.user.sub, id, input))
    },
  )
  app.post('/api/ksef/offline/send', { ...auth, schema: { tags: ['ksef'] } }, async (request) =>
    guarded(request, () => sendPendingOffline(deps(), request.user.sub)),
  )

  app.put('/api/ksef/certificate', { ...auth, schema: { tags: ['ksef'], body: CertificateBody } }, async (request) => {
    const input = request.body as { certificate: string; privateKey: string; password?: string }
    await guarded(request, () => setKsefCertificate(deps(), request.user.sub, input))
    return ksefStatus(deps(), request.user.sub)
  })
  app.delete('/api/ksef/certificate', { ...auth, schema: { tags: ['ksef'] } }, async (request) => {
    await clearKsefCertificate(deps(), request.user.sub)
    return ksefStatus(deps(), request.user.sub)
  })

  app.post('/api/ksef/fetch', { ...auth, schema: { tags: ['ksef'] } }, async (request) =>
    guarded(request, () => fetchFromKsef(deps(), request.user.sub)),
  )
}
