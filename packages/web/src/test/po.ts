/** Reading Lingui's .po catalogs in tests. */

/** Active (not obsolete) entries of a .po file with their translation. */
export const poEntries = (text: string): { id: string; str: string }[] => {
  const entries: { id: string; str: string }[] = []
  const blocks = text.split(/\r?\n\r?\n/)
  for (const block of blocks) {
    const lines = block.split(/\r?\n/).filter((l) => !l.startsWith('#'))
    let key: 'id' | 'str' | null = null
    const acc = { id: '', str: '' }
    for (const line of lines) {
      const m = /^(msgid|msgstr) (".*")$/.exec(line)
      if (m) {
        key = m[1] === 'msgid' ? 'id' : 'str'
        acc[key] = JSON.parse(m[2] ?? '""')
      } else if (key && line.startsWith('"')) acc[key] += JSON.parse(line)
    }
    if (acc.id) entries.push(acc)
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
