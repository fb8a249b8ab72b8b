import { createMemoryStore } from '@finance/event-store'
import { isDomainError, type LedgerCommand } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { executeBooks } from '../../src/commands/execute.ts'
import { importBankStatements } from '../../src/imports/bank/import.ts'
import { apiWhiteList } from '../../src/whitelist/api.ts'
import { checkWhiteList } from '../../src/whitelist/check.ts'
import {
  checkFlatFile,
  flatFileHash,
  flatFileWhiteList,
  maskedAccounts,
  readFlatFile,
} from '../../src/whitelist/flatFile.ts'
import { WhiteListError } from '../../src/whitelist/port.ts'
import { writeFlatFile } from './flatFile.ts'

const NIP = '5260250274'
const ACCOUNT = '27114020040000300201355387'
const bytes = (s: string) => new TextEncoder().encode(s)

describe('the flat file of the VAT payers list', () => {
  it('hashes date + NIP + account with SHA-512 iterated on the hex digits', () => {
    // One iteration is plain SHA-512 of the text; two hash the first result's hex digits again.
    const once = flatFileHash('20261127', NIP, ACCOUNT, 1)
    expect(once).toMatch(/^[0-9a-f]{128}$/)
    expect(flatFileHash('20261127', NIP, ACCOUNT, 2)).toBe(flatFileHash('', '', once, 1))
  })

  it('finds an active and an exempt payer, and says absent for an account not on the list', () => {
    const file = readFlatFile(
      bytes(writeFlatFile({ date: '2026-11-27', active: [[NIP, ACCOUNT]], exempt: [['7831916366', ACCOUNT]] })),
    )
    expect(file).toMatchObject({ date: '2026-11-27', iterations: 5000, active: 4, exempt: 1 })
    expect(checkFlatFile(file, { nip: NIP, account: ACCOUNT })).toEqual({
      result: 'active',
      listDate: '2026-11-27',
      requestId: null,
    })
    expect(checkFlatFile(file, { nip: '7831916366', account: ACCOUNT }).result).toBe('exempt')
    expect(checkFlatFile(file, { nip: NIP, account: ACCOUNT.replace(/7$/, '8') }).result).toBe('absent')
  })

  it('finds a virtual account through its mask', () => {
    // The bank 1140 2004's collection accounts: the digits after the bank's number identify the payer.
    const mask = 'XX11402004YYYYYYYYXXXXXXXX'
    const virtual = '51114020041234567800000042'
    expect(maskedAccounts(virtual, [mask, 'XX10501038YYYYYYYYXXXXXXXX'])).toEqual(['XX1140200412345678XXXXXXXX'])
    const file = readFlatFile(
      bytes(
        writeFlatFile({
          date: '2026-11-27',
          iterations: 10,
          active: [[NIP, 'XX1140200412345678XXXXXXXX']],
          masks: [mask],
        }),
      ),
    )
    expect(checkFlatFile(file, { nip: NIP, account: virtual }).result).toBe('active')
  })

  it('refuses what is not a flat file, with the reason', () => {
    const good = writeFlatFile({ date: '2026-11-27', iterations: 10 })
    const cases: [string, string][] = [
      ['<xml/>', 'whitelist.file.notJson'],
      [good.replace('20261127', '20261131'), 'whitelist.file.date'],
      [good.replace('"10"', '"ten"'), 'whitelist.file.iterations'],
      [good.replace(/"[0-9a-f]{128}"/, '"abc"'), 'whitelist.file.hash'],
      [good.replace('skrotyPodatnikowZwolnionych', 'inne'), 'whitelist.file.section'],
      [good.replace('"maski": []', '"maski": ["123"]'), 'whitelist.file.masks'],
    ]
    for (const [text, code] of cases) {
      let error: unknown = null
      try {
        readFlatFile(bytes(text))
      } catch (e) {
        error = e
      }
      expect(error instanceof WhiteListError && error.code, code).toBe(code)
    }
  })
})

