/**
 * The KSeF client against the simulator of the official API (127.0.0.1): authentication, sending with the UPO,
 * the incremental download, and the limits and failures the simulator can be told to answer. Each test ends with no
 * request or answer outside the official open-api.json (`violations`).
 */
import { buildInvoice23 } from '@finance/tax-files/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { isKsefNumber, KsefError, KsefHttpClient, type KsefClientOptions } from '../src/index.ts'
import { type KsefSimulator, startSimulator } from './simulator/index.ts'

const NIP = '5265877635'
const SUPPLIER = '7010002137'

let sim: KsefSimulator
afterEach(() => sim.closeChecked())

const sleeps: number[] = []
const client = (over: Partial<KsefClientOptions> = {}) => {
  sleeps.length = 0
  return new KsefHttpClient({
    baseUrl: sim.url,
    nip: NIP,
    token: sim.token,
    // No real waiting in tests: the waits asked for are recorded and checked instead.
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    requestTimeoutMs: 10_000,
    ...over,
  })
}

const invoice = (number: string, seller = NIP, buyer = SUPPLIER) =>
  buildInvoice23({
    sellerNip: seller,
    buyerNip: buyer,
    number,
    issueDate: '2026-03-02',
    description: 'Usługa programistyczna',
  })

describe("the simulator's contract check", () => {
  it('closes the simulator and then fails, naming them, when anything broke the official document', async () => {
    sim = await startSimulator({ nip: NIP })
    const broken = await startSimulator({ nip: NIP })
    broken.violations.push('request POST /auth/challenge: a field the document does not have')
    await expect(broken.closeChecked()).rejects.toThrow(
      'request POST /auth/challenge: a field the document does not have',
    )
    await expect(fetch(`${broken.url}/auth/challenge`, { method: 'POST' })).rejects.toThrow()
  })
})

describe('authentication with a KSeF token', () => {
  it('gets access and refresh tokens through the challenge, the encrypted token and the status poll', async () => {
    sim = await startSimulator({ nip: NIP })
    const r = await client().connect()
    expect(Date.parse(r.accessValidUntil)).toBeGreaterThan(Date.now())
    const paths = sim.log.map((l) => `${l.method} ${l.path.replace(/\/[0-9]{8}-AU-.*$/, '/{ref}')} ${l.status}`)
    expect(paths).toEqual([
      'GET /security/public-key-certificates 200',
      'POST /auth/challenge 200',
      'POST /auth/ksef-token 202',
      'GET /auth/{ref} 200',
      'GET /auth/{ref} 200',
      'POST /auth/token/redeem 200',
    ])
  })

  it('refuses a wrong token as unauthorized, with what KSeF said', async () => {
    sim = await startSimulator({ nip: NIP })
    const e = await client({ token: 'not-the-token' })
      .connect()
      .catch((x) => x)
    expect(e).toBeInstanceOf(KsefError)
    expect(e.kind).toBe('unauthorized')
    expect(e.details).toEqual(['Nieprawidłowy token'])
  })

  it('renews an expired access token with the refresh token, without authenticating again', async () => {
    sim = await startSimulator({ nip: NIP })
    const c = client()
    await c.connect()
    sim.expireAccessTokens()
    const [out] = await c.sendInvoices([invoice('FV/1/2026')])
    expect(out?.status).toBe('accepted')
    expect(sim.log.filter((l) => l.path === '/auth/token/refresh').map((l) => l.status)).toEqual([200])
    expect(sim.log.filter((l) => l.path === '/auth/challenge')).toHaveLength(1)
  })
})

