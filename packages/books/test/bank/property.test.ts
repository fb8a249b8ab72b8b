/**
 * Properties: a statement of random lines written out as MT940 and as camt.053 (each version) reads back to the
 * same lines and balances; cut into several statements of one file, the lines come back in order, each statement
 * adds up, each continues the previous one, and together they keep the sum.
 */
import fc from 'fast-check'
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import {
  type BankStatement,
  continuity,
  decodeStatement,
  formatAmount,
  parseSplitPayment,
  parseStatementFile,
  readStatementFile,
  reconcile,
  type StatementLine,
} from '../../src/index.ts'
import { camtEntries, writeCamt053, writeMt940 } from './write.ts'

const ACCOUNT = 'PL84102010260000120203456789'
const COUNTERPARTIES = ['PL50105014451000009012345678', 'PL04114020040000300298765432', 'PL61109010140000071219812874']
const CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZąćęłńóśźżĄĆĘŁŃÓŚŹŻ0123456789 /-.,'.split('')

/** Text as banks keep it: no leading, trailing or doubled spaces, never empty. */
const text = (max: number) =>
  fc
    .array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: max, size: 'max' })
    .map((cs) => cs.join('').replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '')

const day = (offset: number) => new Date(Date.UTC(2025, 11, 1) + offset * 86_400_000).toISOString().slice(0, 10)

const line = fc
  .record({
    grosze: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((g) => g !== 0),
    booking: fc.integer({ min: 0, max: 90 }),
    valueBefore: fc.integer({ min: 0, max: 3 }),
    title: text(120),
    name: fc.option(text(54), { nil: undefined }),
    account: fc.option(fc.constantFrom(...COUNTERPARTIES), { nil: undefined }),
    reference: fc.stringMatching(/^[A-Z0-9]{1,16}$/),
    code: fc.constantFrom('020', '051', '072', '912'),
  })
  .map(
    (r): StatementLine => ({
      bookingDate: day(r.booking + 3),
      valueDate: day(r.booking + 3 - r.valueBefore),
      amount: formatAmount(BigInt(r.grosze)),
      currency: 'PLN',
      bankReference: r.reference,
      ...(r.name ? { counterpartyName: r.name } : {}),
      ...(r.account ? { counterpartyAccount: r.account } : {}),
      title: r.title,
      transactionCode: r.code,
    }),
  )

/** The lines in booking order, as a statement has them, with the split payment the title carries. */
const lines = fc.array(line, { minLength: 1, maxLength: 25, size: 'medium' }).map((ls) =>
  [...ls]
    .sort((a, b) => (a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : 0))
    .map((l) => {
      const split = parseSplitPayment(l.title)
      return split ? { ...l, splitPayment: split } : l
    }),
)

const sum = (ls: readonly StatementLine[]) => ls.reduce((s, l) => s + BigInt(l.amount.replace('.', '')), 0n)

const statementOf = (ls: readonly StatementLine[], openingGrosze: bigint, id: string): BankStatement => ({
  format: 'mt940',
  variant: 'pko',
  account: ACCOUNT,
  currency: 'PLN',
  statementId: id,
  openingDate: ls[0]!.bookingDate,
  closingDate: ls.at(-1)!.bookingDate,
  openingBalance: formatAmount(openingGrosze),
  closingBalance: formatAmount(openingGrosze + sum(ls)),
  lines: ls,
})

const opening = fc.integer({ min: -1_000_000, max: 100_000_000 }).map(BigInt)
const bytes = (s: string) => new TextEncoder().encode(s)

// Hundreds of statements per property: generous limits on a busy machine.
describe('statements written out and read back', { timeout: 120_000 }, () => {
  it('MT940 in any of the encodings banks send: the same lines and balances', () => {
    const encodings = ['utf-8', 'windows-1250', 'iso-8859-2', 'cp852'] as const
    fc.assert(
      fc.property(lines, opening, fc.constantFrom(...encodings), (ls, o, encoding) => {
        const s = statementOf(ls, o, '1')
        const result = parseStatementFile(iconv.encode(writeMt940([s]), encoding))
        // Told by evidence: the same text, or refused when two code pages read it as different Polish texts.
        if (!result.ok) expect(result.error.code).toBe('bank.encoding.ambiguous')
        else expect(result.statements).toEqual([s])
      }),
      { numRuns: 200 },
    )
  })

  it.each(['02', '04', '08'] as const)('camt.053.001.%s: the same lines and balances', (v) => {
    fc.assert(
      fc.property(lines, opening, (ls, o) => {
        const s = statementOf(ls, o, '1')
        const { lines: _, ...head } = s
        const result = parseStatementFile(bytes(writeCamt053(v, [{ statement: head, entries: camtEntries(ls) }])))
        expect(result).toEqual({ ok: true, encoding: 'utf-8', statements: [{ ...s, format: 'camt053' }] })
      }),
      { numRuns: 100 },
    )
  })

  it('camt.053 files written from random lines pass the official schema', async () => {
    await fc.assert(
      fc.asyncProperty(lines, opening, fc.constantFrom('02', '04', '08' as const), async (ls, o, v) => {
        const { lines: _, ...head } = statementOf(ls, o, '1')
        const result = await readStatementFile(bytes(writeCamt053(v, [{ statement: head, entries: camtEntries(ls) }])))
        expect(result.ok ? result.statements[0]!.lines : result.error).toEqual(ls)
      }),
      { numRuns: 4 },
    )
  })

  it('cut into several statements of one file: the lines in order, each adding up and continuing, the same sum', () => {
    fc.assert(
      fc.property(lines, opening, fc.array(fc.nat(), { maxLength: 5 }), (ls, o, cuts) => {
        const points = [...new Set(cuts.map((c) => c % ls.length))].filter((p) => p > 0).sort((a, b) => a - b)
        const parts = [0, ...points].map((from, i) => ls.slice(from, points[i] ?? ls.length))
        let balance = o
        const statements = parts.map((p, i) => {
          const s = statementOf(p, balance, String(i + 1))
          balance += sum(p)
          return s
        })
        const result = parseStatementFile(bytes(writeMt940(statements)))
        if (!result.ok) throw new Error(result.error.message)
        expect(result.statements).toHaveLength(parts.length)
        expect(result.statements.flatMap((s) => s.lines)).toEqual(ls)
        for (const s of result.statements) expect(reconcile(s)).toEqual({ ok: true })
        for (let i = 1; i < result.statements.length; i++)
          expect(continuity(result.statements[i - 1]!, result.statements[i]!)).toEqual({ ok: true })
        const total = result.statements.reduce(
          (t, s) => t + BigInt(s.closingBalance!.replace('.', '')) - BigInt(s.openingBalance!.replace('.', '')),
          0n,
        )
        expect(total).toBe(sum(ls))
      }),
      { numRuns: 200 },
    )
  })
})

describe('encodings are told, never guessed', { timeout: 60_000 }, () => {
  it('Polish text in any of the code pages decodes to itself, or is refused as ambiguous — never to another text', () => {
    let told = 0
    fc.assert(
      fc.property(
        text(200),
        fc.constantFrom('windows-1250', 'iso-8859-2', 'cp852', 'utf-8' as const),
        (s, encoding) => {
          try {
            const decoded = decodeStatement(iconv.encode(s, encoding))
            expect(decoded.text).toBe(s)
            told++
          } catch (e) {
            expect((e as { code?: string }).code).toBe('bank.encoding.ambiguous')
          }
        },
      ),
      { numRuns: 500 },
    )
    // Ambiguity needs a text of only the few bytes two code pages both read as Polish letters: rare.
    expect(told).toBeGreaterThan(450)
  })
})
