/**
 * The split payment (mechanizm podzielonej płatności, art. 108a ust. 3 of the VAT act) title: the payer's bank
 * writes `/VAT/<VAT amount>/IDC/<the supplier's NIP>/INV/<invoice number>/TXT/<free text>` (the layout of the
 * Polish Bank Association's standard for MPP transfers). The invoice number may itself hold slashes ("FV 1/2026"),
 * so each part runs to the next known key, not to the next slash.
 */
import { formatAmount, parseUnsignedAmount } from './money.ts'

export interface SplitPayment {
  readonly vat: string
  readonly nip?: string
  readonly invoice?: string
}

const KEYS = ['VAT', 'IDC', 'INV', 'TXT'] as const

/** The split payment's parts of a title, or `undefined` when the title is not one (or its VAT amount is unreadable). */
export const parseSplitPayment = (title: string): SplitPayment | undefined => {
  const start = title.search(/\/VAT\//i)
  if (start < 0) return undefined
  const text = title.slice(start)
  const upper = text.toUpperCase()
  const positions = KEYS.map((k) => ({ key: k, at: upper.indexOf(`/${k}/`) }))
    .filter((p) => p.at >= 0)
    .sort((a, b) => a.at - b.at)
  const part = (key: (typeof KEYS)[number]) => {
    const i = positions.findIndex((p) => p.key === key)
    if (i < 0) return undefined
    const from = positions[i]!.at + key.length + 2
    const to = positions[i + 1]?.at ?? text.length
    const v = text.slice(from, to).trim()
    return v === '' ? undefined : v
  }
  const vatText = part('VAT')
  const vat = vatText === undefined ? null : parseUnsignedAmount(vatText, { decimal: 'either', thousands: true })
  if (vat === null) return undefined
  const nip = part('IDC')?.replace(/[\s-]/g, '')
  const invoice = part('INV')
  return {
    vat: formatAmount(vat),
    ...(nip ? { nip } : {}),
    ...(invoice ? { invoice } : {}),
  }
}
