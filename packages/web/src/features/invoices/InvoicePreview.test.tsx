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

  it('says the Polish units in English, keeping what the line holds', async () => {
    const line = { name: 'Laptop', quantity: '2', unit: 'szt.', unitNet: '1000.00', vat: '23' }
    const form = { ...newForm('2026-02-27'), lines: [{ ...newForm('2026-02-27').lines[0]!, ...line }] }
    const { container } = render(
      withProviders(await i18nFor('en'), <InvoicePreview form={form} number={null} seller={seller} />),
    )
    const lines = container.querySelector('.invoice-preview__lines')?.textContent ?? ''
    expect(lines).toContain('2 pcs')
    expect(lines).not.toContain('szt.')
    expect(form.lines[0]!.unit).toBe('szt.')
  })

  it('prints the split-payment mark with the law’s Polish words as a term, in italics', async () => {
    const form = { ...newForm('2026-02-27'), splitPayment: true }
    render(withProviders(await i18nFor('en'), <InvoicePreview form={form} number={null} seller={seller} />))
    const term = screen.getByText('mechanizm podzielonej płatności')
    expect(term.tagName).toBe('I')
    expect(term.getAttribute('lang')).toBe('pl')
    expect(term.parentElement?.textContent).toBe('split payment (mechanizm podzielonej płatności)')
  })
})
