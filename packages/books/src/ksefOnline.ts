/**
 * KSeF online over a user's books, shared by the API and the CLI (docs/ksef.md):
 * - the user's KSeF token, encrypted at rest (AES-256-GCM under a key derived from the server's secret, bound to the
 *   user) in the store's secret area; never in an event, never logged, never answered back;
 * - the environment (TEST / DEMO / PROD) per user, and what the last sending and fetch did;
 * - `sendToKsef`: an issued one-time income's FA(3) invoice sent through the KSeF port; the KSeF number recorded on
 *   the income (`UpdateItem`, as a user entering it does) and the UPO kept with it. The XML sent is kept before the
 *   sending, and a second sending sends the same bytes, so that KSeF's duplicate check answers with the original:
 *   a resend can never create a second invoice;
 * - `fetchFromKsef`: the incremental download of received invoices from the user's high-water mark, each package
 *   handed to the FA(3) import (a purchase invoice becomes an expense; one already held is a duplicate).
 * The port is `@finance/ksef`'s; `clientFor` picks the adapter (the HTTP client by default, a simulator's in tests).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import type { EventStore } from '@finance/event-store'
import {
  KSEF_BASE_URLS,
  KSEF_ENVIRONMENTS,
  type AcceptedInvoice,
  KsefError,
  type KsefEnvironment,
  KsefHttpClient,
  type KsefOfflineMode,
  type KsefPort,
  offlineDeadline,
} from '@finance/ksef'
import { dateInPoland } from '@finance/ledger-core/calendar'
import type { Item, KsefLastFetch } from '@finance/ledger-core/light'
import { formatMoney, incomesOfInvoice, isDomainError, parseMoney, recordById } from '@finance/ledger-core/light'
import {
  certificateInfoKey,
  certificateKey,
  ksefReceivedKey as receivedKey,
  ksefSentKey as sentKey,
  ksefSettingsKey as settingsKey,
  ksefTokenKey as tokenKey,
  ksefUpoKey as upoKey,
} from './accounts/userSecrets.ts'
import { loadBooks } from './books.ts'
import { executeBooks } from './commands/execute.ts'
import { type IssueResult, issueInvoice } from './files/fa3.ts'
import { importInvoices, ourNips } from './imports/fa3.ts'

export interface KsefDeps {
  readonly store: EventStore
  /** The server's own secret (the JWT secret); the token key is derived from it for this purpose alone. */
  readonly serverSecret: string
  readonly now: () => Date
  /** The adapter of the port for an environment's address, a NIP and a token. */
  readonly clientFor?: (options: { baseUrl: string; nip: string; token: string }) => KsefPort
  /** The address of an environment (`KSEF_BASE_URLS` by default; a simulator's in tests). */
  readonly baseUrlOf?: (environment: KsefEnvironment) => string
}

/** Why a KSeF action did not happen; `code` is stable (the web translates it), `message` is English. */
export class KsefActionError extends Error {
  override readonly name = 'KsefActionError'
  readonly code:
    | 'INVALID'
    | 'NOT_FOUND'
    | 'NO_TOKEN'
    | 'NO_NIP'
    | 'ALREADY_SENT'
    | 'REJECTED'
    | 'DUPLICATE'
    | 'RATE_LIMITED'
    | 'UNAVAILABLE'
    | 'UNAUTHORIZED'
    | 'PROTOCOL'
    | 'NO_FILE'
    /** KSeF did not answer: the invoice is kept as an offline invoice, to be sent when KSeF is back. */
    | 'OFFLINE'
    /** An offline24 invoice needs KOD II, signed with the user's KSeF certificate, which is not stored. */
    | 'NO_CERTIFICATE'
  readonly field: string | null
  readonly details: readonly string[]
  readonly retryAfterSeconds: number | null
  constructor(
    code: KsefActionError['code'],
    message: string,
    opts: { field?: string; details?: readonly string[]; retryAfterSeconds?: number | null } = {},
  ) {
    super(message)
    this.code = code
    this.field = opts.field ?? null
    this.details = opts.details ?? []
    this.retryAfterSeconds = opts.retryAfterSeconds ?? null
  }
}

/** An invoice that could not be issued, as a KSeF action's error: its first problem, every problem as a detail. */
export const issueRefused = (issued: Extract<IssueResult, { ok: false }>): KsefActionError =>
  new KsefActionError(issued.status === 404 ? 'NOT_FOUND' : 'INVALID', issued.problems[0]?.message ?? 'Invalid', {
    field: issued.problems[0]?.field ?? 'id',
    details: issued.problems.map((p) => p.message),
  })

export type { KsefLastFetch } from '@finance/ledger-core/light'

