/**
 * `account/*` (SPEC §7, apicontract): login, register (ADMIN + registration key), change password, reset request
 * and confirmation, token refresh, logout. All but logout rate limited per client address, and the routes that name an
 * account per account too (http/limits.ts): a login is counted against its client and its e-mail, whatever else is
 * sprayed.
 */
import {
  accountMessages,
  ChangePasswordBody,
  LoginBody,
  languageOf,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordConfirmedBody,
  roleCode,
} from '@finance/ledger-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { safeEqual } from '@finance/books'
import { badRequest, HttpError, unauthorized } from '../http/errors.ts'
import { clientKey, enforce } from '../http/limits.ts'
import { body } from '../http/validation.ts'
import { appLink, texts } from '../mail/messages.ts'

const emailOf = (request: FastifyRequest): string => {
  const b = request.body as { email?: unknown } | undefined
  return typeof b?.email === 'string' ? b.email.trim().toLowerCase().slice(0, 254) : ''
}

/** Per-minute limits of each route: per client address, and per account where the route names one. */
const ACCOUNT_LIMITS = {
  login: { client: 'clientRateLimit', account: 'loginRateLimit' },
  changePassword: { client: 'clientRateLimit', account: 10 },
  resetPassword: { client: 'clientRateLimit', account: 5 },
  resetPasswordConfirmed: { client: 'clientRateLimit', account: 10 },
  register: { client: 20, account: null },
  refreshToken: { client: 'clientRateLimit', account: null },
} as const

