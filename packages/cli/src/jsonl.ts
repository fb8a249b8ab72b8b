/**
 * The export format of the whole history: JSON lines, one stored event per line, keys in a fixed order
 * (streamId, revision, position, eventId, type, schemaVersion, data, metadata), object keys inside data and
 * metadata sorted, bigints as decimal strings. The same history always gives the same bytes, so
 * export → import → export is byte-identical.
 */
import type { EventMetadata, Json, StoredEvent } from '@finance/event-store'
import { CliError } from './errors.ts'
import { jsonLineFaultText } from './files.ts'
import { type MessageArgs, type MessageKey, translate } from './i18n.ts'

/** An error of line `lineNo` of an import file, in the run's language. */
const lineError = <K extends MessageKey>(lineNo: number, key: K, ...values: MessageArgs<K>): CliError =>
  new CliError((lang) => translate(lang, 'line', lineNo, translate(lang, key, ...values)))

/** The line form is the event store's own (`eventToLine`); `canonical` sorts object keys the same way. */
export { sortedKeys as canonical, eventToLine } from '@finance/event-store'

/** A parsed, field-checked export line: a stored event as the file gives it. */
export type ImportedEvent = StoredEvent

const KEYS = ['streamId', 'revision', 'position', 'eventId', 'type', 'schemaVersion', 'data', 'metadata'] as const
const UINT = /^(0|[1-9]\d*)$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/

const isObject = (v: unknown): v is { [key: string]: unknown } =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** A schema error squeezed onto one line and cut to a readable length. */
const oneLine = (message: string): string => {
  const s = message.replace(/\s+/g, ' ').trim()
  return s.length > 300 ? `${s.slice(0, 297)}...` : s
}

/**
 * Parses and checks one line. Throws `CliError` naming the line number and the problem.
 * `checkType` validates the event type and payload (ledger-core `upcast` for books streams).
 */
export const parseLine = (
  text: string,
  lineNo: number,
  checkType: (streamId: string, type: string, schemaVersion: number, data: Json) => void,
): ImportedEvent => {
  const fail = <K extends MessageKey>(key: K, ...values: MessageArgs<K>): never => {
    throw lineError(lineNo, key, ...values)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    // Where and why, in the reader's language: the parser's own text is English and not always placed.
    throw new CliError((lang) =>
      translate(lang, 'line', lineNo, translate(lang, 'jsonInvalid', jsonLineFaultText(lang, text))),
    )
  }
  if (!isObject(raw)) return fail('jsonNotObject')
  for (const key of KEYS) if (!(key in raw)) fail('fieldMissing', key)
  for (const key of Object.keys(raw)) if (!(KEYS as readonly string[]).includes(key)) fail('fieldUnknown', key)
  const { streamId, revision, position, eventId, type, schemaVersion, data, metadata } = raw
  if (typeof streamId !== 'string' || streamId.length === 0) fail('fieldText', 'streamId')
  if (typeof revision !== 'string' || !UINT.test(revision)) fail('fieldCount', 'revision')
  if (typeof position !== 'string' || !UINT.test(position) || position === '0') fail('fieldPositive', 'position')
  if (typeof eventId !== 'string' || !UUID.test(eventId)) fail('fieldUuid', 'eventId')
  if (typeof type !== 'string' || type.length === 0) fail('fieldText', 'type')
  if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion) || schemaVersion < 1)
    fail('fieldVersion', 'schemaVersion')
  if (!isObject(metadata)) return fail('fieldObject', 'metadata')
  for (const key of ['userId', 'correlationId', 'createdAt'] as const)
    if (typeof metadata[key] !== 'string') fail('fieldString', `metadata.${key}`)
  if (!ISO_UTC.test(metadata.createdAt as string)) fail('fieldTimestamp', 'metadata.createdAt')
  try {
    checkType(streamId as string, type as string, schemaVersion as number, data as Json)
  } catch (e) {
    // A record's problem comes in the CLI's language (`CliError`); a schema's or upcaster's in English.
    const why = e instanceof CliError ? e.text : () => oneLine((e as Error).message)
    throw new CliError((lang) =>
      translate(lang, 'line', lineNo, translate(lang, 'eventRejected', String(type), String(schemaVersion), why(lang))),
    )
  }
  return {
    streamId: streamId as string,
    revision: BigInt(revision as string),
    position: BigInt(position as string),
    eventId: eventId as string,
    type: type as string,
    schemaVersion: schemaVersion as number,
    data: data as Json,
    metadata: metadata as unknown as EventMetadata,
  }
}

/**
 * Checks the order of the whole file as it is read: global positions strictly increasing, each stream's
 * revisions contiguous from 0, event ids unique.
 */
export class SequenceChecker {
  private lastPosition = 0n
  private readonly revisions = new Map<string, bigint>()
  private readonly ids = new Set<string>()

  check(e: ImportedEvent, lineNo: number): void {
    if (e.position <= this.lastPosition)
      throw lineError(lineNo, 'positionOrder', String(e.position), String(this.lastPosition))
    const expected = (this.revisions.get(e.streamId) ?? -1n) + 1n
    if (e.revision !== expected)
      throw lineError(lineNo, 'revisionGap', e.streamId, String(e.revision), String(expected))
    if (this.ids.has(e.eventId)) throw lineError(lineNo, 'duplicateId', e.eventId)
    this.ids.add(e.eventId)
    this.lastPosition = e.position
    this.revisions.set(e.streamId, e.revision)
  }

  get streams(): number {
    return this.revisions.size
  }
}
