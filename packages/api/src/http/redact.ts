/**
 * Query values out of logged URLs. A secret can ride on any parameter name (`?token=`, `?t0ken=`, `?x[]=`), so the log
 * keeps a value only for an allow-list of harmless parameters — the ones the routes read that carry a period, a page,
 * a language or a choice from a short list — and only when the value has that parameter's shape (a year is four
 * digits, a language two letters); every other value becomes `[redacted]`. The path is logged as it came.
 *
 * Names are compared decoded, as the query parser reads them (`?%79ear=` is `year`). Parts are split on `&` and on
 * `;` (some parsers treat `;` as a separator, so `year=2026;token=x` must not smuggle `token` in `year`'s value). A
 * name that is not on the list is kept only when it looks like a parameter name (a short identifier, maybe with
 * `[]`); a bare part without `=` (`?eyJhbGci…`) is redacted unless it is a listed name.
 */
export const LOGGED_QUERY_PARAMS: ReadonlyMap<string, RegExp> = new Map([
  ['year', /^\d{4}$/],
  ['month', /^\d{1,2}$/],
  ['lang', /^[a-z]{2}$/i],
  ['page', /^\d{1,6}$/],
  ['pagesize', /^\d{1,4}$/],
  ['form', /^JPK_[A-Z0-9_]{1,12}$/],
  ['purpose', /^\d$/],
  ['flatrate', /^\d{1,2}(\.\d{1,2})?$/],
])

const REDACTED = '[redacted]'
/** A name kept in the log although its value is not: short and identifier-like (`key`, `filter[]`, `a.b`). */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,23}(\[[A-Za-z0-9_]{0,12}\])*$/

const decode = (raw: string): string | null => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return null
  }
}

function redactPart(part: string): string {
  if (part === '') return part
  const eq = part.indexOf('=')
  const rawName = eq < 0 ? part : part.slice(0, eq)
  const name = decode(rawName)
  const shape = name === null ? undefined : LOGGED_QUERY_PARAMS.get(name.trim().toLowerCase())
  // A bare part (`?flag`) is as much a value as a name: kept only when listed.
  if (eq < 0) return shape ? part : REDACTED
  const shownName = name !== null && PLAIN_NAME.test(name) ? rawName : REDACTED
  const value = decode(part.slice(eq + 1))
  return shape && value !== null && shape.test(value) ? part : `${shownName}=${REDACTED}`
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const query = url.slice(q + 1)
  // Keep each separator as it was, so the logged URL reads like the one sent.
  const pieces = query.split(/([&;])/)
  return `${url.slice(0, q)}?${pieces.map((p, i) => (i % 2 === 1 ? p : redactPart(p))).join('')}`
}
