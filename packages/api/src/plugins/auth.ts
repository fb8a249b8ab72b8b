/**
 * App plugin `finance-auth`: JWT sessions (@fastify/jwt, HS256, `FINANCE_TOKEN_MINUTES`) verified on every
 * protected route, role checks against the user's current role (not the one frozen in the token), and the ADMIN
 * api key check for the log viewer.
 *
 * Sessions end: a token carries `exp` (required), the user's session version `sv` (a password change or reset
 * raises it, revoking every earlier token), the session start `sst` (a refresh keeps it, and no token of the
 * session outlives `sst` + `FINANCE_SESSION_MAX_HOURS`) and the session id `sid` (random, made at login, kept by a
 * refresh): a logout records the id in the user's ended sessions, and every token of that session is refused. A
 * token without `sid` (issued before sessions had ids) is refused like one without `sv`. Times follow the app's
 * clock.
 */
import { randomBytes } from 'node:crypto'
import jwt from '@fastify/jwt'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ROLE_ADMIN, safeEqual } from '@finance/books'
import { forbidden, unauthorized } from '../http/errors.ts'
import { clientKey, enforce } from '../http/limits.ts'

/** Requests with the ADMIN api key per minute, per client and per ADMIN (paging the log stays well below). */
export const API_KEY_LIMIT = 30

export interface TokenPayload {
  /** The user id (uuid). */
  sub: string
  email: string
  role: number
}

/** The claims of a session token as signed. */
interface SessionClaims extends TokenPayload {
  /** The user's session version when the token was issued. */
  sv: number
  /** Session start (seconds): the login the token descends from through refreshes. */
  sst: number
  /** Session id: random, made at login and kept by every refresh; a logout ends the session by it. */
  sid: string
  iat: number
  exp: number
}

/** A token and its validity in whole minutes, or null when the session's absolute lifetime is over. */
export type IssuedToken = { token: string; minutes: number } | null

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload
    user: TokenPayload
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Session start (seconds) of the verified token. */
    sessionStart?: number
    /** Session id of the verified token. */
    sessionId?: string
  }
  interface FastifyInstance {
    /** onRequest hook: 401 `!Token` unless a valid bearer token of an existing user is present. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>
    /** onRequest hook (after `authenticate`): 403 unless the user is ADMIN now. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>
    /** onRequest hook: 403 unless `x-api-key` (or `?key=`) is the ADMIN api key. */
    requireApiKey(request: FastifyRequest, reply: FastifyReply): Promise<void>
    /**
     * Signs a session token for a user: a new session, or a refresh of the caller's (`request` given), which keeps
     * the session's start. Null when the session's absolute lifetime is over.
     */
    issueToken(
      user: { id: string; email: string; role: number; sessionVersion: number },
      request?: FastifyRequest,
    ): IssuedToken
    /** The user of a valid bearer token, or null (routes open to anonymous callers). */
    optionalUser(request: FastifyRequest): Promise<TokenPayload | null>
    /**
     * Ends the session of the caller's verified token (after `authenticate`): that token and every token refreshed
     * from it are refused from then on, here at once and on other instances once they catch up with the user's
     * events (within a second). The user's other sessions go on.
     */
    endSession(request: FastifyRequest): Promise<void>
  }
}

/** A session id as `issueToken` makes it: 16 random bytes, base64url. */
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/
const newSessionId = () => randomBytes(16).toString('base64url')

const isClaims = (p: Record<string, unknown>): p is Record<string, unknown> & SessionClaims =>
  typeof p.sub === 'string' &&
  typeof p.exp === 'number' &&
  typeof p.sv === 'number' &&
  typeof p.sst === 'number' &&
  typeof p.sid === 'string' &&
  SESSION_ID.test(p.sid) &&
  Number.isSafeInteger(p.sv) &&
  Number.isFinite(p.exp) &&
  Number.isFinite(p.sst)

