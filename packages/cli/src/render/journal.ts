/**
 * The hledger/ledger journal of the books, from ledger-core's `ledgerJournal`, made complete for `hledger check -s`
 * (strict mode): the commodity (PLN, two decimals) is declared once at the top and every account a user's block
 * posts to is declared with its hledger type. In an export of several users every account carries the user's e-mail
 * address as its top level (`anna@example.com:assets:bank`), so nobody's bank account is merged with another's.
 */
import { type JournalOptions, ledgerJournal } from '@finance/ledger-core/light'
import type { UserBooks } from '../books.ts'

/** The journal's first lines: the one commodity, written as the core writes amounts. */
export const JOURNAL_HEADER = 'commodity PLN\n    format 1000.00 PLN\n\n'

/** hledger's account types by the top-level account of the core's chart. */
const TYPES: Readonly<Record<string, string>> = {
  assets: 'A',
  liabilities: 'L',
  equity: 'E',
  income: 'R',
  expenses: 'X',
}

/** A posting line of the core's journal: four spaces, the account (no spaces), two spaces, the amount. */
const POSTING = /^ {4}(\S+) {2}/gm

/** One user's block: a comment naming the user, the account declarations, the transactions ('' without any). */
export const journalOf = (b: UserBooks, options: JournalOptions = {}, prefix: string | null = null): string => {
  let text = ledgerJournal(b.state, options)
  if (text === '') return ''
  if (prefix !== null) text = text.replace(POSTING, (_, account: string) => `    ${prefix}:${account}  `)
  const accounts = [...new Set([...text.matchAll(POSTING)].map((m) => m[1]!))].sort()
  const declarations = accounts.map((account) => {
    const type = TYPES[(prefix === null ? account : account.slice(prefix.length + 1)).split(':')[0]!]
    return type === undefined ? `account ${account}` : `account ${account}\n    ; type: ${type}`
  })
  return `; ${b.email}\n${declarations.join('\n')}\n\n${text.endsWith('\n') ? text : `${text}\n`}\n`
}