export interface KsefLastSend {
  readonly at: string
  readonly itemId: number
  readonly ksefNumber: string
}

interface KsefSettings {
  readonly environment: KsefEnvironment
  /** Where the next incremental fetch starts (ISO 8601), null before the first. */
  readonly highWaterMark: string | null
  readonly lastFetch: KsefLastFetch | null
  readonly lastSend: KsefLastSend | null
}

export interface KsefStatus {
  readonly environment: KsefEnvironment
  /** Whether a token is stored (the token itself is never answered). */
  readonly hasToken: boolean
  readonly nip: string | null
  readonly highWaterMark: string | null
  readonly lastFetch: KsefLastFetch | null
  readonly lastSend: KsefLastSend | null
  /**
   * Whether offline24 invoices can be issued: they need KOD II, signed with the user's KSeF certificate of type
   * Offline (docs/ksef.md, "Offline invoices").
   */
  readonly offline24: boolean
  /** The stored KSeF certificate of type Offline (never its key), or null. */
  readonly certificate: { readonly serial: string; readonly subject: string; readonly validTo: string } | null
  /** Invoices issued offline and not yet in KSeF, the earliest deadline first. */
  readonly pendingOffline: readonly KsefPendingOffline[]
}

/** An invoice issued offline, waiting to be sent (`tryby-offline.md`). */
export interface KsefPendingOffline {
  readonly itemId: number
  readonly documentNumber: string
  readonly mode: KsefOfflineMode
  readonly reason: 'chosen' | 'unavailable'
  readonly issueDate: string
  readonly unavailabilityEnd: string | null
  /** The last day to send it; null while KSeF's unavailability or failure lasts (it runs from its end). */
  readonly deadline: string | null
}

const DEFAULT_SETTINGS: KsefSettings = { environment: 'TEST', highWaterMark: null, lastFetch: null, lastSend: null }

/** A KSeF token: printable, no spaces, at most 1 000 characters (KSeF's are about 160). */
const TOKEN = /^[\x21-\x7e]{10,1000}$/

const readSettings = async (store: EventStore, userId: string): Promise<KsefSettings> => {
  const raw = await store.secrets.get(settingsKey(userId))
  return raw ? { ...DEFAULT_SETTINGS, ...(JSON.parse(raw) as Partial<KsefSettings>) } : DEFAULT_SETTINGS
}

const writeSettings = (store: EventStore, userId: string, s: KsefSettings) =>
  store.secrets.put(settingsKey(userId), JSON.stringify(s))

// ---- the token at rest ---------------------------------------------------------------------------------------------

/** What a sealed value is for: each purpose has a key of its own, derived from the server's secret. */
export type SealPurpose = 'ksef-token' | 'ksef-certificate'

const tokenCipherKey = (serverSecret: string, purpose: SealPurpose = 'ksef-token') =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'finance', `finance:${purpose}:v1`, 32))

/** AES-256-GCM of the token, the user's id as additional data: a copied value does not open for another user. */
export const sealToken = (
  serverSecret: string,
  userId: string,
  token: string,
  purpose: SealPurpose = 'ksef-token',
): string => {
  const iv = randomBytes(12)
  const c = createCipheriv('aes-256-gcm', tokenCipherKey(serverSecret, purpose), iv)
  c.setAAD(Buffer.from(userId, 'utf8'))
  const data = Buffer.concat([c.update(token, 'utf8'), c.final()])
  return JSON.stringify({
    v: 1,
    iv: iv.toString('base64'),
    tag: c.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  })
}

/** The token, or null when the value does not open (another server secret, another user, a changed value). */
export const openToken = (
  serverSecret: string,
  userId: string,
  sealed: string,
  purpose: SealPurpose = 'ksef-token',
): string | null => {
  try {
    const s = JSON.parse(sealed) as { v: number; iv: string; tag: string; data: string }
    if (s.v !== 1) return null
    const d = createDecipheriv('aes-256-gcm', tokenCipherKey(serverSecret, purpose), Buffer.from(s.iv, 'base64'))
    d.setAAD(Buffer.from(userId, 'utf8'))
    d.setAuthTag(Buffer.from(s.tag, 'base64'))
    return Buffer.concat([d.update(Buffer.from(s.data, 'base64')), d.final()]).toString('utf8')
  } catch {
    return null
  }
}

// ---- settings ------------------------------------------------------------------------------------------------------

