/**
 * Writing XML documents for the official schemas: a small streaming writer (documents of tens of thousands of
 * rows are built as one array of strings, joined once), text escaping, and the value forms the schemas' base types
 * accept. Every writer of an official format (JPK_PKPIR, JPK_EWP, later JPK_V7 and KSeF FA(3)) uses it, and every
 * document it writes is checked with `validateXml` against the vendored schema in the tests.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finds the characters escapeXml changes or drops
const NEEDS_ESCAPE = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/

/** Escapes text and attribute values (`&`, `<`, `>`, `"`, `'`) and drops characters XML 1.0 cannot carry. */
export const escapeXml = (s: string): string =>
  !NEEDS_ESCAPE.test(s)
    ? s
    : s
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 forbids are removed
        .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;')

/**
 * A value of an `xsd:token`-based type (`TZnakowy`, `TZnakowyJPK`): whitespace collapsed as the schema does, then
 * at most `max` characters (never a split surrogate pair); `fallback` when nothing is left (the types need ≥ 1).
 */
export const token = (s: string | null | undefined, max: number, fallback = '-'): string => {
  // Already a token that fits (the usual case): no copying.
  if (s && s.length <= max && !/^\s|\s$|\s\s|[\t\n\r]/.test(s)) return s
  const collapsed = (s ?? '').replace(/\s+/g, ' ').trim()
  const chars = Array.from(collapsed)
  const cut = chars.length > max ? chars.slice(0, max).join('').trimEnd() : collapsed
  return cut === '' ? fallback : cut
}

/** An `xsd:dateTime` in UTC without fractional seconds (`2026-04-30T10:00:00Z`). */
export const dateTime = (d: Date | string): string => new Date(d).toISOString().replace(/\.\d{3}Z$/, 'Z')

export type Attributes = Readonly<Record<string, string | number>>

/**
 * Builds a document element by element. Names are written as given: `'Naglowek'` in the root's default namespace,
 * `'etd:NIP'` with a prefix declared on the root (`open(name, attrs, namespaces)`).
 */
export class XmlWriter {
  private readonly parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n']
  private readonly stack: string[] = []
  private readonly indent: string

  constructor(options: { indent?: string } = {}) {
    this.indent = options.indent ?? '  '
  }

  private pad() {
    return this.indent.repeat(this.stack.length)
  }

  private attrs(a: Attributes | undefined): string {
    if (!a) return ''
    let out = ''
    for (const [k, v] of Object.entries(a)) out += ` ${k}="${escapeXml(String(v))}"`
    return out
  }

  /** Opens an element; on the root, `namespaces` declares the default (`''`) and prefixed namespaces. */
  open(name: string, attributes?: Attributes, namespaces?: Readonly<Record<string, string>>): this {
    let ns = ''
    if (namespaces)
      for (const [prefix, uri] of Object.entries(namespaces))
        ns += prefix === '' ? ` xmlns="${escapeXml(uri)}"` : ` xmlns:${prefix}="${escapeXml(uri)}"`
    this.parts.push(`${this.pad()}<${name}${ns}${this.attrs(attributes)}>\n`)
    this.stack.push(name)
    return this
  }

  close(): this {
    const name = this.stack.pop()
    if (name === undefined) throw new Error('No element to close')
    this.parts.push(`${this.pad()}</${name}>\n`)
    return this
  }

  /** A simple element with text; nothing at all when `value` is `null` or `undefined` (an optional element). */
  leaf(name: string, value: string | number | null | undefined, attributes?: Attributes): this {
    if (value === null || value === undefined) return this
    this.parts.push(`${this.pad()}<${name}${this.attrs(attributes)}>${escapeXml(String(value))}</${name}>\n`)
    return this
  }

  /** The document; every opened element must have been closed. */
  toString(): string {
    if (this.stack.length > 0) throw new Error(`Unclosed elements: ${this.stack.join(' > ')}`)
    return this.parts.join('')
  }
}
