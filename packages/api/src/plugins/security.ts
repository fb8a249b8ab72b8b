/**
 * App plugin `finance-security`: helmet's headers with a CSP for the SPA, cookies, and CSRF for cookie-borne non-GET
 * requests (apicontract: `GET /api/csrf` → `_csrf` secret cookie, readable `XSRF-TOKEN`, header `x-csrf-token`).
 * No CORS plugin: same origin only. Rate limits are per route, over the store's shared counters (http/limits.ts).
 */
import cookie from '@fastify/cookie'
import csrf from '@fastify/csrf-protection'
import helmet from 'helmet'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export default fp(
  async (app) => {
    // helmet's middleware is built once: the @fastify/helmet wrapper builds it again on every request (parsing the
    // CSP each time), which cost a third of an authenticated read's time.
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // d3 and React set inline style attributes; swagger-ui ships its own stylesheet.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Same-origin SPA: no need to relax the cross-origin policies.
      crossOriginEmbedderPolicy: false,
    })
    app.addHook('onRequest', (request, reply, done) =>
      headers(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined)),
    )
    await app.register(cookie)
    await app.register(csrf, {
      cookieKey: '_csrf',
      cookieOpts: { path: '/', sameSite: 'strict', httpOnly: true, signed: false },
      getToken: (request: FastifyRequest) => {
        const h = request.headers['x-csrf-token'] ?? request.headers['x-xsrf-token']
        return typeof h === 'string' ? h : ''
      },
    })

    // Cookie-borne non-GET requests must carry the token; bearer-only requests (no cookies) are not CSRF-exposed.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done()
      const cookies = request.headers.cookie
      if (typeof cookies !== 'string' || cookies.trim() === '') return done()
      app.csrfProtection(request, reply, done)
    })
  },
  { name: 'finance-security', fastify: '5.x' },
)
