/**
 * A KSeF 2.0 simulator for tests, serving the routes of the official `open-api.json` on 127.0.0.1 (node:http).
 *
 * - Every request and every answer of the API's routes is validated against the official document with a real
 *   OpenAPI validator (openapi-backend, Ajv with ajv-formats): an invalid request is answered 400 (21405) and noted in
 *   `violations`; an invalid answer of the simulator's own is noted there too. Tests assert `violations` is empty.
 * - It holds its own RSA key pairs and certificates (made at start), decrypts the KSeF token and the symmetric keys
 *   the client sends (RSA-OAEP SHA-256), decrypts each invoice (AES-256-CBC) after checking its hashes and sizes,
 *   validates it against the FA(3) schema, refuses a duplicate (seller, type, number: 440 with the original),
 *   assigns KSeF numbers in the official format (CRC-8) and answers UPOs valid against upo-v4-3.xsd.
 * - Exports of received invoices: from the invoices put with `receive`, by permanent-storage date from the window's
 *   start to the high-water mark; a ZIP with `_metadata.json` and `{ksefNumber}.xml`, split in parts of
 *   `partSize` bytes, each part encrypted with the export's key; at most `maxPackageInvoices` invoices (truncated).
 * - Faults on demand (`fail`): 429 with `Retry-After`, a 5xx, a time-out (the connection is held, then dropped), and
 *   the same after the request was processed (the answer is lost); `expireSessions()` ends the open sessions.
 *
 * What it cannot stand for: the Ministry's real certificates and their rotation, the real limits' values, the
 * semantic checks KSeF runs beyond the schema, permissions, and the real timings.
 */
import { createHash, randomBytes, randomUUID, X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { validateMany } from '@finance/tax-files'
import formats from 'ajv-formats'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { OpenAPIBackend, type Operation } from 'openapi-backend'
import { aesDecrypt, aesEncrypt, sha256Base64, type SymmetricKey } from '../../src/crypto.ts'
import { ksefNumberOf } from '../../src/ksefNumber.ts'
import { makeKey, rsaDecrypt, type SimulatorKey } from './certificate.ts'
export { makeKsefCertificate } from './certificate.ts'

/** For tests that read a PDF back. */
export { pdfText } from '../pdfText.ts'

/** The official document, vendored beside the simulator (CIRFMF/ksef-docs, MIT). */
export const OPEN_API_PATH = new URL('./open-api.json', import.meta.url)

export interface Fault {
  readonly method?: string
  /** Matched against the path after `/v2` (e.g. `/sessions/online/`). */
  readonly path: RegExp
  /** 429 (with `retryAfter` seconds), a 5xx, or `timeout` (held `holdMs`, then the connection dropped). */
  readonly answer: 429 | 500 | 502 | 503 | 'timeout'
  readonly retryAfter?: number
  /** Process the request first, then lose its answer (an invoice is taken, the client never hears it). */
  readonly afterProcessing?: boolean
  /** How many requests it hits: 1. */
  readonly times?: number
  readonly holdMs?: number
}

interface Session {
  readonly referenceNumber: string
  readonly key: SymmetricKey
  readonly created: Date
  validUntil: Date
  closed: boolean
  readonly invoices: SessionInvoice[]
  /** Decrypted invoices waiting for the schema check (done for all of them at the next read of the session). */
  readonly pending: { inv: SessionInvoice; text: string; at: Date }[]
  /** A batch session: the package declared at the opening, the parts uploaded, the package's status once closed. */
  readonly batch?: {
    readonly file: BatchFile
    readonly uploaded: Map<number, Buffer>
    /** The session's `offlineMode`: every invoice of the package was issued offline. */
    readonly offlineMode: boolean
    status: { code: number; description: string; details?: string[] } | null
  }
}

interface BatchFile {
  readonly fileSize: number
  readonly fileHash: string
  readonly fileParts: readonly { ordinalNumber: number; fileSize: number; fileHash: string }[]
}

interface SessionInvoice {
  readonly ordinalNumber: number
  readonly referenceNumber: string
  readonly invoiceHash: string
  readonly invoicingDate: string
  /** Sent with `offlineMode: true` (tryby-offline.md). */
  readonly offlineMode: boolean
  polls: number
  invoiceNumber: string | null
  ksefNumber: string | null
  acquisitionDate: string | null
  status: { code: number; description: string; details?: string[]; extensions?: Record<string, string> }
  upo: string | null
}

export interface StoredInvoice {
  readonly ksefNumber: string
  readonly invoiceNumber: string
  readonly sellerNip: string
  readonly buyerNip: string
  readonly issueDate: string
  readonly invoiceHash: string
  readonly sessionReferenceNumber: string
  readonly permanentStorageDate: string
  readonly xml: string
  readonly net: number
  readonly gross: number
  readonly currency: string
  /** Sent as an invoice issued offline (`offlineMode: true`); its UPO says `TrybWysylki` Offline. */
  readonly offlineMode: boolean
}

export interface SimulatorOptions {
  /** The company's NIP, the context the token authenticates. */
  readonly nip?: string
  /** The KSeF token the simulator accepts. */
  readonly token?: string
  /** Polls that answer "in progress" before an operation finishes: 1. */
  readonly pendingPolls?: number
  /** Lifetime of an access token in seconds: 900. */
  readonly accessSeconds?: number
  readonly now?: () => Date
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  res.end(text)
}

const hex = (n: number) =>
  randomBytes(Math.ceil(n / 2))
    .toString('hex')
    .toUpperCase()
    .slice(0, n)
const day = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '')
/** A reference number in the API's 36-character form: `20250625-SO-2C3E6C8000-B675CF5D68-07`. */
const referenceNumber = (type: string, at: Date) => `${day(at)}-${type}-${hex(10)}-${hex(10)}-${hex(2)}`

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null
const section = (xml: string, name: string) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? ''

