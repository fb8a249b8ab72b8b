// @vitest-environment node
/**
 * The features' catalogs are merged into one per language (i18n.ts), the last loaded winning a msgid two of them
 * share: a word of the document screens (invoices, bank, KSeF, fixed assets) must read the same in every catalog
 * that has it, or one screen shows another's word (the bank's accounts headed "Konto", the log viewer's word).
 * Where the same English means two things, a msgctxt tells them apart.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { poKeyedEntries, polishCatalogs } from '../test/po.ts'

const src = fileURLToPath(new URL('..', import.meta.url))
const SCREENS = ['invoices', 'bank', 'ksef', 'assets']

describe('messages shared between catalogs', () => {
  it('tells a msgctxt apart from a plain msgid', () => {
    const text = 'msgctxt "bank account"\nmsgid "Account"\nmsgstr "Rachunek"\n\nmsgid "Account"\nmsgstr "Konto"\n'
    expect(poKeyedEntries(text)).toEqual([
      { key: 'bank account\u0004Account', str: 'Rachunek' },
      { key: 'Account', str: 'Konto' },
    ])
  })

  it("read the same in every catalog for the document screens' words", () => {
    const translations = new Map<string, Map<string, string>>()
    for (const file of polishCatalogs(src))
      for (const { key, str } of poKeyedEntries(readFileSync(file, 'utf8'))) {
        const byFile = translations.get(key) ?? new Map<string, string>()
        byFile.set(relative(src, file).split('/locales/')[0] ?? '', str)
        translations.set(key, byFile)
      }
    const differing: string[] = []
    for (const [key, byFile] of translations) {
      const owners = [...byFile.keys()]
      if (!owners.some((o) => SCREENS.some((s) => o === join('features', s)))) continue
      if (new Set(byFile.values()).size > 1)
        differing.push(`${key}: ${[...byFile].map(([o, s]) => `${o} "${s}"`).join(', ')}`)
    }
    expect(differing).toEqual([])
  })
})
