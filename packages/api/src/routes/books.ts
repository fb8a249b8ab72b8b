/**
 * Route helpers over the books glue: load the caller's books, run a command as the caller and turn a domain error
 * into the contract's HTTP error.
 */
import { isDomainError, type LedgerCommand } from '@finance/ledger-core/light'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { fromDomainError } from '../http/errors.ts'
import {
  type Executed,
  executeBooks,
  loadBooks,
  type RecordWrite,
  type RecordWritten,
  writeRecord,
} from '@finance/books'

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
export type CommandInput = DistributiveOmit<LedgerCommand, 'at' | 'userId'>

export const booksOf = (app: FastifyInstance, request: FastifyRequest) => loadBooks(app.finance.store, request.user.sub)

/** Executes as the authenticated user; a domain error becomes a 400/404 `HttpError`. */
export async function run(app: FastifyInstance, request: FastifyRequest, input: CommandInput): Promise<Executed> {
  const userId = request.user.sub
  const command = { ...input, at: app.finance.now().toISOString(), userId } as LedgerCommand
  const result = await executeBooks(app.finance.store, userId, command, { correlationId: String(request.id) })
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
