/**
 * Offline invoices (tryby-offline.md) over the simulator: an invoice whose sending finds KSeF down is kept as an
 * offline invoice with its issue date and told its deadline; the scheduled job sends it when KSeF is back, with
 * `offlineMode`, once, even when KSeF had taken the first try before going down; offline24 needs a certificate.
 */
import { execFileSync } from 'node:child_process'
import { createHash, verify, X509Certificate } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStore } from '@finance/event-store'
import { KsefHttpClient } from '@finance/ksef'
import { type KsefSimulator, makeKsefCertificate, pdfText, startSimulator } from '@finance/ksef/testing'
import type { Item, LedgerCommand } from '@finance/ledger-core/light'
import { companyAddress, invoiceDraft } from '@finance/ledger-core/testing'
import { afterEach, describe, expect, it } from 'vitest'
import {
  booksStream,
  executeBooks,
  invoiceVisualFile,
  issueInvoiceDocument,
  KsefActionError,
  ksefStatus,
  ksefUpo,
  loadBooks,
  markKsefOffline,
  runKsefFetches,
  sendAllToKsef,
  sendToKsef,
  setKsefCertificate,
  setKsefToken,
} from '../src/index.ts'

const US = '5260250274'
const at = '2026-01-10T10:00:00.000Z'

let sim: KsefSimulator

/** Issues the invoice document of two VAT rates of 10 November 2026; answers its incomes (one per rate), in order. */
async function issueTwoRates(store: ReturnType<typeof createMemoryStore>): Promise<readonly number[]> {
  const saved = await executeBooks(store, 'u1', {
    type: 'SaveInvoiceDraft',
    data: invoiceDraft('2026-11-10'),
    at,
    userId: 'u1',
  } as LedgerCommand)
  if ('code' in saved) throw new Error(saved.message)
  const draftId = (saved.events.find((e) => e.type === 'InvoicingDraftSaved')!.data as { id: number }).id
  const issued = await issueInvoiceDocument(store, 'u1', draftId, { at })
  if ('code' in issued) throw new Error(issued.message)
  const { state } = await loadBooks(store, 'u1')
  return state.invoicing.invoices.get(draftId)!.itemIds
}
afterEach(() => sim.closeChecked())

/** A VAT trader with the company data an invoice needs, a KSeF token, and the clock at `clock.now`. */
async function trader() {
  const store = createMemoryStore()
  const run = async (c: Record<string, unknown>) => {
    const r = await executeBooks(store, 'u1', { ...c, at, userId: 'u1' } as LedgerCommand)
    if ('code' in r) throw new Error(`${String(c.type)}: ${r.message}`)
    return r
  }
  const company = { companyName: 'Kowalski IT', nip: US, ownerName: 'Jan', ownerLastName: 'Kowalski', regon: '' }
  await run({ type: 'SaveCompanyRecord', dataType: 'Primary', data: { ...company, birthDate: '1985-04-02' } })
  await run({ type: 'SaveCompanyRecord', dataType: 'Contact', data: { email: 'biuro@example.com', phoneNumber: '' } })
  const invoiceAddress = companyAddress()
  await run({ type: 'SaveCompanyRecord', dataType: 'Invoice', data: { ...company, invoiceAddress } })
  await run({ type: 'AddSetting', kind: 'Vat', data: { date: '2026-01-01', percent: '23', paymentInterval: 1 } })
  const income = async (documentNumber: string, invoiceDate: string) => {
    const r = await run({
      type: 'AddItem',
      dataType: 'Income',
      data: {
        date: invoiceDate,
        name: documentNumber,
        amount: '1000.00',
        isCompany: true,
        percent: '23',
        invoiceDate,
        documentNumber,
        counterparty: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'Warszawa' },
      },
    })
    return (r.events[0] as { data: { id: number } }).data.id
  }
  const clock = { now: new Date('2026-11-10T09:00:00.000Z') }
  const deps = {
    store,
    serverSecret: 'server-secret-0123456789',
    now: () => clock.now,
    baseUrlOf: () => sim.url,
    // The client's back-off is real time: none here (the retries themselves still happen).
    clientFor: (o: { baseUrl: string; nip: string; token: string }) =>
      new KsefHttpClient({ ...o, sleep: async () => {}, pollIntervalMs: 0 }),
  }
  await setKsefToken(deps, 'u1', { token: sim.token })
  return { store, deps, clock, income }
}

const failure = async (p: Promise<unknown>): Promise<KsefActionError> => {
  try {
    await p
  } catch (e) {
    if (e instanceof KsefActionError) return e
    throw e
  }
  throw new Error('expected a KsefActionError')
}

