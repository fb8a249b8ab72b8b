/**
 * FA(3) `P_18A` (mechanizm podzielonej płatności, uVAT art. 106e ust. 1 pkt 18a): 1 on an invoice with an Annex 15
 * item whose gross is over 15 000 zł (art. 108a ust. 1a), 2 at or under it or without such an item; the file stays
 * valid against the official schema.
 */
import { type Item, validateRecord } from '@finance/ledger-core'
import { income } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { fa3Issue } from '../src/fa3Writer.ts'
import { contact, invoiceData } from '../src/testing/scenarios.ts'
import { validateXml } from '../src/validate.ts'

const invoice = invoiceData

const issue = (over: Record<string, unknown>) => {
  const v = validateRecord(
    'Income',
    income({
      date: '2026-04-14',
      invoiceDate: '2026-04-14',
      name: 'Laptopy',
      documentNumber: 'FV 11/04/2026',
      counterparty: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1' },
      ...over,
    }),
  )
  if (!v.ok) throw new Error(JSON.stringify(v.errors))
  const r = fa3Issue({
    item: v.value as Item,
    percent: '23',
    invoice,
    primary: null,
    permanentAddress: null,
    contact,
    createdAt: '2026-04-14T09:30:00Z',
  })
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return r.xml
}

const p18a = (xml: string) => /<P_18A>(\d)<\/P_18A>/.exec(xml)?.[1]

describe('FA(3) P_18A', () => {
  it('marks an Annex 15 invoice over 15 000 zł gross as split payment, valid against the schema', async () => {
    // 12 300 net + 23 % = 15 129 gross: over 15 000.
    const xml = issue({ amount: '12300.00', annex15: true, gtu: ['GTU_06'] })
    expect(p18a(xml)).toBe('1')
    expect(await validateXml(xml, 'FA(3)')).toEqual({ valid: true, errors: [] })
  })

  it('leaves it unmarked at 15 000 zł gross or without an Annex 15 item', () => {
    // 12 195.12 net + 2 804.88 VAT = 15 000.00 gross: not over.
    expect(p18a(issue({ amount: '12195.12', documentVat: '2804.88', annex15: true }))).toBe('2')
    expect(p18a(issue({ amount: '50000.00' }))).toBe('2')
  })

  it('leaves it unmarked on a sale to a consumer, who has no tax number (art. 106e ust. 1 pkt 18a)', () => {
    const consumer = { name: 'Jan Nowak', taxId: '', country: 'PL', address: 'ul. Długa 1' }
    const xml = issue({ amount: '12300.00', annex15: true, counterparty: consumer })
    expect(xml).toContain('<BrakID>1</BrakID>')
    expect(p18a(xml)).toBe('2')
  })
})