/** Stores the user's KSeF token (encrypted) and environment; validates both before writing anything. */
export async function setKsefToken(
  deps: KsefDeps,
  userId: string,
  input: { readonly token: unknown; readonly environment?: unknown },
): Promise<KsefStatus> {
  const token = typeof input.token === 'string' ? input.token.trim() : ''
  if (!TOKEN.test(token))
    throw new KsefActionError('INVALID', 'The KSeF token must be 10 to 1000 printable characters without spaces', {
      field: 'token',
    })
  const settings = await readSettings(deps.store, userId)
  const environment = input.environment ?? settings.environment
  if (!KSEF_ENVIRONMENTS.includes(environment as KsefEnvironment))
    throw new KsefActionError('INVALID', 'Environment must be TEST, DEMO or PROD', { field: 'environment' })
  await deps.store.secrets.put(tokenKey(userId), sealToken(deps.serverSecret, userId, token))
  // A token of another environment starts the download afresh: marks of one environment mean nothing in another.
  const next =
    environment === settings.environment
      ? settings
      : { ...settings, environment: environment as KsefEnvironment, highWaterMark: null }
  await writeSettings(deps.store, userId, next)
  return ksefStatus(deps, userId)
}

/** Forgets the user's KSeF token. */
export async function clearKsefToken(deps: KsefDeps, userId: string): Promise<KsefStatus> {
  await deps.store.secrets.delete(tokenKey(userId))
  return ksefStatus(deps, userId)
}

export async function ksefStatus(deps: KsefDeps, userId: string): Promise<KsefStatus> {
  const [settings, sealed, books] = await Promise.all([
    readSettings(deps.store, userId),
    deps.store.secrets.get(tokenKey(userId)),
    loadBooks(deps.store, userId),
  ])
  return {
    environment: settings.environment,
    hasToken: sealed !== null,
    nip: ourNips(books.state)[0] ?? null,
    highWaterMark: settings.highWaterMark,
    lastFetch: settings.lastFetch,
    lastSend: settings.lastSend,
    offline24: await hasKsefCertificate(deps, userId),
    certificate: await certificateInfo(deps, userId),
    pendingOffline: pendingOffline(books.state),
  }
}

// ---- offline invoices (tryby-offline.md) ---------------------------------------------------------------------------

type State = Awaited<ReturnType<typeof loadBooks>>['state']

/** The offline invoices of the books not yet in KSeF, the earliest deadline first (unknown deadlines last). */
export const pendingOffline = (state: State): KsefPendingOffline[] =>
  [...(state.ksefOffline?.values() ?? [])]
    .flatMap((m) => {
      const r = state.records.get(m.itemId)
      const item = r?.data as Item | undefined
      if (!r || r.deleted || !item || item.ksefNumber) return []
      return [
        {
          itemId: m.itemId,
          documentNumber: item.documentNumber ?? '',
          mode: m.mode,
          reason: m.reason,
          issueDate: m.issueDate,
          unavailabilityEnd: m.unavailabilityEnd,
          deadline: offlineDeadline(m),
        },
      ]
    })
    .sort((a, b) => (a.deadline ?? '9999').localeCompare(b.deadline ?? '9999') || a.itemId - b.itemId)

const certificateInfo = async (deps: KsefDeps, userId: string): Promise<KsefStatus['certificate']> => {
  const raw = await deps.store.secrets.get(certificateInfoKey(userId))
  if (raw === null) return null
  const { serial, subject, validTo } = JSON.parse(raw) as { serial: string; subject: string; validTo: string }
  return { serial, subject, validTo }
}

/** Whether the user stored a KSeF certificate of type Offline (KOD II). */
export const hasKsefCertificate = async (deps: KsefDeps, userId: string): Promise<boolean> =>
  (await deps.store.secrets.get(certificateKey(userId))) !== null

const markOffline = async (
  deps: KsefDeps,
  userId: string,
  itemId: number,
  mode: unknown,
  reason: 'chosen' | 'unavailable',
  unavailabilityEnd: unknown,
): Promise<State> => {
  const executed = await executeBooks(deps.store, userId, {
    type: 'MarkKsefOffline',
    itemId,
    mode,
    reason,
    unavailabilityEnd,
    at: deps.now().toISOString(),
    userId,
  })
  if (isDomainError(executed)) {
    const field = executed.errors?.[0]?.field ?? 'id'
    throw new KsefActionError(executed.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'INVALID', executed.message, {
      field: field === 'itemId' ? 'id' : field,
    })
  }
  return executed.state
}

/**
 * Issues an income's invoice offline, by the user's choice (`tryby-offline.md`): offline24 needs the user's KSeF
 * certificate (KOD II); `offline` and `awaryjny` follow KSeF's announced unavailability or failure, whose end (when
 * known) starts the deadline. The FA(3) file is made now and kept: these very bytes are sent later, with their issue
 * date, and KOD I is their hash. Answers the invoice as it waits, with its deadline.
 */
