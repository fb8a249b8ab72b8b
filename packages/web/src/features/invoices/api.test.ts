import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../api/client.ts'
import { createInvoicesApi } from './api.ts'

/** A client answering the lists of company records as the API does: `[]` for a type with none. */
const client = (records: Record<string, unknown[]>, asked: string[]) =>
  ({
    get: async (path: string) => {
      asked.push(path)
      const type = /^config\/GetListByType\/(\w+)$/.exec(path)?.[1]
      if (type === undefined) throw Object.assign(new Error('Not Found'), { status: 404 })
      return records[type] ?? []
    },
  }) as unknown as ApiClient

const primary = {
  dataObject: { companyName: 'Kowalski IT', nip: '5260250274' },
}

describe('the invoices screen’s seller', () => {
  it('reads the company’s records from their lists, so a company without invoice data asks nothing that fails', async () => {
    const asked: string[] = []
    expect(await createInvoicesApi(client({ Primary: [primary] }, asked)).seller()).toEqual({
      name: 'Kowalski IT',
      nip: '5260250274',
      address: '',
    })
    expect(asked).toEqual(['config/GetListByType/Invoice', 'config/GetListByType/Primary'])
  })

  it('takes the invoice data first, with its address, and says none when neither exists', async () => {
    const invoice = {
      dataObject: {
        companyName: 'Kowalski IT sp. j.',
        nip: '5260250274',
        invoiceAddress: { street: 'Prosta', building: '1', postCode: '00-001', city: 'Warszawa' },
      },
    }
    const asked: string[] = []
    expect(await createInvoicesApi(client({ Invoice: [invoice], Primary: [primary] }, asked)).seller()).toEqual({
      name: 'Kowalski IT sp. j.',
      nip: '5260250274',
      address: 'Prosta 1, 00-001 Warszawa',
    })
    expect(asked).toEqual(['config/GetListByType/Invoice'])
    expect(await createInvoicesApi(client({}, [])).seller()).toBeNull()
  })
})
