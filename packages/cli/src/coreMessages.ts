/**
 * The core's validation messages in the CLI's language. The core answers in English (SPEC §5's texts, which the web
 * translates through its catalogs); the CLI prints each problem after its field (`vat.date: …`), so in Polish a
 * message is read, in this order, as: a text the CLI knows word for word (`translateKnown`), a family of the core's
 * label-first texts (`Date must be a date in format yyyy-mm-dd`, the label dropped because the field names it), or
 * the plain meaning of its error code. English keeps the core's own text.
 */
import { formatAmount } from './format.ts'
import { catalog, type Lang, knownText, textOf } from './i18n.ts'

const say = catalog('coreMessages')
const byCode = textOf('coreMessages')

type Family = Parameters<typeof say>[1]

/** The core's label-first texts (ledger-core `schemas/validate.ts` `Messages`, `schemas/bounds.ts` `BoundMessages`). */
const FAMILIES: readonly [RegExp, Family, ((m: RegExpExecArray) => string[])?][] = [
  [/^.+ must be a date in format yyyy-mm-dd$/, 'invalidDate'],
  [/^.+ is not a real date$/, 'dateNotReal'],
  [/^.+ must be a number with at most 2 decimals$/, 'invalidMoney'],
  [/^.+ must not be negative$/, 'negativeMoney'],
  [/^.+ must be a number from 0 to (\d+) with at most 2 decimals$/, 'invalidPercent', (m) => [m[1]!]],
  [/^.+ must be between (\S+) and (\S+)$/, 'dateOutside', (m) => [m[1]!, m[2]!]],
  [/^.+ must be at most (\d+(?:\.\d+)?)$/, 'moneyTooLarge', (m) => [formatAmount('pl', m[1]!)]],
  [/^.+ is too long \(at most (\d+) characters\)$/, 'textTooLong', (m) => [m[1]!]],
  [/^.+ must not contain control characters$/, 'textControl'],
  [/^.+ must be a whole number from 1 to (\d+)$/, 'repetitions', (m) => [m[1]!]],
  [/^.+ must be true or false$/, 'invalidBoolean'],
  [/^.+ is required$/, 'required'],
]

/** A validation message of the core (with its error code when it has one) in `lang`. */
export const coreMessage = (lang: Lang, problem: { readonly code?: string; readonly message: string }): string => {
  if (lang === 'en') return problem.message
  const known = knownText(problem.message)
  if (known !== undefined) return known
  for (const [pattern, key, values] of FAMILIES) {
    const m = pattern.exec(problem.message)
    if (m) return say(lang, key, ...(values?.(m) ?? []))
  }
  return (problem.code === undefined ? undefined : byCode(lang, problem.code)) ?? problem.message
}
