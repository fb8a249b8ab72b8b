/**
 * What a match or a suggestion pays, named as the user knows it: an income, expense, tax or contribution by its name,
 * date and amount as the books show them (the API's `transactions`), never by its id (`i12-2026-10`); a private part
 * and a transfer between the user's accounts in words.
 */
import { useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { useFormat } from '../../i18n/format.ts'
import type { BankAllocation, BankTransactions } from './types.ts'

/** `(transaction id, transactions) => "Laptop Dell, 5 paź 2026, 9840,00 zł"`; the id itself only when the books no longer show it. */
export const useTransactionText = () => {
  const f = useFormat()
  return useCallback(
    (id: string, transactions: BankTransactions): string => {
      const known = transactions[id]
      return known ? `${known.name}, ${f.date(known.date)}, ${f.money(known.amount)}` : id
    },
    [f],
  )
}

/** `(allocation, transactions) => what it pays` in the user's language. */
export const useAllocationText = () => {
  const { t } = useLingui()
  const transaction = useTransactionText()
  return useCallback(
    (a: BankAllocation, transactions: BankTransactions): string =>
      a.kind === 'transaction'
        ? transaction(a.id, transactions)
        : a.kind === 'private'
          ? t`private (not the business's)`
          : t`a transfer between my accounts`,
    [t, transaction],
  )
}
