/**
 * Which events an import accepts. Books streams: any ledger event ledger-core can upcast and its schema accepts
 * (`upcast`, then the event's Effect Schema, then the bounds of the records it carries). User and e-mail claim streams: the account events of the API's accounts
 * module.
 */
import type { Json } from '@finance/event-store'
import { isFigureProblem, type LedgerEvent, ledgerEventSchemas, recordProblems, upcast } from '@finance/ledger-core'
import * as Either from 'effect/Either'
import { coreMessage } from './coreMessages.ts'
import { CliError } from './errors.ts'
import * as ParseResult from 'effect/ParseResult'
import * as Schema from 'effect/Schema'

const decoders = new Map<string, (u: unknown) => Either.Either<unknown, ParseResult.ParseError>>()

/** Upcasts, then validates against the event's own schema; throws with the first issue as `path: message`. */
const checkLedgerEvent = (type: string, schemaVersion: number, data: unknown): void => {
  const event = upcast(type, schemaVersion, data)
  let decode = decoders.get(event.type)
  if (!decode) {
    decode = Schema.decodeUnknownEither(ledgerEventSchemas[event.type] as Schema.Schema<unknown, unknown>)
    decoders.set(event.type, decode)
  }
  const result = decode(event)
  if (Either.isLeft(result)) {
    const [first] = ParseResult.ArrayFormatter.formatErrorSync(result.left)
    throw new Error(first ? `${first.path.join('.') || '(event)'}: ${first.message}` : 'invalid payload')
  }
  checkRecord(event as LedgerEvent)
}

/**
 * A record an event carries (company data, a setting, an item, a manual transaction) must not break the bounds the
 * reads leave a record out of the figures for (`recordProblems`: an impossible date or one outside the books' window,
 * a percent over 100, an amount beyond 12 digits, repetitions past the window). The event schema checks only the
 * shapes, so such a record was imported and then dropped from every figure without a word. Text problems (a control
 * character an older version let through) keep the record in the figures and are imported as stored, as a
 * round trip of an older export must be.
 */
const checkRecord = (e: LedgerEvent): void => {
  const record =
    e.type === 'CompanyRecordSaved' || e.type === 'ItemAdded' || e.type === 'ItemUpdated'
      ? { kind: e.data.dataType, data: e.data.data }
      : e.type === 'SettingAdded' || e.type === 'SettingUpdated'
        ? { kind: e.data.kind, data: e.data.data }
        : e.type === 'ManualTransactionAdded'
          ? { kind: 'Manual', data: e.data.data }
          : null
  if (record === null) return
  const first = recordProblems(record.kind, record.data).find(isFigureProblem)
  // In the CLI's language, as a command's own problems are printed.
  if (first) throw new CliError((lang) => `data.data.${first.field}: ${coreMessage(lang, first)}`)
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Account events (API `accounts/service.ts`), all schema version 1, with the fields the fold reads. */
const accountEvents: Record<string, (d: Record<string, unknown>) => string | null> = {
  UserRegistered: (d) =>
    typeof d.email !== 'string' || d.email === ''
      ? 'data.email must be a non-empty string'
      : typeof d.role !== 'number'
        ? 'data.role must be a number'
        : null,
  UserRoleChanged: (d) => (typeof d.role !== 'number' ? 'data.role must be a number' : null),
  PasswordChanged: () => null,
  PasswordResetRequested: () => null,
  UserLanguageChanged: (d) => (typeof d.language !== 'string' ? 'data.language must be a string' : null),
  SessionEnded: (d) =>
    typeof d.sessionId !== 'string' || d.sessionId === ''
      ? 'data.sessionId must be a non-empty string'
      : typeof d.until !== 'string' || Number.isNaN(Date.parse(d.until))
        ? 'data.until must be a date and time'
        : null,
  UserDeleted: (d) =>
    typeof d.retainUntil !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(d.retainUntil)
      ? 'data.retainUntil must be a date yyyy-mm-dd'
      : null,
}

export const checkEventType = (streamId: string, type: string, schemaVersion: number, data: Json): void => {
  if (streamId.startsWith('books-')) {
    checkLedgerEvent(type, schemaVersion, data)
    return
  }
  if (streamId.startsWith('user-')) {
    const check = accountEvents[type]
    if (!check) throw new Error(`unknown account event type ${type}`)
    if (schemaVersion !== 1) throw new Error(`unknown schema version ${schemaVersion} of ${type}`)
    if (!isObject(data)) throw new Error('data must be an object')
    const problem = check(data)
    if (problem) throw new Error(problem)
    return
  }
  if (streamId.startsWith('email-')) {
    if (type !== 'EmailClaimed' || schemaVersion !== 1)
      throw new Error(`unknown e-mail claim event ${type} v${schemaVersion}`)
    if (!isObject(data) || typeof data.userId !== 'string') throw new Error('data.userId must be a string')
    return
  }
  if (streamId === 'erasure') {
    if (type !== 'AccountPurged' || schemaVersion !== 1)
      throw new Error(`unknown erasure event ${type} v${schemaVersion}`)
    if (!isObject(data) || typeof data.userId !== 'string') throw new Error('data.userId must be a string')
    return
  }
  throw new Error(`unknown stream ${streamId} (expected books-…, user-…, email-… or erasure)`)
}
