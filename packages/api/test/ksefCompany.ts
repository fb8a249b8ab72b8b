/** A user with the company data an invoice needs (NIP, contact, addresses, invoice data, VAT and PIT settings). */
import { bodies } from './fixtures.ts'
import { call, type Harness } from './helpers.ts'

export async function ksefCompany(h: Harness, email = 'a@example.com') {
  const t = await h.user(email)
  const post = async (path: string, dataType: string, dataObject: unknown) => {
    const res = await call(h.app, t, 'POST', `/api/${path}`, { dataType, dataObject })
    if (res.statusCode >= 300) throw new Error(`${dataType}: ${res.body}`)
    return res.json() as { id: number }
  }
  await post('config', 'Primary', { ...bodies.Primary, birthDate: '1985-04-02', taxOfficeCode: '1471' })
  await post('config', 'Contact', bodies.Contact)
  await post('config', 'Addresses', bodies.Addresses)
  await post('config', 'Invoice', bodies.Invoice)
  await post('fee', 'Vat', bodies.Vat)
  await post('fee', 'Pit', bodies.Pit)
  return { t, post }
}
