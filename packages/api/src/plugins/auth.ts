/**
 * App plugin `finance-auth`: JWT sessions (@fastify/jwt, HS256, `FINANCE_TOKEN_MINUTES`) verified on every
 * protected route, role checks against the user's current role (not the one frozen in the token), and the ADMIN
 * api key check for the log viewer.
 */
import jwt from '@fastify/jwt'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ROLE_ADMIN } from '../accounts/service.ts'
import { safeEqual } from '../accounts/password.ts'
import { forbidden, unauthorized } from '../http/errors.ts'

export interface TokenPayload {
  /** The user id (uuid). */
  sub: string
  email: string
  role: number
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload
    user: TokenPayload
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 `!Token` unless a valid bearer token of an existing user is present. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>
    /** onRequest hook (after `authenticate`): 403 unless the user is ADMIN now. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>
    /** onRequest hook: 403 unless `x-api-key` (or `?key=`) is the ADMIN api key. */
    requireApiKey(request: FastifyRequest, reply: FastifyReply): Promise<void>
    /** Signs a session token for a user. */
    issueToken(user: { id: string; email: string; role: number }): string
    /** The user of a valid bearer token, or null (routes open to anonymous callers). */
    optionalUser(request: FastifyRequest): Promise<TokenPayload | null>
  }
}

export default fp(
  async (app) => {
    const { config, accounts } = app.finance
    await app.register(jwt, {
      secret: config.secrets.jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: `${config.tokenMinutes}m` },
      verify: { algorithms: ['HS256'] },
    })

    /**
     * Verified tokens by their text, so a burst of calls with one session costs one HMAC. An entry is used only
     * until the token's own expiry; the map is bounded.
     */
    const verified = new Map<string, { payload: TokenPayload; exp: number }>()
    const verifyToken = (token: string): TokenPayload | null => {
      const hit = verified.get(token)
      if (hit && hit.exp > Date.now()) return hit.payload
      try {
        const payload = app.jwt.verify<TokenPayload & { exp?: number }>(token)
        if (typeof payload.sub !== 'string') return null
        if (verified.size >= 10_000) verified.clear()
        verified.set(token, { payload, exp: (payload.exp ?? 0) * 1000 })
        return payload
      } catch {
        verified.delete(token)
        return null
      }
    }

    const verify = async (request: FastifyRequest): Promise<TokenPayload | null> => {
      const header = request.headers.authorization
      if (typeof header !== 'string') return null
      const match = /^Bearer\s+(\S+)$/i.exec(header)
      if (!match) return null
      const payload = verifyToken(match[1]!)
      if (!payload) return null
      // The current role and existence count, not what the token says.
      const user = await accounts.findById(payload.sub)
      if (!user || user.role === 0) return null
      request.user = { sub: user.id, email: user.email, role: user.role }
      return request.user
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!(await verify(request))) throw unauthorized()
    })
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = request.user as TokenPayload | undefined
      if (!user) throw unauthorized()
      if (user.role !== ROLE_ADMIN) throw forbidden()
    })
    app.decorate('requireApiKey', async (request: FastifyRequest) => {
      const header = request.headers['x-api-key']
      const query = (request.query as Record<string, unknown> | undefined)?.key
      const given = typeof header === 'string' && header !== '' ? header : typeof query === 'string' ? query : ''
      if (given === '' || !safeEqual(given, config.secrets.apiKey)) throw forbidden()
    })
    app.decorate('issueToken', (user: { id: string; email: string; role: number }) =>
      app.jwt.sign({ sub: user.id, email: user.email, role: user.role }),
    )
    app.decorate('optionalUser', verify)
  },
  { name: 'finance-auth', fastify: '5.x', dependencies: ['finance-services'] },
)
