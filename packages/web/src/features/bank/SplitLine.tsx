/**
 * Splitting a statement line (docs/tax-rules.md §13): one transfer paying several invoices, a payment split between an
 * invoice and a private part, or part of a line that is a transfer between the user's own accounts. The parts must add
 * up to the line's amount, as the books require (`MatchBankLine`); the panel says how much is left to assign before it
 * lets the user save.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useId, useMemo, useState } from 'react'
import { formatMoney, parseMoney } from '@finance/ledger-core'
import { formatDecimal, type Language, parseDecimal, useLanguage } from '../../forms/index.ts'
import { useFormat } from '../../i18n/format.ts'
import { Button, Options } from '../../ui/index.ts'
import { useTransactionText } from './targets.ts'
import type { BankAction, BankAllocation, BankLine, BankSuggestion, BankTransactions, OpenItem } from './types.ts'

type Money = (v: string | null) => string

interface Part {
  /** `tx:<transaction id>`, `private` or `transfer`. */
  readonly target: string
  /** As typed or pre-filled, in the user's language: `1 234,56` (pl), `1,234.56` (en). */
  readonly amount: string
}

/**
 * A typed amount in grosze, read as the user's language writes it (as the other money inputs read it; in English a
 * Polish `1 234,56` too, as before), or `null` when it is not a positive amount with at most two decimals.
 */
export const typedGrosze = (s: string, language: Language = 'pl'): bigint | null => {
  const t = parseDecimal(s, language) ?? (language === 'pl' ? null : parseDecimal(s, 'pl'))
  if (t === null || !/^\d{1,13}(\.\d{1,2})?$/.test(t)) return null
  const g = parseMoney(t)
  return g > 0n ? g : null
}

const targetOf = (a: BankAllocation): string => (a.kind === 'transaction' ? `tx:${a.id}` : a.kind)

const allocationOf = (p: Part, grosze: bigint): BankAllocation => {
  const amount = formatMoney(grosze)
  if (p.target === 'private' || p.target === 'transfer') return { kind: p.target, amount }
  return { kind: 'transaction', id: p.target.slice(3), amount }
}

export const SplitLine = ({
  line,
  suggestions,
  transactions,
  openItems,
  money,
  act,
  busy,
  onClose,
}: {
  line: BankLine
  suggestions: readonly BankSuggestion[]
  /** What the suggestions pay, as the books show it (the queue entry's `transactions`). */
  transactions: BankTransactions
  openItems: readonly OpenItem[]
  money: Money
  act: (a: BankAction) => void
  busy: boolean
  onClose: () => void
}) => {
  const { t } = useLingui()
  const f = useFormat()
  const language = useLanguage()
  /** An amount the panel fills in, as the language writes it (`7380,00` in Polish), as the other money inputs show it. */
  const shown = (amount: string) => formatDecimal(amount, language, { fractionDigits: 2 })
  const transactionText = useTransactionText()
  const id = useId()
  const outgoing = line.amount.startsWith('-')
  const total = parseMoney(outgoing ? line.amount.slice(1) : line.amount)
  const options = useMemo(() => {
    const seen = new Set<string>()
    const out: { value: string; label: string }[] = []
    const add = (value: string, label: string) => {
      if (seen.has(value)) return
      seen.add(value)
      out.push({ value, label })
    }
    // Each open invoice as the books show it: its document (or name), counterparty and date, and what is left to pay;
    // an invoice of several VAT rates by each of its incomes (a line's part pays one of them), still open or not.
    for (const i of openItems) {
      if ((i.kind === 'payable') === outgoing) {
        const name = `${i.documentNumber || i.name}${i.counterparty ? ` — ${i.counterparty}` : ''}, ${f.date(i.date)}`
        if (!i.parts) add(`tx:${i.id}`, `${name} (${t`to settle`} ${money(i.remaining)})`)
        else
          i.parts.forEach((p, k) => {
            const place = k + 1
            const count = i.parts!.length
            add(`tx:${p.id}`, `${name}, ${t`part ${place} of ${count}`} (${t`to settle`} ${money(p.remaining)})`)
          })
      }
    }
    // A suggested tax, contribution or invoice not among them: by its name, date and amount.
    for (const s of suggestions)
      for (const a of s.allocations)
        if (a.kind === 'transaction') add(`tx:${a.id}`, transactionText(a.id, transactions))
    add('private', t`private (not the business's)`)
    add('transfer', t`a transfer between my accounts`)
    return out
  }, [openItems, suggestions, transactions, outgoing, money, t, f, transactionText])
  const [parts, setParts] = useState<readonly Part[]>(() => {
    const best = suggestions[0]?.allocations
    if (best && best.length > 0) return best.map((a) => ({ target: targetOf(a), amount: shown(a.amount) }))
    return [{ target: options[0]?.value ?? 'private', amount: shown(formatMoney(total)) }]
  })
  const amounts = parts.map((p) => typedGrosze(p.amount, language))
  const allValid = amounts.every((g) => g !== null)
  const assigned = amounts.reduce<bigint>((s, g) => s + (g ?? 0n), 0n)
  const left = total - assigned
  const canSave = allValid && left === 0n && parts.length > 0 && parts.length <= 50
  const change = (k: number, p: Partial<Part>) => setParts(parts.map((x, i) => (i === k ? { ...x, ...p } : x)))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!canSave) return
    act({
      type: 'match',
      lineId: line.lineId,
      allocations: parts.map((p, i) => allocationOf(p, amounts[i]!)),
    })
    onClose()
  }
  return (
    <form className="bank-split" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="bank-split__title">
        <Trans>Split {money(line.amount)} into parts</Trans>
      </p>
      <ol className="bank-split__parts">
        {parts.map((p, k) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts have no identity of their own but their place
          <li key={k} className="bank-split__part">
            <label>
              <span className="visually-hidden">
                <Trans>Part {k + 1}: what it pays</Trans>
              </span>
              <select value={p.target} onChange={(e) => change(k, { target: e.target.value })}>
                <Options options={options} />
              </select>
            </label>
            <label>
              <span className="visually-hidden">
                <Trans>Part {k + 1}: amount</Trans>
              </span>
              <input
                inputMode="decimal"
                value={p.amount}
                aria-invalid={amounts[k] === null}
                onChange={(e) => change(k, { amount: e.target.value })}
              />
            </label>
            {parts.length > 1 && (
              <Button
                variant="secondary"
                aria-label={t`Remove part ${k + 1}`}
                onClick={() => setParts(parts.filter((_, i) => i !== k))}
              >
                ×
              </Button>
            )}
          </li>
        ))}
      </ol>
      <p className="bank-split__left" role="status">
        {!allValid ? (
          <Trans>Each part needs an amount above zero with at most two decimals.</Trans>
        ) : left > 0n ? (
          <Trans>Left to assign: {money(formatMoney(left))}</Trans>
        ) : left < 0n ? (
          <Trans>The parts are more than the line by {money(formatMoney(-left))}</Trans>
        ) : (
          <Trans>The parts add up to the line's amount.</Trans>
        )}
      </p>
      <div className="bank-queue__actions">
        <Button
          variant="secondary"
          disabled={parts.length >= 50}
          onClick={() => setParts([...parts, { target: 'private', amount: left > 0n ? shown(formatMoney(left)) : '' }])}
        >
          <Trans>Add a part</Trans>
        </Button>
        <Button type="submit" disabled={busy || !canSave}>
          <Trans>Save the split</Trans>
        </Button>
        <Button variant="secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}
