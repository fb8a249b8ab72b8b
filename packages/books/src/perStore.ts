/** Per-store state: caches and in-flight work are kept per store instance, by user. */
import type { EventStore } from '@finance/event-store'

/** The per-user map a store has in `m`, made on first use. */
export const mapOf = <V>(m: WeakMap<EventStore, Map<string, V>>, store: EventStore): Map<string, V> => {
  let c = m.get(store)
  if (!c) {
    c = new Map()
    m.set(store, c)
  }
  return c
}
