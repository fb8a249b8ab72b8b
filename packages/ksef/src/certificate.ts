/**
 * The issuer's KSeF certificate of type Offline (`certyfikaty-KSeF.md`), the key that signs KOD II (`kody-qr.md`):
 * an X.509 certificate (PEM or DER) whose key usage is Non-Repudiation — the type Offline; an Authentication one has
 * Digital Signature and cannot sign KOD II — valid now, and its private key (PEM or DER, PKCS#8, PKCS#1 or SEC1,
 * maybe encrypted with a password), which must belong to the certificate and be RSA of 2048 bits or more, or
 * ECDSA P-256. Everything is checked before anything is kept; node:crypto reads both.
 */
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto'

export interface OfflineCertificate {
  /** The serial number as KOD II carries it (hexadecimal, upper case, e.g. `01F20A5D352AE590`). */
  readonly serial: string
  readonly subject: string
  readonly validFrom: string
  readonly validTo: string
  /** The certificate in PEM. */
  readonly certificatePem: string
  /** The private key, opened. */
  readonly privateKey: KeyObject
}

export interface CertificateProblem {
  readonly field: 'certificate' | 'privateKey' | 'password'
  readonly message: string
}

export const CertificateMessages = {
  certificate: 'The certificate must be an X.509 certificate in PEM or DER form',
  notOffline: 'This is not a KSeF certificate of type Offline (its key usage is not Non-Repudiation)',
  expired: 'The certificate is not valid now',
  privateKey: 'The private key must be in PEM or DER form',
  password: 'The password does not open the private key',
  mismatch: 'The private key does not belong to the certificate',
  keyType: 'The key must be RSA of at least 2048 bits or ECDSA P-256',
} as const

/** Key usage bits of a DER certificate (RFC 5280 §4.2.1.3), or null when it has no key usage extension. */
export function keyUsageOf(der: Uint8Array): { digitalSignature: boolean; nonRepudiation: boolean } | null {
  // id-ce-keyUsage (2.5.29.15): 06 03 55 1D 0F, then an optional `critical` BOOLEAN, then OCTET STRING { BIT STRING }.
  const oid = [0x06, 0x03, 0x55, 0x1d, 0x0f]
  for (let i = 0; i + oid.length < der.length; i++) {
    if (!oid.every((b, k) => der[i + k] === b)) continue
    let at = i + oid.length
    if (der[at] === 0x01 && der[at + 1] === 0x01) at += 3
    if (der[at] !== 0x04 || der[at + 2] !== 0x03) return null
    const first = der[at + 5] ?? 0
    return { digitalSignature: (first & 0x80) !== 0, nonRepudiation: (first & 0x40) !== 0 }
  }
  return null
}

const isPem = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 64)).toString('latin1').includes('-----BEGIN')

const openKey = (bytes: Uint8Array, password: string | undefined): KeyObject | CertificateProblem => {
  const passphrase = password ?? ''
  const buf = Buffer.from(bytes)
  const tries = isPem(bytes)
    ? [() => createPrivateKey({ key: buf.toString('latin1'), format: 'pem', passphrase })]
    : (['pkcs8', 'pkcs1', 'sec1'] as const).map(
        (type) => () => createPrivateKey({ key: buf, format: 'der', type, passphrase }),
      )
  let encrypted = isPem(bytes) && buf.toString('latin1').includes('ENCRYPTED')
  for (const t of tries) {
    try {
      return t()
    } catch (e) {
      const code = String((e as { code?: unknown }).code ?? '')
      if (/PASSPHRASE|BAD_DECRYPT|DECRYPT/.test(code) || /decrypt|passphrase/i.test(String((e as Error).message)))
        encrypted = true
    }
  }
  return encrypted
    ? { field: 'password', message: CertificateMessages.password }
    : { field: 'privateKey', message: CertificateMessages.privateKey }
}

/** Reads and checks an Offline certificate and its key; every problem found, or the certificate ready to sign. */
export function readOfflineCertificate(
  input: { readonly certificate: Uint8Array; readonly privateKey: Uint8Array; readonly password?: string },
  now: Date,
): { ok: true; value: OfflineCertificate } | { ok: false; problems: CertificateProblem[] } {
  const problems: CertificateProblem[] = []
  let cert: X509Certificate | null = null
  try {
    cert = new X509Certificate(Buffer.from(input.certificate))
  } catch {
    problems.push({ field: 'certificate', message: CertificateMessages.certificate })
  }
  if (cert) {
    const usage = keyUsageOf(cert.raw)
    if (!usage?.nonRepudiation) problems.push({ field: 'certificate', message: CertificateMessages.notOffline })
    else if (now < new Date(cert.validFrom) || now > new Date(cert.validTo))
      problems.push({ field: 'certificate', message: CertificateMessages.expired })
  }
  const key = openKey(input.privateKey, input.password)
  if ('field' in key) problems.push(key)
  else {
    const rsa = key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048
    const p256 = key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
    if (!rsa && !p256) problems.push({ field: 'privateKey', message: CertificateMessages.keyType })
    else if (cert && !cert.checkPrivateKey(key))
      problems.push({ field: 'privateKey', message: CertificateMessages.mismatch })
  }
  if (problems.length > 0 || !cert || 'field' in key) return { ok: false, problems }
  return {
    ok: true,
    value: {
      serial: cert.serialNumber.toUpperCase(),
      subject: cert.subject,
      validFrom: new Date(cert.validFrom).toISOString(),
      validTo: new Date(cert.validTo).toISOString(),
      certificatePem: cert.toString(),
      privateKey: key,
    },
  }
}
