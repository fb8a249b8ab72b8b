/**
 * Offline invoices over HTTP against the KSeF simulator (tryby-offline.md): offline24 refused without a KSeF
 * certificate (400, field `mode`), a failure's invoice told its deadline, a sending that finds KSeF down kept as an
 * offline invoice (503 OFFLINE) and listed, then sent with `offlineMode` once KSeF is back.
 */
import { type KsefSimulator, makeKsefCertificate, pdfText, startSimulator } from '@finance/ksef/testing'
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness } from './helpers.ts'
import { closeAfterEach, ksefConnected } from './ksefCompany.ts'

const US = bodies.Primary.nip

let h: Harness
let sim: KsefSimulator
closeAfterEach(() => ({ h, sim }))

describe('KSeF offline invoices', { timeout: 90_000 }, () => {
  it('refuses offline24 without a certificate, keeps an invoice offline while KSeF is down and sends it later', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    h = await harness({ now: '2026-11-10T10:00:00.000Z', config: { ksefBaseUrl: sim.url } })
    const { t, post } = await ksefConnected(h, sim)
    const income = (documentNumber: string) =>
      post('revenue', 'Income', {
        ...bodies.Income,
        date: '2026-11-10',
        invoiceDate: '2026-11-10',
        documentNumber,
        counterparty: { name: 'ACME sp. z o.o.', taxId: '7740001454', country: 'PL', address: 'Warszawa' },
      })
    const { id } = await income('FV 1/11/2026')

    const noCert = await call(h.app, t, 'POST', `/api/ksef/invoices/${id}/offline`, { mode: 'offline24' })
    expect(noCert.statusCode).toBe(400)
    expect(noCert.json().fieldErrors).toEqual({
      mode: 'An offline24 invoice cannot be issued without a KSeF certificate of type Offline: upload it first',
    })
    const badMode = await call(h.app, t, 'POST', `/api/ksef/invoices/${id}/offline`, { mode: 'later' })
    expect(badMode.statusCode).toBe(400)
    expect(Object.keys(badMode.json().fieldErrors)).toEqual(['mode'])
    const badDate = await call(h.app, t, 'POST', `/api/ksef/invoices/${id}/offline`, {
      mode: 'awaryjny',
      unavailabilityEnd: '10.11.2026',
    })
    expect(Object.keys(badDate.json().fieldErrors)).toEqual(['unavailabilityEnd'])
    const status = (await call(h.app, t, 'GET', '/api/ksef/connection')).json()
    expect(status).toMatchObject({ offline24: false, pendingOffline: [] })

    // A failure announced and ended on Thursday 12 November (the 11th is a holiday): 7 working days → the 23rd.
    const failure = await call(h.app, t, 'POST', `/api/ksef/invoices/${id}/offline`, {
      mode: 'awaryjny',
      unavailabilityEnd: '2026-11-12',
    })
    expect(failure.statusCode).toBe(200)
    expect(failure.json()).toMatchObject({
      itemId: id,
      mode: 'awaryjny',
      issueDate: '2026-11-10',
      deadline: '2026-11-23',
    })

    // KSeF down: the second income's sending is kept offline, with no deadline until the unavailability ends.
    const second = await income('FV 2/11/2026')
    sim.unavailable = true
    const down = await call(h.app, t, 'POST', `/api/ksef/invoices/${second.id}/send`, {})
    expect(down.statusCode).toBe(503)
    expect(down.headers['x-finance-ksef-error']).toBe('OFFLINE')
    const waiting = (await call(h.app, t, 'GET', '/api/ksef/connection')).json()
    expect(waiting.pendingOffline.map((p: { itemId: number; mode: string; deadline: string | null }) => p)).toEqual([
      expect.objectContaining({ itemId: id, mode: 'awaryjny', deadline: '2026-11-23' }),
      expect.objectContaining({ itemId: second.id, mode: 'offline', reason: 'unavailable', deadline: null }),
    ])
    expect(sim.invoices).toHaveLength(0)

    sim.recover()
    const sent = await call(h.app, t, 'POST', '/api/ksef/offline/send')
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toMatchObject({ sent: 2, failed: 0 })
    expect(sim.invoices.map((i) => [i.invoiceNumber, i.offlineMode]).sort()).toEqual([
      ['FV 1/11/2026', true],
      ['FV 2/11/2026', true],
    ])
    expect((await call(h.app, t, 'GET', '/api/ksef/connection')).json().pendingOffline).toEqual([])
  })
})

describe('the KSeF certificate over HTTP', { timeout: 90_000 }, () => {
  it('is checked whole, kept without answering its key, and lets offline24 invoices carry KOD II', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    h = await harness({ now: '2026-11-27T10:00:00.000Z', config: { ksefBaseUrl: sim.url } })
    const { t, post } = await ksefConnected(h, sim)
    const made = await makeKsefCertificate({ password: 'hasło', notBefore: new Date('2026-01-01') })
    const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')
    const missing = await call(h.app, t, 'PUT', '/api/ksef/certificate', { certificate: b64(made.certificatePem) })
    expect(missing.statusCode).toBe(400)
    expect(Object.keys(missing.json().fieldErrors)).toEqual(['privateKey'])
    const wrong = await call(h.app, t, 'PUT', '/api/ksef/certificate', {
      certificate: b64(made.certificatePem),
      privateKey: b64(made.privateKeyPem),
      password: 'inne',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().fieldErrors).toEqual({ password: 'The password does not open the private key' })
    const auth = await makeKsefCertificate({ type: 'Authentication', notBefore: new Date('2026-01-01') })
    const notOffline = await call(h.app, t, 'PUT', '/api/ksef/certificate', {
      certificate: b64(auth.certificatePem),
      privateKey: b64(auth.privateKeyPem),
    })
    expect(notOffline.json().fieldErrors).toEqual({
      certificate: 'This is not a KSeF certificate of type Offline (its key usage is not Non-Repudiation)',
    })
    expect((await call(h.app, t, 'GET', '/api/ksef/connection')).json()).toMatchObject({
      offline24: false,
      certificate: null,
    })

    const stored = await call(h.app, t, 'PUT', '/api/ksef/certificate', {
      certificate: b64(made.certificatePem),
      privateKey: b64(made.privateKeyPem),
      password: 'hasło',
    })
    expect(stored.statusCode).toBe(200)
    expect(stored.json()).toMatchObject({ offline24: true, certificate: { serial: made.serial } })
    expect(stored.body).not.toContain('PRIVATE')

    const { id } = await post('revenue', 'Income', {
      ...bodies.Income,
      date: '2026-11-27',
      invoiceDate: '2026-11-27',
      documentNumber: 'FV 9/11/2026',
      counterparty: { name: 'ACME sp. z o.o.', taxId: '7740001454', country: 'PL', address: 'Warszawa' },
    })
    const marked = await call(h.app, t, 'POST', `/api/ksef/invoices/${id}/offline`, {})
    expect(marked.statusCode).toBe(200)
    expect(marked.json()).toMatchObject({ mode: 'offline24', deadline: '2026-11-30' })
    const pdf = await call(h.app, t, 'GET', `/api/ksef/invoices/${id}/pdf`)
    const text = (await pdfText(new Uint8Array(pdf.rawPayload))).replaceAll(' ', '')
    expect(text).toContain('CERTYFIKAT')
    expect(text).toContain(`/certificate/Nip/${US}/${US}/${made.serial}/`)

    const forgot = await call(h.app, t, 'DELETE', '/api/ksef/certificate')
    expect(forgot.json()).toMatchObject({ offline24: false, certificate: null })
  })
})
