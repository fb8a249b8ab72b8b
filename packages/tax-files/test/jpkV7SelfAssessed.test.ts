/**
 * JPK_V7M(3) of the worked May 2026 of self-assessed purchases (`selfAssessedEvents`, ledger-core testing; docs/
 * tax-rules.md §29): valid against its schema, K_25 … K_28 and K_31 / K_32 with the declaration's P_ fields, the
 * control sums equal to the engine's.
 */
import { foldBooks, vatFiling } from '@finance/ledger-core'
import { selfAssessedEvents } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { jpkV7File } from '../src/jpkV7.ts'
import { contact, primary } from '../src/testing/scenarios.ts'
import { validateXml } from '../src/validate.ts'

const all = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!)

describe('JPK_V7M of May 2026 with self-assessed purchases', () => {
  const filing = vatFiling(foldBooks(selfAssessedEvents), '2026-05')!
  const result = jpkV7File({ filing, primary, contact, purpose: 1, createdAt: '2026-06-20T10:00:00Z' })
  if (!result.ok) throw new Error(JSON.stringify(result.problems))
  const { xml, schema } = result

  it('is valid against its schema', async () => {
    expect(schema).toBe('JPK_V7M(3)')
    expect(await validateXml(xml, schema)).toEqual({ valid: true, errors: [] })
  })

  it('writes K_25 … K_28, K_31 / K_32 and their P_ fields; the output tax counts them', () => {
    expect([all(xml, 'K_25'), all(xml, 'K_26'), all(xml, 'K_27'), all(xml, 'K_28')]).toEqual([
      ['20000.00'],
      ['4600.00'],
      ['3000.00'],
      ['690.00'],
    ])
    expect([all(xml, 'K_31'), all(xml, 'K_32')]).toEqual([['10000.00'], ['2300.00']])
    expect(['P_25', 'P_26', 'P_27', 'P_28', 'P_31', 'P_32', 'P_37', 'P_38'].map((f) => all(xml, f)[0])).toEqual([
      '20000',
      '4600',
      '3000',
      '690',
      '10000',
      '2300',
      '33000',
      '7590',
    ])
    expect(all(xml, 'PodatekNalezny')).toEqual(['7590.00'])
    expect(all(xml, 'PodatekNaliczony')).toEqual(['7590.00'])
  })
})