export async function markKsefOffline(
  deps: KsefDeps,
  userId: string,
  asked: number,
  input: { readonly mode?: unknown; readonly unavailabilityEnd?: unknown; readonly exemptionBasis?: string } = {},
): Promise<KsefPendingOffline> {
  const mode = input.mode ?? 'offline24'
  if (mode === 'offline24' && !(await hasKsefCertificate(deps, userId)))
    throw new KsefActionError(
      'NO_CERTIFICATE',
      'An offline24 invoice cannot be issued without a KSeF certificate of type Offline: upload it first',
      { field: 'mode' },
    )
  const { state } = await loadBooks(deps.store, userId)
  const r = state.records.get(asked)
  if (!r || r.deleted || r.dataType !== 'Income') throw new KsefActionError('NOT_FOUND', 'Not found', { field: 'id' })
  // An invoice of several VAT rates is marked, made and sent through its first income, whichever is named.
  const itemId = incomesOfInvoice(state, asked)[0] ?? asked
  // An invoice that cannot be made is refused before anything is recorded: never marked offline without its file.
  if ((await deps.store.secrets.get(sentKey(userId, itemId))) === null) {
    const issued = await issueInvoice(state, itemId, { exemptionBasis: input.exemptionBasis, now: deps.now() })
    if (!issued.ok) throw issueRefused(issued)
  }
  const after = await markOffline(deps, userId, itemId, mode, 'chosen', input.unavailabilityEnd ?? null)
  await xmlToSend(deps, userId, after, itemId, input.exemptionBasis)
  const pending = pendingOffline(after).find((p) => p.itemId === itemId)
  if (!pending) throw new KsefActionError('ALREADY_SENT', 'The invoice is already in KSeF', { field: 'id' })
  return pending
}

/**
 * KSeF answered again: the pending invoices of an unavailability or failure whose end was not known get today as
 * its end, so that their deadline can be told.
 */
const recordKsefBack = async (deps: KsefDeps, userId: string): Promise<void> => {
  const { state } = await loadBooks(deps.store, userId)
  const today = dateInPoland(deps.now())
  for (const p of pendingOffline(state))
    if (p.mode !== 'offline24' && p.unavailabilityEnd === null && today >= p.issueDate)
      await markOffline(deps, userId, p.itemId, p.mode, p.reason, today)
}

/** The offline mark of an invoice whose sending found KSeF down; the error the user is told, with the deadline. */
const keptOffline = async (deps: KsefDeps, userId: string, itemId: number) => {
  const { state } = await loadBooks(deps.store, userId)
  if (!state.ksefOffline?.has(itemId)) await markOffline(deps, userId, itemId, 'offline', 'unavailable', null)
  // One text (the screens translate it); the deadline is in the list of waiting invoices.
  return new KsefActionError(
    'OFFLINE',
    'KSeF is not answering: the invoice is kept as an offline invoice and will be sent when KSeF is back',
  )
}

export interface SentOffline {
  readonly sent: number
  readonly failed: number
  readonly results: readonly {
    readonly itemId: number
    readonly documentNumber: string
    readonly ksefNumber: string | null
    readonly error: { readonly code: string; readonly message: string } | null
  }[]
}

/**
 * Sends every pending offline invoice (`offlineMode: true`) with the bytes kept when it was issued: KSeF's duplicate
 * check answers a resend with the original, so a retry never makes a second invoice. Called by the scheduled job and
 * `finance ksef send`; stops trying at the first sign that KSeF is still down or cannot be reached (no token, no
 * NIP, the token refused): the rest wait for the next try and are answered with that same reason, so that every
 * waiting invoice has its result.
 */
export async function sendPendingOffline(deps: KsefDeps, userId: string): Promise<SentOffline> {
  const { state } = await loadBooks(deps.store, userId)
  const pending = pendingOffline(state)
  const results: SentOffline['results'][number][] = []
  let stopped: { readonly code: string; readonly message: string } | null = null
  for (const p of pending) {
    const base = { itemId: p.itemId, documentNumber: p.documentNumber }
    if (stopped !== null) {
      results.push({ ...base, ksefNumber: null, error: stopped })
      continue
    }
    try {
      const sent = await sendToKsef(deps, userId, p.itemId)
      results.push({ ...base, ksefNumber: sent.ksefNumber, error: null })
    } catch (e) {
      if (!(e instanceof KsefActionError)) throw e
      const error = { code: e.code, message: e.message }
      results.push({ ...base, ksefNumber: null, error })
      if (e.code === 'OFFLINE' || e.code === 'NO_TOKEN' || e.code === 'NO_NIP' || e.code === 'UNAUTHORIZED')
        stopped = error
    }
  }
  const sent = results.filter((r) => r.ksefNumber !== null).length
  return { sent, failed: results.length - sent, results }
}

