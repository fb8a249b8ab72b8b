/**
 * camt.053: each version's sample is validated against its official schema and read as its expected JSON; a file
 * that breaks its schema, or whose version has no vendored schema, is refused whole with the reason.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readStatementFile, readStatementFiles } from '../../src/index.ts'

const dir = fileURLToPath(new URL('../fixtures/bank/', import.meta.url))
const bytes = (s: string) => new TextEncoder().encode(s)
const sample = (name: string) => readFileSync(`${dir}${name}`, 'utf8')

// The validator is libxml2 in WebAssembly, started for each check: generous limits on a busy machine.
describe('camt.053', { timeout: 60_000 }, () => {
  it.each(['pko.camt053.02.xml', 'ing.camt053.04.xml', 'mbank.camt053.08.xml'])(
    '%s passes its schema and reads as its expected JSON',
    async (name) => {
      const result = await readStatementFile(new Uint8Array(readFileSync(`${dir}${name}`)))
      expect(result).toEqual(JSON.parse(sample(`${name}.json`)))
      expect(result.ok).toBe(true)
    },
  )

  it('refuses a file that breaks its schema, with the validator’s reason and line', async () => {
    // A balance without its credit/debit indicator: well-formed, readable, but not a camt.053.001.02 document.
    const broken = sample('pko.camt053.02.xml').replace('<CdtDbtInd>CRDT</CdtDbtInd><Dt>', '<Dt>')
    const result = await readStatementFile(bytes(broken))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('bank.camt.schema')
    expect(result.error.message).toMatch(/camt\.053\.001\.02 schema: .*Dt/)
    expect(result.error.where).toMatch(/^line \d+$/)
  })

  it('refuses an element the schema does not know', async () => {
    const broken = sample('mbank.camt053.08.xml').replace('<Ccy>PLN</Ccy>', '<Ccy>PLN</Ccy><Waluta>PLN</Waluta>')
    const result = await readStatementFile(bytes(broken))
    expect(result.ok ? 'read' : result.error.code).toBe('bank.camt.schema')
  })

  it('refuses a version whose official schema is not vendored instead of reading it unchecked', async () => {
    const v05 = sample('ing.camt053.04.xml').replace('camt.053.001.04', 'camt.053.001.05')
    const result = await readStatementFile(bytes(v05))
    expect(result.ok ? 'read' : result.error.code).toBe('bank.camt.schemaMissing')
  })

  it('refuses a batch entry whose transactions do not add up to the entry', async () => {
    const broken = sample('pko.camt053.02.xml').replace(
      '<TxAmt><Amt Ccy="PLN">1200.00</Amt>',
      '<TxAmt><Amt Ccy="PLN">1100.00</Amt>',
    )
    const result = await readStatementFile(bytes(broken))
    expect(result.ok ? 'read' : result.error).toMatchObject({
      code: 'bank.camt.batch',
      where: '/Document/BkToCstmrStmt/Stmt[1]/Ntry[2]',
    })
  })
})

describe('many statement files at once', { timeout: 60_000 }, () => {
  it('checks the camt.053 files of each version in one run and says per file what it is', async () => {
    const names = ['pko.camt053.02.xml', 'mbank.camt053.08.xml', 'pko.sta', 'ing.camt053.04.xml']
    const broken = sample('pko.camt053.02.xml').replace('<CdtDbtInd>CRDT</CdtDbtInd><Dt>', '<Dt>')
    const files = [
      ...names.map((n) => ({ bytes: new Uint8Array(readFileSync(`${dir}${n}`)) })),
      { bytes: bytes(broken) },
    ]
    const results = await readStatementFiles(files)
    expect(results.slice(0, 4)).toEqual(names.map((n) => JSON.parse(sample(`${n}.json`))))
    expect(results[4]!.ok ? 'read' : results[4]!.error.code).toBe('bank.camt.schema')
  })
})
