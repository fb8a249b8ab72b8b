/**
 * Whether a statement adds up: its opening balance plus its lines equals its closing balance, and it starts where
 * the previous statement of the same account ended. Exact, in grosze.
 */
import { StatementError } from './errors.ts'
import { amountToGrosze, formatAmount } from './money.ts'
import type { BankStatement } from './types.ts'

export type Reconciliation =
  | { readonly ok: true }
  | {
      readonly ok: false
      /** What the lines add up to from the opening balance, and what the statement says it closed at. */
      readonly expected: string
      readonly closing: string
      /** closing − (opening + lines): what is missing from the lines (negative: the lines are too much). */
      readonly difference: string
    }

/** The sum of the lines of a statement, as an amount string. */
export const linesTotal = (statement: Pick<BankStatement, 'lines'>): string =>
  formatAmount(statement.lines.reduce((sum, l) => sum + amountToGrosze(l.amount), 0n))

/**
 * Opening + lines = closing. A statement without balances (a CSV export without them) has nothing to reconcile
 * and is reported as adding up.
 */
export const reconcile = (statement: BankStatement): Reconciliation => {
  if (statement.openingBalance === undefined || statement.closingBalance === undefined) return { ok: true }
  const expected = amountToGrosze(statement.openingBalance) + amountToGrosze(linesTotal(statement))
  const closing = amountToGrosze(statement.closingBalance)
  if (expected === closing) return { ok: true }
  return {
    ok: false,
    expected: formatAmount(expected),
    closing: formatAmount(closing),
    difference: formatAmount(closing - expected),
  }
}

/** The statement when it adds up; otherwise the parser's refusal `bank.statement.unbalanced`, at `where`. */
export const balanced = (statement: BankStatement, where: string): BankStatement => {
  const check = reconcile(statement)
  if (!check.ok)
    throw new StatementError(
      'bank.statement.unbalanced',
      `Opening balance plus the lines is ${check.expected}, but the closing balance is ${check.closing} (difference ${check.difference})`,
      where,
      { expected: check.expected, closing: check.closing, difference: check.difference },
    )
  return statement
}

export type Continuity =
  | { readonly ok: true }
  | {
      readonly ok: false
      readonly reason: 'account' | 'currency' | 'gap' | 'order'
      /** The previous statement's closing and the next one's opening (for a gap). */
      readonly previousClosing?: string
      readonly nextOpening?: string
      readonly difference?: string
    }

/**
 * Whether `next` continues `previous`: the same account and currency, not earlier, and its opening balance is the
 * previous closing balance. Statements without balances continue anything of the same account.
 */
export const continuity = (previous: BankStatement, next: BankStatement): Continuity => {
  if (previous.account !== next.account) return { ok: false, reason: 'account' }
  if (previous.currency !== next.currency) return { ok: false, reason: 'currency' }
  if (next.openingDate < previous.closingDate) return { ok: false, reason: 'order' }
  if (previous.closingBalance === undefined || next.openingBalance === undefined) return { ok: true }
  const closing = amountToGrosze(previous.closingBalance)
  const opening = amountToGrosze(next.openingBalance)
  if (closing === opening) return { ok: true }
  return {
    ok: false,
    reason: 'gap',
    previousClosing: previous.closingBalance,
    nextOpening: next.openingBalance,
    difference: formatAmount(opening - closing),
  }
}
