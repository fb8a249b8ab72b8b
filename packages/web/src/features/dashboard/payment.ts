/**
 * A transaction's payment state as the server reports it: `completed` with the amount paid then (`paidAmount`) and
 * what differs now (`remainingAmount`, when the amount changed after the payment — a back-dated invoice raising
 * last month's VAT); or open and partly paid (bank lines paid `paidAmount`, less than the sum; `remainingAmount` is
 * left). The core decides `overdue`; these helpers keep the screen right between a tick and the answer.
 */
import { isPositive, isZero } from './money.ts'
import type { Transaction } from './types.ts'

/** Completed, but the amount changed since: something is left to pay (or was paid too much). */
export const hasRemainder = (t: Transaction): boolean => t.completed && !isZero(t.remainingAmount)

/** Completed, and the amount grew since: the remainder is still to pay. */
export const owesRemainder = (t: Transaction): boolean => t.completed && isPositive(t.remainingAmount)

/** Completed at the amount it has now: nothing left (the card and row are dimmed). */
export const isSettled = (t: Transaction): boolean => t.completed && !hasRemainder(t)

/** Open, with part of it paid (by bank lines): what was paid and what is left are shown, it is not completed. */
export const isPartlyPaid = (t: Transaction): boolean => !t.completed && isPositive(t.paidAmount)

/** Due before today with something still to pay. */
export const isLate = (t: Transaction): boolean => t.dataObject.overdue === true && (!t.completed || owesRemainder(t))
