/**
 * The HTTP adapter of the KSeF port, by the official KSeF 2.0 document (open-api.json) and its guides:
 * - authentication with a KSeF token (uwierzytelnianie.md): the Ministry's certificates, a challenge, the token and the
 *   challenge's timestamp (`token|timestampMs`) encrypted with RSA-OAEP SHA-256, the status poll, the redeemed access
 *   and refresh tokens; the access token is renewed with the refresh token, and authentication starts again when
 *   that is refused or expired;
 * - an interactive session (sesja-interaktywna.md): a fresh AES-256 key per session, encrypted for the Ministry; each
 *   invoice encrypted (AES-256-CBC, PKCS#7) and sent with the SHA-256 and size of the file and of its encrypted form;
 *   the invoice's status polled, its KSeF number checked (CRC-8) and its UPO downloaded and checked against
 *   upo-v4-3.xsd and against the hash of what was sent;
 * - the incremental download (pobieranie-faktur/przyrostowe-pobieranie-faktur.md): an export of the window from the
 *   high-water mark, its parts downloaded, checked, decrypted, joined and unzipped, `_metadata.json` read and its
 *   invoices de-duplicated by KSeF number;
 * - the limits (limity/limity-api.md): a 429 waits its `Retry-After` (up to `maxDelayMs`, else the call fails with
 *   when to come back); a 5xx, a refused connection or a time-out retries with a doubling back-off a bounded number
 *   of times — except an invoice's sending, which is never blindly repeated: the session's invoices are looked up by
 *   the file's hash first, and KSeF's own duplicate check (status 440) answers with the original, whose UPO is taken
 *   when its hash is the file's. A resend can therefore never create a second invoice.
 */
import type { X509Certificate } from 'node:crypto'
import { strFromU8, unzipSync, zipSync } from 'fflate'
import {
  aesDecrypt,
  aesEncrypt,
  certificateOf,
  encryptionInfo,
  freshSymmetricKey,
  rsaOaepEncrypt,
  type SymmetricKey,
  sha256Base64,
} from './crypto.ts'
import { isKsefNumber } from './ksefNumber.ts'
import {
  type AcceptedInvoice,
  type FetchPage,
  KsefError,
  type KsefPort,
  type ReceivedInvoice,
  type SendOptions,
  type SendOutcome,
} from './port.ts'

export interface KsefClientOptions {
  /** The API's base address, e.g. `KSEF_BASE_URLS.TEST` or a simulator's. */
  readonly baseUrl: string
  /** The company's NIP: the context of the authentication. */
  readonly nip: string
  /** The KSeF token (tokeny-ksef.md). */
  readonly token: string
  readonly fetch?: typeof globalThis.fetch
  readonly sleep?: (ms: number) => Promise<void>
  readonly now?: () => Date
  /** Tries of one request (a 429, a 5xx, a time-out): 5. */
  readonly maxAttempts?: number
  /** The first back-off after a 5xx or a time-out, doubled each time: 500 ms. */
  readonly baseDelayMs?: number
  /** The longest wait accepted (a `Retry-After` or a back-off): 60 s; a longer `Retry-After` fails the call. */
  readonly maxDelayMs?: number
  /** One request's time-out: 30 s. */
  readonly requestTimeoutMs?: number
  /** Between two polls of an operation's status: 1 s. */
  readonly pollIntervalMs?: number
  /** Polls of one operation before it counts as never finished: 120. */
  readonly maxPolls?: number
  /** Checks UPOs against upo-v4-3.xsd; answers each one's problems (the tax files' validator by default). */
  readonly validateUpos?: (xmls: readonly string[]) => Promise<readonly (readonly string[])[]>
}

interface TokenInfo {
  readonly token: string
  readonly validUntil: string
}

interface PublicKeyCertificate {
  readonly certificate: string
  readonly usage: readonly string[]
  readonly validFrom: string
  readonly validTo: string
}

interface StatusInfo {
  readonly code: number
  readonly description: string
  readonly details?: readonly string[] | null
  readonly extensions?: Readonly<Record<string, string | null>> | null
}

interface InvoiceStatus {
  readonly referenceNumber: string
  readonly invoiceHash: string
  readonly ksefNumber?: string | null
  readonly acquisitionDate?: string | null
  readonly status: StatusInfo
}