/** The FA(3) file of an income as sent (or being sent) to KSeF, or null before the first sending. */
export const ksefSentXml = (deps: KsefDeps, userId: string, itemId: number): Promise<string | null> =>
  deps.store.secrets.get(sentKey(userId, itemId))

/** The FA(3) file of an invoice received from KSeF, as KSeF gave it, or null. */
export const ksefReceivedXml = (deps: KsefDeps, userId: string, ksefNumber: string): Promise<string | null> =>
  deps.store.secrets.get(receivedKey(userId, ksefNumber))

/** The KSeF environment the user works with. */
export const ksefEnvironment = async (deps: KsefDeps, userId: string): Promise<KsefEnvironment> =>
  (await readSettings(deps.store, userId)).environment

/** The UPO kept with an income sent to KSeF, or null. */
export const ksefUpo = (deps: KsefDeps, userId: string, itemId: number): Promise<string | null> =>
  deps.store.secrets.get(upoKey(userId, itemId))

// ---- the port --------------------------------------------------------------------------------------------------------

const clientOf = async (deps: KsefDeps, userId: string, nip: string | null): Promise<KsefPort> => {
  const sealed = await deps.store.secrets.get(tokenKey(userId))
  if (!sealed) throw new KsefActionError('NO_TOKEN', 'Enter your KSeF token first')
  const token = openToken(deps.serverSecret, userId, sealed)
  if (token === null)
    throw new KsefActionError('NO_TOKEN', 'The stored KSeF token cannot be read with this server key: enter it again')
  if (!nip) throw new KsefActionError('NO_NIP', "Enter the company's NIP in the company data first")
  const { environment } = await readSettings(deps.store, userId)
  const baseUrl = (deps.baseUrlOf ?? ((e) => KSEF_BASE_URLS[e]))(environment)
  return (deps.clientFor ?? ((o) => new KsefHttpClient(o)))({ baseUrl, nip, token })
}

/** A failure of the port, as the user is told it. */
const fromPort = (e: unknown): KsefActionError => {
  if (e instanceof KsefActionError) return e
  if (!(e instanceof KsefError)) throw e
  const retry = e.retryAfterMs === null ? null : Math.ceil(e.retryAfterMs / 1000)
  switch (e.kind) {
    case 'rate-limited':
      return new KsefActionError('RATE_LIMITED', 'KSeF limits the requests: try again later', {
        retryAfterSeconds: retry,
        details: e.details,
      })
    case 'unavailable':
      return new KsefActionError('UNAVAILABLE', 'KSeF is not answering: try again later', { details: e.details })
    case 'unauthorized':
      return new KsefActionError('UNAUTHORIZED', 'KSeF refused the token: check it and its permissions', {
        details: e.details,
      })
    case 'rejected':
      return new KsefActionError('REJECTED', 'KSeF refused the request', { details: [e.message, ...e.details] })
    default:
      return new KsefActionError('PROTOCOL', 'KSeF answered in an unexpected way', {
        details: [e.message, ...e.details],
      })
  }
}

// ---- sending -------------------------------------------------------------------------------------------------------

type SendOutcomeOf = Awaited<ReturnType<KsefPort['sendInvoices']>>[number]

export interface SentToKsef {
  readonly itemId: number
  readonly ksefNumber: string
  readonly acquisitionDate: string
  readonly upo: string
}

/** The FA(3) of an income to send: the bytes of an earlier try, or the invoice issued now (kept before sending). */
const xmlToSend = async (
  deps: KsefDeps,
  userId: string,
  state: Awaited<ReturnType<typeof loadBooks>>['state'],
  itemId: number,
  exemptionBasis: string | undefined,
): Promise<string> => {
  // The bytes of an earlier try are sent again, never a new rendering of the same invoice.
  const kept = await deps.store.secrets.get(sentKey(userId, itemId))
  if (kept !== null) return kept
  const issued = await issueInvoice(state, itemId, { exemptionBasis, now: deps.now() })
  if (!issued.ok) throw issueRefused(issued)
  await deps.store.secrets.put(sentKey(userId, itemId), issued.xml)
  return issued.xml
}

