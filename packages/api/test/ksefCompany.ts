/** A user with the company data an invoice needs (NIP, contact, addresses, invoice data, VAT and PIT settings). */
import type { KsefSimulator } from '@finance/ksef/testing'
import { afterEach, expect } from 'vitest'
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

/** {@link ksefCompany}, connected to the KSeF simulator `sim` by its token. */
export async function ksefConnected(h: Harness, sim: KsefSimulator) {
  const company = await ksefCompany(h)
  await call(h.app, company.t, 'PUT', '/api/ksef/connection', { token: sim.token })
  return company
}

/**
 * Closes a test's harness and KSeF simulator after each test, checking that the simulator saw no breach of KSeF's
 * open-api.json: `closeAfterEach(() => ({ h, sim }))` with the test file's own `let h` and `let sim`.
 */
export const closeAfterEach = (opened: () => { readonly h?: Harness; readonly sim: KsefSimulator }): void =>
  afterEach(async () => {
    const { h, sim } = opened()
    await h?.close()
    expect(sim.violations).toEqual([])
    await sim.close()
  })
