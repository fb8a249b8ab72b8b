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