type Auth = 'none' | 'access' | { readonly bearer: string }

interface CallOptions {
  readonly body?: unknown
  readonly auth?: Auth
  /** Whether repeating the request after a 5xx or a time-out is harmless (every call but an invoice's sending). */
  readonly idempotent?: boolean
  /** Answer the body as text (a UPO) instead of JSON. */
  readonly text?: boolean
  readonly headers?: Readonly<Record<string, string>>
}

/** An invoice's sending whose answer never came: KSeF may or may not hold it. */
class Ambiguous extends Error {}

/**
 * The problems of a UPO against upo-v4-3.xsd. The schema fixes `NazwaPodmiotuPrzyjmujacego` to "Ministerstwo
 * Finansów", while the Ministry's own example from the TEST environment reads "Ministerstwo Finansów - środowisko
 * testowe (TE)": that one element is checked as "starts with the Ministry's name" and the rest by the schema. The
 * UPO kept is the one received, unchanged.
 */
export const upoProblems = async (xml: string): Promise<readonly string[]> => (await upoProblemsOfMany([xml]))[0] ?? []

/** `upoProblems` of many UPOs in one run of the validator (its start costs more than checking a UPO). */
export const upoProblemsOfMany = async (xmls: readonly string[]): Promise<readonly (readonly string[])[]> => {
  const { validateMany } = await import('@finance/tax-files')
  const checked = xmls.map((xml) => {
    const name = /<NazwaPodmiotuPrzyjmujacego>([^<]*)<\/NazwaPodmiotuPrzyjmujacego>/.exec(xml)?.[1]
    return name?.startsWith('Ministerstwo Finansów') === true
      ? xml.replace(
          /<NazwaPodmiotuPrzyjmujacego>[^<]*<\/NazwaPodmiotuPrzyjmujacego>/,
          '<NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>',
        )
      : xml
  })
  const results = await validateMany(checked, 'UPO(4-3)')
  return results.map((r) => r.errors.map((e) => (e.line === null ? e.message : `${e.line}: ${e.message}`)))
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `now`. */
export const retryAfterMs = (header: string | null, now: Date): number | null => {
  if (header === null || header.trim() === '') return null
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000)
  const at = Date.parse(header)
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime())
}

/** The messages of a KSeF error answer (exception details, or problem details). */
const detailsOf = (body: unknown): string[] => {
  if (typeof body !== 'object' || body === null) return []
  const b = body as {
    exception?: {
      exceptionDetailList?: { exceptionCode?: number; exceptionDescription?: string; details?: string[] }[]
    }
    detail?: string
    errors?: { code?: number; description?: string; details?: string[] }[]
    status?: { description?: string; details?: string[] }
  }
  const out: string[] = []
  for (const d of b.exception?.exceptionDetailList ?? [])
    out.push([d.exceptionCode, d.exceptionDescription, ...(d.details ?? [])].filter((x) => x !== undefined).join(' '))
  for (const e of b.errors ?? [])
    out.push([e.code, e.description, ...(e.details ?? [])].filter((x) => x !== undefined).join(' '))
  if (b.detail) out.push(b.detail)
  if (b.status?.details) out.push(...b.status.details)
  return out
}

/** The exception codes of a KSeF error answer. */
const codesOf = (body: unknown): number[] => {
  const b = body as {
    exception?: { exceptionDetailList?: { exceptionCode?: number }[] }
    errors?: { code?: number }[]
  } | null
  return [
    ...(b?.exception?.exceptionDetailList ?? []).map((d) => d.exceptionCode),
    ...(b?.errors ?? []).map((e) => e.code),
  ].filter((c): c is number => typeof c === 'number')
}

/** 21173 no such session, 21180 the session's status allows no sending (closed, expired). */
const SESSION_GONE = new Set([21173, 21180])

export class KsefHttpClient implements KsefPort {
  readonly #o: Required<Omit<KsefClientOptions, 'fetch' | 'sleep' | 'now' | 'validateUpos'>>
  readonly #fetch: typeof globalThis.fetch
  readonly #sleep: (ms: number) => Promise<void>
  readonly #now: () => Date
  readonly #validateUpos: (xmls: readonly string[]) => Promise<readonly (readonly string[])[]>
  #certificates: PublicKeyCertificate[] | null = null
  #access: TokenInfo | null = null
  #refresh: TokenInfo | null = null

