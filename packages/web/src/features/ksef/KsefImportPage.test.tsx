import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError, type ApiClient } from '../../api/client.ts'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { batchesOf, createKsefApi } from './api.ts'
import { importedResult, refusedResult } from './fixtures.ts'
import { KsefImportPage } from './KsefImportPage.tsx'
import type { ImportFile, KsefImportResult } from './types.ts'

const file = (name: string, text = '<Faktura/>'): File => new File([text], name, { type: 'application/xml' })

const imported = importedResult()
const refused = refusedResult(
  'notes.xml',
  '1',
  "Element 'Invoice': No matching global declaration available for the validation root.",
)

const renderPage = async (
  importFiles: (files: readonly ImportFile[]) => Promise<KsefImportResult[]>,
  locale: 'pl' | 'en' = 'en',
) => {
  render(withProviders(await i18nFor(locale), <KsefImportPage effects={{ importFiles }} />))
}

describe('KsefImportPage', () => {
  it('writes a file size with a decimal comma in Polish', async () => {
    await renderPage(
      vi.fn(async () => []),
      'pl',
    )
    const input = screen.getByTestId('ksef-files') as HTMLInputElement
    const big = file('big.xml')
    Object.defineProperty(big, 'size', { value: 4500 })
    fireEvent.change(input, { target: { files: [big] } })
    expect(await screen.findByText('4,5 kB')).toBeTruthy()
  })

  it('lists the chosen XML files, lets one be removed, imports the rest and reports per file', async () => {
    const importFiles = vi.fn(async () => [imported, refused])
    await renderPage(importFiles)
    const input = screen.getByTestId('ksef-files') as HTMLInputElement
    fireEvent.change(input, {
      target: { files: [file(imported.fileName), file('notes.xml'), file('photo.png'), file('extra.xml')] },
    })
    const list = screen.getByRole('heading', { name: 'Files to import (3)' }).parentElement!
    // Not an XML file: not picked.
    expect(within(list).queryByText('photo.png')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Remove extra.xml' }))
    // A file whose name carries no KSeF number gets a field for it.
    expect(screen.queryByLabelText(`KSeF number of ${imported.fileName}`)).toBeNull()
    fireEvent.change(screen.getByLabelText('KSeF number of notes.xml'), {
      target: { value: '5260250274-20260306-0100001AF629-23' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 files' }))
    await waitFor(() => expect(importFiles).toHaveBeenCalledTimes(1))
    expect((importFiles.mock.calls[0] as unknown as [ImportFile[]])[0].map((f) => [f.file.name, f.ksefNumber])).toEqual(
      [
        [imported.fileName, ''],
        ['notes.xml', '5260250274-20260306-0100001AF629-23'],
      ],
    )
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([imported.fileName, 'Imported as an expense', 'FZ 1/03', imported.ksefNumber, ''])
    expect(within(rows[1]!).getAllByRole('cell')[1]!.textContent).toBe('Refused')
    expect(within(rows[1]!).getAllByRole('cell')[4]!.textContent).toBe(
      'The file is not an FA(3) invoice: its main element is Invoice, not Faktura (line 1)',
    )
    // The picked list is emptied after an import.
    expect(screen.queryByRole('heading', { name: /Files to import/ })).toBeNull()
  })

  it('accepts files dropped on the drop zone, and speaks Polish', async () => {
    const importFiles = vi.fn(async () => [{ ...imported, kind: 'income' as const }])
    await renderPage(importFiles, 'pl')
    const zone = screen.getByRole('region', { name: 'Strefa upuszczania plików FA(3)' })
    fireEvent.drop(zone, { dataTransfer: { files: [file('a.xml')] } })
    fireEvent.click(screen.getByRole('button', { name: 'Importuj 1 plik' }))
    expect(await screen.findByText('Zaimportowano jako przychód')).toBeTruthy()
  })

  it('says in Polish that a purchase received in KSeF a month later is deducted then, the cost keeping its date', async () => {
    const message =
      "Received in KSeF on 2026-11-02, in a later month than its date: its VAT is deducted no earlier than in that month; the cost keeps the invoice's date"
    const importFiles = vi.fn(async () => [
      { ...imported, warnings: [{ code: 'RECEIVED_LATER', message, params: { date: '2026-11-02' } }] },
    ])
    await renderPage(importFiles, 'pl')
    fireEvent.change(screen.getByTestId('ksef-files'), { target: { files: [file('a.xml')] } })
    fireEvent.click(screen.getByRole('button', { name: 'Importuj 1 plik' }))
    const table = await screen.findByRole('table')
    const note = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[4]!.textContent
    // The date as the app writes dates.
    expect(note).toMatch(/^Otrzymana w KSeF 2\slis\s2026, w miesiącu późniejszym niż jej data: jej VAT odlicza się/)
    expect(note).toContain('koszt zostaje pod datą faktury')
    expect(note).not.toContain('2026-11-02')
  })

  it('keeps the files and says why when the request fails', async () => {
    const importFiles = vi.fn(async () => {
      throw new ApiError({ status: 400, statusText: 'Bad Request', errors: ['At most 250 files at once'] })
    })
    await renderPage(importFiles)
    fireEvent.change(screen.getByTestId('ksef-files'), { target: { files: [file('a.xml')] } })
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 file' }))
    await waitFor(() => expect(importFiles).toHaveBeenCalled())
    expect(await screen.findByRole('button', { name: 'Import 1 file' })).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})

describe('the import requests', () => {
  it('send at most 250 files and 10 MB a request, in the order picked, with the KSeF numbers entered', async () => {
    const picked: ImportFile[] = Array.from({ length: 600 }, (_, i) => ({
      file: { name: `${i}.xml`, size: 1000, text: async () => `<x${i}/>` },
      ksefNumber: i === 0 ? '5260250274-20260306-0100001AF629-23' : '',
    }))
    expect(batchesOf(picked).map((b) => b.length)).toEqual([250, 250, 100])
    const big: ImportFile[] = [
      { file: { name: 'a', size: 6e6, text: async () => '' }, ksefNumber: '' },
      { file: { name: 'b', size: 6e6, text: async () => '' }, ksefNumber: '' },
    ]
    expect(batchesOf(big).map((b) => b.length)).toEqual([1, 1])
    const post = vi.fn(async (_path: string, body: unknown) => ({
      results: (body as { files: { fileName: string }[] }).files.map((f) => ({ ...imported, fileName: f.fileName })),
    }))
    const client = { post } as unknown as ApiClient
    const results = await createKsefApi(client).importFiles(picked)
    expect(post).toHaveBeenCalledTimes(3)
    expect(post.mock.calls[0]![0]).toBe('ksef/import')
    expect(results.map((r) => r.fileName)).toEqual(picked.map((p) => p.file.name))
    const first = (post.mock.calls[0]![1] as { files: Record<string, unknown>[] }).files
    expect(first[0]).toEqual({ fileName: '0.xml', xml: '<x0/>', ksefNumber: '5260250274-20260306-0100001AF629-23' })
    expect(first[1]).toEqual({ fileName: '1.xml', xml: '<x1/>' })
  })
})