describe('the white list API adapter (recorded answers of wl-api.mf.gov.pl)', () => {
  const recorded = (status: number, body: unknown) => {
    const urls: string[] = []
    const get = async (url: string) => {
      urls.push(url)
      return { status, json: async () => body }
    }
    return { urls, list: apiWhiteList(get) }
  }

  it('asks the check endpoint and keeps the request id', async () => {
    const { urls, list } = recorded(200, {
      result: { accountAssigned: 'TAK', requestDateTime: '27-11-2026 10:15:02', requestId: 'd2n10-84df1a1' },
    })
    expect(await list.check({ nip: NIP, account: ACCOUNT, date: '2026-11-20' })).toEqual({
      result: 'listed',
      listDate: '2026-11-20',
      requestId: 'd2n10-84df1a1',
    })
    expect(urls).toEqual([`https://wl-api.mf.gov.pl/api/check/nip/${NIP}/bank-account/${ACCOUNT}?date=2026-11-20`])
    const no = recorded(200, { result: { accountAssigned: 'NIE', requestId: 'x1' } })
    expect((await no.list.check({ nip: NIP, account: ACCOUNT, date: '2026-11-20' }))?.result).toBe('absent')
  })

  it('reports a refused query with the API code', async () => {
    const { list } = recorded(400, { code: 'WL-113', message: 'Pole NIP ma nieprawidłową długość.' })
    await expect(list.check({ nip: '123', account: ACCOUNT, date: '2026-11-20' })).rejects.toMatchObject({
      code: 'whitelist.api.refused',
      message: expect.stringContaining('WL-113'),
    })
  })
})

describe('checking the books against a flat file', () => {
  it('keeps the evidence of a large payment and warns when the account is not on the list', async () => {
    const store = createMemoryStore()
    const user = 'u1'
    const at = '2026-11-27T10:00:00.000Z'
    const exec = async (c: Record<string, unknown>) => {
      const r = await executeBooks(store, user, { at, userId: user, ...c } as LedgerCommand)
      if (isDomainError(r)) throw new Error(JSON.stringify(r))
    }
    await exec({ type: 'AddSetting', kind: 'Vat', data: { date: '2026-01-01', percent: '23', paymentInterval: 1 } })
    await exec({
      type: 'AddItem',
      dataType: 'Expense',
      data: {
        date: '2026-11-02',
        name: 'Server',
        amount: '20000.00',
        isCompany: true,
        percent: '23',
        invoiceDate: '2026-11-02',
        documentNumber: 'FZ/11/2026',
        counterparty: { name: 'Hardware sp. z o.o.', taxId: NIP, country: 'PL', address: '' },
      },
    })
    const report = await importBankStatements(
      store,
      user,
      [
        {
          fileName: 'nov.sta',
          statements: [
            {
              format: 'mt940',
              variant: 'generic',
              account: 'PL61109010140000071219812874',
              currency: 'PLN',
              openingDate: '2026-11-20',
              closingDate: '2026-11-20',
              openingBalance: '30000.00',
              closingBalance: '5400.00',
              lines: [
                {
                  bookingDate: '2026-11-20',
                  valueDate: '2026-11-20',
                  amount: '-24600.00',
                  currency: 'PLN',
                  title: 'Zapłata FZ/11/2026',
                  counterpartyAccount: `PL${ACCOUNT}`,
                },
              ],
            },
          ],
        },
      ],
      () => new Date(at),
    )
    expect(report.imported).toBe(1)
    // A list of a day before the payment answers nothing; the list of a later day is kept.
    const early = flatFileWhiteList(readFlatFile(bytes(writeFlatFile({ date: '2026-11-19', iterations: 20 }))))
    expect((await checkWhiteList(store, user, early, () => new Date(at))).checked).toBe(0)
    const absent = flatFileWhiteList(readFlatFile(bytes(writeFlatFile({ date: '2026-11-27', iterations: 20 }))))
    const first = await checkWhiteList(store, user, absent, () => new Date(at))
    expect(first).toMatchObject({ checked: 1, recorded: 1 })
    expect(first.payments[0]).toMatchObject({ warning: true, check: { result: 'absent', listDate: '2026-11-27' } })
    const sameDay = flatFileWhiteList(
      readFlatFile(bytes(writeFlatFile({ date: '2026-11-20', iterations: 20, active: [[NIP, ACCOUNT]] }))),
    )
    const second = await checkWhiteList(store, user, sameDay, () => new Date(at))
    expect(second.payments[0]).toMatchObject({ warning: false, check: { result: 'active', listDate: '2026-11-20' } })
    // Nothing better than the payment's own day: a later list changes nothing.
    expect((await checkWhiteList(store, user, absent, () => new Date(at))).recorded).toBe(0)
  })
})