describe('an interactive session', () => {
  it('sends invoices and answers their KSeF numbers and UPOs valid against upo-v4-3.xsd', async () => {
    sim = await startSimulator({ nip: NIP })
    const out = await client().sendInvoices([invoice('FV/1/2026'), invoice('FV/2/2026')])
    expect(out.map((o) => o.status)).toEqual(['accepted', 'accepted'])
    for (const o of out) {
      if (o.status !== 'accepted') throw new Error('not accepted')
      expect(isKsefNumber(o.ksefNumber)).toBe(true)
      expect(o.ksefNumber.startsWith(`${NIP}-`)).toBe(true)
      expect(o.upo).toContain(`<NumerKSeFDokumentu>${o.ksefNumber}</NumerKSeFDokumentu>`)
      expect(o.upo).toContain(`<SkrotDokumentu>${o.invoiceHash}</SkrotDokumentu>`)
    }
    expect(sim.invoices.map((i) => i.invoiceNumber)).toEqual(['FV/1/2026', 'FV/2/2026'])
    // One session, closed after the sending.
    expect(sim.log.filter((l) => l.path === '/sessions/online')).toHaveLength(1)
    expect(sim.log.filter((l) => l.path.endsWith('/close')).map((l) => l.status)).toEqual([204])
  })

  it('answers a refusal of the schema with its status, and a second sending of a number as a duplicate', async () => {
    sim = await startSimulator({ nip: NIP })
    const c = client()
    const broken = invoice('FV/3/2026').replace('<P_2>', '<P_2x>').replace('</P_2>', '</P_2x>')
    const [bad] = await c.sendInvoices([broken])
    expect(bad).toMatchObject({ status: 'rejected', code: 430 })
    const [first] = await c.sendInvoices([invoice('FV/4/2026')])
    // Another document under the same number: KSeF refuses it and names the original.
    const other = invoice('FV/4/2026').replace('Usługa programistyczna', 'Inna usługa')
    const [second] = await c.sendInvoices([other])
    expect(first?.status).toBe('accepted')
    expect(second).toMatchObject({ status: 'duplicate', ksefNumber: (first as { ksefNumber: string }).ksefNumber })
    expect(sim.invoices).toHaveLength(1)
  })

  it('sends the same file again without a second invoice: the original and its UPO are answered', async () => {
    sim = await startSimulator({ nip: NIP })
    const c = client()
    const xml = invoice('FV/5/2026')
    const [first] = await c.sendInvoices([xml])
    const [again] = await c.sendInvoices([xml])
    expect(again).toMatchObject({ status: 'accepted', ksefNumber: (first as { ksefNumber: string }).ksefNumber })
    expect(sim.invoices).toHaveLength(1)
  })

  it('refuses a UPO that does not match upo-v4-3.xsd', async () => {
    sim = await startSimulator({ nip: NIP })
    sim.brokenUpos = true
    const e = await client()
      .sendInvoices([invoice('FV/20/2026')])
      .catch((x) => x)
    expect(e).toBeInstanceOf(KsefError)
    expect(e.kind).toBe('protocol')
    expect(e.message).toContain('upo-v4-3.xsd')
    expect(e.details.join(' ')).toContain('NumerKSeFDokumentu')
  })

  it('waits the Retry-After of a 429 and sends once', async () => {
    sim = await startSimulator({ nip: NIP })
    sim.fail({ method: 'POST', path: /^\/sessions\/online\/[^/]+\/invoices$/, answer: 429, retryAfter: 7, times: 2 })
    const [out] = await client().sendInvoices([invoice('FV/6/2026')])
    expect(out?.status).toBe('accepted')
    expect(sleeps.filter((ms) => ms === 7000)).toHaveLength(2)
    expect(sim.invoices).toHaveLength(1)
  })

  it('fails a 429 whose wait is past the bound as rate-limited, saying when to come back', async () => {
    sim = await startSimulator({ nip: NIP })
    sim.fail({ method: 'POST', path: /^\/auth\/challenge$/, answer: 429, retryAfter: 600 })
    const e = await client({ maxDelayMs: 60_000 })
      .connect()
      .catch((x) => x)
    expect(e).toMatchObject({ kind: 'rate-limited', retryAfterMs: 600_000 })
  })

  it('retries a 5xx of a harmless request with a doubling back-off, and gives up after the bound', async () => {
    sim = await startSimulator({ nip: NIP })
    sim.fail({ method: 'GET', path: /^\/security\/public-key-certificates$/, answer: 503, times: 2 })
    await client({ baseDelayMs: 100 }).connect()
    expect(sleeps.slice(0, 2)).toEqual([100, 200])
    sim.fail({ method: 'POST', path: /^\/auth\/challenge$/, answer: 502, times: 10 })
    const e = await client({ maxAttempts: 3 })
      .connect()
      .catch((x) => x)
    expect(e).toMatchObject({ kind: 'unavailable' })
    expect(sim.log.filter((l) => l.path === '/auth/challenge' && l.status === 502)).toHaveLength(3)
  })

  it('never sends an invoice twice when its answer is lost (a 5xx or a time-out after KSeF took it)', async () => {
    sim = await startSimulator({ nip: NIP })
    const path = /^\/sessions\/online\/[^/]+\/invoices$/
    sim.fail({ method: 'POST', path, answer: 500, afterProcessing: true })
    sim.fail({ method: 'POST', path, answer: 'timeout', afterProcessing: true, holdMs: 5000 })
    const out = await client({ requestTimeoutMs: 2000 }).sendInvoices([invoice('FV/7/2026'), invoice('FV/8/2026')])
    expect(out.map((o) => o.status)).toEqual(['accepted', 'accepted'])
    expect(sim.invoices.map((i) => i.invoiceNumber)).toEqual(['FV/7/2026', 'FV/8/2026'])
    // Each lost answer was followed by a look at the session's invoices, not by a second sending.
    expect(sim.log.filter((l) => l.method === 'POST' && path.test(l.path))).toHaveLength(2)
  })

  it('sends a refused sending again when KSeF did not take it (a 5xx before processing)', async () => {
    sim = await startSimulator({ nip: NIP })
    sim.fail({ method: 'POST', path: /^\/sessions\/online\/[^/]+\/invoices$/, answer: 503 })
    const [out] = await client().sendInvoices([invoice('FV/9/2026')])
    expect(out?.status).toBe('accepted')
    expect(sim.invoices).toHaveLength(1)
  })

  it('opens a new session when the session expires in the middle of a sending, and sends the rest there', async () => {
    sim = await startSimulator({ nip: NIP })
    sim.expireSessionsAfter = 2
    const out = await client().sendInvoices([invoice('FV/10/2026'), invoice('FV/11/2026'), invoice('FV/12/2026')])
    expect(out.map((o) => o.status)).toEqual(['accepted', 'accepted', 'accepted'])
    expect(sim.log.filter((l) => l.path === '/sessions/online').map((l) => l.status)).toEqual([201, 201])
    // The refused sending (21180) took nothing: three invoices, each once.
    expect(sim.invoices.map((i) => i.invoiceNumber)).toEqual(['FV/10/2026', 'FV/11/2026', 'FV/12/2026'])
  })
})

