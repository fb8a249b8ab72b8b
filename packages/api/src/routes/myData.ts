/**
 * `GET /api/account/export`: the caller's own data in Finance's export format (docs/data-export.md) — every event of
 * the user's books and account as JSON lines after a header with the format version, the upcasters' versions and
 * the replay digest — as a download. Another installation reads it back with `finance import`.
 *
 * `DELETE /api/admin/users/:email` (ADMIN): deletes an account — its login ends at once (every session of it is
 * refused from the next request), its books are kept for the legal retention period (docs/security.md).
 */
import { Readable } from 'node:stream'
import { retainUntilFor } from '@finance/books'
import { userExportLines } from '@finance/books/backup'
import { accountMessages, isEmailAddress } from '@finance/ledger-core/light'
import type { FastifyInstance } from 'fastify'
import { badRequest, HttpError } from '../http/errors.ts'

export default async function myDataRoutes(app: FastifyInstance) {
  const { store, accounts, now } = app.finance
  app.get(
    '/api/account/export',
    { onRequest: [app.authenticate], schema: { tags: ['account'] } },
    async (request, reply) => {
      const user = await accounts.findById(request.user.sub)
      if (user === null) return reply.code(404).send({ errors: ['User does not exist.'] })
      const day = now().toISOString().slice(0, 10)
      async function* body() {
        for await (const line of userExportLines(store, user!, now)) yield `${line}\n`
      }
      reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="finance-my-data-${day}.jsonl"`)
        .header('cache-control', 'no-store')
      return reply.send(Readable.from(body()))
    },
  )

  app.delete(
    '/api/admin/users/:email',
    { onRequest: [app.authenticate, app.requireAdmin], schema: { tags: ['admin'] } },
    async (request) => {
      const email = decodeURIComponent(String((request.params as { email?: unknown }).email ?? '')).trim()
      if (!isEmailAddress(email.toLowerCase()))
        throw badRequest([accountMessages.email], { email: accountMessages.email })
      const result = await accounts.deleteAccount(email, retainUntilFor(app.finance.today()), request.user.sub)
      if (!result.ok) throw new HttpError(result.status, result.errors)
      return { success: true, errors: [], email: result.value.email, retainUntil: result.value.retainUntil }
    },
  )
}
