// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { poKeyedEntries, polishCatalogs } from '../test/po.ts'
import { i18nFor } from '../test/render.tsx'
import { polishGender } from './polishGender.ts'
import { fieldNames, translateMessage } from './serverMessages.ts'

const src = fileURLToPath(new URL('..', import.meta.url))

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path)
    return /\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [path] : []
  })

/** The Polish text of every message, keyed as the app looks it up (`context\u0004id` with a context). */
const polish = new Map(
  polishCatalogs(src).flatMap((file) => poKeyedEntries(readFileSync(file, 'utf8')).map((e) => [e.key, e.str])),
)

/**
 * The label of every field the record forms mark required (`{ path, label, …, required: true }`): a "… is required"
 * answer about it is shown under that label, named by it.
 */
const requiredLabels = (): string[] => {
  const found = new Set<string>()
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8')
    const fields = text.split(/\bpath: '/).slice(1)
    for (const field of fields) {
      if (!/\brequired: true\b/.test(field)) continue
      const label = /\blabel: (?:t`([^`]*)`|t\(\{ message: '([^']*)', context: '([^']*)' \}\))/.exec(field)
      if (!label) continue
      const id = (label[1] ?? label[2] ?? '').replace(/\$\{(\w+)\}/g, '{$1}')
      const key = label[3] ? `${label[3]}\u0004${id}` : id
      found.add(polish.get(key) ?? `untranslated: ${key}`)
    }
  }
  return [...found].sort()
}

/** Each required field's message as a Polish reader expects it, checked by hand. */
const expected: Record<string, string> = {
  Data: 'Data jest wymagana',
  Nazwa: 'Nazwa jest wymagana',
  'Kwota netto': 'Kwota netto jest wymagana',
  'Kwota netto w {code}': 'Kwota netto w {code} jest wymagana',
  'Kwota (miesięcznie)': 'Kwota (miesięcznie) jest wymagana',
  Powtórzenia: 'Powtórzenia są wymagane',
  'Stawka VAT': 'Stawka VAT jest wymagana',
  'Stawka podatku': 'Stawka podatku jest wymagana',
  'Stawka ryczałtu': 'Stawka ryczałtu jest wymagana',
  'Stawka składki zdrowotnej': 'Stawka składki zdrowotnej jest wymagana',
  'Pierwsza stawka': 'Pierwsza stawka jest wymagana',
  'Forma opodatkowania': 'Forma opodatkowania jest wymagana',
  'Okres płatności': 'Okres płatności jest wymagany',
  'Podstawa prawna zwolnienia': 'Podstawa prawna zwolnienia jest wymagana',
  'Nazwa firmy': 'Nazwa firmy jest wymagana',
  NIP: 'NIP jest wymagany',
}

describe('the Polish "is required" message', () => {
  it('agrees with the label of every required field of the forms', async () => {
    const pl = await i18nFor('pl')
    const labels = requiredLabels()
    expect(labels.length).toBeGreaterThan(10)
    const said = Object.fromEntries(
      labels.map((label) => [label, translateMessage(pl, 'Some field is required', label)]),
    )
    const bracketed = Object.fromEntries(
      labels.map((label) => [label, translateMessage(pl, '(Some field) is required', label)]),
    )
    expect(said).toEqual(Object.fromEntries(labels.map((label) => [label, expected[label] ?? `(check ${label})`])))
    expect(bracketed).toEqual(said)
  })

  it('agrees with every field name an answer may carry, without brackets', async () => {
    const pl = await i18nFor('pl')
    const said = Object.keys(fieldNames).map((name) => translateMessage(pl, `(${name}) is required`))
    for (const text of said) expect(text).toMatch(/^[^()]+ (jest wymagan[aey]|są wymagane)$/)
    expect(translateMessage(pl, 'Code is required')).toBe('Kod jest wymagany')
    expect(translateMessage(pl, 'Password is required')).toBe('Hasło jest wymagane')
    expect(translateMessage(pl, 'Deductions is required')).toBe('Odliczenia są wymagane')
    expect(translateMessage(pl, 'City is required')).toBe('Miejscowość jest wymagana')
    expect(translateMessage(pl, '(Date) is required')).toBe('Data jest wymagana')
    expect(translateMessage(pl, '(Tax type) is required')).toBe('Forma opodatkowania jest wymagana')
    expect(translateMessage(await i18nFor('en'), 'City is required')).toBe('City is required')
    expect(translateMessage(await i18nFor('en'), '(Date) is required')).toBe('(Date) is required')
  })

  it('reads the gender from the first word', () => {
    expect(polishGender('Kwota netto')).toBe('feminine')
    expect(polishGender('Wartość początkowa')).toBe('feminine')
    expect(polishGender('Numer budynku / lokalu')).toBe('masculine')
    expect(polishGender('E-mail')).toBe('masculine')
    expect(polishGender('Imię właściciela')).toBe('neuter')
    expect(polishGender('Stare hasło')).toBe('neuter')
    expect(polishGender('Uwagi')).toBe('plural')
  })
})
