/** Reading Lingui's .po catalogs in tests. */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The Polish catalogs (`locales/pl/messages.po`) under `dir`, the app's and each feature's. */
export const polishCatalogs = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : polishCatalogs(path)
    return path.endsWith(join('locales', 'pl', 'messages.po')) ? [path] : []
  })

/** Active (not obsolete) entries of a .po file with their translation (and their `msgctxt`, when they have one). */
export const poEntries = (text: string): { id: string; str: string; context?: string }[] => {
  const entries: { id: string; str: string; context?: string }[] = []
  const blocks = text.split(/\r?\n\r?\n/)
  for (const block of blocks) {
    const lines = block.split(/\r?\n/).filter((l) => !l.startsWith('#'))
    let key: 'id' | 'str' | 'context' | null = null
    const acc = { id: '', str: '', context: '' }
    for (const line of lines) {
      const m = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line)
      if (m) {
        key = m[1] === 'msgid' ? 'id' : m[1] === 'msgstr' ? 'str' : 'context'
        acc[key] = JSON.parse(m[2] ?? '""')
      } else if (key && line.startsWith('"')) acc[key] += JSON.parse(line)
    }
    if (acc.id) entries.push(acc.context ? acc : { id: acc.id, str: acc.str })
  }
  return entries
}

/** Active entries keyed as the app looks them up: the msgid, or `context\u0004msgid` for an entry with a msgctxt. */
export const poKeyedEntries = (text: string): { key: string; str: string }[] =>
  text
    .split(/\r?\n\r?\n/)
    .map((block) => ({ context: /^msgctxt (".*")$/m.exec(block)?.[1], entry: poEntries(block)[0] }))
    .filter((e) => e.entry !== undefined)
    .map(({ context, entry }) => ({
      key: context === undefined ? entry!.id : `${JSON.parse(context)}\u0004${entry!.id}`,
      str: entry!.str,
    }))