describe('offline invoices', { timeout: 60_000 }, () => {
  it('keeps an invoice offline while KSeF is down, tells its deadline, and sends it once when KSeF is back', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store, deps, clock, income } = await trader()
    // Tuesday 10 November 2026; the 11th is Independence Day.
    const id = await income('FV 1/11/2026', '2026-11-10')

    sim.unavailable = true
    const down = await failure(sendToKsef(deps, 'u1', id))
    expect(down.code).toBe('OFFLINE')
    expect(down.message).toContain('kept as an offline invoice')
    expect(sim.invoices).toHaveLength(0)
    const waiting = await ksefStatus(deps, 'u1')
    expect(waiting.pendingOffline).toEqual([
      {
        itemId: id,
        documentNumber: 'FV 1/11/2026',
        mode: 'offline',
        reason: 'unavailable',
        issueDate: '2026-11-10',
        unavailabilityEnd: null,
        deadline: null,
      },
    ])
    // A second try while KSeF is still down changes nothing in the books.
    const events = (await store.readStream(booksStream('u1'))).length
    expect((await failure(sendToKsef(deps, 'u1', id))).code).toBe('OFFLINE')
    expect((await store.readStream(booksStream('u1'))).length).toBe(events)

    // KSeF is back on Thursday the 12th: the scheduled job fetches, then sends what waits.
    sim.unavailable = false
    clock.now = new Date('2026-11-12T08:00:00.000Z')
    const run = await runKsefFetches(deps, ['u1'], 30 * 60_000)
    expect(run).toMatchObject({ fetched: 1, failed: 0 })
    expect(sim.invoices).toHaveLength(1)
    expect(sim.invoices[0]).toMatchObject({ invoiceNumber: 'FV 1/11/2026', issueDate: '2026-11-10', offlineMode: true })
    const { state } = await loadBooks(store, 'u1')
    expect((state.records.get(id)?.data as Item | undefined)?.ksefNumber).toBe(sim.invoices[0]?.ksefNumber)
    expect(await ksefUpo(deps, 'u1', id)).toContain('<TrybWysylki>Offline</TrybWysylki>')
    // The unavailability's end was recorded when KSeF answered: the mark says when, the list is empty.
    expect(state.ksefOffline?.get(id)).toMatchObject({ mode: 'offline', unavailabilityEnd: '2026-11-12' })
    expect((await ksefStatus(deps, 'u1')).pendingOffline).toEqual([])
  })

  it('never makes a second invoice when KSeF took the first try and then went down', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { deps, income } = await trader()
    const id = await income('FV 2/11/2026', '2026-11-10')
    // KSeF takes the invoice but the answer is lost, then nothing answers.
    sim.fail({ method: 'POST', path: /^\/sessions\/online\/[^/]+\/invoices$/, answer: 503, afterProcessing: true })
    sim.fail({ method: 'GET', path: /^\/sessions\/[^/]+\/invoices/, answer: 503, times: 100 })
    expect((await failure(sendToKsef(deps, 'u1', id))).code).toBe('OFFLINE')
    expect((await ksefStatus(deps, 'u1')).pendingOffline.map((p) => p.itemId)).toEqual([id])
    sim.recover()
    // Back: the same bytes again, KSeF answers with the original.
    const sent = await sendToKsef(deps, 'u1', id)
    expect(sim.invoices).toHaveLength(1)
    expect(sent.ksefNumber).toBe(sim.invoices[0]?.ksefNumber)
    expect((await ksefStatus(deps, 'u1')).pendingOffline).toEqual([])
  })

  it('refuses offline24 without a certificate and marks a failure with its deadline', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store, deps, income } = await trader()
    const id = await income('FV 3/11/2026', '2026-11-10')
    const events = (await store.readStream(booksStream('u1'))).length
    const refused = await failure(markKsefOffline(deps, 'u1', id, { mode: 'offline24' }))
    expect(refused).toMatchObject({ code: 'NO_CERTIFICATE', field: 'mode' })
    expect(refused.message).toContain('cannot be issued without a KSeF certificate')
    expect((await store.readStream(booksStream('u1'))).length).toBe(events)
    expect((await ksefStatus(deps, 'u1')).offline24).toBe(false)

    const bad = await failure(markKsefOffline(deps, 'u1', id, { mode: 'awaryjny', unavailabilityEnd: '2026-11-01' }))
    expect(bad).toMatchObject({ code: 'INVALID', field: 'unavailabilityEnd' })
    expect((await failure(markKsefOffline(deps, 'u1', id, { mode: 'online' }))).field).toBe('mode')
    expect((await store.readStream(booksStream('u1'))).length).toBe(events)

    // A failure that ended on Friday 13 November: seven working days → Tuesday 24 November.
    const marked = await markKsefOffline(deps, 'u1', id, { mode: 'awaryjny', unavailabilityEnd: '2026-11-13' })
    expect(marked).toMatchObject({
      mode: 'awaryjny',
      reason: 'chosen',
      issueDate: '2026-11-10',
      deadline: '2026-11-24',
    })
    const sent = await sendToKsef(deps, 'u1', id)
    expect(sim.invoices.find((i) => i.ksefNumber === sent.ksefNumber)?.offlineMode).toBe(true)
    expect((await failure(markKsefOffline(deps, 'u1', id, { mode: 'awaryjny' }))).field).toBe('id')
  })

  it('refuses to mark offline an invoice that cannot be made, recording nothing', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store, deps, income } = await trader()
    const id = await income('FV 2/11/2026', '2026-11-10')
    // The company's invoice address taken away: FA(3) cannot be made for this seller.
    const company = { companyName: 'Kowalski IT', nip: US, ownerName: 'Jan', ownerLastName: 'Kowalski', regon: '' }
    const saved = await executeBooks(store, 'u1', {
      type: 'SaveCompanyRecord',
      dataType: 'Invoice',
      data: company,
      at,
      userId: 'u1',
    } as LedgerCommand)
    expect('code' in saved).toBe(false)
    const before = (await store.readStream(booksStream('u1'))).length
    const refused = await failure(
      markKsefOffline(deps, 'u1', id, { mode: 'awaryjny', unavailabilityEnd: '2026-11-13' }),
    )
    expect(refused.message).toMatch(/invoice address/)
    expect((await store.readStream(booksStream('u1'))).length).toBe(before)
    expect((await ksefStatus(deps, 'u1')).pendingOffline).toEqual([])
  })

  it('sends offline and online invoices in batch sessions of their own, each with its flag', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { deps, income } = await trader()
    const offline = await income('FV 5/11/2026', '2026-11-10')
    const online = await income('FV 6/11/2026', '2026-11-10')
    await markKsefOffline(deps, 'u1', offline, { mode: 'offline', unavailabilityEnd: '2026-11-10' })
    const all = await sendAllToKsef(deps, 'u1')
    expect(all).toMatchObject({ sent: 2, refused: 0 })
    expect(sim.invoices.map((i) => [i.invoiceNumber, i.offlineMode]).sort()).toEqual([
      ['FV 5/11/2026', true],
      ['FV 6/11/2026', false],
    ])
    expect(sim.log.filter((l) => l.method === 'POST' && l.path === '/sessions/batch')).toHaveLength(2)
    expect(all.results.map((r) => r.itemId)).toEqual([offline, online])
    expect((await ksefStatus(deps, 'u1')).pendingOffline).toEqual([])
  })
})

