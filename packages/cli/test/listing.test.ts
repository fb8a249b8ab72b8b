import { describe, expect, it } from 'vitest'
import type { Ctx } from '../src/context.ts'
import { answeredAsJsonOrNone } from '../src/listing.ts'

const capture = () => {
  let written = ''
  const ctx = { out: (s: string) => (written += s) } as unknown as Ctx
  return { ctx, written: () => written }
}

describe('a listing command’s answers before its rows', () => {
  it('writes the list as JSON with --json, even an empty one', () => {
    const c = capture()
    expect(answeredAsJsonOrNone(c.ctx, [], true, 'Brak faktur.')).toBe(true)
    expect(c.written()).toBe('[]\n')
  })
  it('says there is nothing for an empty list, and leaves a list with rows to the command', () => {
    const empty = capture()
    expect(answeredAsJsonOrNone(empty.ctx, [], false, 'Brak faktur.')).toBe(true)
    expect(empty.written()).toBe('Brak faktur.\n')
    const rows = capture()
    expect(answeredAsJsonOrNone(rows.ctx, [{ id: 1 }], undefined, 'Brak faktur.')).toBe(false)
    expect(rows.written()).toBe('')
  })
})
