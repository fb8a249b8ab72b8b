/**
 * `decide(command, state)`: the decider (`deciders/books.ts`, which reads only the books state) with the projections'
 * answers about transactions (`projections/lookup.ts`), for callers that hold nothing better. The application layer
 * calls `decideWith` with the same lookup.
 */
import type { LedgerCommand } from './commands.ts'
import { decideWith } from './deciders/books.ts'
import type { DomainError } from './errors.ts'
import type { LedgerEvent } from './events.ts'
import { transactionLookup } from './projections/lookup.ts'

export const decide = (command: LedgerCommand, state: Parameters<typeof decideWith>[1]): LedgerEvent[] | DomainError =>
  decideWith(command, state, transactionLookup(state))
