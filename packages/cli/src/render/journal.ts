/** The hledger/ledger journal of one user's books, from ledger-core's `ledgerJournal`. */
import { type JournalOptions, ledgerJournal } from '@finance/ledger-core/reports/index.ts'
import type { UserBooks } from '../books.ts'

export const journalOf = (b: UserBooks, options: JournalOptions = {}): string => {
  const text = ledgerJournal(b.state, options)
  return text === '' ? '' : `; ${b.email}\n${text.endsWith('\n') ? text : `${text}\n`}\n`
}
