import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { InvoicePreview, newForm } from './InvoicesPage.tsx'

const seller = { name: 'Kowalski IT', nip: '5260250274', address: 'Prosta 1, 00-001 Warszawa' }

describe('the invoice preview', () => {
  it('shows the typed dates as people read them', async () => {
    const form = { ...newForm('2026-02-27'), supplyDate: '2026-02-26', dueDate: '2026-03-13' }
    render(withProviders(await i18nFor('en'), <InvoicePreview form={form} number={null} seller={seller} />))
    const preview = screen.getByRole('article', { name: 'Invoice preview' })
    expect(preview.textContent).toContain('Issued: 27 Feb 2026 · Supplied: 26 Feb 2026')
    expect(preview.textContent).toContain('Payment due: 13 Mar 2026')
  })

  it('shows a dash, never a day rolled over, while a typed date does not exist', async () => {
    const form = { ...newForm('2026-02-30'), supplyDate: '2026-04-31', dueDate: '2026-13-01' }
    render(withProviders(await i18nFor('en'), <InvoicePreview form={form} number={null} seller={seller} />))
    const text = screen.getByRole('article', { name: 'Invoice preview' }).textContent ?? ''
    expect(text).toContain('Issued: — · Supplied: —')
    expect(text).toContain('Payment due: —')
    expect(text).not.toMatch(/Mar 2026|May 2026|Jan 2027/)
  })
})
