/** The invoice form's choices, as the user reads them. */
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { invoicesEffects } from './fixtures.ts'
import { InvoicesPage } from './InvoicesPage.tsx'

describe('the bank account of an invoice', () => {
  it('is offered by its name and its IBAN once, even when its name is its IBAN (an account made by an import)', async () => {
    const effects = {
      ...invoicesEffects([], 0),
      bankAccounts: async () => [
        { id: 1, iban: 'PL84102010260000120203456789', name: 'PL84 1020 1026 0000 1202 0345 6789' },
        { id: 2, iban: 'PL61109010140000071219812874', name: 'Firmowy' },
      ],
    }
    render(withProviders(await i18nFor('pl'), <InvoicesPage effects={effects} save={() => {}} />))
    fireEvent.click(await screen.findByRole('button', { name: 'Nowa faktura' }))
    const select = screen.getByLabelText('Rachunek bankowy') as HTMLSelectElement
    expect([...select.options].map((o) => o.text).filter((t) => t !== '—')).toEqual([
      'PL84 1020 1026 0000 1202 0345 6789',
      'Firmowy PL61 1090 1014 0000 0712 1981 2874',
    ])
    expect([...select.options].map((o) => o.value).filter((v) => v !== '')).toEqual([
      'PL84102010260000120203456789',
      'PL61109010140000071219812874',
    ])
  })
})
