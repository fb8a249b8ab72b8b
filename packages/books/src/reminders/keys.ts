/**
 * Accept keys: `base64url(JSON payload).base64url(HMAC-SHA256)` with payload `{ u: userId, t: transactionId,
 * p: 'accept', e: expiry (ms) }`. Single-purpose (the purpose is signed and checked) and bound to one transaction,
 * so a key can complete that transaction only. The HMAC key is derived from the JWT secret for this purpose alone.
 *
 * `t` is the transaction's identity (`vat-2026-01`, `i12-2026-03`, a manual row's id). Keys mailed before identities
 * carry the integer id of a recorded row; they stay valid, and the books map that id to its identity.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { isTransactionId, type TransactionId } from '@finance/ledger-core/light'

export interface AcceptKey {
  readonly userId: string
  /** An identity, or (keys mailed before identities) the integer id of a recorded row. */
  readonly transactionId: TransactionId | number
  readonly expiresAt: number
}

/** Keys stay valid for 30 days: long enough to act on a reminder after the due date. */
export const ACCEPT_KEY_TTL_MS = 30 * 24 * 60 * 60 * 1000

const keyFor = (secret: string) => createHmac('sha256', secret).update('finance:accept-key:v1').digest()
const sign = (secret: string, payload: string) => createHmac('sha256', keyFor(secret)).update(payload).digest()

export function signAcceptKey(secret: string, key: AcceptKey): string {
  const payload = Buffer.from(
    JSON.stringify({ u: key.userId, t: key.transactionId, p: 'accept', e: key.expiresAt }),
  ).toString('base64url')
  return `${payload}.${sign(secret, payload).toString('base64url')}`
}

/** The key's content when the signature, purpose and expiry hold; null otherwise. */
export function verifyAcceptKey(secret: string, value: unknown, now: number): AcceptKey | null {
  if (typeof value !== 'string' || value.length > 1000) return null
  const [payload, signature, extra] = value.split('.')
  if (!payload || !signature || extra !== undefined) return null
  const expected = sign(secret, payload)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    if (p.p !== 'accept' || typeof p.u !== 'string' || typeof p.e !== 'number') return null
    if (!isTransactionId(p.t) || (typeof p.t !== 'string' && typeof p.t !== 'number')) return null
    if (p.e < now) return null
    return { userId: p.u, transactionId: p.t, expiresAt: p.e }
  } catch {
    return null
  }
}