describe('a batch session (sesja-wsadowa.md)', () => {
  it('zips, splits, encrypts and uploads the invoices, and collects each one’s KSeF number and UPO', async () => {
    sim = await startSimulator({ nip: NIP })
    const c = client()
    const xmls = Array.from({ length: 30 }, (_, i) => invoice(`FV/B${i + 1}/2026`))
    // Parts of 2 000 bytes: the package is split, each part encrypted and uploaded on its own.
    const out = await c.sendBatch(xmls, { maxPartSize: 2000 })
    expect(out.map((o) => o.status)).toEqual(xmls.map(() => 'accepted'))
    const numbers = out.map((o) => (o.status === 'accepted' ? o.ksefNumber : ''))
    expect(numbers.every(isKsefNumber)).toBe(true)
    expect(new Set(numbers).size).toBe(30)
    // Each outcome is the invoice sent in its place: its number and its UPO confirm that file.
    expect(sim.invoices.map((i) => i.invoiceNumber)).toEqual(xmls.map((_, i) => `FV/B${i + 1}/2026`))
    out.forEach((o, i) => {
      if (o.status !== 'accepted') return
      expect(sim.invoices.find((x) => x.ksefNumber === o.ksefNumber)?.invoiceNumber).toBe(`FV/B${i + 1}/2026`)
      expect(o.upo).toContain(`<NumerKSeFDokumentu>${o.ksefNumber}</NumerKSeFDokumentu>`)
    })
    const uploads = sim.log.filter((l) => l.method === 'PUT' && l.path.startsWith('/storage/batch/'))
    expect(uploads.length).toBeGreaterThan(1)
    expect(uploads.every((u) => u.status === 201)).toBe(true)
    expect(sim.log.filter((l) => l.path === '/sessions/batch').map((l) => l.status)).toEqual([201])
    expect(sim.log.filter((l) => /^\/sessions\/batch\/.+\/close$/.test(l.path)).map((l) => l.status)).toEqual([204])
  })

  it('reports a refused invoice beside the accepted ones, and answers a resent package with the originals', async () => {
    sim = await startSimulator({ nip: NIP, pendingPolls: 0 })
    const c = client()
    const good = invoice('FV/C1/2026')
    const broken = invoice('FV/C2/2026').replace('<P_2>', '<P_2x>').replace('</P_2>', '</P_2x>')
    const [accepted, refused] = await c.sendBatch([good, broken])
    expect(accepted).toMatchObject({ status: 'accepted' })
    expect(refused).toMatchObject({ status: 'rejected', code: 430 })
    // The same file again: KSeF holds it once, and the answer is the original's number.
    const [again] = await c.sendBatch([good])
    expect(again).toMatchObject({
      status: 'accepted',
      ksefNumber: accepted?.status === 'accepted' ? accepted.ksefNumber : 'x',
    })
    expect(sim.invoices.filter((i) => i.invoiceNumber === 'FV/C1/2026')).toHaveLength(1)
  })
})

