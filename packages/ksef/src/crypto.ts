/**
 * The cryptography of KSeF 2.0 (sesja-interaktywna.md, uwierzytelnianie.md, klucze-publiczne-do-szyfrowania.md), with
 * node:crypto only:
 * - RSAES-OAEP with SHA-256 (and MGF1 with SHA-256) under the public key of a Ministry certificate (X.509, DER in
 *   Base64): the KSeF token with the challenge's timestamp, and each session's symmetric key;
 * - AES-256-CBC with PKCS#7 padding: invoices sent, export packages received;
 * - SHA-256 in Base64: the hashes of files and of their encrypted form; the key identifiers of the certificates.
 */
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  publicEncrypt,
  randomBytes,
  X509Certificate,
} from 'node:crypto'

export const sha256Base64 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('base64')

/** The certificate of a Base64 DER text, as the API publishes it. */
export const certificateOf = (base64Der: string): X509Certificate =>
  new X509Certificate(Buffer.from(base64Der, 'base64'))

/** SHA-256 of the DER SubjectPublicKeyInfo, in Base64: the `publicKeyId` of a certificate. */
export const publicKeyIdOf = (cert: X509Certificate): string =>
  sha256Base64(cert.publicKey.export({ type: 'spki', format: 'der' }))

/** RSAES-OAEP, SHA-256 and MGF1-SHA-256, under the certificate's public key. */
export const rsaOaepEncrypt = (cert: X509Certificate, data: Uint8Array): Buffer =>
  publicEncrypt({ key: cert.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data)

/** A fresh AES-256 key and a 128-bit IV. */
export interface SymmetricKey {
  readonly key: Buffer
  readonly iv: Buffer
}

export const freshSymmetricKey = (): SymmetricKey => ({ key: randomBytes(32), iv: randomBytes(16) })

export const aesEncrypt = ({ key, iv }: SymmetricKey, data: Uint8Array): Buffer => {
  const c = createCipheriv('aes-256-cbc', key, iv)
  return Buffer.concat([c.update(data), c.final()])
}

/** Throws when the padding is wrong (another key, or a damaged file). */
export const aesDecrypt = ({ key, iv }: SymmetricKey, data: Uint8Array): Buffer => {
  const d = createDecipheriv('aes-256-cbc', key, iv)
  return Buffer.concat([d.update(data), d.final()])
}

/** The `encryption` object of a session or an export: the key encrypted for the Ministry, the IV in the clear. */
export const encryptionInfo = (cert: X509Certificate, sym: SymmetricKey) => ({
  encryptedSymmetricKey: rsaOaepEncrypt(cert, sym.key).toString('base64'),
  initializationVector: sym.iv.toString('base64'),
  publicKeyId: publicKeyIdOf(cert),
})
