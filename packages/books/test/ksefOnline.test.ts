/**
 * The scheduled KSeF fetch over the simulator: the users with a token fetch once per interval (the claim), each
 * result recorded for the screen; the token at rest opens only with the server's secret and for its user.
 */
import { createMemoryStore } from '@finance/event-store'
import { startSimulator } from '@finance/ksef/testing'
import type { LedgerCommand } from '@finance/ledger-core'
import { buildInvoice23 } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { executeBooks, ksefStatus, openToken, runKsefFetches, sealToken, setKsefToken } from '../src/index.ts'

const US = '5260250274'

describe('the scheduled KSeF fetch', { timeout: 60_000 }, () => {
  it('fetches for the users with a token, once per interval, and records the result', async () => {
    const sim = await startSimulator({ nip: US, pendingPolls: 0 })
    try {
      const store = createMemoryStore()
      let clock = Date.parse('2026-03-20T10:00:00.000Z')
      const deps = {
        store,
        serverSecret: 'server-secret-0123456789',
        now: () => new Date(clock),
        baseUrlOf: () => sim.url,
      }
      for (const userId of ['anna', 'bob']) {
        const r = await executeBooks(store, userId, {
          type: 'SaveCompanyRecord',
          dataType: 'Primary',
          data: { companyName: 'Firma', nip: US, ownerName: 'A', ownerLastName: 'B', regon: '' },
          at: '2026-01-02T10:00:00.000Z',
          userId,
        } as LedgerCommand)
        if (!('events' in r)) throw new Error(JSON.stringify(r))
      }
      await setKsefToken(deps, 'anna', { token: sim.token })
      sim.receive(buildInvoice23({ sellerNip: '7740001454', buyerNip: US, number: 'ZAK 1/03' }))
      const first = await runKsefFetches(deps, ['anna', 'bob'], 30 * 60_000)
      expect(first).toEqual({ users: 1, fetched: 1, failed: 0, skipped: 0 })
      expect((await ksefStatus(deps, 'anna')).lastFetch).toMatchObject({ ok: true, imported: 1 })
      expect((await ksefStatus(deps, 'bob')).lastFetch).toBeNull()
      // Within the interval the claim holds; after it, the next run fetches again.
      expect(await runKsefFetches(deps, ['anna', 'bob'], 30 * 60_000)).toMatchObject({ fetched: 0, skipped: 1 })
      clock += 31 * 60_000
      expect(await runKsefFetches(deps, ['anna', 'bob'], 30 * 60_000)).toMatchObject({ fetched: 1, skipped: 0 })
      expect(sim.violations).toEqual([])
    } finally {
      await sim.close()
    }
  })

  it('seals the token for one server secret and one user', () => {
    const sealed = sealToken('secret-a', 'anna', 'token-123456789')
    expect(sealed).not.toContain('token-123456789')
    expect(openToken('secret-a', 'anna', sealed)).toBe('token-123456789')
    expect(openToken('secret-b', 'anna', sealed)).toBeNull()
    expect(openToken('secret-a', 'bob', sealed)).toBeNull()
    const tampered = JSON.parse(sealed) as { data: string }
    tampered.data = Buffer.from('x').toString('base64')
    expect(openToken('secret-a', 'anna', JSON.stringify({ ...JSON.parse(sealed), data: tampered.data }))).toBeNull()
  })
})