/** An accepted invoice recorded: its UPO kept, its KSeF number on the income (as a user entering it), the last sending. */
const recordSent = async (deps: KsefDeps, userId: string, itemId: number, item: Item, outcome: AcceptedInvoice) => {
  await deps.store.secrets.put(upoKey(userId, itemId), outcome.upo)
  const { state } = await loadBooks(deps.store, userId)
  for (const id of incomesOfInvoice(state, itemId)) {
    const r = state.records.get(id)
    if (id !== itemId && (!r || r.deleted || r.dataType !== 'Income')) continue
    const data = id === itemId ? item : (r!.data as Item)
    if (data.ksefNumber === outcome.ksefNumber) continue
    const executed = await executeBooks(deps.store, userId, {
      type: 'UpdateItem',
      dataType: 'Income',
      id,
      data: { ...data, ksefNumber: outcome.ksefNumber, ksefMarker: null },
      at: deps.now().toISOString(),
      userId,
    })
    if (isDomainError(executed))
      throw new KsefActionError('INVALID', executed.message, { details: [outcome.ksefNumber] })
  }
  const settings = await readSettings(deps.store, userId)
  await writeSettings(deps.store, userId, {
    ...settings,
    lastSend: { at: deps.now().toISOString(), itemId, ksefNumber: outcome.ksefNumber },
  })
}

/** Sends the FA(3) invoice of the one-time income `itemId` to KSeF and records the KSeF number it gets. */
export async function sendToKsef(
  deps: KsefDeps,
  userId: string,
  itemId: number,
  opts: { readonly exemptionBasis?: string } = {},
): Promise<SentToKsef> {
  const { state } = await loadBooks(deps.store, userId)
  const r = state.records.get(itemId)
  if (!r || r.deleted || r.dataType !== 'Income') throw new KsefActionError('NOT_FOUND', 'Not found', { field: 'id' })
  const item = r.data as Item
  if (item.ksefNumber)
    throw new KsefActionError('ALREADY_SENT', `The invoice is already in KSeF as ${item.ksefNumber}`, {
      field: 'id',
      details: [item.ksefNumber],
    })
  const xml = await xmlToSend(deps, userId, state, itemId, opts.exemptionBasis)
  const client = await clientOf(deps, userId, ourNips(state)[0] ?? null)
  const offlineMode = state.ksefOffline?.has(itemId) === true
  let outcome: Awaited<ReturnType<KsefPort['sendInvoices']>>[number] | undefined
  try {
    ;[outcome] = await client.sendInvoices([xml], { offlineMode })
  } catch (e) {
    const failure = fromPort(e)
    // KSeF down (5xx, a time-out after the retries): the invoice, issued with its date, waits as an offline one.
    if (failure.code === 'UNAVAILABLE') throw await keptOffline(deps, userId, itemId)
    throw failure
  }
  if (offlineMode) await recordKsefBack(deps, userId)
  if (!outcome) throw new KsefActionError('PROTOCOL', 'KSeF answered nothing for the invoice')
  if (outcome.status === 'rejected') {
    // A refused invoice was not taken: the next try renders it anew (after the user corrected the income).
    await deps.store.secrets.delete(sentKey(userId, itemId))
    throw new KsefActionError('REJECTED', `KSeF refused the invoice: ${outcome.description}`, {
      details: [String(outcome.code), ...outcome.details],
    })
  }
  if (outcome.status === 'duplicate')
    throw new KsefActionError(
      'DUPLICATE',
      'KSeF already holds another invoice with this number: give the income another document number',
      { details: outcome.ksefNumber ? [outcome.ksefNumber] : [] },
    )
  await recordSent(deps, userId, itemId, item, outcome)
  return { itemId, ksefNumber: outcome.ksefNumber, acquisitionDate: outcome.acquisitionDate, upo: outcome.upo }
}

export interface SentAllResult {
  readonly itemId: number
  readonly documentNumber: string
  readonly status: 'sent' | 'invalid' | 'rejected' | 'duplicate'
  readonly ksefNumber: string | null
  /** Why it was not sent (English; the code says the case), with KSeF's words. */
  readonly message: string | null
  readonly details: readonly string[]
}

/**
 * The company's one-time incomes without a KSeF number or marker, one per invoice: an invoice document's incomes (one
 * per VAT rate) are one invoice, which goes, is issued offline and is named through its first income (`recordSent`
 * numbers them all).
 */
const waitingInvoices = (state: State): { id: number; item: Item; ids: readonly number[] }[] =>
  [...state.records.entries()]
    .filter(([, r]) => {
      const item = r.data as Item
      return !r.deleted && r.dataType === 'Income' && item.isCompany === true && !item.ksefNumber && !item.ksefMarker
    })
    .filter(([id]) => incomesOfInvoice(state, id)[0] === id)
    .map(([id, r]) => ({ id, item: r.data as Item, ids: incomesOfInvoice(state, id) }))

/** An invoice waiting to be sent to KSeF (`GET /api/ksef/unsent`). */
export interface UnsentInvoice {
  /** Its first income: the id that sends it or issues it offline. */
  readonly itemId: number
  /** All its incomes (one per VAT rate). */
  readonly itemIds: readonly number[]
  readonly documentNumber: string
  /** Its first income's name: what names the invoice to the user when it has no document number yet. */
  readonly name: string
  /** The invoice's issue date (an issued invoice's income is dated by its payment term). */
  readonly issueDate: string
  /** The sum of its incomes' net amounts, and with their VAT (the document's own VAT where it states one). */
  readonly net: string
  readonly gross: string
}

