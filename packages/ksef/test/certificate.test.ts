/**
 * The KSeF certificate of type Offline (certyfikaty-KSeF.md) read and checked before it is kept: the type by its key
 * usage, the validity, the key opened with its password and matched to the certificate, the key types kody-qr.md
 * allows; a certificate read in PEM or DER signs a KOD II that its public key verifies.
 */
import { constants, generateKeyPairSync, verify, X509Certificate } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { CertificateMessages, keyUsageOf, readOfflineCertificate } from '../src/certificate.ts'
import { kod2Url } from '../src/qr.ts'
import { makeKsefCertificate } from './simulator/certificate.ts'

const now = new Date()
const bytes = (s: string) => Buffer.from(s, 'utf8')

describe('the KSeF certificate of type Offline', () => {
  it('reads a PEM certificate with its password-protected key and signs KOD II with it', async () => {
    const made = await makeKsefCertificate({ password: 'tajne-hasło' })
    const r = readOfflineCertificate(
      { certificate: bytes(made.certificatePem), privateKey: bytes(made.privateKeyPem), password: 'tajne-hasło' },
      now,
    )
    if (!r.ok) throw new Error(JSON.stringify(r.problems))
    expect(r.value.serial).toBe('01F20A5D352AE590')
    const url = kod2Url({
      environment: 'TEST',
      contextType: 'Nip',
      contextValue: '5260250274',
      sellerNip: '5260250274',
      certificateSerial: r.value.serial,
      hash: 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
      privateKey: r.value.privateKey,
    })
    const prefix =
      'https://qr-test.ksef.mf.gov.pl/certificate/Nip/5260250274/5260250274/01F20A5D352AE590/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE/'
    expect(url.startsWith(prefix)).toBe(true)
    const signed = Buffer.from(prefix.slice('https://'.length, -1), 'utf8')
    const publicKey = new X509Certificate(made.certificatePem).publicKey
    const signature = Buffer.from(url.slice(prefix.length), 'base64url')
    expect(verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true)
  })

  it('reads a DER certificate with an RSA key (PSS signature)', async () => {
    const made = await makeKsefCertificate({ key: 'rsa' })
    const r = readOfflineCertificate({ certificate: made.certificateDer, privateKey: bytes(made.privateKeyPem) }, now)
    if (!r.ok) throw new Error(JSON.stringify(r.problems))
    const url = kod2Url({
      environment: 'TEST',
      contextType: 'Nip',
      contextValue: '1111111111',
      sellerNip: '1111111111',
      certificateSerial: r.value.serial,
      hash: 'abc',
      privateKey: r.value.privateKey,
    })
    const [path, signature] = [url.slice(0, url.lastIndexOf('/')), url.slice(url.lastIndexOf('/') + 1)]
    const ok = verify(
      'sha256',
      Buffer.from(path.slice('https://'.length)),
      {
        key: new X509Certificate(made.certificateDer).publicKey,
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: 32,
      },
      Buffer.from(signature, 'base64url'),
    )
    expect(ok).toBe(true)
  })

  it('refuses an Authentication certificate, a wrong password, a foreign key, an expired one and rubbish', async () => {
    const auth = await makeKsefCertificate({ type: 'Authentication' })
    expect(keyUsageOf(auth.certificateDer)).toEqual({ digitalSignature: true, nonRepudiation: false })
    const offline = await makeKsefCertificate({ password: 'dobre' })
    expect(keyUsageOf(offline.certificateDer)).toEqual({ digitalSignature: false, nonRepudiation: true })
    const problems = (input: Parameters<typeof readOfflineCertificate>[0], at = now) => {
      const r = readOfflineCertificate(input, at)
      return r.ok ? [] : r.problems
    }
    expect(problems({ certificate: bytes(auth.certificatePem), privateKey: bytes(auth.privateKeyPem) })).toEqual([
      { field: 'certificate', message: CertificateMessages.notOffline },
    ])
    const key = bytes(offline.privateKeyPem)
    const cert = bytes(offline.certificatePem)
    expect(problems({ certificate: cert, privateKey: key, password: 'złe' })).toEqual([
      { field: 'password', message: CertificateMessages.password },
    ])
    expect(problems({ certificate: cert, privateKey: key })).toEqual([
      { field: 'password', message: CertificateMessages.password },
    ])
    const foreign = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    })
    expect(problems({ certificate: cert, privateKey: bytes(String(foreign)) })).toEqual([
      { field: 'privateKey', message: CertificateMessages.mismatch },
    ])
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey.export({
      format: 'der',
      type: 'pkcs8',
    })
    expect(problems({ certificate: cert, privateKey: p384 })).toEqual([
      { field: 'privateKey', message: CertificateMessages.keyType },
    ])
    const later = new Date(Date.now() + 3 * 365 * 24 * 3600_000)
    expect(problems({ certificate: cert, privateKey: key, password: 'dobre' }, later)).toEqual([
      { field: 'certificate', message: CertificateMessages.expired },
    ])
    expect(problems({ certificate: bytes('not a certificate'), privateKey: bytes('nor a key') })).toEqual([
      { field: 'certificate', message: CertificateMessages.certificate },
      { field: 'privateKey', message: CertificateMessages.privateKey },
    ])
  })
})
