/**
 * Route helpers over the books glue: load the caller's books, run a command as the caller and turn a domain error
 * into the contract's HTTP error.
 */
import { isDomainError, type LedgerCommand } from '@finance/ledger-core/light'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { fromDomainError } from '../http/errors.ts'
import {
  type Executed,
  executePlan,
  loadBooks,
  type Plan,
  type RecordWrite,
  type RecordWritten,
  writeRecord,
} from '@finance/books'

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
export type CommandInput = DistributiveOmit<LedgerCommand, 'at' | 'userId'>

export const booksOf = (app: FastifyInstance, request: FastifyRequest) => loadBooks(app.finance.store, request.user.sub)

/** Executes as the authenticated user; a domain error becomes a 400/404 `HttpError`. */
export const run = (app: FastifyInstance, request: FastifyRequest, input: CommandInput): Promise<Executed> =>
  runPlan<LedgerCommand>(app, request, input, (command) => () => command)

/**
 * Executes the plan `plan` makes of the caller's command (see `Plan`: what the command becomes, or is refused as, on
 * the books it is decided on); a domain error becomes a 400/404 `HttpError`.
 */
export async function runPlan<C extends LedgerCommand>(
  app: FastifyInstance,
  request: FastifyRequest,
  input: DistributiveOmit<C, 'at' | 'userId'>,
  plan: (command: C) => Plan,
): Promise<Executed> {
  const userId = request.user.sub
  const command = { ...input, at: app.finance.now().toISOString(), userId } as unknown as C
  const result = await executePlan(app.finance.store, userId, plan(command), { correlationId: String(request.id) })
  if (isDomainError(result)) throw fromDomainError(result)
  return result
}

/** Writes one record as the authenticated user (one load of the books); a domain error becomes an `HttpError`. */
export async function write(app: FastifyInstance, request: FastifyRequest, w: RecordWrite): Promise<RecordWritten> {
  const by = { userId: request.user.sub, at: app.finance.now().toISOString() }
  const result = await writeRecord(app.finance.store, w, by, { correlationId: String(request.id) })
  if (isDomainError(result)) throw fromDomainError(result)
  return result
}