/** The invoices waiting to be sent to KSeF, one per invoice, in the order of their first income. */
export const unsentInvoices = async (deps: Pick<KsefDeps, 'store'>, userId: string): Promise<UnsentInvoice[]> => {
  const { state } = await loadBooks(deps.store, userId)
  return waitingInvoices(state).map(({ id, item, ids }) => {
    // Each income's net and gross as the books show them (`itemTotals`: the document's VAT, else its percent's, else
    // the VAT setting's rate in force for an income at that rate).
    let net = 0n
    let gross = 0n
    for (const i of ids) {
      const o = recordById(state, i)?.dataObject
      if (typeof o?.amount !== 'string' || typeof o.sum !== 'string') continue
      net += parseMoney(o.amount)
      gross += parseMoney(o.sum)
    }
    return {
      itemId: id,
      itemIds: ids,
      documentNumber: item.documentNumber ?? '',
      name: item.name,
      issueDate: item.invoiceDate ?? item.date,
      net: formatMoney(net),
      gross: formatMoney(gross),
    }
  })
}

export interface SentAll {
  readonly sent: number
  readonly refused: number
  readonly results: readonly SentAllResult[]
}

/**
 * Sends every one-time company income without a KSeF number (and without a marker that keeps it out of KSeF) in one
 * batch session (`sesja-wsadowa.md`), each with the bytes of an earlier try when there was one; records each accepted
 * invoice as `sendToKsef` does and says why each other one was not sent. An income whose invoice cannot be issued is
 * reported and left out; the rest go.
 */
export async function sendAllToKsef(deps: KsefDeps, userId: string): Promise<SentAll> {
  const { state } = await loadBooks(deps.store, userId)
  const waiting = waitingInvoices(state)
  const results: SentAllResult[] = []
  const ready: { id: number; item: Item; xml: string }[] = []
  for (const w of waiting) {
    try {
      ready.push({ ...w, xml: await xmlToSend(deps, userId, state, w.id, undefined) })
    } catch (e) {
      if (!(e instanceof KsefActionError)) throw e
      results.push({
        itemId: w.id,
        documentNumber: w.item.documentNumber ?? '',
        status: 'invalid',
        ksefNumber: null,
        message: e.message,
        details: e.details,
      })
    }
  }
  if (ready.length > 0) {
    const client = await clientOf(deps, userId, ourNips(state)[0] ?? null)
    // Invoices issued offline go in a session of their own: `offlineMode` is the batch session's flag.
    const offline = ready.filter((r) => state.ksefOffline?.has(r.id) === true)
    const online = ready.filter((r) => state.ksefOffline?.has(r.id) !== true)
    const outcomeOf = new Map<number, SendOutcomeOf | undefined>()
    try {
      for (const [group, offlineMode] of [
        [offline, true],
        [online, false],
      ] as const) {
        if (group.length === 0) continue
        const got = await client.sendBatch(
          group.map((r) => r.xml),
          { offlineMode },
        )
        for (const [i, r] of group.entries()) outcomeOf.set(r.id, got[i])
      }
    } catch (e) {
      const failure = fromPort(e)
      if (failure.code !== 'UNAVAILABLE') throw failure
      // KSeF down: every invoice not yet answered waits as an offline invoice, with its issue date.
      for (const r of ready)
        if (!outcomeOf.has(r.id) && !state.ksefOffline?.has(r.id))
          await markOffline(deps, userId, r.id, 'offline', 'unavailable', null)
      throw new KsefActionError(
        'OFFLINE',
        'KSeF is not answering: the invoices are kept as offline invoices and will be sent when KSeF is back',
        { details: failure.details },
      )
    }
    if (offline.length > 0) await recordKsefBack(deps, userId)
    for (const r of ready) {
      const outcome = outcomeOf.get(r.id)
      const base = { itemId: r.id, documentNumber: r.item.documentNumber ?? '' }
      if (outcome?.status === 'accepted') {
        await recordSent(deps, userId, r.id, r.item, outcome)
        results.push({ ...base, status: 'sent', ksefNumber: outcome.ksefNumber, message: null, details: [] })
      } else if (outcome?.status === 'duplicate') {
        results.push({
          ...base,
          status: 'duplicate',
          ksefNumber: outcome.ksefNumber,
          message: 'KSeF already holds another invoice with this number: give the income another document number',
          details: outcome.ksefNumber ? [outcome.ksefNumber] : [],
        })
      } else {
        // A refused invoice was not taken: the next try renders it anew.
        await deps.store.secrets.delete(sentKey(userId, r.id))
        results.push({
          ...base,
          status: 'rejected',
          ksefNumber: null,
          message: `KSeF refused the invoice: ${outcome?.description ?? 'no answer'}`,
          details: outcome ? [String(outcome.code), ...outcome.details] : [],
        })
      }
    }
  }
  results.sort((a, b) => a.itemId - b.itemId)
  const sent = results.filter((r) => r.status === 'sent').length
  return { sent, refused: results.length - sent, results }
}

