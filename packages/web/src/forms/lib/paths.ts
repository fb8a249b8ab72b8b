/** Small immutable helpers for nested form drafts (field paths like `invoiceAddress.city`). */

export type Draft = Record<string, unknown>

export const getIn = (obj: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Draft)[k] : undefined), obj)

export const setIn = <T extends Draft>(obj: T, path: string, value: unknown): T => {
  const [head, ...rest] = path.split('.')
  if (head === undefined) return obj
  const child =
    rest.length === 0 ? value : setIn(((obj[head] as Draft | undefined) ?? {}) as Draft, rest.join('.'), value)
  return { ...obj, [head]: child }
}

/** Structural equality of JSON-like values (key order does not matter). */
export const deepEqual = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a as Draft).filter((k) => (a as Draft)[k] !== undefined)
  const kb = Object.keys(b as Draft).filter((k) => (b as Draft)[k] !== undefined)
  if (ka.length !== kb.length) return false
  return ka.every((k) => deepEqual((a as Draft)[k], (b as Draft)[k]))
}
