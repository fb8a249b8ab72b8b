/**
 * App plugin `finance-errors`: the Effect-Schema validator and one error handler, so every failure has the
 * contract's shape: bad input 400 with field messages (never a 500), `!Token` 401, 404, 409, 429, and 5xx bodies
 * without internals (the details go to the log only).
 */
import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import { badRequest, conflict, HttpError, TOO_MANY_REQUESTS } from '../http/errors.ts'
import { decodeUtf8, mayLosePrecision, NOT_UTF8, parseKeepingNumbers } from '../http/jsonBody.ts'
import { effectValidatorCompiler, NOT_AN_OBJECT } from '../http/validation.ts'
import { BooksConflict } from '@finance/books'

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Invalid JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Invalid JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_CSRF_INVALID_TOKEN: 'Invalid CSRF token',
  FST_CSRF_MISSING_SECRET: 'Invalid CSRF token',
}

export default fp(
  async (app) => {
    app.setValidatorCompiler(effectValidatorCompiler)
    // The API speaks JSON only (SPEC §7): a text body is 415 like any other type, not a string to validate.
    app.removeContentTypeParser('text/plain')
    // An empty JSON body is no body (a client may send the JSON header on a bodiless call such as
    // `account/refreshToken`); anything else goes through Fastify's own parser, with its prototype-poisoning checks.
    // A number a double cannot hold as written is read as its text (http/jsonBody.ts): only a body whose cheap scan
    // finds such a number is parsed a second time, with the reviver.
    const json = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    // The bytes must be UTF-8: a stray byte would otherwise be read as U+FFFD and stored in a name.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
      const body = typeof raw === 'string' ? raw : decodeUtf8(raw)
      if (body === null) return done(badRequest([NOT_UTF8]), undefined)
      if (body.trim() === '') return done(null, undefined)
      // Every body of the contract is a JSON object (`null` reads as none): a list, a text, a number or a boolean is
      // refused here, also on the routes that read no field of their body (`account/refreshToken`).
      const object = (err: Error | null, parsed?: unknown) => {
        if (err) return done(err, undefined)
        const value = mayLosePrecision(body) ? parseKeepingNumbers(body) : parsed
        if (value !== null && (typeof value !== 'object' || Array.isArray(value)))
          return done(badRequest([NOT_AN_OBJECT]), undefined)
        return done(null, value)
      }
      return json(request, body, object)
    })
    app.setErrorHandler((error: FastifyError | HttpError | BooksConflict | Error, request, reply) => {
      if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send(error.body())
      if (error instanceof BooksConflict) return reply.code(409).send(conflict().body())
      const status = (error as FastifyError).statusCode ?? 500
      if (status === 429) return reply.code(429).send({ success: false, errors: [TOO_MANY_REQUESTS] })
      if (status >= 400 && status < 500) {
        const code = (error as FastifyError).code ?? ''
        request.log.info({ code, status }, 'client error')
        return reply.code(status).send({ success: false, errors: [CLIENT_MESSAGES[code] ?? 'Invalid request'] })
      }
      request.log.error({ err: error }, 'request failed')
      return reply.code(status >= 500 && status < 600 ? status : 500).send({
        success: false,
        errors: ['Internal server error'],
      })
    })
  },
  { name: 'finance-errors', fastify: '5.x' },
)
