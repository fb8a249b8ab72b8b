/**
 * Secret query values out of logged URLs. The query parser decodes parameter names (`?%6bey=` and `?KEY=` reach a
 * route as `key`), so the name is decoded the same way before it is compared; a name that does not decode is
 * treated as secret. Values of `key`, `code`, `token`, `email`, `password` and `apikey` become `[redacted]`.
 */
const SECRET_NAMES = new Set(['key', 'code', 'token', 'email', 'password', 'apikey', 'api_key', 'x-api-key'])

const decodedName = (raw: string): string | null => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase()
  } catch {
    return null
  }
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=')
      if (eq < 0) return part
      const name = decodedName(part.slice(0, eq))
      return name === null || SECRET_NAMES.has(name) ? `${part.slice(0, eq)}=[redacted]` : part
    })
  return `${url.slice(0, q)}?${parts.join('&')}`
}
