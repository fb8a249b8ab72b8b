/**
 * Every key a user has in the store's secret area, in one place, so that deleting an account and purging it can
 * find them all (docs/security.md, "Deleting an account"):
 * - `password:{id}`, `reset:{id}`: the login (the password hash, the reset code's hash);
 * - `ksef:token:{id}`, `ksef:certificate:{id}` (with its opened private key), `ksef:certificate-info:{id}` and
 *   `ksef:settings:{id}` (environment, the download's marks): the connection to KSeF, credentials acting for the
 *   taxpayer;
 * - `ksef:sent-xml:{id}:{item}`, `ksef:upo:{id}:{item}`, `ksef:received-xml:{id}:{ksefNumber}`: the invoices sent
 *   and received through KSeF and their receipts, documents of the books.
 * A key belongs to a user when the user's id is one of its `:`-separated parts.
 */
import type { EventStore } from '@finance/event-store'

export const passwordKey = (userId: string) => `password:${userId}`
export const resetKey = (userId: string) => `reset:${userId}`
export const ksefSettingsKey = (userId: string) => `ksef:settings:${userId}`
export const ksefTokenKey = (userId: string) => `ksef:token:${userId}`
export const certificateKey = (userId: string) => `ksef:certificate:${userId}`
export const certificateInfoKey = (userId: string) => `ksef:certificate-info:${userId}`
export const ksefSentKey = (userId: string, itemId: number) => `ksef:sent-xml:${userId}:${itemId}`
export const ksefUpoKey = (userId: string, itemId: number) => `ksef:upo:${userId}:${itemId}`
export const ksefReceivedKey = (userId: string, ksefNumber: string) => `ksef:received-xml:${userId}:${ksefNumber}`

/**
 * What goes the moment an account is deleted: the login and every credential that acts for the user — none of it is
 * needed to keep the books for the tax law, and a KSeF token or the Offline certificate's key left in the store
 * would stay usable by whoever holds the store and the server's secret.
 */
export const credentialKeys = (userId: string): readonly string[] => [
  passwordKey(userId),
  resetKey(userId),
  ksefTokenKey(userId),
  certificateKey(userId),
  certificateInfoKey(userId),
  ksefSettingsKey(userId),
]

/** Whether a secret's key is the user's: the id is one of its `:`-separated parts. */
export const isUserSecretKey = (key: string, userId: string): boolean => key.split(':').includes(userId)

/**
 * Deletes every secret of the user (at the purge, when the books go too) and answers how many there were. Needs a
 * store that can list its secrets (the ones that can delete streams can).
 */
export async function deleteUserSecrets(store: EventStore, userId: string): Promise<number> {
  if (store.secrets.entries === undefined)
    throw new Error(`A ${(await store.info()).kind} store cannot list its secrets to erase them`)
  const keys = (await store.secrets.entries()).map(([key]) => key).filter((key) => isUserSecretKey(key, userId))
  for (const key of keys) await store.secrets.delete(key)
  return keys.length
}
