import { companyAddress, companyInvoice } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { ANNA, run, seedUser } from './helpers.ts'

const seeded = async () => {
  const { store, exec } = await seedUser()
  const r = (await exec({
    type: 'SaveInvoiceDraft',
    data: {
      buyer: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1' },
      issueDate: '2026-03-15',
      lines: [
        { name: 'Programowanie', quantity: '10', unit: 'godz.', unitNet: '150.00', vat: '23' },
        { name: 'Szkolenie', quantity: '1', unit: 'dzień', unitNet: '1200.00', vat: '8' },
      ],
    },
  })) as unknown as { events: { type: string; data: { id: number } }[] }
  return { store, exec, draftId: r.events.find((e) => e.type === 'InvoicingDraftSaved')!.data.id }
}

describe('finance invoices', () => {
  it('issue says in Polish what the company data lacks; then issues; list shows number, gross and state', async () => {
    const { store, exec, draftId } = await seeded()
    const refused = await run(['invoices', 'issue', String(draftId), '--user', ANNA], { store })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`Nie można wystawić faktury ${draftId}:`)
    expect(refused.stderr).toContain('companyName: Do faktury potrzebna jest nazwa firmy (dane firmy)')
    const listed = await run(['invoices', 'list', '--user', ANNA], { store })
    expect(listed.stdout).toMatch(/\(bez numeru\)\s+2026-03-15\s+3\s?141,00\szł\s+szkic\s+ACME sp\. z o\.o\./)
    await exec({
      type: 'SaveCompanyRecord',
      dataType: 'Invoice',
      data: companyInvoice({ invoiceAddress: companyAddress({ country: 'PL', region: '' }) }),
    })
    const issued = await run(['invoices', 'issue', String(draftId), '--user', ANNA], { store })
    expect(issued.code).toBe(0)
    expect(issued.stdout).toMatch(/Wystawiono fakturę FV\/2026\/03\/1 na 3\s?141,00\szł brutto\./)
    const json = await run(['invoices', 'list', '--user', ANNA, '--json'], { store })
    expect(JSON.parse(json.stdout)).toMatchObject([
      { id: draftId, number: 'FV/2026/03/1', gross: '3141.00', state: 'issued' },
    ])
    const again = await run(['invoices', 'issue', String(draftId), '--user', ANNA, '--lang', 'en'], { store })
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('id: This invoice is already issued')
    expect((await run(['invoices', 'issue', 'x', '--user', ANNA], { store })).code).toBe(2)
  })
  it('an invoice in euro at a rate the books hold: issued, the list shows its gross in euro', async () => {
    const { store, exec } = await seeded()
    await exec({
      type: 'SaveCompanyRecord',
      dataType: 'Invoice',
      data: {
        companyName: 'Kowalski IT',
        nip: '5260250274',
        ownerName: 'Jan',
        ownerLastName: 'Kowalski',
        regon: '',
        invoiceAddress: {
          country: 'PL',
          region: '',
          city: 'Warszawa',
          street: 'Prosta 1',
          postCode: '00-001',
          building: '1',
        },
      },
    })
    await exec({
      type: 'RecordCurrencyRates',
      source: 'nbpArchive',
      from: '2026-04-30',
      to: '2026-05-03',
      tables: [{ no: '084/A/NBP/2026', date: '2026-04-30', rates: { EUR: '4.2345' } }],
    })
    const r = (await exec({
      type: 'SaveInvoiceDraft',
      data: {
        currency: 'EUR',
        buyer: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1' },
        issueDate: '2026-05-04',
        lines: [{ name: 'Consulting', quantity: '10', unit: 'h', unitNet: '100.00', vat: '23' }],
      },
    })) as unknown as { events: { type: string; data: { id: number } }[] }
    const id = r.events.find((e) => e.type === 'InvoicingDraftSaved')!.data.id
    const issued = await run(['invoices', 'issue', String(id), '--user', ANNA], { store })
    expect(issued.code).toBe(0)
    expect(issued.stdout).toMatch(/Wystawiono fakturę FV\/2026\/05\/1 na 1\s?230,00 EUR brutto\./)
    const listed = await run(['invoices', 'list', '--user', ANNA], { store })
    expect(listed.stdout).toMatch(/FV\/2026\/05\/1\s+2026-05-04\s+1\s?230,00 EUR\s+wystawiona/)
  })
})
