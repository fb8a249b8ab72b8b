/**
 * Deleting an account and purging it clear the user's secrets (docs/security.md, "Deleting an account"): the login and
 * the KSeF credentials at once, everything else of the user at the purge; another user's secrets are not touched.
 * Run on the memory store and on SQLite, and read back by listing every key of the secret area.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { makeKsefCertificate } from '@finance/ksef/testing'
import { describe, expect, it } from 'vitest'
import { ksefReceivedKey, ksefSentKey, ksefUpoKey } from '../src/accounts/userSecrets.ts'
import { createAccounts, purgeExpiredAccounts, setKsefCertificate, setKsefToken } from '../src/index.ts'

const stores: [string, () => { store: EventStore; done: () => Promise<void> }][] = [
  ['memory', () => ({ store: createMemoryStore(), done: async () => {} })],
  [
    'SQLite',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'finance-erasure-'))
      const store = createSqliteStore({ file: join(dir, 'finance.sqlite') })
      return {
        store,
        done: async () => {
          await store.close()
          rmSync(dir, { recursive: true, force: true })
        },
      }
    },
  ],
]

const keys = async (store: EventStore) => (await store.secrets.entries!()).map(([k]) => k)
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

describe.each(stores)('the secrets of a deleted account (%s store)', (_, open) => {
  it('the login and the KSeF credentials go at deletion, every secret of the user at the purge', {
    timeout: 60_000,
  }, async () => {
    const { store, done } = open()
    try {
      const accounts = createAccounts(store, { hashCost: 4 })
      const now = () => new Date('2026-03-15T10:00:00Z')
      const deps = { store, serverSecret: 'a-server-secret-of-32-characters!', now }
      await accounts.register({ email: 'admin@example.com', password: 'Admin-Pass1', role: 'ADMIN' })
      const register = async (email: string) => {
        const r = await accounts.register({ email, password: 'User-Pass1', role: 'USER' })
        if (!r.ok) throw new Error(r.errors.join())
        return r.value.id
      }
      const anna = await register('anna@example.com')
      const bob = await register('bob@example.com')
      const made = await makeKsefCertificate({ notBefore: new Date('2026-01-01') })
      for (const id of [anna, bob]) {
        await setKsefToken(deps, id, { token: `KSEF-TOKEN-${id}`, environment: 'TEST' })
        await setKsefCertificate(deps, id, {
          certificate: b64(made.certificatePem),
          privateKey: b64(made.privateKeyPem),
        })
        await store.secrets.put(ksefSentKey(id, 3), '<Faktura/>')
        await store.secrets.put(ksefUpoKey(id, 3), '<UPO/>')
        await store.secrets.put(ksefReceivedKey(id, '5265877635-20260301-0100001AF629-AF'), '<Faktura/>')
      }
      expect(await accounts.requestPasswordReset('anna@example.com')).not.toBeNull()
      const bobsKeys = (await keys(store)).filter((k) => k.includes(bob))
      expect(bobsKeys).toHaveLength(8)
      expect((await keys(store)).filter((k) => k.includes(anna)).sort()).toEqual(
        [
          `ksef:certificate-info:${anna}`,
          `ksef:certificate:${anna}`,
          `ksef:received-xml:${anna}:5265877635-20260301-0100001AF629-AF`,
          `ksef:sent-xml:${anna}:3`,
          `ksef:settings:${anna}`,
          `ksef:token:${anna}`,
          `ksef:upo:${anna}:3`,
          `password:${anna}`,
          `reset:${anna}`,
        ].sort(),
      )

      // Deleted: the login and every KSeF credential go at once; the invoices kept beside the books stay with them.
      expect((await accounts.deleteAccount('anna@example.com', '2032-12-31', 'test')).ok).toBe(true)
      expect((await keys(store)).filter((k) => k.includes(anna)).sort()).toEqual(
        [
          `ksef:received-xml:${anna}:5265877635-20260301-0100001AF629-AF`,
          `ksef:sent-xml:${anna}:3`,
          `ksef:upo:${anna}:3`,
        ].sort(),
      )
      expect((await keys(store)).filter((k) => k.includes(bob))).toEqual(bobsKeys)

      // A token an earlier version left behind at deletion goes at the next purge, even within the retention period.
      await store.secrets.put(`ksef:token:${anna}`, 'left by an earlier version')
      const early = await purgeExpiredAccounts(store, accounts, { today: '2032-12-31' })
      expect(early).toEqual([])
      expect(await store.secrets.get(`ksef:token:${anna}`)).toBeNull()
      expect((await keys(store)).filter((k) => k.includes(anna))).toHaveLength(3)

      // After the retention period: nothing of the user is left in the secrets; Bob's are all there.
      const purged = await purgeExpiredAccounts(store, accounts, { today: '2033-01-02' })
      expect(purged.map((r) => [r.account.id, r.secrets])).toEqual([[anna, 3]])
      expect((await keys(store)).filter((k) => k.includes(anna))).toEqual([])
      expect((await keys(store)).filter((k) => k.includes(bob))).toEqual(bobsKeys)
    } finally {
      await done()
    }
  })
})