// ---- fetching ------------------------------------------------------------------------------------------------------

/** The first window reaches back 90 days: KSeF's exports cover at most three months at once. */
const FIRST_WINDOW_DAYS = 90
/** Pages of one fetch (each up to 10 000 invoices); the next fetch goes on from the mark. */
const MAX_PAGES = 20

/** Fetches the invoices received since the user's high-water mark into the books; records the result. */
export async function fetchFromKsef(deps: KsefDeps, userId: string): Promise<KsefLastFetch> {
  const { state } = await loadBooks(deps.store, userId)
  const settings = await readSettings(deps.store, userId)
  const at = deps.now()
  const record = async (result: KsefLastFetch, highWaterMark: string | null) => {
    const current = await readSettings(deps.store, userId)
    await writeSettings(deps.store, userId, { ...current, highWaterMark, lastFetch: result })
    return result
  }
  let from = settings.highWaterMark ?? new Date(at.getTime() - FIRST_WINDOW_DAYS * 24 * 3600_000).toISOString()
  const totals = { received: 0, imported: 0, duplicates: 0, refused: 0 }
  try {
    const client = await clientOf(deps, userId, ourNips(state)[0] ?? null)
    for (let page = 0; page < MAX_PAGES; page++) {
      const got = await client.fetchReceived(from)
      totals.received += got.invoices.length
      // Each file is kept as KSeF gave it: its visualisation and KOD I are made from these very bytes.
      for (const i of got.invoices) await deps.store.secrets.put(receivedKey(userId, i.ksefNumber), i.xml)
      if (got.invoices.length > 0) {
        const report = await importInvoices(
          deps.store,
          userId,
          got.invoices.map((i) => ({ fileName: `${i.ksefNumber}.xml`, content: i.xml, ksefNumber: i.ksefNumber })),
          deps.now,
          { actor: 'system' },
        )
        for (const r of report.results) {
          if (r.status === 'imported') totals.imported++
          else if (r.status === 'duplicate') totals.duplicates++
          else totals.refused++
        }
      }
      from = got.next
      if (!got.truncated) break
    }
  } catch (e) {
    const failure = fromPort(e)
    // The mark stays where the last complete page left it: nothing is skipped, at worst fetched again.
    await record(
      { at: at.toISOString(), ok: false, ...totals, error: { code: failure.code, message: failure.message } },
      from,
    )
    throw failure
  }
  return record({ at: at.toISOString(), ok: true, ...totals, error: null }, from)
}

// ---- the scheduled fetch -------------------------------------------------------------------------------------------

export interface KsefFetchRun {
  /** Users with a stored token. */
  readonly users: number
  readonly fetched: number
  readonly failed: number
  /** Users another instance (or an earlier run within the interval) had claimed. */
  readonly skipped: number
}

/**
 * One pass of the scheduled fetch: every user with a stored token whose claim for this interval this instance wins
 * (an expiring counter in the store, shared by every instance) fetches; each result is recorded as a fetch from the
 * screen is, so the screen shows it. A user's failure does not stop the others.
 */
export async function runKsefFetches(
  deps: KsefDeps,
  userIds: readonly string[],
  intervalMs: number,
): Promise<KsefFetchRun> {
  let users = 0
  let fetched = 0
  let failed = 0
  let skipped = 0
  for (const userId of userIds) {
    if ((await deps.store.secrets.get(tokenKey(userId))) === null) continue
    users++
    // KSeF asks for at least 15 minutes between exports of one subject type: one claim per user and interval.
    const claim = await deps.store.counters.increment(`ksef-fetch:${userId}`, intervalMs, deps.now().getTime())
    if (claim.value !== 1) {
      skipped++
      continue
    }
    try {
      await fetchFromKsef(deps, userId)
      fetched++
      // KSeF answers: the invoices issued offline meanwhile are sent now.
      await recordKsefBack(deps, userId)
      await sendPendingOffline(deps, userId)
    } catch (e) {
      if (!(e instanceof KsefActionError)) throw e
      failed++
    }
  }
  return { users, fetched, failed, skipped }
}
