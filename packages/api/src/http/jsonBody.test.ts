import { describe, expect, it } from 'vitest'
import { isExactNumber, mayLosePrecision, parseKeepingNumbers } from './jsonBody.ts'

describe('numbers a double cannot hold as written', () => {
  it('the cheap scan finds 16 or more digits or an exponent where a value starts, and nothing in common bodies', () => {
    for (const text of [
      '{"amount":1.1000000000000000000001}',
      '{"amount": 12345678901234567890}',
      '[1e2]',
      '{"a":[1, -2.5E-3]}',
      '{"a":1234567890.1234567}',
    ])
      expect(mayLosePrecision(text), text).toBe(true)
    for (const text of [
      '{"amount":"1.1000000000000000000001"}',
      '{"amount":1234.56,"percent":23,"id":[1,2,3]}',
      '{"amount":123456789012.34}',
      '{"date":"2026-03-01","name":"Invoice 1e"}',
    ])
      expect(mayLosePrecision(text), text).toBe(false)
  })

  it('keeps a number that is the decimal it was written as, and gives one that lost digits as its text', () => {
    expect(isExactNumber('1.10', 1.1)).toBe(true)
    expect(isExactNumber('11e-1', 1.1)).toBe(true)
    expect(isExactNumber('1e21', 1e21)).toBe(true)
    expect(isExactNumber('-0', -0)).toBe(true)
    expect(isExactNumber('1.1000000000000000000001', 1.1)).toBe(false)
    expect(isExactNumber('12345678901234567890', Number('12345678901234567890'))).toBe(false)
    expect(
      parseKeepingNumbers('{"a":1.1000000000000000000001,"b":[12345678901234567890,1e2,2.50],"c":"1e2","d":1e400}'),
    ).toEqual({ a: '1.1000000000000000000001', b: ['12345678901234567890', 100, 2.5], c: '1e2', d: '1e400' })
  })
})