  constructor(options: KsefClientOptions) {
    this.#o = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      nip: options.nip,
      token: options.token,
      maxAttempts: options.maxAttempts ?? 5,
      baseDelayMs: options.baseDelayMs ?? 500,
      maxDelayMs: options.maxDelayMs ?? 60_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      maxPolls: options.maxPolls ?? 120,
    }
    this.#fetch = options.fetch ?? globalThis.fetch
    this.#sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)))
    this.#now = options.now ?? (() => new Date())
    this.#validateUpos = options.validateUpos ?? upoProblemsOfMany
  }

  // ---- HTTP with the limits -------------------------------------------------------------------------------------

  async #call<T>(method: string, pathOrUrl: string, opts: CallOptions = {}): Promise<T> {
    const url = /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${this.#o.baseUrl}${pathOrUrl}`
    const idempotent = opts.idempotent ?? true
    let refreshed = false
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = {
        Accept: opts.text ? 'application/xml' : 'application/json',
        ...opts.headers,
      }
      if (opts.body !== undefined) headers['Content-Type'] = 'application/json'
      const auth = opts.auth ?? 'access'
      if (auth === 'access') headers.Authorization = `Bearer ${(await this.#accessToken()).token}`
      else if (auth !== 'none') headers.Authorization = `Bearer ${auth.bearer}`
      let res: Response
      try {
        res = await this.#fetch(url, {
          method,
          headers,
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
          signal: AbortSignal.timeout(this.#o.requestTimeoutMs),
        })
      } catch (e) {
        const why = (e as Error).name === 'TimeoutError' ? 'timed out' : `failed (${(e as Error).message})`
        if (!idempotent) throw new Ambiguous(`${method} ${url} ${why}`)
        if (attempt >= this.#o.maxAttempts)
          throw new KsefError('unavailable', `KSeF did not answer: ${method} ${pathOrUrl} ${why}`)
        await this.#sleep(this.#backoff(attempt))
        continue
      }
      if (res.status === 429) {
        const wait = retryAfterMs(res.headers.get('Retry-After'), this.#now()) ?? this.#backoff(attempt)
        await res.body?.cancel()
        if (wait > this.#o.maxDelayMs || attempt >= this.#o.maxAttempts)
          throw new KsefError('rate-limited', `KSeF limits the requests: ${method} ${pathOrUrl}`, {
            httpStatus: 429,
            retryAfterMs: wait,
          })
        // A 429 was not processed: sending again is safe, also for an invoice.
        await this.#sleep(wait)
        continue
      }
      if (res.status >= 500) {
        await res.body?.cancel()
        if (!idempotent) throw new Ambiguous(`${method} ${url} answered ${res.status}`)
        if (attempt >= this.#o.maxAttempts)
          throw new KsefError('unavailable', `KSeF answered ${res.status}: ${method} ${pathOrUrl}`, {
            httpStatus: res.status,
          })
        await this.#sleep(this.#backoff(attempt))
        continue
      }
      if (res.status === 401 && auth === 'access' && !refreshed) {
        await res.body?.cancel()
        // The access token ran out early (or was revoked): renew it once and repeat the request.
        refreshed = true
        this.#access = null
        attempt--
        continue
      }
      if (!res.ok) {
        const text = await res.text()
        let body: unknown = null
        try {
          body = JSON.parse(text)
        } catch {
          body = null
        }
        const kind = res.status === 401 || res.status === 403 ? 'unauthorized' : 'rejected'
        const err = new KsefError(kind, `KSeF refused ${method} ${pathOrUrl} (${res.status})`, {
          httpStatus: res.status,
          details: detailsOf(body),
        })
        ;(err as KsefError & { codes?: number[] }).codes = codesOf(body)
        throw err
      }
      if (res.status === 204) return undefined as T
      if (opts.text) return (await res.text()) as T
      return (await res.json()) as T
    }
  }

  /** A package part from or to KSeF's storage (no token): downloaded, or uploaded with `upload` (a PUT of one blob). */
  async #bytes(
    method: string,
    url: string,
    upload?: { readonly body: Uint8Array; readonly headers: Record<string, string> },
  ): Promise<Uint8Array> {
    const what = upload ? 'upload' : 'download'
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.#fetch(url, {
          method,
          signal: AbortSignal.timeout(this.#o.requestTimeoutMs),
          ...(upload ? { body: upload.body, headers: upload.headers } : {}),
        })
        if (res.ok) return new Uint8Array(await res.arrayBuffer())
        await res.body?.cancel()
        if (res.status !== 429 && res.status < 500)
          throw new KsefError('rejected', `The ${what} of a package part was refused (${res.status})`, {
            httpStatus: res.status,
          })
        if (attempt >= this.#o.maxAttempts)
          throw new KsefError('unavailable', `A package part could not be transferred (${what}, ${res.status})`)
        await this.#sleep(retryAfterMs(res.headers.get('Retry-After'), this.#now()) ?? this.#backoff(attempt))
      } catch (e) {
        if (e instanceof KsefError) throw e
        if (attempt >= this.#o.maxAttempts)
          throw new KsefError(
            'unavailable',
            `A package part could not be transferred (${what}): ${(e as Error).message}`,
          )
        await this.#sleep(this.#backoff(attempt))
      }
    }
  }

  #backoff(attempt: number) {
    return Math.min(this.#o.maxDelayMs, this.#o.baseDelayMs * 2 ** (attempt - 1))
  }

  /** Polls `read` until `done` says so, at most `maxPolls` times. */
  async #poll<T>(what: string, read: () => Promise<T>, done: (t: T) => boolean): Promise<T> {
    for (let i = 0; i < this.#o.maxPolls; i++) {
      const t = await read()
      if (done(t)) return t
      await this.#sleep(this.#o.pollIntervalMs)
    }
    throw new KsefError('protocol', `${what} did not finish after ${this.#o.maxPolls} status checks`)
  }

  // ---- Authentication -------------------------------------------------------------------------------------------

  async #certificate(usage: 'KsefTokenEncryption' | 'SymmetricKeyEncryption'): Promise<X509Certificate> {
    this.#certificates ??= await this.#call<PublicKeyCertificate[]>('GET', '/security/public-key-certificates', {
      auth: 'none',
    })
    const now = this.#now().getTime()
    const found = this.#certificates.find(
      (c) => c.usage.includes(usage) && Date.parse(c.validFrom) <= now && now < Date.parse(c.validTo),
    )
    if (!found) throw new KsefError('protocol', `KSeF publishes no valid certificate for ${usage}`)
    return certificateOf(found.certificate)
  }

  #valid(t: TokenInfo | null): t is TokenInfo {
    // A minute's margin: a token that runs out during a request is renewed before it.
    return t !== null && Date.parse(t.validUntil) - 60_000 > this.#now().getTime()
  }

  async #accessToken(): Promise<TokenInfo> {
    if (this.#valid(this.#access)) return this.#access
    if (this.#valid(this.#refresh)) {
      try {
        const r = await this.#call<{ accessToken: TokenInfo }>('POST', '/auth/token/refresh', {
          auth: { bearer: this.#refresh.token },
        })
        this.#access = r.accessToken
        return r.accessToken
      } catch (e) {
        if (!(e instanceof KsefError) || e.kind !== 'unauthorized') throw e
        // The refresh token was revoked: authenticate again.
        this.#refresh = null
      }
    }
    await this.#authenticate()
    return this.#access as TokenInfo
  }

  async #authenticate(): Promise<void> {
    const cert = await this.#certificate('KsefTokenEncryption')
    let init: { referenceNumber: string; authenticationToken: TokenInfo } | null = null
    for (let attempt = 1; init === null; attempt++) {
      // Each try takes a fresh challenge: KSeF takes a challenge once, so a lost answer cannot be sent again.
      const challenge = await this.#call<{ challenge: string; timestampMs: number }>('POST', '/auth/challenge', {
        auth: 'none',
      })
      const encryptedToken = rsaOaepEncrypt(cert, Buffer.from(`${this.#o.token}|${challenge.timestampMs}`, 'utf8'))
      try {
        init = await this.#call<{ referenceNumber: string; authenticationToken: TokenInfo }>(
          'POST',
          '/auth/ksef-token',
          {
            auth: 'none',
            idempotent: false,
            body: {
              challenge: challenge.challenge,
              contextIdentifier: { type: 'Nip', value: this.#o.nip },
              encryptedToken: encryptedToken.toString('base64'),
            },
          },
        )
      } catch (e) {
        if (!(e instanceof Ambiguous)) throw e
        if (attempt >= this.#o.maxAttempts) throw new KsefError('unavailable', 'KSeF did not answer the authentication')
        await this.#sleep(this.#backoff(attempt))
      }
    }
    const bearer = init.authenticationToken.token
    const status = await this.#poll(
      'The authentication',
      () => this.#call<{ status: StatusInfo }>('GET', `/auth/${init.referenceNumber}`, { auth: { bearer } }),
      (s) => s.status.code !== 100,
    )
    if (status.status.code !== 200)
      throw new KsefError('unauthorized', `KSeF refused the authentication: ${status.status.description}`, {
        details: status.status.details ?? [],
      })
    const tokens = await this.#call<{ accessToken: TokenInfo; refreshToken: TokenInfo }>('POST', '/auth/token/redeem', {
      auth: { bearer },
      // Redeeming twice is refused: a lost answer means authenticating again, never repeating the redeem.
      idempotent: false,
    }).catch((e) => {
      if (e instanceof Ambiguous) throw new KsefError('unavailable', 'KSeF did not answer the token redeem')
      throw e
    })
    this.#access = tokens.accessToken
    this.#refresh = tokens.refreshToken
  }

  async connect(): Promise<{ readonly accessValidUntil: string }> {
    return { accessValidUntil: (await this.#accessToken()).validUntil }
  }

  // ---- Sending ---------------------------------------------------------------------------------------------------

  async #openSession(): Promise<{ referenceNumber: string; key: SymmetricKey }> {
    const cert = await this.#certificate('SymmetricKeyEncryption')
    const key = freshSymmetricKey()
    const r = await this.#call<{ referenceNumber: string }>('POST', '/sessions/online', {
      body: {
        formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
        encryption: encryptionInfo(cert, key),
      },
    })
    return { referenceNumber: r.referenceNumber, key }
  }

  /** The session's invoice with this hash, if KSeF holds one (after a sending whose answer was lost). */
  async #findInSession(session: string, invoiceHash: string): Promise<string | null> {
    for await (const i of this.#sessionInvoices(session)) if (i.invoiceHash === invoiceHash) return i.referenceNumber
    return null
  }

  /** The invoices of a session as KSeF lists them, page by page (stopping early asks for no further page). */
  async *#sessionInvoices(session: string): AsyncGenerator<InvoiceStatus> {
    let continuation: string | undefined
    do {
      const page = await this.#call<{ continuationToken?: string | null; invoices: InvoiceStatus[] }>(
        'GET',
        `/sessions/${session}/invoices?pageSize=1000`,
        { headers: continuation ? { 'x-continuation-token': continuation } : {} },
      )
      yield* page.invoices
      continuation = page.continuationToken ?? undefined
    } while (continuation)
  }

  /** Sends one invoice into the session (opening a new one when it expired); answers where it landed. */
  async #sendOne(
    session: { referenceNumber: string; key: SymmetricKey },
    xml: Uint8Array,
    invoiceHash: string,
    offlineMode: boolean,
  ): Promise<{ session: { referenceNumber: string; key: SymmetricKey }; invoiceReferenceNumber: string }> {
    let current = session
    for (let attempt = 1; ; attempt++) {
      const encrypted = aesEncrypt(current.key, xml)
      const body = {
        invoiceHash,
        invoiceSize: xml.byteLength,
        encryptedInvoiceHash: sha256Base64(encrypted),
        encryptedInvoiceSize: encrypted.byteLength,
        encryptedInvoiceContent: encrypted.toString('base64'),
        ...(offlineMode ? { offlineMode: true } : {}),
      }
      try {
        const r = await this.#call<{ referenceNumber: string }>(
          'POST',
          `/sessions/online/${current.referenceNumber}/invoices`,
          { body, idempotent: false },
        )
        return { session: current, invoiceReferenceNumber: r.referenceNumber }
      } catch (e) {
        if (e instanceof Ambiguous) {
          // Did KSeF take it? Look before sending again.
          const found = await this.#findInSession(current.referenceNumber, invoiceHash)
          if (found) return { session: current, invoiceReferenceNumber: found }
          if (attempt >= this.#o.maxAttempts) throw new KsefError('unavailable', 'KSeF did not accept the invoice')
          await this.#sleep(this.#backoff(attempt))
          continue
        }
        const codes = (e as { codes?: number[] }).codes ?? []
        if (e instanceof KsefError && codes.some((c) => SESSION_GONE.has(c)) && attempt < this.#o.maxAttempts) {
          // The session expired or was closed: the invoice was not taken, send it in a new one.
          current = await this.#openSession()
          continue
        }
        throw e
      }
    }
  }

  /** The UPO of an invoice, checked to confirm the file sent (its schema is checked with the others, `#checkUpos`). */
  async #upo(session: string, path: string, invoiceHash: string): Promise<string> {
    const upo = await this.#call<string>('GET', `/sessions/${session}/invoices/${path}/upo`, { text: true })
    const hash = /<SkrotDokumentu>([^<]+)<\/SkrotDokumentu>/.exec(upo)?.[1]
    if (hash !== invoiceHash) throw new KsefError('protocol', 'The UPO confirms another document than the one sent')
    return upo
  }

  /** Every UPO of a sending against upo-v4-3.xsd, in one run of the validator. */
  async #checkUpos(outcomes: readonly SendOutcome[]): Promise<void> {
    const accepted = outcomes.filter((o): o is AcceptedInvoice => o.status === 'accepted')
    const problems = await this.#validateUpos(accepted.map((o) => o.upo))
    const bad = problems.findIndex((p) => p.length > 0)
    if (bad >= 0)
      throw new KsefError(
        'protocol',
        `The UPO of ${accepted[bad]?.ksefNumber} does not match the official schema upo-v4-3.xsd`,
        {
          details: problems[bad],
        },
      )
  }

  async sendInvoices(xmls: readonly string[], opts: SendOptions = {}): Promise<readonly SendOutcome[]> {
    if (xmls.length === 0) return []
    let session = await this.#openSession()
    const sent: { session: string; ref: string; hash: string }[] = []
    const sessions = new Set<string>([session.referenceNumber])
    for (const xml of xmls) {
      const bytes = Buffer.from(xml, 'utf8')
      const hash = sha256Base64(bytes)
      const r = await this.#sendOne(session, bytes, hash, opts.offlineMode === true)
      session = r.session
      sessions.add(session.referenceNumber)
      sent.push({ session: session.referenceNumber, ref: r.invoiceReferenceNumber, hash })
    }
    for (const s of sessions)
      await this.#call('POST', `/sessions/online/${s}/close`).catch((e) => {
        // A session that expired on its own needs no closing; its invoices are processed all the same.
        if (!(e instanceof KsefError && e.kind === 'rejected')) throw e
      })
    const outcomes: SendOutcome[] = []
    for (const s of sent) {
      const st = await this.#poll(
        'The processing of an invoice',
        () => this.#call<InvoiceStatus>('GET', `/sessions/${s.session}/invoices/${s.ref}`),
        (x) => x.status.code !== 100 && x.status.code !== 150,
      )
      outcomes.push(await this.#outcome(s, st))
    }
    await this.#checkUpos(outcomes)
    return outcomes
  }

  async #outcome(s: { session: string; ref: string; hash: string }, st: InvoiceStatus): Promise<SendOutcome> {
    if (st.status.code === 200) {
      const ksefNumber = st.ksefNumber ?? ''
      if (!isKsefNumber(ksefNumber)) throw new KsefError('protocol', `KSeF assigned a malformed number: ${ksefNumber}`)
      return {
        status: 'accepted',
        invoiceHash: s.hash,
        ksefNumber,
        sessionReferenceNumber: s.session,
        invoiceReferenceNumber: s.ref,
        acquisitionDate: st.acquisitionDate ?? '',
        upo: await this.#upo(s.session, s.ref, s.hash),
      }
    }
    if (st.status.code === 440) {
      const ksefNumber = st.status.extensions?.originalKsefNumber ?? null
      const original = st.status.extensions?.originalSessionReferenceNumber ?? null
      if (ksefNumber && original) {
        // The same file sent before (a lost answer, a second click): KSeF holds it once; take the original's UPO.
        const upo = await this.#upo(original, `ksef/${ksefNumber}`, s.hash).catch(() => null)
        if (upo !== null && isKsefNumber(ksefNumber))
          return {
            status: 'accepted',
            invoiceHash: s.hash,
            ksefNumber,
            sessionReferenceNumber: original,
            invoiceReferenceNumber: s.ref,
            acquisitionDate: /<DataNadaniaNumeruKSeF>([^<]+)</.exec(upo)?.[1] ?? '',
            upo,
          }
      }
      return { status: 'duplicate', invoiceHash: s.hash, ksefNumber, sessionReferenceNumber: original }
    }
    return {
      status: 'rejected',
      invoiceHash: s.hash,
      code: st.status.code,
      description: st.status.description,
      details: st.status.details ?? [],
    }
  }

  /**
   * Sends invoices in one batch session (`sesja-wsadowa.md`): the files zipped, the ZIP split into parts of at most
   * `maxPartSize` bytes (100 MB, the API's limit) and each part encrypted with the session's key; the session opened
   * with the ZIP's and each part's hash and size, each part uploaded where KSeF says, the session closed and its
   * status polled; then each invoice's outcome is read from the session's list by its hash, and each UPO downloaded
   * and checked as in the interactive session. A resend of the same files is answered as duplicates with the
   * originals (440), never as second invoices.
   */
  async sendBatch(
    xmls: readonly string[],
    opts: SendOptions & { readonly maxPartSize?: number } = {},
  ): Promise<readonly SendOutcome[]> {
    if (xmls.length === 0) return []
    const maxPartSize = opts.maxPartSize ?? 100_000_000
    const files: Record<string, Uint8Array> = {}
    const hashes = xmls.map((xml, i) => {
      const bytes = Buffer.from(xml, 'utf8')
      files[`faktura-${String(i + 1).padStart(6, '0')}.xml`] = bytes
      return sha256Base64(bytes)
    })
    const zip = zipSync(files, { level: 6 })
    const cert = await this.#certificate('SymmetricKeyEncryption')
    const key = freshSymmetricKey()
    const parts: Buffer[] = []
    for (let at = 0; at < zip.byteLength; at += maxPartSize)
      parts.push(aesEncrypt(key, zip.subarray(at, at + maxPartSize)))
    const opened = await this.#call<{
      referenceNumber: string
      partUploadRequests: {
        ordinalNumber: number
        method: string
        url: string
        headers: Record<string, string | null>
      }[]
    }>('POST', '/sessions/batch', {
      body: {
        formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
        batchFile: {
          fileSize: zip.byteLength,
          fileHash: sha256Base64(zip),
          fileParts: parts.map((p, i) => ({ ordinalNumber: i + 1, fileSize: p.byteLength, fileHash: sha256Base64(p) })),
        },
        encryption: encryptionInfo(cert, key),
        ...(opts.offlineMode ? { offlineMode: true } : {}),
      },
      idempotent: false,
    })
    const session = opened.referenceNumber
    for (const u of opened.partUploadRequests) {
      const part = parts[u.ordinalNumber - 1]
      if (!part) throw new KsefError('protocol', `KSeF asked for part ${u.ordinalNumber}, which was not declared`)
      const headers = Object.fromEntries(
        Object.entries(u.headers).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
      await this.#bytes(u.method, u.url, { body: part, headers })
    }
    await this.#call('POST', `/sessions/batch/${session}/close`)
    type SessionStatus = { status: StatusInfo; invoiceCount?: number | null }
    const st = await this.#poll(
      'The processing of a batch session',
      () => this.#call<SessionStatus>('GET', `/sessions/${session}`),
      (x) => x.status.code !== 100 && x.status.code !== 150,
    )
    // 445: no invoice was valid — each one's reason is in the list below; other failures refused the whole package.
    if (st.status.code !== 200 && st.status.code !== 445)
      throw new KsefError('rejected', `KSeF refused the batch: ${st.status.description}`, {
        details: [String(st.status.code), ...(st.status.details ?? [])],
      })
    const listed = new Map<string, InvoiceStatus>()
    for await (const i of this.#sessionInvoices(session)) listed.set(i.invoiceHash, i)
    const outcomes: SendOutcome[] = []
    for (const hash of hashes) {
      const st = listed.get(hash)
      if (!st) throw new KsefError('protocol', 'KSeF did not list an invoice of the batch')
      outcomes.push(await this.#outcome({ session, ref: st.referenceNumber, hash }, st))
    }
    await this.#checkUpos(outcomes)
    return outcomes
  }

  // ---- Receiving -------------------------------------------------------------------------------------------------

  async fetchReceived(from: string): Promise<FetchPage> {
    const cert = await this.#certificate('SymmetricKeyEncryption')
    const key = freshSymmetricKey()
    const started = await this.#call<{ referenceNumber: string }>('POST', '/invoices/exports', {
      body: {
        encryption: encryptionInfo(cert, key),
        filters: {
          subjectType: 'Subject2',
          dateRange: { dateType: 'PermanentStorage', from, restrictToPermanentStorageHwmDate: true },
        },
      },
    })
    type Part = {
      ordinalNumber: number
      method: string
      url: string
      partHash: string
      encryptedPartHash: string
    }
    type Status = {
      status: StatusInfo
      package?: {
        parts: Part[]
        isTruncated: boolean
        lastPermanentStorageDate?: string | null
        permanentStorageHwmDate?: string | null
      } | null
    }
    const st = await this.#poll(
      'The export of received invoices',
      () => this.#call<Status>('GET', `/invoices/exports/${started.referenceNumber}`),
      (s) => s.status.code !== 100,
    )
    // 420: the window starts after the high-water mark — nothing new yet.
    if (st.status.code === 420) return { invoices: [], next: from, truncated: false }
    if (st.status.code !== 200 || !st.package)
      throw new KsefError('rejected', `The export failed: ${st.status.description}`, {
        details: st.status.details ?? [],
      })
    const pkg = st.package
    const next = (pkg.isTruncated ? pkg.lastPermanentStorageDate : pkg.permanentStorageHwmDate) ?? from
    const parts = [...pkg.parts].sort((a, b) => a.ordinalNumber - b.ordinalNumber)
    if (parts.length === 0) return { invoices: [], next, truncated: pkg.isTruncated }
    const decrypted: Uint8Array[] = []
    for (const part of parts) {
      const encrypted = await this.#bytes(part.method, part.url)
      if (sha256Base64(encrypted) !== part.encryptedPartHash)
        throw new KsefError('protocol', `Part ${part.ordinalNumber} of the package arrived damaged`)
      let plain: Buffer
      try {
        plain = aesDecrypt(key, encrypted)
      } catch {
        throw new KsefError('protocol', `Part ${part.ordinalNumber} of the package does not decrypt`)
      }
      if (sha256Base64(plain) !== part.partHash)
        throw new KsefError('protocol', `Part ${part.ordinalNumber} of the package decrypts to other content`)
      decrypted.push(plain)
    }
    return { invoices: invoicesOfPackage(Buffer.concat(decrypted)), next, truncated: pkg.isTruncated }
  }
}

