/** The rules listed on the bank screen say how each matches: a text it contains, or an expression it matches. */
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { memoryServices } from '../../forms/index.ts'
import { renderWith } from '../../forms/testing.ts'
import { createBankApi } from './api.ts'
import { BankPage } from './BankPage.tsx'
import type { BankData, BankRule } from './types.ts'

const rule = (id: number, op: 'contains' | 'matches', field: 'title' | 'counterparty', pattern: string): BankRule => ({
  id,
  data: {
    name: `R${id}`,
    field,
    op,
    pattern,
    expense: { name: 'Paliwo', percent: '23', isCompany: true, kpirColumn: null },
  },
})

const data: BankData = {
  overview: {
    accounts: [],
    statements: [],
    gaps: [],
    zusAccount: null,
    unmatched: 0,
    rules: [rule(1, 'contains', 'counterparty', 'ORLEN'), rule(2, 'matches', 'title', 'FV\\s*\\d+/2026')],
  },
  queue: [],
  lines: [],
  openItems: [],
}

describe('the bank rules listed', () => {
  it('name a rule of a regular expression as one, not as a text the title contains', async () => {
    await renderWith(
      <BankPage effects={{ ...createBankApi(), load: vi.fn(async () => data) }} />,
      memoryServices([]),
      'en',
    )
    const items = (await screen.findAllByRole('listitem')).map((li) => li.textContent ?? '')
    expect(items.some((t) => t.startsWith('Counterparty contains „ORLEN” → Paliwo'))).toBe(true)
    expect(items.some((t) => t.startsWith('Title matches the expression „FV\\s*\\d+/2026” → Paliwo'))).toBe(true)
  })
})
