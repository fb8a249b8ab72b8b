import { describe, expect, it } from 'vitest'
import { ApiError, type ApiClient } from '../../api/client.ts'
import type { RecordDto } from './records.ts'
import { apiServices } from './services.ts'

/** An API over `lists` by type that answers 404 for what GetByType would not find, recording every path asked. */
const fakeApi = (lists: Record<string, RecordDto[]>) => {
  const asked: string[] = []
  const client: ApiClient = {
    async get<T>(path: string) {
      asked.push(path)
      const list = /GetListByType\/(\w+)$/.exec(path)
      if (list) return (lists[list[1]!] ?? []) as T
      throw new ApiError({ status: 404, statusText: 'Not Found', errors: ['Not found'] })
    },
    post: async () => Promise.reject(new Error('no writes')),
    put: async () => Promise.reject(new Error('no writes')),
    del: async () => Promise.reject(new Error('no writes')),
  }
  return { client, asked }
}

const pit = (id: number, date: string): RecordDto => ({
  id,
  dataType: 'Pit',
  eventType: '0_Config',
  dataObject: { date, taxType: 'Scale' },
})

describe('apiServices.getCurrent', () => {
  it('reads a company record or setting that does not exist yet as empty, without asking for a 404', async () => {
    const { client, asked } = fakeApi({})
    const services = apiServices(client, () => '2026-11-27')
    expect(await services.getCurrent('Primary')).toBeNull()
    expect(await services.getCurrent('Addresses')).toBeNull()
    expect(await services.getCurrent('Pit')).toBeNull()
    expect(asked).toEqual(['config/GetListByType/Primary', 'config/GetListByType/Addresses', 'fee/GetListByType/Pit'])
  })

  it('picks the setting in force today as GetByType does: the latest date not after today, the later id on a tie', async () => {
    const { client } = fakeApi({
      Pit: [pit(4, '2027-01-01'), pit(2, '2026-01-01'), pit(3, '2026-01-01'), pit(1, '2025-01-01')],
    })
    expect((await apiServices(client, () => '2026-11-27').getCurrent('Pit'))?.id).toBe(3)
    expect((await apiServices(client, () => '2025-06-30').getCurrent('Pit'))?.id).toBe(1)
    expect(await apiServices(client, () => '2024-12-31').getCurrent('Pit')).toBeNull()
  })

  it('still reads the latest item by GetByType, where none is an answer of 404', async () => {
    const { client, asked } = fakeApi({})
    expect(await apiServices(client).getCurrent('Income')).toBeNull()
    expect(asked).toEqual(['revenue/GetByType/Income'])
  })
})