export default async function accountRoutes(app: FastifyInstance) {
  const { accounts, config, mailer } = app.finance
  const tags = ['account']
  const maxOf = (n: number | 'clientRateLimit' | 'loginRateLimit') => (typeof n === 'number' ? n : config[n])
  /**
   * The route's limits as a hook: before validation (a malformed body counts too), after authentication where the
   * route has a session (the account is then the session's user).
   */
  const limited = (route: keyof typeof ACCOUNT_LIMITS) => async (request: FastifyRequest) => {
    const { client, account } = ACCOUNT_LIMITS[route]
    const who = request.user?.email ?? emailOf(request)
    await enforce(app, [
      { key: `${route}:client:${clientKey(request)}`, max: maxOf(client) },
      ...(account !== null && who !== '' ? [{ key: `${route}:account:${who}`, max: maxOf(account) }] : []),
    ])
  }

  app.post(
    '/api/account/login',
    { schema: { tags, body: body(LoginBody) }, preValidation: limited('login') },
    async (request) => {
      const { email, password } = request.body as LoginBody
      const result = await accounts.verifyPassword(email, password)
      // An unknown e-mail and a wrong password answer alike (and cost alike: see verifyPassword), so a login
      // attempt does not tell which addresses have accounts.
      if (!result.ok) throw new HttpError(401, [accountMessages.invalidRequest])
      const user = result.value
      if (user.role === 0) throw new HttpError(401, [accountMessages.invalidRequest])
      const issued = app.issueToken(user)
      if (!issued) throw new HttpError(401, [accountMessages.invalidRequest])
      return { token: issued.token, minutes: issued.minutes, role: String(user.role) }
    },
  )

  app.post(
    '/api/account/refreshToken',
    { schema: { tags }, onRequest: [app.authenticate], preValidation: limited('refreshToken') },
    async (request) => {
      const user = await accounts.findById(request.user.sub)
      // The refreshed token keeps the session's start: past FINANCE_SESSION_MAX_HOURS the user logs in again.
      const issued = user ? app.issueToken(user, request) : null
      if (!issued) throw unauthorized()
      return { success: true, token: issued.token, minutes: issued.minutes, errors: [] }
    },
  )

  app.post(
    '/api/account/logout',
    // Not rate limited: only a live session gets past `authenticate`, and each can end only once.
    { schema: { tags }, onRequest: [app.authenticate] },
    async (request) => {
      // This session only: its tokens (this one and those refreshed from the same login) are refused from now on,
      // the user's other sessions go on. An ended or expired session does not get here: 401 `!Token`.
      await app.endSession(request)
      return { success: true, errors: [] }
    },
  )

  app.post(
    '/api/account/register',
    {
      schema: { tags, body: body(RegisterBody, { appRole: accountMessages.role }) },
      onRequest: [app.authenticate, app.requireAdmin],
      preValidation: limited('register'),
    },
    async (request) => {
      const b = request.body as RegisterBody
      if (!safeEqual(b.key, config.secrets.registrationKey)) throw badRequest(['Invalid key'], { key: 'Invalid key' })
      const result = await accounts.register({
        email: b.email,
        password: b.password,
        role: roleCode(b.appRole),
        language: b.language ?? null,
        actor: request.user.sub,
      })
      if (!result.ok) throw badRequest(result.errors)
      const lang = languageOf(b.language)
      const link = appLink(b.url, config.publicUrl, '/user/login', {})
      try {
        const sent = await mailer.send({
          to: result.value.email,
          subject: texts[lang].welcomeSubject,
          text: texts[lang].welcomeBody(result.value.email, link),
        })
        request.log.info({ file: sent.file }, 'welcome e-mail sent')
      } catch (err) {
        request.log.warn({ err }, 'welcome e-mail failed')
      }
      return { success: true, errors: [] }
    },
  )

  app.post(
    '/api/account/changePassword',
    {
      schema: { tags, body: body(ChangePasswordBody) },
      onRequest: [app.authenticate],
      preValidation: limited('changePassword'),
    },
    async (request) => {
      const b = request.body as ChangePasswordBody
      // A session may only change its own password.
      if (b.email.trim().toLowerCase() !== request.user.email) throw new HttpError(403, [accountMessages.accessDenied])
      const result = await accounts.changePassword({ email: b.email, oldPassword: b.oldPassword, password: b.password })
      if (!result.ok) throw new HttpError(result.status === 401 ? 400 : result.status, result.errors)
      // The change revoked every earlier token, this session's too: a new session continues it.
      const issued = app.issueToken(result.value)
      return { success: true, errors: [], ...(issued ?? {}) }
    },
  )

  app.post(
    '/api/account/resetPassword',
    { schema: { tags, body: body(ResetPasswordBody) }, preValidation: limited('resetPassword') },
    async (request, reply) => {
      const b = request.body as ResetPasswordBody
      // Same answer whether or not the e-mail exists, and at the same time: it is sent before the address is looked
      // up. For a known address the code is stored, the request recorded and the mail written (a few milliseconds
      // of writes an unknown one does not have), which an answer waiting for them would tell by its time.
      app.afterAnswer(reply, async () => {
        let requested: Awaited<ReturnType<typeof accounts.requestPasswordReset>>
        try {
          requested = await accounts.requestPasswordReset(b.email, b.language ?? null)
        } catch (err) {
          request.log.error({ err }, 'password reset request failed')
          return
        }
        if (!requested) return
        const lang = b.language ? languageOf(b.language) : requested.user.language
        const link = appLink(b.url, config.publicUrl, '/user/resetpasswordconfirmed', {
          code: requested.code,
          email: requested.user.email,
        })
        try {
          const sent = await mailer.send({
            to: requested.user.email,
            subject: texts[lang].resetSubject,
            text: texts[lang].resetBody(link),
          })
          if (sent.file) request.log.info({ file: sent.file }, 'password reset e-mail written to the outbox')
        } catch (err) {
          request.log.error({ err }, 'password reset e-mail failed')
        }
      })
      return { success: true, errors: [] }
    },
  )

  app.post(
    '/api/account/resetPasswordConfirmed',
    { schema: { tags, body: body(ResetPasswordConfirmedBody) }, preValidation: limited('resetPasswordConfirmed') },
    async (request) => {
      const b = request.body as ResetPasswordConfirmedBody
      const result = await accounts.confirmPasswordReset({ email: b.email, code: b.code, password: b.password })
      if (!result.ok) throw badRequest(result.errors)
      return { success: true, errors: [] }
    },
  )
}
