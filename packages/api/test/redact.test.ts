import { describe, expect, it } from 'vitest'
import { redactUrl } from '../src/http/redact.ts'

describe('redactUrl', () => {
  it('keeps the path whole and a URL without a query as it is', () => {
    expect(redactUrl('/api/a/b%20c/token=abc')).toBe('/api/a/b%20c/token=abc')
    expect(redactUrl('/api/a?')).toBe('/api/a?')
  })

  it('keeps the allow-listed parameters with plain values, in any case or encoding of the name', () => {
    expect(redactUrl('/x?year=2026&month=3&lang=en&page=2&form=JPK_EWP&purpose=1&flatRate=8.5')).toBe(
      '/x?year=2026&month=3&lang=en&page=2&form=JPK_EWP&purpose=1&flatRate=8.5',
    )
    expect(redactUrl('/x?%79ear=2026&YEAR=2025')).toBe('/x?%79ear=2026&YEAR=2025')
  })

  it('redacts every other value, and an allowed name whose value is not plain', () => {
    expect(redactUrl('/x?key=a&inventoryStart=100.00&exemptionBasis=art.%2043')).toBe(
      '/x?key=[redacted]&inventoryStart=[redacted]&exemptionBasis=[redacted]',
    )
    expect(redactUrl('/x?year=2026%26key%3Dabc&lang=p%zz')).toBe('/x?year=[redacted]&lang=[redacted]')
    expect(redactUrl('/x?year[]=2026&year[x]=1')).toBe('/x?year[]=[redacted]&year[x]=[redacted]')
  })

  it('redacts a name that does not look like a parameter name', () => {
    expect(redactUrl('/x?eyJhbGciOiJIUzI1NiJ9.abc.def')).toBe('/x?[redacted]')
    expect(redactUrl(`/x?${'a'.repeat(40)}=1`)).toBe('/x?[redacted]=[redacted]')
    expect(redactUrl('/x?flag&a b=1&lang')).toBe('/x?[redacted]&[redacted]=[redacted]&lang')
  })
})
