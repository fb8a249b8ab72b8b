/**
 * Rate limits over the event store's shared counters (`store.counters`): every instance on the same database counts
 * together, and the counters are never evicted to make room, so a flood of other keys (10 000 unknown e-mails)
 * cannot reset the count of the account under attack. A request passes each limit in turn, counting as it goes;
 * the first limit over its maximum answers 429 with `retry-after`, before later keys are even counted.
 *
 * Client addresses come from `request.ip` (which honours `FINANCE_TRUST_PROXY`); IPv6 clients are counted per /64,
 * the block one subscriber holds, so rotating addresses inside it does not escape a per-client limit.
 */
import { isIPv6 } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { tooManyRequests } from './errors.ts'

export const WINDOW_MS = 60_000

export interface Limit {
  /** Counter key: scope and subject, e.g. `login:account:jan@example.com`. */
  readonly key: string
  /** Requests allowed per window. */
  readonly max: number
}

/** The /64 of an IPv6 address (expanded), the address itself otherwise. */
export function clientOf(ip: string): string {
  if (!isIPv6(ip) || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '')
  const [head = '', tail = ''] = ip.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === '' ? [] : tail.split(':')
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** The per-client part of a limit key. */
export const clientKey = (request: FastifyRequest) => clientOf(request.ip)

/** Counts the request against each limit in turn; throws a 429 at the first one over its maximum. */
export async function enforce(app: FastifyInstance, limits: readonly Limit[]): Promise<void> {
  const { store, now } = app.finance
  for (const limit of limits) {
    const at = now().getTime()
    const { value, expiresAt } = await store.counters.increment(limit.key, WINDOW_MS, at)
    if (value > limit.max) throw tooManyRequests(Math.ceil((expiresAt - at) / 1000))
  }
}