interface PackageMetadata {
  readonly invoices: readonly {
    ksefNumber: string
    invoiceNumber: string
    permanentStorageDate: string
    seller: { nip: string }
  }[]
}

/** The invoices of an unzipped export package, once each (by KSeF number), in the order of `_metadata.json`. */
export const invoicesOfPackage = (zip: Uint8Array): ReceivedInvoice[] => {
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(zip)
  } catch {
    throw new KsefError('protocol', 'The export package is not a readable ZIP archive')
  }
  const meta = files['_metadata.json']
  if (!meta) throw new KsefError('protocol', 'The export package has no _metadata.json')
  const metadata = JSON.parse(strFromU8(meta)) as PackageMetadata
  const seen = new Set<string>()
  const out: ReceivedInvoice[] = []
  for (const m of metadata.invoices) {
    if (seen.has(m.ksefNumber)) continue
    seen.add(m.ksefNumber)
    const file = files[`${m.ksefNumber}.xml`]
    if (!file) throw new KsefError('protocol', `The export package lacks the invoice ${m.ksefNumber}`)
    out.push({
      ksefNumber: m.ksefNumber,
      invoiceNumber: m.invoiceNumber,
      sellerNip: m.seller.nip,
      permanentStorageDate: m.permanentStorageDate,
      xml: strFromU8(file),
    })
  }
  return out
}
