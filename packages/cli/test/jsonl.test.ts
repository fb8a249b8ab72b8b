import type { StoredEvent } from '@finance/event-store'
import { describe, expect, it } from 'vitest'
import { CliError } from '../src/errors.ts'
import { canonical, eventToLine, parseLine, SequenceChecker } from '../src/jsonl.ts'

const event: StoredEvent = {
  streamId: 'books-u1',
  revision: 3n,
  position: 12n,
  eventId: '0190a6e2-7b1c-7d2e-9f00-123456789abc',
  type: 'IncomeRecorded',
  schemaVersion: 1,
  data: { name: 'Invoice 1/2026', amount: '1234.50', nested: { z: 1, a: [{ y: 2, b: 3 }] } },
  metadata: { userId: 'u1', correlationId: 'c1', createdAt: '2026-01-31T10:00:00.000Z' },
}

const accept = () => {}

describe('eventToLine', () => {
  it('writes the fixed key order, bigints as strings and sorted keys inside data and metadata', () => {
    expect(eventToLine(event)).toBe(
      '{"streamId":"books-u1","revision":"3","position":"12","eventId":"0190a6e2-7b1c-7d2e-9f00-123456789abc",' +
        '"type":"IncomeRecorded","schemaVersion":1,' +
        '"data":{"amount":"1234.50","name":"Invoice 1/2026","nested":{"a":[{"b":3,"y":2}],"z":1}},' +
        '"metadata":{"correlationId":"c1","createdAt":"2026-01-31T10:00:00.000Z","userId":"u1"}}',
    )
  })
  it('is a fixed point of parse → line', () => {
    const line = eventToLine(event)
    expect(eventToLine(parseLine(line, 1, accept) as unknown as StoredEvent)).toBe(line)
  })
  it('canonical keeps array order', () => {
    expect(canonical([3, 1, { b: 1, a: 2 }])).toEqual([3, 1, { a: 2, b: 1 }])
    expect(JSON.stringify(canonical({ b: 1, a: 2 }))).toBe('{"a":2,"b":1}')
  })
})

describe('parseLine', () => {
  const line = eventToLine(event)
  const bad = (text: string, check: (s: string, t: string, v: number) => void = accept) => {
    try {
      parseLine(text, 7, check)
    } catch (e) {
      expect(e).toBeInstanceOf(CliError)
      return (e as Error).message
    }
    throw new Error('expected a rejection')
  }

  it('reports invalid JSON with its line number', () => {
    expect(bad('{"streamId":')).toMatch(/^line 7: not valid JSON/)
  })
  it('reports a missing field', () => {
    const { eventId: _, ...rest } = JSON.parse(line)
    expect(bad(JSON.stringify(rest))).toBe('line 7: missing field "eventId"')
  })
  it('reports a non-integer revision and a bad timestamp', () => {
    expect(bad(line.replace('"revision":"3"', '"revision":3'))).toBe(
      'line 7: "revision" must be a non-negative integer string',
    )
    expect(bad(line.replace('2026-01-31T10:00:00.000Z', 'yesterday'))).toBe(
      'line 7: "metadata.createdAt" must be an ISO-8601 UTC timestamp',
    )
  })
  it('reports an unknown type from the type check', () => {
    expect(
      bad(line, (_s, t) => {
        throw new Error(`unknown event type ${t}`)
      }),
    ).toBe('line 7: event IncomeRecorded v1 rejected: unknown event type IncomeRecorded')
  })
})

describe('SequenceChecker', () => {
  const at = (streamId: string, revision: bigint, position: bigint, eventId: string) =>
    parseLine(eventToLine({ ...event, streamId, revision, position, eventId }), 1, accept)
  const id = (n: number) => `0190a6e2-7b1c-7d2e-9f00-${String(n).padStart(12, '0')}`

  it('accepts contiguous revisions per stream and increasing positions', () => {
    const c = new SequenceChecker()
    c.check(at('a', 0n, 1n, id(1)), 1)
    c.check(at('b', 0n, 2n, id(2)), 2)
    c.check(at('a', 1n, 5n, id(3)), 3)
    expect(c.streams).toBe(2)
  })
  it('rejects a revision gap, a position going back and a duplicate id', () => {
    const c = new SequenceChecker()
    c.check(at('a', 0n, 1n, id(1)), 1)
    expect(() => c.check(at('a', 2n, 2n, id(2)), 2)).toThrow('line 2: stream a revision 2, expected 1')
    expect(() => c.check(at('b', 0n, 1n, id(2)), 3)).toThrow('line 3: position 1 is not after 1')
    expect(() => c.check(at('b', 0n, 3n, id(1)), 4)).toThrow(`line 4: duplicate eventId ${id(1)}`)
  })
})
