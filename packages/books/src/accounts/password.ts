/**
 * Password and code hashing with scrypt (node:crypto): a random salt per hash, the cost parameters stored beside
 * the hash so they can be raised later, and a constant-time comparison.
 */
import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  )

const KEY_LENGTH = 32

/** `scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url>`. Default cost 2^15 (≈ 50–100 ms). */
export async function hashPassword(password: string, cost = 15): Promise<string> {
  const salt = randomBytes(16)
  const N = 2 ** cost
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 })
  return `scrypt$${cost}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPasswordHash(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const cost = Number(parts[1])
  const r = Number(parts[2])
  const p = Number(parts[3])
  if (!Number.isInteger(cost) || cost < 1 || cost > 22 || !Number.isInteger(r) || !Number.isInteger(p)) return false
  const salt = Buffer.from(parts[4]!, 'base64url')
  const expected = Buffer.from(parts[5]!, 'base64url')
  const N = 2 ** cost
  const key = await scryptAsync(password, salt, expected.length, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A random single-use code (reset links): 32 bytes, base64url. */
export const randomCode = (): string => randomBytes(32).toString('base64url')

/** Codes are long random values, so a fast hash is enough; only this hash is stored. */
export const hashCode = (code: string): string => createHash('sha256').update(code).digest('base64url')

/** Constant-time equality of two strings (e.g. api keys). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest()
  const hb = createHash('sha256').update(b).digest()
  return timingSafeEqual(ha, hb) && a.length === b.length
}
