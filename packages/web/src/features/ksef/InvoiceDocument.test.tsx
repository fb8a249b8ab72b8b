import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError, type ApiClient } from '../../api/client.ts'
import { messageStore } from '../../ui/messages.tsx'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { downloadInvoicePdf, InvoiceDocument } from './InvoiceDocument.tsx'

describe('the invoice PDF and preview', () => {
  it('downloads the PDF in the user’s language, named as the server names it', async () => {
    const asked: string[] = []
    const client = {
      get: async (path: string, o: { binary?: boolean; onHeaders?: (h: Headers) => void }) => {
        asked.push(`${path} ${o.binary}`)
        o.onHeaders?.(new Headers({ 'content-disposition': 'attachment; filename="FV_7_2026.pdf"' }))
        return new Uint8Array([0x25, 0x50, 0x44, 0x46])
      },
    } as unknown as ApiClient
    const file = await downloadInvoicePdf({ id: 7, lang: 'en' }, client)
    expect(asked).toEqual(['ksef/invoices/7/pdf?lang=en true'])
    expect(file.fileName).toBe('FV_7_2026.pdf')
    expect([...file.bytes]).toEqual([0x25, 0x50, 0x44, 0x46])
  })

  it('saves the PDF, shows the preview in a sandboxed frame, and says why it cannot', async () => {
    const saved: string[] = []
    const download = async ({ id, lang }: { id: number; lang: string }) => ({
      fileName: `${id}-${lang}.pdf`,
      bytes: new Uint8Array([1]),
    })
    const preview = async () => '<p>Faktura VAT FV 7/2026</p>'
    render(
      withProviders(
        await i18nFor('pl'),
        <InvoiceDocument id={7} download={download} save={(f) => saved.push(f.fileName)} preview={preview} />,
      ),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Faktura PDF' }))
    await waitFor(() => expect(saved).toEqual(['7-pl.pdf']))
    fireEvent.click(screen.getByRole('button', { name: 'Podgląd faktury' }))
    const frame = (await screen.findByTitle('Podgląd faktury')) as HTMLIFrameElement
    expect(frame.getAttribute('srcdoc')).toBe('<p>Faktura VAT FV 7/2026</p>')
    expect(frame.getAttribute('sandbox')).toBe('')
    fireEvent.click(screen.getByRole('button', { name: 'Ukryj podgląd' }))
    expect(screen.queryByTitle('Podgląd faktury')).toBeNull()

    const failing = async (): Promise<never> => {
      throw new ApiError({
        status: 404,
        statusText: 'Not Found',
        errors: ['No FA(3) file is kept for this expense: only invoices fetched from KSeF can be shown'],
      })
    }
    render(withProviders(await i18nFor('pl'), <InvoiceDocument id={8} download={failing} save={() => {}} />))
    fireEvent.click(screen.getAllByRole('button', { name: 'Faktura PDF' })[1]!)
    await waitFor(() =>
      expect(messageStore.getSnapshot().map((m) => m.text)).toContain(
        'Dla tego kosztu nie ma pliku FA(3): pokazać można tylko faktury pobrane z KSeF',
      ),
    )
  })
})
