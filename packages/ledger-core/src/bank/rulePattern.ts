/**
 * A bank rule's regular expression (`op: 'matches'`), run with RE2 (`re2js`, a pure JavaScript port): its matching
 * takes time linear in the text whatever the pattern, so no user's pattern can stall the server on import
 * (`(a+)+$` on a title of 29 'a' and a '!' took 10 s with `RegExp`). RE2 takes no backreferences (`\1`) or
 * lookarounds (`(?=…)`, `(?<=…)`): a rule using them is refused when it is saved; one stored by an older version
 * matches nothing. Case is ignored, as in `contains`.
 */
import { RE2JS } from 're2js'

/** Why a pattern cannot be a rule's: not a regular expression at all, or one only a backtracking engine runs. */
export const RulePatternMessages = {
  invalid: 'The pattern is not a valid regular expression',
  unsupported: 'The pattern uses syntax that rules do not support, such as a backreference or a lookaround',
} as const

const compile = (pattern: string): RE2JS => RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE)

/** The message of a pattern RE2 does not take, or `null` when a rule can use it. */
export const rulePatternProblem = (pattern: string): string | null => {
  try {
    compile(pattern)
    return null
  } catch {
    try {
      // Compiling (not running) a JavaScript RegExp costs time linear in the pattern: it only tells the two apart.
      new RegExp(pattern)
      return RulePatternMessages.unsupported
    } catch {
      return RulePatternMessages.invalid
    }
  }
}

/** Compiled once per pattern text; `null`: a pattern RE2 refuses (stored by an older version), which matches nothing. */
const compiled = new Map<string, RE2JS | null>()
const MAX_CACHED = 1000

const compiledOf = (pattern: string): RE2JS | null => {
  const known = compiled.get(pattern)
  if (known !== undefined) return known
  let re: RE2JS | null
  try {
    re = compile(pattern)
  } catch {
    re = null
  }
  if (compiled.size >= MAX_CACHED) compiled.clear()
  compiled.set(pattern, re)
  return re
}

/** Whether `pattern` (RE2, case ignored) matches somewhere in `text`; a pattern RE2 refuses matches nothing. */
export const rulePatternMatches = (pattern: string, text: string): boolean => compiledOf(pattern)?.test(text) ?? false
