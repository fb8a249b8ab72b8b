/**
 * Golden files: one sample per format and bank variant, in the encoding that bank sends (written by
 * `fixtures/bank/generate.ts`), read by `parseStatementFile` and compared with its expected JSON in full.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseStatementFile, reconcile } from '../../src/index.ts'
import { OPTIONS } from '../fixtures/bank/generate.ts'

const dir = fileURLToPath(new URL('../fixtures/bank/', import.meta.url))
const samples = readdirSync(dir).filter((f) => /\.(sta|csv)$/.test(f))

describe('bank statement golden files', () => {
  it('has a sample of every MT940 and CSV variant', () => {
    expect(samples.sort()).toEqual([
      'ing.csv',
      'ing.sta',
      'mbank.csv',
      'mbank.sta',
      'millennium.csv',
      'millennium.sta',
      'pekao.sta',
      'pko.csv',
      'pko.sta',
      'santander.csv',
      'santander.sta',
    ])
  })

  it.each(samples)('%s reads as its expected JSON', (name) => {
    const bytes = new Uint8Array(readFileSync(`${dir}${name}`))
    const expected = JSON.parse(readFileSync(`${dir}${name}.json`, 'utf8'))
    const result = parseStatementFile(bytes, OPTIONS[name] ?? {})
    expect(result).toEqual(expected)
    expect(result.ok).toBe(true)
    if (result.ok) for (const s of result.statements) expect(reconcile(s)).toEqual({ ok: true })
  })

  it('names the encoding each bank sends', () => {
    const encodingOf = (name: string) => {
      const r = parseStatementFile(new Uint8Array(readFileSync(`${dir}${name}`)), OPTIONS[name] ?? {})
      return r.ok ? r.encoding : r.error.code
    }
    expect(encodingOf('pko.sta')).toBe('windows-1250')
    expect(encodingOf('ing.sta')).toBe('iso-8859-2')
    expect(encodingOf('millennium.sta')).toBe('cp852')
    expect(encodingOf('pekao.sta')).toBe('cp852')
    expect(encodingOf('santander.sta')).toBe('utf-8')
  })
})
