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

type Middleware = (req: never, res: never, next: (err?: unknown) => void) => void

/** The headers a middleware sets and removes, captured by running it once on a recording response. */
const staticHeaders = (middleware: Middleware) => {
  const set: [string, string | string[]][] = []
  const removed: string[] = []
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.push([name, Array.isArray(value) ? [...value] : String(value)])
    },
    removeHeader: (name: string) => {
      removed.push(name)
    },
  }
  let failed: unknown
  middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, (err) => {
    failed = err
  })
  if (failed) throw failed
  return { set, removed }
}

/**
 * Whether the answer comes from the API, where every answer is a user's data or a session's token (the login and the
 * refresh answer one; books, invoices, PDFs, CSV and JPK files need one): no cache may keep it (`no-store`, RFC 9111
 * §5.2.2.5; RFC 6749 §5.1 for token answers), so nothing is left in a shared computer's browser cache after logout.
 * Decided by the route matched (its pattern, not the address as sent), for every route under `/api/` but the API
 * documentation (`/api/docs`: the same for everyone); the web app's files keep their caching.
 */
const isApiAnswer = (request: FastifyRequest): boolean => {
  const route = request.routeOptions.url ?? request.url.split('?')[0] ?? ''
  return (route === '/api' || route.startsWith('/api/')) && route !== '/api/docs' && !route.startsWith('/api/docs/')
}

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
    // Its headers do not depend on the request (no CSP nonce): taken once from the middleware, then set on each
    // response without running its chain of eleven middlewares per request.
    const fixed = staticHeaders(headers)
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw
      for (const name of fixed.removed) raw.removeHeader(name)
      for (const [name, value] of fixed.set) raw.setHeader(name, value)
      if (isApiAnswer(request)) raw.setHeader('cache-control', 'no-store')
      done()
    })
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