/** A session's next invoice, being processed (150) until its checks end. */
/** A session opened now, valid for 12 hours: `SO` interactive, `SB` batch. */
const newSession = (type: 'SO' | 'SB', key: SymmetricKey, now: Date): Session => ({
  referenceNumber: referenceNumber(type, now),
  key,
  created: now,
  validUntil: new Date(now.getTime() + 12 * 3600_000),
  closed: false,
  invoices: [],
  pending: [],
})

const newInvoice = (s: Session, invoiceHash: string, now: Date, offlineMode = false): SessionInvoice => {
  const inv: SessionInvoice = {
    ordinalNumber: s.invoices.length + 1,
    referenceNumber: referenceNumber('EE', now),
    invoiceHash,
    invoicingDate: now.toISOString(),
    offlineMode,
    polls: 0,
    invoiceNumber: null,
    ksefNumber: null,
    acquisitionDate: null,
    status: { code: 150, description: 'Trwa przetwarzanie' },
    upo: null,
  }
  s.invoices.push(inv)
  return inv
}

export class KsefSimulator {
  readonly nip: string
  readonly token: string
  /** Requests or answers that did not match the official document. */
  readonly violations: string[] = []
  /** Every request: method, path and the status answered. */
  readonly log: { method: string; path: string; status: number }[] = []
  /** The invoices KSeF holds (accepted from the client, or put with `receive`). */
  readonly invoices: StoredInvoice[] = []
  /** Bytes of one export part before encryption: 1 MiB. */
  partSize = 1024 * 1024
  /** Invoices in one export package before it is truncated: 10 000 (the API's maximum). */
  maxPackageInvoices = 10_000
  /** A session expires after this many invoices (an expiry in the middle of a sending): never. */
  expireSessionsAfter = Number.POSITIVE_INFINITY
  /** UPOs without the document's KSeF number: invalid against upo-v4-3.xsd (a client must refuse them). */
  brokenUpos = false
  /** Whether the simulator refuses the token (status 450 of the authentication). */
  revokeToken = false
  /** KSeF unavailable: while true every API request is answered 503 and nothing is processed (tryby-offline.md). */
  unavailable = false
  #server: Server | null = null
  #api: OpenAPIBackend
  #faults: (Fault & { left: number })[] = []
  #tokenKey!: SimulatorKey
  #symKey!: SimulatorKey
  #challenges = new Map<string, number>()
  #auths = new Map<string, { token: string; polls: number; ok: boolean; redeemed: boolean; details: string }>()
  #access = new Map<string, number>()
  #refresh = new Map<string, number>()
  #sessions = new Map<string, Session>()
  #exports = new Map<string, { polls: number; status: unknown; parts: Buffer[] }>()
  #storage = new Map<string, Buffer>()
  #hwm: string
  readonly #pending: number
  readonly #accessSeconds: number
  readonly #now: () => Date
  url = ''

