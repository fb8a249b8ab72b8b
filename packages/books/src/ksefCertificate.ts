/**
 * The user's KSeF certificate of type Offline (docs/ksef.md "Offline invoices", docs/security.md): it signs KOD II of
 * an invoice issued offline. Uploaded once with its private key and the key's password; checked whole
 * (`readOfflineCertificate`) before anything is kept; kept as the KSeF token is — AES-256-GCM under a key derived from
 * the server's secret for this purpose alone, bound to the user — with the key opened (the password is not kept).
 * Neither the key nor the password is ever answered or logged: the status says only the serial number and validity.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto'
import { readOfflineCertificate } from '@finance/ksef'
import { certificateInfoKey, certificateKey } from './accounts/userSecrets.ts'
import { type KsefDeps, KsefActionError, openToken, sealToken } from './ksefOnline.ts'

export interface KsefCertificateInfo {
  readonly serial: string
  readonly subject: string
  readonly validFrom: string
  readonly validTo: string
}

interface Sealed extends KsefCertificateInfo {
  readonly certificatePem: string
  readonly privateKeyPem: string
}

/** A file's bytes as the API and the CLI hand them: Base64 of the file (PEM or DER alike). */
const fileBytes = (v: unknown, field: string, message: string): Uint8Array => {
  const bytes = typeof v === 'string' && /^[A-Za-z0-9+/=\s]{1,200000}$/.test(v) ? Buffer.from(v, 'base64') : null
  if (!bytes || bytes.byteLength === 0) throw new KsefActionError('INVALID', message, { field })
  return bytes
}

/**
 * Stores the user's KSeF certificate of type Offline and its private key (`certificate` and `privateKey`: the files in
 * Base64, PEM or DER; `password`: the key's, when it is encrypted). Refused whole with the first problem's field.
 */
export async function setKsefCertificate(
  deps: KsefDeps,
  userId: string,
  input: { readonly certificate?: unknown; readonly privateKey?: unknown; readonly password?: unknown },
): Promise<KsefCertificateInfo> {
  const certificate = fileBytes(
    input.certificate,
    'certificate',
    'The certificate must be an X.509 certificate in PEM or DER form',
  )
  const privateKey = fileBytes(input.privateKey, 'privateKey', 'The private key must be in PEM or DER form')
  if (input.password !== undefined && input.password !== null && typeof input.password !== 'string')
    throw new KsefActionError('INVALID', 'The password must be text', { field: 'password' })
  const password = typeof input.password === 'string' && input.password !== '' ? input.password : undefined
  const read = readOfflineCertificate({ certificate, privateKey, password }, deps.now())
  if (!read.ok) {
    const first = read.problems[0]!
    throw new KsefActionError('INVALID', first.message, {
      field: first.field,
      details: read.problems.slice(1).map((p) => p.message),
    })
  }
  const { serial, subject, validFrom, validTo, certificatePem } = read.value
  const info: KsefCertificateInfo = { serial, subject, validFrom, validTo }
  const sealed: Sealed = {
    ...info,
    certificatePem,
    privateKeyPem: read.value.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
  }
  await deps.store.secrets.put(
    certificateKey(userId),
    sealToken(deps.serverSecret, userId, JSON.stringify(sealed), 'ksef-certificate'),
  )
  // What the screen shows (nothing secret), readable without the server's secret.
  await deps.store.secrets.put(certificateInfoKey(userId), JSON.stringify(info))
  return info
}

/** Forgets the user's KSeF certificate. */
export async function clearKsefCertificate(deps: KsefDeps, userId: string): Promise<void> {
  await deps.store.secrets.delete(certificateKey(userId))
  await deps.store.secrets.delete(certificateInfoKey(userId))
}

/** The stored certificate's serial and key, or null (none stored, or it does not open with this server's secret). */
export async function ksefCertificate(
  deps: KsefDeps,
  userId: string,
): Promise<(KsefCertificateInfo & { readonly privateKey: KeyObject }) | null> {
  const sealed = await deps.store.secrets.get(certificateKey(userId))
  const opened = sealed === null ? null : openToken(deps.serverSecret, userId, sealed, 'ksef-certificate')
  if (opened === null) return null
  const s = JSON.parse(opened) as Sealed
  return {
    serial: s.serial,
    subject: s.subject,
    validFrom: s.validFrom,
    validTo: s.validTo,
    privateKey: createPrivateKey(s.privateKeyPem),
  }
}
