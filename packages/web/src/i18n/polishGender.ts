/**
 * The grammatical gender (and number) of a Polish field label, which the predicate of a message about the field
 * agrees with: "Kwota netto jest wymagana", "NIP jest wymagany", "Hasło jest wymagane", "Powtórzenia są wymagane".
 *
 * A label's first word decides: it is the head noun ("Kwota netto", "Data faktury") or an adjective agreeing with it
 * ("Pierwsza stawka", "Stare hasło"). Words the endings would misread are listed; otherwise the ending says it: -ść
 * and -a feminine, -o, -e, -ę and -um neuter, anything else (a consonant, an acronym, an adjective in -y/-i)
 * masculine. The catalogs' messages choose their form with `{gender, select, …}` (src/i18n/serverMessages.ts).
 */
export type Gender = 'feminine' | 'masculine' | 'neuter' | 'plural'

/** First words of labels whose ending would give another gender: plural nouns, mostly. */
const exceptions: Readonly<Record<string, Gender>> = {
  dane: 'plural',
  koszty: 'plural',
  odliczenia: 'plural',
  odpisy: 'plural',
  powtórzenia: 'plural',
  składki: 'plural',
  towary: 'plural',
  usługi: 'plural',
  uwagi: 'plural',
  wpłaty: 'plural',
  wynagrodzenia: 'plural',
  zaliczki: 'plural',
  inne: 'plural',
  pozostałe: 'plural',
  zrealizowane: 'plural',
}

export const polishGender = (label: string): Gender => {
  const word = (/^[\p{L}-]+/u.exec(label.trim())?.[0] ?? '').toLocaleLowerCase('pl')
  const listed = exceptions[word]
  if (listed) return listed
  if (word.endsWith('ść') || word.endsWith('a')) return 'feminine'
  if (/(o|e|ę|um)$/.test(word)) return 'neuter'
  return 'masculine'
}
