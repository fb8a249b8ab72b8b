/**
 * What a match or a suggestion pays, named as the user knows it: an income, expense, tax or contribution by its name,
 * date and amount as the books show them (the API's `transactions`), never by its id (`i12-2026-10`); a private part
 * and a transfer between the user's accounts in words.
 */
import { parseMoney } from '@finance/ledger-core'
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

/** The same amount, whatever its sign (an expense's row may be written negative) and decimals. */
const sameMoney = (a: string, b: string): boolean => {
  try {
    const x = parseMoney(a)
    const y = parseMoney(b)
    return (x < 0n ? -x : x) === (y < 0n ? -y : y)
  } catch {
    return a === b
  }
}

/**
 * `(allocation, transactions) => what it pays` in the user's language: the part the line pays of a transaction, with
 * the transaction's total where the part is less or more ("Audyt – Nowak, 16 paź 2026, 1230,00 zł z 2460,00 zł").
 */
export const useAllocationText = () => {
  const { t } = useLingui()
  const f = useFormat()
  const transaction = useTransactionText()
  return useCallback(
    (a: BankAllocation, transactions: BankTransactions): string => {
      if (a.kind === 'private') return t`private (not the business's)`
      if (a.kind === 'transfer') return t`a transfer between my accounts`
      const known = transactions[a.id]
      if (!known || sameMoney(a.amount, known.amount)) return transaction(a.id, transactions)
      const name = known.name
      const day = f.date(known.date)
      const part = f.money(a.amount)
      const total = f.money(known.amount.startsWith('-') ? known.amount.slice(1) : known.amount)
      return t`${name}, ${day}, ${part} of ${total}`
    },
    [t, f, transaction],
  )
}