export default fp(
  async (app) => {
    const { config, accounts, now } = app.finance
    const maxSeconds = config.sessionMaxHours * 3600
    await app.register(jwt, {
      secret: config.secrets.jwtSecret,
      sign: { algorithm: 'HS256' },
      // Expiry is checked below against the app's clock, together with the session's absolute lifetime.
      verify: { algorithms: ['HS256'], ignoreExpiration: true },
    })
    const seconds = () => Math.floor(now().getTime() / 1000)
    const alive = (c: SessionClaims, at: number) => c.exp > at && at < c.sst + maxSeconds

    /**
     * Verified tokens by their text, so a burst of calls with one session costs one HMAC. An entry is used only
     * until the token's own expiry; the map is bounded.
     */
    const verified = new Map<string, SessionClaims>()
    const verifyToken = (token: string): SessionClaims | null => {
      const at = seconds()
      const hit = verified.get(token)
      if (hit) {
        if (alive(hit, at)) return hit
        verified.delete(token)
        return null
      }
      try {
        const payload = app.jwt.verify<Record<string, unknown>>(token)
        if (!isClaims(payload) || !alive(payload, at)) return null
        if (verified.size >= 10_000) verified.clear()
        verified.set(token, payload)
        return payload
      } catch {
        return null
      }
    }

    const verify = async (request: FastifyRequest): Promise<TokenPayload | null> => {
      const header = request.headers.authorization
      if (typeof header !== 'string') return null
      const match = /^Bearer\s+(\S+)$/i.exec(header)
      if (!match) return null
      const claims = verifyToken(match[1]!)
      if (!claims) return null
      // The current role, existence and session version count, not what the token says.
      const user = await accounts.findById(claims.sub)
      if (!user || user.role === 0 || user.sessionVersion !== claims.sv || user.endedSessions.has(claims.sid))
        return null
      request.user = { sub: user.id, email: user.email, role: user.role }
      request.sessionStart = claims.sst
      request.sessionId = claims.sid
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
      // Every use of the key counts, per client and per ADMIN, before the comparison: guesses are limited.
      await enforce(app, [
        { key: `apikey:client:${clientKey(request)}`, max: API_KEY_LIMIT },
        { key: `apikey:user:${request.user.sub}`, max: API_KEY_LIMIT },
      ])
      const header = request.headers['x-api-key']
      const query = (request.query as Record<string, unknown> | undefined)?.key
      const given = typeof header === 'string' && header !== '' ? header : typeof query === 'string' ? query : ''
      if (given === '' || !safeEqual(given, config.secrets.apiKey)) throw forbidden()
    })
    app.decorate(
      'issueToken',
      (user: { id: string; email: string; role: number; sessionVersion: number }, request?: FastifyRequest) => {
        const iat = seconds()
        const sst = request?.sessionStart ?? iat
        const sid = request?.sessionId ?? newSessionId()
        const exp = Math.min(iat + config.tokenMinutes * 60, sst + maxSeconds)
        const minutes = Math.floor((exp - iat) / 60)
        if (minutes < 1) return null
        const claims: SessionClaims = {
          sub: user.id,
          email: user.email,
          role: user.role,
          sv: user.sessionVersion,
          sst,
          sid,
          iat,
          exp,
        }
        return { token: app.jwt.sign(claims), minutes }
      },
    )
    app.decorate('optionalUser', verify)
    app.decorate('endSession', async (request: FastifyRequest) => {
      const { sessionId, sessionStart } = request
      if (sessionId === undefined || sessionStart === undefined) throw unauthorized()
      // The session's absolute end: no token of it is valid past it, so the record of its end need not outlive it.
      const until = new Date((sessionStart + maxSeconds) * 1000)
      if (!(await accounts.endSession(request.user.sub, sessionId, until))) throw unauthorized()
    })
  },
  { name: 'finance-auth', fastify: '5.x', dependencies: ['finance-services'] },
)
