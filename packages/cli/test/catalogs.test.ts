import { describe, expect, it } from 'vitest'
import en from '../src/locales/en.json' with { type: 'json' }
import pl from '../src/locales/pl.json' with { type: 'json' }
import { catalog, fill, textOf, translate } from '../src/i18n.ts'

const placeholders = (text: string) => [...text.matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort()
const entries = (c: Record<string, Record<string, string>>) =>
  Object.entries(c).flatMap(([namespace, texts]) =>
    Object.entries(texts).map(([key, text]) => [`${namespace}.${key}`, text]),
  )

describe('the CLI catalogs', () => {
  it('hold the same namespaces and keys in Polish and English, each text with the same placeholders', () => {
    const polish = new Map(entries(pl) as [string, string][])
    const english = new Map(entries(en) as [string, string][])
    expect([...english.keys()]).toEqual([...polish.keys()])
    for (const [key, text] of polish) {
      expect(text, key).not.toBe('')
      expect(placeholders(english.get(key)!), key).toEqual(placeholders(text))
    }
  })

  it('fill each placeholder once, in one pass, leaving a value that looks like a placeholder as it is', () => {
    expect(fill('{1} and {0}', ['a', 2])).toBe('2 and a')
    expect(fill('{0} / {1}', ['{1}', '$&'])).toBe('{1} / $&')
    expect(fill('{0} {1}', ['only'])).toBe('only {1}')
  })

  it('read a command’s namespace and the common one in the language asked', () => {
    expect(translate('pl', 'noUser', 'a@b.pl')).toBe('nie ma użytkownika a@b.pl (zob. `finance users list`)')
    expect(translate('en', 'noUser', 'a@b.pl')).toBe('no user a@b.pl (see `finance users list`)')
    expect(catalog('vatFields')('pl', 'P_51')).toBe('Podatek do wpłaty')
    expect(catalog('vatFields')('en', 'P_51')).toBe('VAT to pay')
  })
})

describe('a text looked up by a key from elsewhere', () => {
  it('is the catalog’s own text, or nothing for a key the catalog does not hold', () => {
    const reason = textOf('bankReasons')
    expect(reason('pl', 'bank.reason.amount')).toBe('kwota i data')
    expect(reason('en', 'bank.reason.amount')).toBe('amount and date')
    expect(reason('pl', 'constructor')).toBeUndefined()
    expect(reason('pl', 'bank.reason.unknown')).toBeUndefined()
  })
})
