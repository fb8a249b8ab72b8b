/** The hledger/ledger journal of one user's books, from ledger-core's `ledgerJournal`. */
import { ledgerJournal } from '@finance/ledger-core'
import type { UserBooks } from '../books.ts'

export const journalOf = (b: UserBooks): string => {
  const text = ledgerJournal(b.state)
  return text === '' ? '' : `; ${b.email}\n${text.endsWith('\n') ? text : `${text}\n`}\n`
}
