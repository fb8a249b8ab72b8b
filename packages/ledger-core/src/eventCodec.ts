/**
 * Events to and from the store's form: `serializeEvent` (with the current schema version of each type) and
 * `decodeLedgerEvent` (upcast, then validated with the events' schema). Above both the events' schemas
 * (`events.ts`) and the upcasters (`upcast.ts`), which know the events' types only.
 */
import * as Schema from 'effect/Schema'
import { type LedgerEvent, LedgerEventSchema, type LedgerEventType } from './events.ts'
import { CURRENT_VERSIONS, upcast } from './upcast.ts'

/** An event as the store port takes and returns it. */
export interface SerializedEvent {
  readonly type: string
  readonly schemaVersion: number
  readonly data: unknown
}

/** The form to hand to the event store: `{ type, schemaVersion, data }` (data is already JSON). */
export const serializeEvent = (
  e: LedgerEvent,
): { type: LedgerEventType; schemaVersion: number; data: LedgerEvent['data'] } => ({
  type: e.type,
  schemaVersion: CURRENT_VERSIONS[e.type],
  data: e.data,
})

const decodeEvent = Schema.decodeUnknownSync(LedgerEventSchema)

/** `upcast` plus a full Schema validation of the result (for imports and untrusted streams). */
export const decodeLedgerEvent = (type: string, schemaVersion: number, data: unknown): LedgerEvent =>
  decodeEvent(upcast(type, schemaVersion, data))
