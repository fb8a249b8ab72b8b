import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { i18nFor, withProviders } from '../testing.tsx'
import type { RelatedTransaction } from '../types.ts'
import { RelatedList } from './RelatedList.tsx'

const rows = [
  { id: 1, date: '2026-01-31', eventType: '1_Revenue', dataObject: { name: 'Income 2026-01', sum: '6226.04' } },
  { id: 2, date: '2026-01-31', eventType: '1_Revenue', dataObject: { name: 'Revenue 2026', sum: '9000.00' } },
  { id: 3, date: '2026-01-10', eventType: '1_Revenue', dataObject: { name: 'Income 2026-01 from Acme', sum: '1.00' } },
] as unknown as RelatedTransaction[]

describe('RelatedList', () => {
  it('shows the names the core builds in Polish and leaves user-entered names alone', async () => {
    render(withProviders(await i18nFor('pl'), <RelatedList title="Powiązane" rows={rows} />))
    expect(screen.getByRole('rowheader', { name: 'Dochód 2026-01' })).toBeTruthy()
    expect(screen.getByRole('rowheader', { name: 'Przychód 2026' })).toBeTruthy()
    expect(screen.getByRole('rowheader', { name: 'Income 2026-01 from Acme' })).toBeTruthy()
  })

  it('keeps them in English for an English reader', async () => {
    render(withProviders(await i18nFor('en'), <RelatedList title="Related" rows={rows} />))
    expect(screen.getByRole('rowheader', { name: 'Income 2026-01' })).toBeTruthy()
  })
})
