/** A key pair and a self-signed X.509 certificate made at start, standing in for one of the Ministry's. */
import { KeyObject, webcrypto } from 'node:crypto'
import 'reflect-metadata'
import * as x509 from '@peculiar/x509'

// Node's Web Crypto stands for the DOM's `Crypto` and `CryptoKey` that @peculiar/x509 names (the casts hold whether
// this file is type-checked with the DOM's types, as in the web app's journeys, or with Node's alone).
x509.cryptoProvider.set(webcrypto as never)

export interface SimulatorKey {
  /** The certificate, DER in Base64, as `GET /security/public-key-certificates` publishes it. */
  readonly certificate: string
  readonly privateKey: webcrypto.CryptoKey
  readonly validFrom: Date
  readonly validTo: Date
}

const ALG = { name: 'RSA-OAEP', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 }

const made = new Map<string, Promise<SimulatorKey>>()

/** A key pair and certificate for `usage`, made once per process (RSA key generation is the slow part of a start). */
export const makeKey = (usage: string, now: Date): Promise<SimulatorKey> => {
  let key = made.get(usage)
  if (!key) {
    key = newKey(usage, now)
    made.set(usage, key)
  }
  return key
}

async function newKey(usage: string, now: Date): Promise<SimulatorKey> {
  const keys = await webcrypto.subtle.generateKey(ALG, true, ['encrypt', 'decrypt'])
  const validFrom = new Date(now.getTime() - 24 * 3600_000)
  const validTo = new Date(now.getTime() + 2 * 365 * 24 * 3600_000)
  // Signing needs a signing key: the certificate is signed by a throw-away RSASSA key (an "issuer"), as a CA would.
  const issuer = await webcrypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 },
    true,
    ['sign', 'verify'],
  )
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: '01',
    subject: `CN=Ministerstwo Finansów (symulator ${usage})`,
    issuer: 'CN=Symulator KSeF CA',
    notBefore: validFrom,
    notAfter: validTo,
    signingAlgorithm: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    publicKey: keys.publicKey as never,
    signingKey: issuer.privateKey as never,
  })
  return {
    certificate: Buffer.from(cert.rawData).toString('base64'),
    privateKey: keys.privateKey,
    validFrom,
    validTo,
  }
}

/** RSA-OAEP SHA-256 decryption with the simulator's key; null when it does not decrypt. */
export async function rsaDecrypt(key: SimulatorKey, data: Uint8Array): Promise<Buffer | null> {
  try {
    return Buffer.from(await webcrypto.subtle.decrypt({ name: 'RSA-OAEP' }, key.privateKey, data))
  } catch {
    return null
  }
}

/**
 * A KSeF certificate as the Ministry would issue one to a taxpayer (`certyfikaty-KSeF.md`): type Offline (key usage
 * Non-Repudiation) or Authentication (Digital Signature), for `nip`, with an ECDSA P-256 or RSA 2048 key; the
 * certificate in PEM and DER, the key as PKCS#8 PEM encrypted with `password` (AES-256-CBC) when one is given.
 */
export async function makeKsefCertificate(
  o: {
    readonly type?: 'Offline' | 'Authentication'
    readonly key?: 'ec' | 'rsa'
    readonly nip?: string
    readonly password?: string
    readonly notBefore?: Date
    readonly notAfter?: Date
  } = {},
): Promise<{ certificatePem: string; certificateDer: Buffer; privateKeyPem: string; serial: string }> {
  const alg =
    o.key === 'rsa'
      ? { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 }
      : { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' }
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair
  const serial = '01F20A5D352AE590'
  const usage = o.type === 'Authentication' ? x509.KeyUsageFlags.digitalSignature : x509.KeyUsageFlags.nonRepudiation
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial,
    subject: `CN=Jan Kowalski, 2.5.4.97=VATPL-${o.nip ?? '5260250274'}`,
    issuer: 'CN=Symulator KSeF CA',
    notBefore: o.notBefore ?? new Date(Date.now() - 24 * 3600_000),
    notAfter: o.notAfter ?? new Date(Date.now() + 2 * 365 * 24 * 3600_000),
    signingAlgorithm: alg,
    publicKey: keys.publicKey as never,
    signingKey: keys.privateKey as never,
    extensions: [new x509.KeyUsagesExtension(usage, true)],
  })
  const key = KeyObject.from(keys.privateKey)
  const privateKeyPem = (
    o.password
      ? key.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: o.password })
      : key.export({ format: 'pem', type: 'pkcs8' })
  ) as string
  return { certificatePem: cert.toString('pem'), certificateDer: Buffer.from(cert.rawData), privateKeyPem, serial }
}
