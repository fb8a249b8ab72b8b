/**
 * The port the application talks to KSeF through. `KsefHttpClient` (`client.ts`) implements it over the official
 * KSeF 2.0 API; tests run it against the simulator of `test/simulator/`.
 */

/** The Ministry's environments (srodowiska.md). */
export type KsefEnvironment = 'TEST' | 'DEMO' | 'PROD'
export const KSEF_ENVIRONMENTS: readonly KsefEnvironment[] = ['TEST', 'DEMO', 'PROD']

/** The API's base address of each environment (the paths of open-api.json follow it). */
export const KSEF_BASE_URLS: Readonly<Record<KsefEnvironment, string>> = {
  TEST: 'https://api-test.ksef.mf.gov.pl/v2',
  DEMO: 'https://api-demo.ksef.mf.gov.pl/v2',
  PROD: 'https://api.ksef.mf.gov.pl/v2',
}

/** An invoice KSeF accepted: its number and the UPO, valid against upo-v4-3.xsd. */
export interface AcceptedInvoice {
  readonly status: 'accepted'
  /** SHA-256 (Base64) of the invoice file sent. */
  readonly invoiceHash: string
  readonly ksefNumber: string
  readonly sessionReferenceNumber: string
  readonly invoiceReferenceNumber: string
  /** When KSeF assigned the number (ISO 8601). */
  readonly acquisitionDate: string
  /** The UPO XML of the invoice. */
  readonly upo: string
}

/** An invoice KSeF already holds (the same seller, type and number): the original's KSeF number, where KSeF says it. */
export interface DuplicateInvoice {
  readonly status: 'duplicate'
  readonly invoiceHash: string
  readonly ksefNumber: string | null
  readonly sessionReferenceNumber: string | null
}

/** An invoice KSeF refused: its status code (430 schema, 450 semantics, …) and what it said. */
export interface RejectedInvoice {
  readonly status: 'rejected'
  readonly invoiceHash: string
  readonly code: number
  readonly description: string
  readonly details: readonly string[]
}

export type SendOutcome = AcceptedInvoice | DuplicateInvoice | RejectedInvoice

/** An invoice received through an export package, with its metadata from `_metadata.json`. */
export interface ReceivedInvoice {
  readonly ksefNumber: string
  readonly invoiceNumber: string
  readonly sellerNip: string
  readonly permanentStorageDate: string
  /** The FA(3) XML. */
  readonly xml: string
}

/** One step of the incremental download: the invoices of the window and where the next window starts. */
export interface FetchPage {
  readonly invoices: readonly ReceivedInvoice[]
  /** The start of the next window: `PermanentStorageHwmDate`, or `LastPermanentStorageDate` of a truncated package. */
  readonly next: string
  /** A truncated package: more invoices wait from `next` on. */
  readonly truncated: boolean
}

/** How invoices are sent: `offlineMode` for invoices issued offline (tryby-offline.md), the flag KSeF records. */
export interface SendOptions {
  readonly offlineMode?: boolean
}

export interface KsefPort {
  /** Authenticates (or renews the access token) and answers when the access token is valid until. */
  connect(): Promise<{ readonly accessValidUntil: string }>
  /** Sends FA(3) invoices in one interactive session and waits for each one's outcome. */
  sendInvoices(xmls: readonly string[], opts?: SendOptions): Promise<readonly SendOutcome[]>
  /** Sends FA(3) invoices in one batch session (zipped, in parts) and waits for each one's outcome, in their order. */
  sendBatch(xmls: readonly string[], opts?: SendOptions): Promise<readonly SendOutcome[]>
  /** Received invoices (the company as the buyer, `Subject2`) from a high-water mark on, every part of the window. */
  fetchReceived(from: string): Promise<FetchPage>
}

/** Why a call failed, for the user: what happened and whether trying later helps. */
export type KsefFailureKind =
  /** 429 past the wait the client accepts: `retryAfterMs` says when to come back. */
  | 'rate-limited'
  /** 5xx, a refused connection or a time-out after the bounded retries. */
  | 'unavailable'
  /** The KSeF token was refused (401/403, or the authentication ended with an error status). */
  | 'unauthorized'
  /** KSeF refused the request (400 and its exception codes). */
  | 'rejected'
  /** An answer outside the official document, or an operation that never finished. */
  | 'protocol'

export class KsefError extends Error {
  override readonly name = 'KsefError'
  readonly kind: KsefFailureKind
  readonly httpStatus: number | null
  readonly details: readonly string[]
  readonly retryAfterMs: number | null
  constructor(
    kind: KsefFailureKind,
    message: string,
    opts: { httpStatus?: number | null; details?: readonly string[]; retryAfterMs?: number | null } = {},
  ) {
    super(message)
    this.kind = kind
    this.httpStatus = opts.httpStatus ?? null
    this.details = opts.details ?? []
    this.retryAfterMs = opts.retryAfterMs ?? null
  }
}
