/**
 * What the JSON body parser (plugins/errors.ts) does beyond `JSON.parse`: the body must be UTF-8 (a stray byte is not
 * read as U+FFFD and stored), and a number keeps the decimal it was written as. A double holds every decimal of at most 15 significant digits; one with more (`1.1000000000000000000001`, `12345678901234567890`) would reach the
 * validators rounded, so `1.10` or a different amount would be saved. Such a number is read as its source text
 * instead, which the field's own rule then judges exactly: `Amount must be a number with at most 2 decimals`, `Amount
 * must be at most 999999999999.99`, an id's or a count's message.
 */

export const NOT_UTF8 = 'Request body must be UTF-8 text'

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The text of a body, or null when its bytes are not UTF-8 (a byte order mark is dropped). */
export const decodeUtf8 = (bytes: Uint8Array): string | null => {
  try {
    return utf8.decode(bytes)
  } catch {
    return null
  }
}

/**
 * A cheap scan: whether the text may hold a number token that a double could not keep as written — 16 or more
 * digits, or an exponent — after a `:`, `,` or `[` (where a JSON value starts). It may also find such a token inside
 * a string; that only costs the exact parse, never a wrong answer.
 */
const MAY_LOSE_PRECISION = /[:,[]\s*-?(?:\d(?:\.?\d){15}|[\d.]+[eE])/

export const mayLosePrecision = (text: string): boolean => MAY_LOSE_PRECISION.test(text)

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/

/** A decimal in one spelling (`1.10`, `11e-1` and `1.1` alike): sign, significant digits, exponent. */
const canonical = (text: string): string | null => {
  const m = NUMBER.exec(text)
  if (!m) return null
  const frac = m[3] ?? ''
  let digits = `${m[2]}${frac}`.replace(/^0+/, '')
  let exponent = Number(m[4] ?? 0) - frac.length
  if (digits === '') return '0'
  const trailing = /0+$/.exec(digits)?.[0].length ?? 0
  digits = digits.slice(0, digits.length - trailing)
  exponent += trailing
  return `${m[1]}${digits}e${exponent}`
}

/** Whether a parsed number is the decimal its source text wrote (compared with the double's shortest decimal). */
export const isExactNumber = (source: string, value: number): boolean =>
  Number.isFinite(value) && canonical(source) === canonical(String(value).replace('e+', 'e'))

/** The reviver of the exact parse: a number that lost digits becomes its source text. */
const keepWritten = (_key: string, value: unknown, context?: { source?: string }): unknown =>
  typeof value === 'number' && context?.source !== undefined && !isExactNumber(context.source, value)
    ? context.source
    : value

/**
 * The body as `JSON.parse` reads it, with every number that a double could not hold as written given as its source
 * text. Call it on text the safe parser has accepted already (it does not repeat that parser's checks).
 */
export const parseKeepingNumbers = (text: string): unknown =>
  JSON.parse(text, keepWritten as (this: unknown, key: string, value: unknown) => unknown)