  constructor(options: SimulatorOptions = {}) {
    this.nip = options.nip ?? '5265877635'
    this.token = options.token ?? `20251010-EC-${hex(10)}-${hex(10)}-${hex(2)}|nip-${this.nip}|${hex(64).toLowerCase()}`
    this.#pending = options.pendingPolls ?? 1
    this.#accessSeconds = options.accessSeconds ?? 900
    this.#now = options.now ?? (() => new Date())
    this.#hwm = this.#now().toISOString()
    const definition = JSON.parse(readFileSync(OPEN_API_PATH, 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>
    }
    // The document names no operation ids, which the validator keys its compiled schemas by: each operation gets
    // `METHOD path` in memory. Nothing else of the document changes.
    for (const [p, ops] of Object.entries(definition.paths))
      for (const [m, op] of Object.entries(ops))
        if (typeof op === 'object' && op !== null && !op.operationId) op.operationId = `${m.toUpperCase()} ${p}`
    // OpenAPI 3.0.4 (the document's version) gives `nullable` an effect only beside an explicit `type`; Ajv refuses
    // it anywhere else, so the keyword goes where the specification says it means nothing (beside `allOf`).
    const strip = (node: unknown): void => {
      if (Array.isArray(node)) for (const n of node) strip(n)
      else if (typeof node === 'object' && node !== null) {
        const o = node as Record<string, unknown>
        if ('nullable' in o && !('type' in o) && typeof o.nullable === 'boolean') delete o.nullable
        for (const v of Object.values(o)) strip(v)
      }
    }
    strip(definition)
    this.#api = new OpenAPIBackend({
      definition: definition as never,
      // The definition is the official one; its validators compile on first use of each operation.
      quick: true,
      validate: true,
      // The document's patterns use escapes (`\ `) that only the non-unicode mode of regular expressions allows.
      ajvOpts: { unicodeRegExp: false },
      customizeAjv: (ajv) => {
        // ajv-formats is CommonJS: its function is the module's default, or the module itself.
        const addFormats = ((formats as unknown as { default?: unknown }).default ?? formats) as unknown as (
          a: typeof ajv,
          f: string[],
        ) => void
        addFormats(ajv, ['date-time', 'date', 'uri'])
        return ajv
      },
    })
  }

  async start(): Promise<this> {
    const now = this.#now()
    ;[this.#tokenKey, this.#symKey] = await Promise.all([
      makeKey('KsefTokenEncryption', now),
      makeKey('SymmetricKeyEncryption', now),
    ])
    await this.#api.init()
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((e) => {
        this.violations.push(`simulator error: ${(e as Error).stack}`)
        if (!res.headersSent) json(res, 500, { error: String(e) })
      })
    })
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/v2`
    return this
  }

  async close(): Promise<void> {
    this.#server?.closeAllConnections()
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()))
  }

  /** Closes the simulator, then fails with them if any request or answer broke the official document (`violations`). */
  async closeChecked(): Promise<void> {
    await this.close()
    if (this.violations.length > 0) throw new Error(`KSeF contract violations:\n${this.violations.join('\n')}`)
  }

  /** The next `times` requests matching `fault` answer as it says. */
  fail(fault: Fault): void {
    this.#faults.push({ ...fault, left: fault.times ?? 1 })
  }

  /** KSeF back: the faults still waiting are dropped and the unavailability ends. */
  recover(): void {
    this.#faults = []
    this.unavailable = false
  }

  /** Ends every open session, as their 12 hours running out would. */
  expireSessions(): void {
    for (const s of this.#sessions.values()) s.validUntil = new Date(this.#now().getTime() - 1000)
  }

  /** Expires the access tokens handed out (the next call with one is a 401). */
  expireAccessTokens(): void {
    for (const k of this.#access.keys()) this.#access.set(k, 0)
  }

  /** An invoice a supplier sent to the company (Subject2), stored at `at` (the high-water mark follows it). */
  receive(xml: string, at: Date = this.#now()): StoredInvoice {
    const stored = this.#store(xml, referenceNumber('SO', at), at)
    if (stored.permanentStorageDate > this.#hwm) this.#hwm = stored.permanentStorageDate
    return stored
  }

  /** Moves the high-water mark (invoices stored after it are not exported yet). */
  setHighWaterMark(at: Date): void {
    this.#hwm = at.toISOString()
  }

  #store(xml: string, session: string, at: Date, offlineMode = false): StoredInvoice {
    const seller = section(xml, 'Podmiot1')
    const buyer = section(xml, 'Podmiot2')
    const stored: StoredInvoice = {
      ksefNumber: ksefNumberOf(tag(seller, 'NIP') ?? '0000000000', day(at), hex(12)),
      invoiceNumber: tag(xml, 'P_2') ?? '',
      sellerNip: tag(seller, 'NIP') ?? '',
      buyerNip: tag(buyer, 'NIP') ?? '',
      issueDate: tag(xml, 'P_1') ?? at.toISOString().slice(0, 10),
      invoiceHash: sha256Base64(Buffer.from(xml, 'utf8')),
      sessionReferenceNumber: session,
      permanentStorageDate: at.toISOString(),
      xml,
      net: Number(tag(xml, 'P_13_1') ?? 0),
      gross: Number(tag(xml, 'P_15') ?? 0),
      currency: tag(xml, 'KodWaluty') ?? 'PLN',
      offlineMode,
    }
    this.invoices.push(stored)
    return stored
  }

  // ---- the HTTP side ---------------------------------------------------------------------------------------------

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const bytes = Buffer.concat(chunks)
    const raw = bytes.toString('utf8')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const method = (req.method ?? 'GET').toUpperCase()
    // The upload of a batch session's part: KSeF's storage, outside the API's document (a PUT of one blob).
    const upload = /^\/storage\/batch\/([^/]+)\/(\d+)$/.exec(url.pathname)
    if (upload && method === 'PUT') {
      const s = this.#sessions.get(upload[1]!)
      const ordinal = Number(upload[2])
      this.log.push({ method, path: url.pathname, status: s?.batch && !s.closed ? 201 : 404 })
      if (!s?.batch || s.closed || !s.batch.file.fileParts.some((p) => p.ordinalNumber === ordinal))
        return json(res, 404, {})
      s.batch.uploaded.set(ordinal, bytes)
      res.writeHead(201)
      res.end()
      return
    }
    if (url.pathname.startsWith('/storage/')) {
      const part = this.#storage.get(url.pathname)
      if (!part) return json(res, 404, {})
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'x-ms-meta-hash': sha256Base64(part) })
      res.end(part)
      return
    }
    const path = url.pathname.replace(/^\/v2/, '')
    if (this.unavailable) return this.#fault({ path: /./, answer: 503 }, method, path, res)
    const fault = this.#faults.find((f) => f.left > 0 && f.path.test(path) && (!f.method || f.method === method))
    if (fault) fault.left--
    if (fault && !fault.afterProcessing) return this.#fault(fault, method, path, res)

    let body: unknown
    try {
      body = raw === '' ? undefined : JSON.parse(raw)
    } catch {
      body = raw
    }
    const request = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers as Record<string, string>,
      body,
    }
    const operation = this.#api.matchOperation(request)
    if (!operation) return json(res, 404, {})
    const valid = this.#api.validateRequest(request, operation)
    if (!valid.valid) {
      this.violations.push(`request ${method} ${path}: ${JSON.stringify(valid.errors)}`)
      return this.#answer(
        res,
        method,
        path,
        operation,
        400,
        this.#exception(21405, 'Błąd walidacji danych wejściowych.', [JSON.stringify(valid.errors)]),
      )
    }
    const [status, answer, headers] = await this.#route(method, path, request, operation)
    if (fault) return this.#fault(fault, method, path, res)
    this.#answer(res, method, path, operation, status, answer, headers)
  }

  #fault(fault: Fault, method: string, path: string, res: ServerResponse) {
    this.log.push({ method, path, status: fault.answer === 'timeout' ? 0 : fault.answer })
    if (fault.answer === 'timeout') {
      setTimeout(() => res.socket?.destroy(), fault.holdMs ?? 2000).unref()
      return
    }
    if (fault.answer === 429) {
      const body = {
        status: {
          code: 429,
          description: 'Too Many Requests',
          details: [`Przekroczono limit żądań. Spróbuj ponownie po ${fault.retryAfter ?? 1} sekundach.`],
        },
      }
      this.#check(method, path, 429, body, { 'Retry-After': String(fault.retryAfter ?? 1) })
      json(res, 429, body, { 'Retry-After': String(fault.retryAfter ?? 1) })
      return
    }
    // 5xx are not in the document: a gateway's answer, not KSeF's.
    json(res, fault.answer, { title: 'Service Unavailable', status: fault.answer })
  }

  #check(method: string, path: string, status: number, body: unknown, headers: Record<string, string> = {}) {
    const operation = this.#api.matchOperation({ method, path, headers: {} })
    if (!operation) return
    const v = this.#api.validateResponse(body, operation, status)
    if (!v.valid) this.violations.push(`answer ${status} of ${method} ${path}: ${JSON.stringify(v.errors)}`)
    const h = this.#api.validateResponseHeaders(headers, operation, {
      statusCode: status,
      setMatchType: 'superset' as never,
    })
    if (!h.valid) this.violations.push(`headers ${status} of ${method} ${path}: ${JSON.stringify(h.errors)}`)
  }

  #answer(
    res: ServerResponse,
    method: string,
    path: string,
    operation: Operation,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    this.log.push({ method, path, status })
    const documented = operation.responses?.[String(status)]
    if (!documented) this.violations.push(`answer ${status} of ${method} ${path} is not in the document`)
    else if (status !== 204) {
      const v = this.#api.validateResponse(body, operation, status)
      if (!v.valid) this.violations.push(`answer ${status} of ${method} ${path}: ${JSON.stringify(v.errors)}`)
    }
    if (status === 204) {
      res.writeHead(204, headers)
      res.end()
    } else if (typeof body === 'string') {
      res.writeHead(status, { 'Content-Type': 'application/xml', ...headers })
      res.end(body)
    } else if (status === 401 || status === 403) {
      res.writeHead(status, { 'Content-Type': 'application/problem+json', ...headers })
      res.end(JSON.stringify(body))
    } else json(res, status, body, headers)
  }

  /** The session `ref` while it is open, or KSeF's 400 for a session it does not know or one closed or expired. */
  #openSession(ref: string, now: Date): Session | [number, unknown] {
    const s = this.#sessions.get(ref)
    if (!s) return [400, this.#exception(21173, 'Brak sesji o wskazanym numerze referencyjnym.')]
    if (s.closed || s.validUntil.getTime() <= now.getTime())
      return [400, this.#exception(21180, 'Status sesji nie pozwala na wykonanie operacji.')]
    return s
  }

  #exception(code: number, description: string, details: string[] = []) {
    return {
      exception: {
        exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
        referenceNumber: randomUUID(),
        serviceCode: hex(16),
        serviceCtx: 'srvSIMUL',
        serviceName: 'KSeF simulator',
        timestamp: this.#now().toISOString(),
      },
    }
  }

  #problem(status: 401 | 403, detail: string, path: string) {
    return {
      title: status === 401 ? 'Unauthorized' : 'Forbidden',
      status,
      detail,
      instance: path,
      traceId: hex(32).toLowerCase(),
      timestamp: this.#now().toISOString(),
      ...(status === 403 ? { reasonCode: 'missing-permissions' } : {}),
    }
  }

  #bearer(headers: Record<string, string>) {
    return /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? ''
  }

  #accessOk(headers: Record<string, string>) {
    const until = this.#access.get(this.#bearer(headers))
    return until !== undefined && until > this.#now().getTime()
  }

  async #route(
    method: string,
    path: string,
    req: { headers: Record<string, string>; body: unknown; query: Record<string, string> },
    _op: Operation,
  ): Promise<[number, unknown, Record<string, string>?]> {
    const now = this.#now()
    const b = (req.body ?? {}) as Record<string, unknown>
    const route = `${method} ${path}`
    let m: RegExpExecArray | null

    if (route === 'GET /security/public-key-certificates') {
      const entry = (k: SimulatorKey, usage: string) => {
        const der = Buffer.from(k.certificate, 'base64')
        return {
          certificate: k.certificate,
          certificateId: createHash('sha256').update(der).digest('base64'),
          publicKeyId: sha256Base64(new X509Certificate(der).publicKey.export({ type: 'spki', format: 'der' })),
          validFrom: k.validFrom.toISOString(),
          validTo: k.validTo.toISOString(),
          usage: [usage],
        }
      }
      return [200, [entry(this.#tokenKey, 'KsefTokenEncryption'), entry(this.#symKey, 'SymmetricKeyEncryption')]]
    }
    if (route === 'POST /auth/challenge') {
      const challenge = `${day(now)}-CR-${hex(10)}-${hex(10)}-${hex(2)}`
      this.#challenges.set(challenge, now.getTime())
      return [200, { challenge, timestamp: now.toISOString(), timestampMs: now.getTime(), clientIp: '127.0.0.1' }]
    }
    if (route === 'POST /auth/ksef-token') {
      const ts = this.#challenges.get(String(b.challenge))
      this.#challenges.delete(String(b.challenge))
      const plain = await rsaDecrypt(this.#tokenKey, Buffer.from(b.encryptedToken as string, 'base64'))
      const ref = referenceNumber('AU', now)
      const token = `auth-${randomUUID()}`
      let details = ''
      if (ts === undefined) details = 'Nieprawidłowe wyzwanie autoryzacyjne'
      else if (plain === null || plain.toString('utf8') !== `${this.token}|${ts}`) details = 'Nieprawidłowy token'
      else if (this.revokeToken) details = 'Token unieważniony'
      else if ((b.contextIdentifier as { value?: string }).value !== this.nip) details = 'Nieprawidłowy token'
      this.#auths.set(token, { token, polls: 0, ok: details === '', redeemed: false, details })
      this.#auths.set(ref, this.#auths.get(token)!)
      return [
        202,
        {
          referenceNumber: ref,
          authenticationToken: { token, validUntil: new Date(now.getTime() + 15 * 60_000).toISOString() },
        },
      ]
    }
    m = /^GET \/auth\/([^/]+)$/.exec(route)
    if (m && m[1] !== 'sessions') {
      const a = this.#auths.get(this.#bearer(req.headers))
      if (!a || this.#auths.get(m[1]!) !== a) return [401, this.#problem(401, 'Wymagane jest uwierzytelnienie.', path)]
      const pending = a.polls++ < this.#pending
      const status = pending
        ? { code: 100, description: 'Uwierzytelnianie w toku' }
        : a.ok
          ? { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' }
          : {
              code: 450,
              description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
              details: [a.details],
            }
      return [
        200,
        {
          startDate: now.toISOString(),
          authenticationMethod: 'Token',
          authenticationMethodInfo: { category: 'Token', code: 'token.ksef', displayName: 'Token KSeF' },
          status,
        },
      ]
    }
    if (route === 'POST /auth/token/redeem') {
      const a = this.#auths.get(this.#bearer(req.headers))
      if (!a?.ok || a.polls <= this.#pending)
        return [400, this.#exception(21301, 'Brak autoryzacji.', ['Uwierzytelnianie nie zakończyło się sukcesem.'])]
      if (a.redeemed) return [400, this.#exception(21301, 'Brak autoryzacji.', ['Tokeny zostały już pobrane.'])]
      a.redeemed = true
      return [200, this.#tokens(true)]
    }
    if (route === 'POST /auth/token/refresh') {
      const until = this.#refresh.get(this.#bearer(req.headers))
      if (until === undefined || until < now.getTime()) return [401, this.#problem(401, 'Nieprawidłowy token.', path)]
      return [200, this.#tokens(false)]
    }

    // Everything below needs a valid access token.
    if (!this.#accessOk(req.headers)) return [401, this.#problem(401, 'Wymagane jest uwierzytelnienie.', path)]

    if (route === 'POST /sessions/online') {
      const key = await this.#symmetric(b.encryption as never)
      if (!key)
        return [400, this.#exception(21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować klucza.'])]
      const s = newSession('SO', key, now)
      this.#sessions.set(s.referenceNumber, s)
      return [201, { referenceNumber: s.referenceNumber, validUntil: s.validUntil.toISOString() }]
    }
    m = /^POST \/sessions\/online\/([^/]+)\/invoices$/.exec(route)
    if (m) {
      const s = this.#openSession(m[1]!, now)
      if (Array.isArray(s)) return s
      const encrypted = Buffer.from(b.encryptedInvoiceContent as string, 'base64')
      if (encrypted.byteLength !== b.encryptedInvoiceSize)
        return [400, this.#exception(21402, 'Nieprawidłowy rozmiar pliku.')]
      if (sha256Base64(encrypted) !== b.encryptedInvoiceHash)
        return [400, this.#exception(21403, 'Nieprawidłowy skrót pliku.')]
      const inv = newInvoice(s, String(b.invoiceHash), now, b.offlineMode === true)
      await this.#process(s, inv, encrypted, b.invoiceSize as number, now)
      if (s.invoices.length >= this.expireSessionsAfter) s.validUntil = new Date(now.getTime() - 1)
      return [202, { referenceNumber: inv.referenceNumber }]
    }
    if (route === 'POST /sessions/batch') {
      const key = await this.#symmetric(b.encryption as never)
      if (!key)
        return [400, this.#exception(21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować klucza.'])]
      const file = b.batchFile as BatchFile
      const s: Session = {
        ...newSession('SB', key, now),
        batch: { file, uploaded: new Map(), offlineMode: b.offlineMode === true, status: null },
      }
      this.#sessions.set(s.referenceNumber, s)
      const storage = this.url.replace(/\/v2$/, '')
      return [
        201,
        {
          referenceNumber: s.referenceNumber,
          partUploadRequests: file.fileParts.map((p) => ({
            ordinalNumber: p.ordinalNumber,
            method: 'PUT',
            url: `${storage}/storage/batch/${s.referenceNumber}/${p.ordinalNumber}`,
            headers: { 'x-ms-blob-type': 'BlockBlob' },
          })),
        },
      ]
    }
    m = /^POST \/sessions\/batch\/([^/]+)\/close$/.exec(route)
    if (m) {
      const s = this.#sessions.get(m[1]!)
      if (!s?.batch) return [400, this.#exception(21173, 'Brak sesji o wskazanym numerze referencyjnym.')]
      if (s.closed) return [400, this.#exception(21180, 'Status sesji nie pozwala na wykonanie operacji.')]
      s.closed = true
      s.batch.status = this.#unpack(s, now)
      return [204, undefined]
    }
    m = /^GET \/sessions\/([^/]+)$/.exec(route)
    if (m) {
      const s = this.#sessions.get(m[1]!)
      if (!s) return [400, this.#exception(21173, 'Brak sesji o wskazanym numerze referencyjnym.')]
      await this.#drain(s)
      const ok = s.invoices.filter((i) => i.status.code === 200).length
      const status = !s.closed
        ? { code: 100, description: s.batch ? 'Sesja wsadowa rozpoczęta' : 'Sesja interaktywna otwarta' }
        : (s.batch?.status ??
          (s.batch && ok === 0
            ? { code: 445, description: 'Błąd weryfikacji, brak poprawnych faktur' }
            : s.batch
              ? { code: 200, description: 'Sesja wsadowa przetworzona pomyślnie' }
              : { code: 170, description: 'Sesja interaktywna zamknięta' }))
      return [
        200,
        {
          status,
          dateCreated: s.created.toISOString(),
          dateUpdated: now.toISOString(),
          validUntil: s.validUntil.toISOString(),
          invoiceCount: s.invoices.length,
          successfulInvoiceCount: ok,
          failedInvoiceCount: s.invoices.length - ok,
        },
      ]
    }
    m = /^POST \/sessions\/online\/([^/]+)\/close$/.exec(route)
    if (m) {
      const s = this.#openSession(m[1]!, now)
      if (Array.isArray(s)) return s
      s.closed = true
      return [204, undefined]
    }
    m = /^GET \/sessions\/([^/]+)\/invoices$/.exec(route)
    if (m) {
      const s = this.#sessions.get(m[1]!)
      if (!s) return [400, this.#exception(21173, 'Brak sesji o wskazanym numerze referencyjnym.')]
      await this.#drain(s)
      const size = Number(req.query.pageSize ?? 10)
      const from = Number(req.headers['x-continuation-token'] ?? 0)
      const page = s.invoices.slice(from, from + size)
      const more = from + size < s.invoices.length
      return [
        200,
        {
          invoices: page.map((i) => this.#invoiceStatus(i)),
          ...(more ? { continuationToken: String(from + size) } : {}),
        },
      ]
    }
    m = /^GET \/sessions\/([^/]+)\/invoices\/ksef\/([^/]+)\/upo$/.exec(route)
    if (m) {
      await this.#drain(this.#sessions.get(m[1]!))
      const inv = this.#sessions.get(m[1]!)?.invoices.find((i) => i.ksefNumber === m![2])
      if (!inv?.upo) return [400, this.#exception(21164, 'Faktura o podanym identyfikatorze nie istnieje.')]
      return [200, inv.upo, { 'x-ms-meta-hash': sha256Base64(inv.upo) }]
    }
    m = /^GET \/sessions\/([^/]+)\/invoices\/([^/]+)\/upo$/.exec(route)
    if (m) {
      await this.#drain(this.#sessions.get(m[1]!))
      const inv = this.#sessions.get(m[1]!)?.invoices.find((i) => i.referenceNumber === m![2])
      if (!inv?.upo) return [400, this.#exception(21164, 'Faktura o podanym identyfikatorze nie istnieje.')]
      return [200, inv.upo, { 'x-ms-meta-hash': sha256Base64(inv.upo) }]
    }
    m = /^GET \/sessions\/([^/]+)\/invoices\/([^/]+)$/.exec(route)
    if (m) {
      await this.#drain(this.#sessions.get(m[1]!))
      const inv = this.#sessions.get(m[1]!)?.invoices.find((i) => i.referenceNumber === m![2])
      if (!inv) return [400, this.#exception(21173, 'Brak sesji o wskazanym numerze referencyjnym.')]
      return [200, this.#invoiceStatus(inv, true)]
    }
    if (route === 'POST /invoices/exports') {
      const key = await this.#symmetric(b.encryption as never)
      if (!key)
        return [400, this.#exception(21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować klucza.'])]
      const ref = referenceNumber('EH', now)
      this.#exports.set(ref, this.#export(ref, key, b.filters as never, now))
      return [201, { referenceNumber: ref }]
    }
    m = /^GET \/invoices\/exports\/([^/]+)$/.exec(route)
    if (m) {
      const e = this.#exports.get(m[1]!)
      if (!e) return [400, this.#exception(21175, 'Wynik zapytania o podanym identyfikatorze nie istnieje.')]
      if (e.polls++ < this.#pending) return [200, { status: { code: 100, description: 'Eksport faktur w toku' } }]
      return [200, e.status]
    }
    return [400, this.#exception(21405, 'Błąd walidacji danych wejściowych.', [`${route} is not simulated`])]
  }

  #tokens(withRefresh: boolean) {
    const now = this.#now().getTime()
    const access = `access-${randomUUID()}`
    this.#access.set(access, now + this.#accessSeconds * 1000)
    const accessToken = { token: access, validUntil: new Date(now + this.#accessSeconds * 1000).toISOString() }
    if (!withRefresh) return { accessToken }
    const refresh = `refresh-${randomUUID()}`
    this.#refresh.set(refresh, now + 7 * 24 * 3600_000)
    return {
      accessToken,
      refreshToken: { token: refresh, validUntil: new Date(now + 7 * 24 * 3600_000).toISOString() },
    }
  }

  async #symmetric(e: { encryptedSymmetricKey: string; initializationVector: string }): Promise<SymmetricKey | null> {
    const key = await rsaDecrypt(this.#symKey, Buffer.from(e.encryptedSymmetricKey, 'base64'))
    const iv = Buffer.from(e.initializationVector, 'base64')
    return key && key.byteLength === 32 && iv.byteLength === 16 ? { key, iv } : null
  }

  #invoiceStatus(i: SessionInvoice, poll = false) {
    if (poll && i.polls++ < this.#pending && i.status.code === 200)
      return {
        ordinalNumber: i.ordinalNumber,
        referenceNumber: i.referenceNumber,
        invoiceHash: i.invoiceHash,
        invoicingDate: i.invoicingDate,
        status: { code: 150, description: 'Trwa przetwarzanie' },
      }
    return {
      ordinalNumber: i.ordinalNumber,
      referenceNumber: i.referenceNumber,
      invoiceHash: i.invoiceHash,
      invoicingDate: i.invoicingDate,
      ...(i.invoiceNumber ? { invoiceNumber: i.invoiceNumber } : {}),
      ...(i.ksefNumber ? { ksefNumber: i.ksefNumber, acquisitionDate: i.acquisitionDate } : {}),
      ...(i.ksefNumber ? { permanentStorageDate: i.acquisitionDate } : {}),
      ...(i.upo ? { upoDownloadUrl: `${this.url.replace(/\/v2$/, '')}/storage/upo/${i.referenceNumber}` } : {}),
      status: i.status,
    }
  }

  /**
   * A closed batch session's package: every declared part uploaded with its size and hash (405), decrypted (435), the
   * parts joined into the declared ZIP (405), unzipped (430); each file becomes one of the session's invoices, checked
   * against the schema with the others at the next read. Answers the package's failure, or null when it was taken.
   */
  #unpack(s: Session, now: Date): { code: number; description: string; details?: string[] } | null {
    const batch = s.batch!
    const refused = (details: string) => ({
      code: 405,
      description: 'Błąd weryfikacji poprawności dostarczonych elementów paczki',
      details: [details],
    })
    const plain: Buffer[] = []
    for (const p of [...batch.file.fileParts].sort((a, b) => a.ordinalNumber - b.ordinalNumber)) {
      const part = batch.uploaded.get(p.ordinalNumber)
      if (!part) return refused(`Nie przesłano części ${p.ordinalNumber}.`)
      if (part.byteLength !== p.fileSize || sha256Base64(part) !== p.fileHash)
        return refused(`Skrót lub rozmiar części ${p.ordinalNumber} nie zgadza się z zadeklarowanym.`)
      try {
        plain.push(aesDecrypt(s.key, part))
      } catch {
        return { code: 435, description: 'Błąd odszyfrowania zaszyfrowanych części archiwum' }
      }
    }
    const zip = Buffer.concat(plain)
    if (zip.byteLength !== batch.file.fileSize || sha256Base64(zip) !== batch.file.fileHash)
      return refused('Skrót lub rozmiar paczki nie zgadza się z zadeklarowanym.')
    let files: Record<string, Uint8Array>
    try {
      files = unzipSync(zip)
    } catch {
      return { code: 430, description: 'Błąd dekompresji pierwotnego archiwum' }
    }
    for (const content of Object.values(files)) {
      const inv = newInvoice(s, sha256Base64(content), now, batch.offlineMode)
      s.pending.push({ inv, text: Buffer.from(content).toString('utf8'), at: now })
    }
    return null
  }

  /** Decrypts, checks and (when valid) accepts an invoice: the work KSeF does after answering 202. */
  async #process(s: Session, inv: SessionInvoice, encrypted: Buffer, size: number, now: Date) {
    let xml: Buffer
    try {
      xml = aesDecrypt(s.key, encrypted)
    } catch {
      inv.status = { code: 435, description: 'Błąd odszyfrowania pliku' }
      return
    }
    if (xml.byteLength !== size || sha256Base64(xml) !== inv.invoiceHash) {
      inv.status = {
        code: 430,
        description: 'Błąd weryfikacji pliku faktury',
        details: ['Skrót lub rozmiar pliku nie zgadza się z przesłanym.'],
      }
      return
    }
    // As KSeF, the rest happens after the 202: the schema check runs for the session's waiting invoices together.
    s.pending.push({ inv, text: xml.toString('utf8'), at: now })
  }

  /** Checks the session's waiting invoices against the FA(3) schema (one validator run) and accepts or refuses each. */
  async #drain(s: Session | undefined) {
    if (!s || s.pending.length === 0) return
    const batch = s.pending.splice(0)
    const checks = await validateMany(
      batch.map((p) => p.text),
      'FA(3)',
    )
    batch.forEach((p, i) => {
      const check = checks[i]!
      if (!check.valid)
        p.inv.status = {
          code: 430,
          description: 'Błąd weryfikacji pliku faktury',
          details: check.errors.slice(0, 5).map((e) => e.message),
        }
      else this.#accept(s, p.inv, p.text, p.at)
    })
  }

  #accept(s: Session, inv: SessionInvoice, text: string, now: Date) {
    const seller = tag(section(text, 'Podmiot1'), 'NIP')
    inv.invoiceNumber = tag(text, 'P_2')
    if (seller !== this.nip) {
      inv.status = { code: 410, description: 'Nieprawidłowy zakres uprawnień' }
      return
    }
    const kind = tag(text, 'RodzajFaktury')
    const original = this.invoices.find(
      (x) => x.sellerNip === seller && x.invoiceNumber === inv.invoiceNumber && tag(x.xml, 'RodzajFaktury') === kind,
    )
    if (original) {
      inv.status = {
        code: 440,
        description: 'Duplikat faktury',
        details: [
          `Duplikat faktury. Faktura o numerze KSeF: ${original.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${original.sessionReferenceNumber}`,
        ],
        extensions: {
          originalSessionReferenceNumber: original.sessionReferenceNumber,
          originalKsefNumber: original.ksefNumber,
        },
      }
      return
    }
    const stored = this.#store(text, s.referenceNumber, now, inv.offlineMode)
    if (stored.permanentStorageDate > this.#hwm) this.#hwm = stored.permanentStorageDate
    inv.ksefNumber = stored.ksefNumber
    inv.acquisitionDate = now.toISOString()
    inv.status = { code: 200, description: 'Sukces' }
    inv.upo = this.#upo(s, stored, now)
  }

  /** The UPO of an accepted invoice, as in faktury/upo/przyklady/v4-3/kontekst-nip. */
  #upo(s: Session, stored: StoredInvoice, now: Date): string {
    const upo = `<?xml version="1.0" encoding="utf-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">
	<NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>
	<NumerReferencyjnySesji>${s.referenceNumber}</NumerReferencyjnySesji>
	<Uwierzytelnienie>
		<IdKontekstu>
			<Nip>${this.nip}</Nip>
		</IdKontekstu>
		<SkrotDokumentuUwierzytelniajacego>${sha256Base64(this.token)}</SkrotDokumentuUwierzytelniajacego>
	</Uwierzytelnienie>
	<NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
	<KodFormularza>FA (3)</KodFormularza>
	<Dokument>
		<NipSprzedawcy>${stored.sellerNip}</NipSprzedawcy>
		${this.brokenUpos ? '' : `<NumerKSeFDokumentu>${stored.ksefNumber}</NumerKSeFDokumentu>`}
		<NumerFaktury>${stored.invoiceNumber.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</NumerFaktury>
		<DataWystawieniaFaktury>${stored.issueDate}</DataWystawieniaFaktury>
		<DataPrzeslaniaDokumentu>${now.toISOString()}</DataPrzeslaniaDokumentu>
		<DataNadaniaNumeruKSeF>${now.toISOString()}</DataNadaniaNumeruKSeF>
		<SkrotDokumentu>${stored.invoiceHash}</SkrotDokumentu>
		<TrybWysylki>${stored.offlineMode ? 'Offline' : 'Online'}</TrybWysylki>
	</Dokument>
</Potwierdzenie>
`
    return upo
  }

  #export(
    ref: string,
    key: SymmetricKey,
    filters: {
      subjectType: string
      dateRange: { dateType: string; from: string; to?: string; restrictToPermanentStorageHwmDate?: boolean }
    },
    now: Date,
  ) {
    const from = new Date(filters.dateRange.from).toISOString()
    const to = filters.dateRange.to ? new Date(filters.dateRange.to).toISOString() : this.#hwm
    const upper = filters.dateRange.restrictToPermanentStorageHwmDate && to > this.#hwm ? this.#hwm : to
    if (filters.dateRange.restrictToPermanentStorageHwmDate && from > this.#hwm)
      return {
        polls: 0,
        parts: [],
        status: {
          status: {
            code: 420,
            description: 'Zakres filtrowania wykracza poza dostępny zakres danych',
            details: ['Parametr dateRange.from jest późniejszy niż PermanentStorageHwmDate.'],
          },
        },
      }
    const role = filters.subjectType === 'Subject1' ? 'sellerNip' : 'buyerNip'
    const matching = this.invoices
      .filter((i) => i[role] === this.nip && i.permanentStorageDate >= from && i.permanentStorageDate <= upper)
      .sort((a, b) => a.permanentStorageDate.localeCompare(b.permanentStorageDate))
    const truncated = matching.length > this.maxPackageInvoices
    const chosen = matching.slice(0, this.maxPackageInvoices)
    const metadata = {
      invoices: chosen.map((i) => ({
        ksefNumber: i.ksefNumber,
        invoiceNumber: i.invoiceNumber,
        issueDate: i.issueDate,
        invoicingDate: i.permanentStorageDate,
        acquisitionDate: i.permanentStorageDate,
        permanentStorageDate: i.permanentStorageDate,
        seller: { nip: i.sellerNip },
        buyer: { identifier: { type: 'Nip', value: i.buyerNip } },
        netAmount: i.net,
        grossAmount: i.gross,
        vatAmount: Math.round((i.gross - i.net) * 100) / 100,
        currency: i.currency,
        invoicingMode: 'Online',
        invoiceType: 'Vat',
        formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
        isSelfInvoicing: false,
        hasAttachment: false,
        invoiceHash: i.invoiceHash,
      })),
    }
    const files: Record<string, Uint8Array> = { '_metadata.json': strToU8(JSON.stringify(metadata)) }
    for (const i of chosen) files[`${i.ksefNumber}.xml`] = strToU8(i.xml)
    const zip = Buffer.from(zipSync(files, { level: 1 }))
    const parts: { ordinalNumber: number; plain: Buffer; encrypted: Buffer; name: string }[] = []
    for (let off = 0, n = 1; off < zip.byteLength; off += this.partSize, n++) {
      const plain = zip.subarray(off, off + this.partSize)
      const encrypted = aesEncrypt(key, plain)
      const name = `/storage/${ref.toLowerCase()}/part-${n}.zip.aes`
      this.#storage.set(name, encrypted)
      parts.push({ ordinalNumber: n, plain, encrypted, name })
    }
    const base = this.url.replace(/\/v2$/, '')
    const expires = new Date(now.getTime() + 3600_000).toISOString()
    const last = chosen.at(-1)
    return {
      polls: 0,
      parts: parts.map((p) => p.encrypted),
      status: {
        status: { code: 200, description: 'Eksport faktur zakończony sukcesem' },
        completedDate: now.toISOString(),
        packageExpirationDate: expires,
        package: {
          invoiceCount: chosen.length,
          size: zip.byteLength,
          parts: parts.map((p) => ({
            ordinalNumber: p.ordinalNumber,
            partName: p.name.split('/').at(-1)!,
            method: 'GET',
            url: `${base}${p.name}`,
            partSize: p.plain.byteLength,
            partHash: sha256Base64(p.plain),
            encryptedPartSize: p.encrypted.byteLength,
            encryptedPartHash: sha256Base64(p.encrypted),
            expirationDate: expires,
          })),
          isTruncated: truncated,
          ...(truncated && last ? { lastPermanentStorageDate: last.permanentStorageDate } : {}),
          permanentStorageHwmDate: truncated && last ? last.permanentStorageDate : upper,
        },
      },
    }
  }
}

/** Starts a simulator on 127.0.0.1 (a free port). */
export const startSimulator = (options: SimulatorOptions = {}): Promise<KsefSimulator> =>
  new KsefSimulator(options).start()
