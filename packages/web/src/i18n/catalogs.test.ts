// @vitest-environment node
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { poEntries, polishCatalogs } from '../test/po.ts'

const src = fileURLToPath(new URL('..', import.meta.url))

describe('Polish catalogs', () => {
  it('parses entries and spots an empty translation', () => {
    const entries = poEntries(
      'msgid ""\nmsgstr ""\n\nmsgid "Home"\nmsgstr "Strona główna"\n\nmsgid "Yes"\nmsgstr ""\n\n#~ msgid "Old"\n#~ msgstr ""\n',
    )
    expect(entries).toEqual([
      { id: 'Home', str: 'Strona główna' },
      { id: 'Yes', str: '' },
    ])
  })

  const catalogs = polishCatalogs(src)
  it('exist for the app', () => {
    expect(catalogs.map((c) => relative(src, c))).toContain(join('locales', 'pl', 'messages.po'))
  })

  // One test per catalog, so a feature's missing translation names its own folder.
  for (const file of catalogs) {
    it(`translate every message: ${relative(src, file)}`, () => {
      const missing = poEntries(readFileSync(file, 'utf8'))
        .filter((e) => e.str.trim() === '')
        .map((e) => e.id)
      expect(
        missing,
        `untranslated in ${relative(src, file)} — run npm run extract -w @finance/web and fill msgstr`,
      ).toEqual([])
    })
  }

  // One percent format in both languages, as the shared formatter writes it (`19%`, `8,5%`): no space before "%".
  for (const file of catalogs) {
    it(`write a percent without a space: ${relative(src, file)}`, () => {
      const spaced = poEntries(readFileSync(file, 'utf8'))
        .flatMap((e) => [e.id, e.str])
        .filter((text) => /[\d}]\s%/.test(text))
      expect(spaced, `"19 %" in ${relative(src, file)}: write "19%"`).toEqual([])
    })
  }

  // The app merges every catalog into one table (src/i18n.ts), so a message translated twice shows one translation
  // everywhere: the catalog loaded last wins on every screen. A message that must read differently somewhere gets
  // its own context (`t({ message, context })`).
  it('translate a message the same way in every catalog', () => {
    const seen = new Map<string, Map<string, string>>()
    for (const file of catalogs)
      for (const e of poEntries(readFileSync(file, 'utf8'))) {
        const key = e.context ? `${e.context} | ${e.id}` : e.id
        const by = seen.get(key) ?? new Map<string, string>()
        by.set(relative(src, file), e.str)
        seen.set(key, by)
      }
    const twice = [...seen]
      .filter(([, by]) => new Set(by.values()).size > 1)
      .map(([id, by]) => [id, Object.fromEntries(by)])
    expect(twice).toEqual([])
  })
})