/**
 * Starts the simulator, set up by `tune`, with ZAK/1/2026 … ZAK/`n`/2026 received a second apart from an hour ago;
 * answers that start.
 */
const withReceived = async (n: number, tune: (s: KsefSimulator) => void): Promise<Date> => {
  sim = await startSimulator({ nip: NIP })
  tune(sim)
  const start = new Date(Date.now() - 3600_000)
  for (let i = 1; i <= n; i++)
    sim.receive(invoice(`ZAK/${i}/2026`, SUPPLIER, NIP), new Date(start.getTime() + i * 1000))
  return start
}

describe('the incremental download', () => {
  it('downloads a package in parts, decrypts and unzips it, and moves the high-water mark', async () => {
    const start = await withReceived(5, (s) => {
      s.partSize = 2048
    })
    const c = client()
    const page = await c.fetchReceived(start.toISOString())
    expect(page.invoices.map((i) => i.invoiceNumber)).toEqual([
      'ZAK/1/2026',
      'ZAK/2/2026',
      'ZAK/3/2026',
      'ZAK/4/2026',
      'ZAK/5/2026',
    ])
    expect(page.invoices[0]?.xml).toContain('<P_2>ZAK/1/2026</P_2>')
    expect(page.truncated).toBe(false)
    const parts = sim.log.filter((l) => l.path.startsWith('/invoices/exports/') && l.status === 200)
    expect(parts.length).toBeGreaterThan(0)
    // Nothing new after the mark: an empty page, the mark unchanged.
    const again = await c.fetchReceived(page.next)
    expect(again.invoices.filter((i) => i.permanentStorageDate > page.next)).toEqual([])
  })

  it('follows a truncated package from its last permanent-storage date', async () => {
    const start = await withReceived(3, (s) => {
      s.maxPackageInvoices = 2
    })
    const c = client()
    const first = await c.fetchReceived(start.toISOString())
    expect(first.truncated).toBe(true)
    expect(first.invoices.map((i) => i.invoiceNumber)).toEqual(['ZAK/1/2026', 'ZAK/2/2026'])
    expect(first.next).toBe(new Date(start.getTime() + 2000).toISOString())
    const second = await c.fetchReceived(first.next)
    expect(second.truncated).toBe(false)
    expect(second.invoices.map((i) => i.invoiceNumber)).toEqual(['ZAK/2/2026', 'ZAK/3/2026'])
  })
})