/** The QR codes of a PDF, read back from its first page rendered to an image (poppler's pdftoppm, zbar's zbarimg). */
const qrCodesOf = (pdf: Uint8Array): string[] => {
  const dir = mkdtempSync(join(tmpdir(), 'kod2-'))
  writeFileSync(join(dir, 'f.pdf'), pdf)
  execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', join(dir, 'f.pdf'), join(dir, 'page')])
  const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', join(dir, 'page.png')], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  return out.toString('utf8').trim().split('\n').sort()
}
const hasQrReader = (() => {
  try {
    execFileSync('zbarimg', ['--version'], { stdio: 'ignore' })
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe('the KSeF certificate and KOD II', { timeout: 60_000 }, () => {
  it('stores the certificate sealed, issues offline24 with its deadline and draws KOD II signed with it', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store, deps, income } = await trader()
    const made = await makeKsefCertificate({ password: 'hasło-do-klucza', notBefore: new Date('2026-01-01') })
    const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')
    const wrong = await failure(
      setKsefCertificate(deps, 'u1', {
        certificate: b64(made.certificatePem),
        privateKey: b64(made.privateKeyPem),
        password: 'złe',
      }),
    )
    expect(wrong).toMatchObject({ code: 'INVALID', field: 'password' })
    expect((await ksefStatus(deps, 'u1')).offline24).toBe(false)
    const info = await setKsefCertificate(deps, 'u1', {
      certificate: b64(made.certificatePem),
      privateKey: b64(made.privateKeyPem),
      password: 'hasło-do-klucza',
    })
    expect(info.serial).toBe(made.serial)
    // At rest: sealed, neither the key nor the password readable.
    const sealed = (await store.secrets.get('ksef:certificate:u1')) ?? ''
    expect(sealed).not.toContain('PRIVATE KEY')
    expect(sealed).not.toContain('hasło')
    expect(JSON.stringify(await ksefStatus(deps, 'u1'))).not.toContain('PRIVATE')
    expect(await ksefStatus(deps, 'u1')).toMatchObject({ offline24: true, certificate: { serial: made.serial } })

    // Friday 27 November 2026 in offline24: by Monday the 30th.
    const id = await income('FV 4/11/2026', '2026-11-27')
    const marked = await markKsefOffline(deps, 'u1', id, { mode: 'offline24' })
    expect(marked).toMatchObject({ mode: 'offline24', issueDate: '2026-11-27', deadline: '2026-11-30' })
    const xml = (await store.secrets.get(`ksef:sent-xml:u1:${id}`)) ?? ''
    const hash = createHash('sha256').update(xml, 'utf8').digest('base64url')
    const pdf = (await invoiceVisualFile(deps, 'u1', id, { format: 'pdf', lang: 'pl' })).body as Uint8Array
    const text = (await pdfText(pdf)).replaceAll(' ', '')
    expect(text).toContain('OFFLINE')
    expect(text).toContain('CERTYFIKAT')
    const prefix = `https://qr-test.ksef.mf.gov.pl/certificate/Nip/${US}/${US}/${made.serial}/${hash}/`
    const link = new RegExp(`${prefix.replaceAll('.', '\\.')}[A-Za-z0-9_-]{86}`).exec(text)?.[0] ?? ''
    expect(link).not.toBe('')
    const signature = Buffer.from(link.slice(prefix.length), 'base64url')
    const publicKey = new X509Certificate(made.certificatePem).publicKey
    expect(
      verify('sha256', Buffer.from(prefix.slice(8, -1)), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature),
    ).toBe(true)
    if (hasQrReader)
      expect(qrCodesOf(pdf)).toEqual([`https://qr-test.ksef.mf.gov.pl/invoice/${US}/27-11-2026/${hash}`, link].sort())

    // Sent: the KSeF number under KOD I, KOD II stays.
    const sent = await sendToKsef(deps, 'u1', id)
    const after = (
      await pdfText((await invoiceVisualFile(deps, 'u1', id, { format: 'pdf', lang: 'pl' })).body as Uint8Array)
    ).replaceAll(' ', '')
    expect(after).toContain(sent.ksefNumber)
    expect(after).toContain('CERTYFIKAT')
  })

  it('an invoice document of two rates is one invoice in KSeF: the batch sends it once, both incomes get its KSeF number', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store, deps } = await trader()
    const [first, second] = await issueTwoRates(store)
    // The batch sends the document once, through its first income.
    const all = await sendAllToKsef(deps, 'u1')
    expect(all.results.map((r) => r.itemId)).toEqual([first])
    expect(sim.invoices.filter((i) => i.sellerNip === US)).toHaveLength(1)
    const sent = { ksefNumber: sim.invoices[0]!.ksefNumber }
    const after = await loadBooks(store, 'u1')
    const numberOf = (id: number) => (after.state.records.get(id)!.data as Item).ksefNumber
    expect([numberOf(first!), numberOf(second!)]).toEqual([sent.ksefNumber, sent.ksefNumber])
    expect((await failure(sendToKsef(deps, 'u1', second!))).code).toBe('ALREADY_SENT')
    expect(sim.invoices.filter((i) => i.sellerNip === US)).toHaveLength(1)
  })

  it('an invoice document of two rates is marked offline as a whole, through whichever income is named', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store, deps } = await trader()
    const [first, second] = await issueTwoRates(store)
    const marked = await markKsefOffline(deps, 'u1', second!, { mode: 'awaryjny', unavailabilityEnd: '2026-11-13' })
    expect(marked).toMatchObject({ itemId: first, mode: 'awaryjny', issueDate: '2026-11-10' })
    expect((await ksefStatus(deps, 'u1')).pendingOffline.map((p) => p.itemId)).toEqual([first])
    // Sent through either income, the invoice goes once, as an offline one.
    const sent = await sendToKsef(deps, 'u1', first!)
    expect(sim.invoices.filter((i) => i.sellerNip === US).map((i) => [i.ksefNumber, i.offlineMode])).toEqual([
      [sent.ksefNumber, true],
    ])
  })
})
