import { ApiError } from '../../api/client.ts'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { importedResult, refusedResult } from './fixtures.ts'
import { KsefImportPage } from './KsefImportPage.tsx'
import type { KsefConnection, KsefOnlineApi, UnsentInvoice } from './onlineApi.ts'
import type { ImportFile, KsefImportResult } from './types.ts'

const meta: Meta = { title: 'KSeF import', parameters: { route: '/companydashboard/ksef' } }
export default meta
type Story = StoryObj

const report = (files: readonly ImportFile[]): KsefImportResult[] =>
  files.map((f, i) =>
    i === 0
      ? importedResult({
          fileName: f.file.name,
          documentNumber: 'FZ 12/03/2026',
          items: [{ id: 7, amount: '1000.00', percent: '23' }],
        })
      : i === 1
        ? {
            fileName: f.file.name,
            status: 'duplicate',
            kind: 'income',
            documentNumber: 'FV 3/03/2026',
            ksefNumber: null,
            items: [],
            problems: [{ code: 'VALIDATION', message: 'This document is already in the books' }],
            warnings: [],
          }
        : refusedResult(f.file.name, '2', "Element 'Faktura': No matching global declaration available"),
  )

/** Three files picked with the file chooser, imported: one expense, one duplicate, one refused by the schema. */
export const ImportReport: Story = {
  render: () => <KsefImportPage effects={{ importFiles: async (files) => report(files) }} />,
  play: async ({ canvasElement }) => {
    const inputs = canvasElement.querySelectorAll<HTMLInputElement>('[data-testid="ksef-files"]')
    for (const input of inputs) {
      await userEvent.upload(input, [
        new File(['<Faktura/>'], '7740001454-20260305-0100001AF629-4B.xml', { type: 'application/xml' }),
        new File(['<Faktura/>'], 'FV_3_03.xml', { type: 'application/xml' }),
        new File(['<x/>'], 'notes.xml', { type: 'application/xml' }),
      ])
    }
    const canvas = within(canvasElement)
    for (const button of canvas.getAllByRole('button', { name: /Import 3 files|Importuj 3 pliki/ }))
      await userEvent.click(button)
    const tables = await canvas.findAllByRole('table')
    await expect(tables).toHaveLength(inputs.length)
  },
}

/** Nothing picked yet: the drop zone and its keyboard-reachable chooser. */
export const Empty: Story = {
  render: () => <KsefImportPage effects={{ importFiles: async () => [] }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('button', { name: /Choose files|Wybierz pliki/ }).length).toBeGreaterThan(0)
  },
}

/** The KSeF connection of a user whose token is stored: in memory, as the API answers. */
const onlineServices = (
  extra: Partial<KsefConnection> = {},
  waiting: UnsentInvoice[] = [
    { id: 12, documentNumber: 'FV 7/2026', name: 'Wdrożenie systemu', date: '2026-03-18', amount: '12300.00' },
  ],
): KsefOnlineApi => {
  let connection: KsefConnection = {
    environment: 'TEST',
    hasToken: true,
    nip: '5260250274',
    highWaterMark: '2026-03-20T09:00:00.000Z',
    lastFetch: {
      at: '2026-03-20T09:00:00.000Z',
      ok: true,
      received: 3,
      imported: 2,
      duplicates: 1,
      refused: 0,
      error: null,
    },
    lastSend: null,
    offline24: false,
    certificate: null,
    pendingOffline: [],
    ...extra,
  }
  let unsent = waiting
  return {
    connection: async () => connection,
    unsent: async () => unsent,
    saveToken: async (_token, environment) => {
      connection = { ...connection, hasToken: true, environment }
      return connection
    },
    forgetToken: async () => {
      connection = { ...connection, hasToken: false }
      return connection
    },
    fetchNow: async () => connection.lastFetch!,
    send: async (id) => {
      unsent = unsent.filter((i) => i.id !== id)
      const ksefNumber = '5260250274-20260320-0100001AF629-1E'
      connection = { ...connection, lastSend: { at: '2026-03-20T10:00:00.000Z', itemId: id, ksefNumber } }
      return { itemId: id, ksefNumber }
    },
    issueOffline: async (id, mode = 'offline24', unavailabilityEnd = null) => {
      // The deadlines of tryby-offline.md for an issue on Friday 20 March 2026: offline24 the next working day; a
      // failure ended on 24 March, 7 working days after it; while it lasts, none yet.
      const deadline = mode === 'offline24' ? '2026-03-23' : unavailabilityEnd === null ? null : '2026-04-02'
      const p = {
        itemId: id,
        documentNumber: unsent.find((i) => i.id === id)?.documentNumber ?? '',
        mode,
        reason: 'chosen' as const,
        issueDate: '2026-03-20',
        unavailabilityEnd,
        deadline,
      }
      connection = { ...connection, pendingOffline: [...connection.pendingOffline, p] }
      return p
    },
    sendOffline: async () => ({ sent: 0, failed: 0 }),
    saveCertificate: async () => connection,
    forgetCertificate: async () => connection,
  }
}

/** The "Issue offline" buttons of FV 7/2026, one per copy of the screen, in turn. */
const ISSUE_OFFLINE = /Issue FV 7\/2026 offline|Wystaw FV 7\/2026 offline/
const ISSUE = /^(Issue offline|Wystaw offline)$/

/**
 * Opens the offline dialog of FV 7/2026 in each copy of the screen in turn (a modal dialog makes the others inert), lets
 * `act` work in it, and waits until it has closed.
 */
const inEachOfflineDialog = async (
  canvasElement: HTMLElement,
  act: (dialog: ReturnType<typeof within>) => Promise<void>,
): Promise<void> => {
  await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
  for (const button of within(canvasElement).getAllByRole('button', { name: ISSUE_OFFLINE })) {
    await userEvent.click(button)
    await act(within(await within(canvasElement.ownerDocument.body).findByRole('dialog')))
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('dialog[open]')).toBeNull())
  }
}

/** A user with a KSeF certificate of type Offline: an income issued offline shows its mode and deadline. */
export const Offline: Story = {
  render: () => (
    <KsefImportPage
      effects={{
        importFiles: async () => [],
        online: onlineServices({
          offline24: true,
          certificate: { serial: '01F20A5D352AE590', subject: 'CN=Jan Kowalski', validTo: '2028-11-26T00:00:00.000Z' },
        }),
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
    const canvas = within(canvasElement)
    expect(canvas.getAllByTestId('ksef-offline24')[0]?.textContent).toMatch(/01F20A5D352AE590/)
    // The dialog opens on offline24 (a certificate is kept) and issues it.
    await inEachOfflineDialog(canvasElement, async (dialog) => {
      expect((dialog.getByRole('combobox') as HTMLSelectElement).value).toBe('offline24')
      await userEvent.click(dialog.getByRole('button', { name: ISSUE }))
    })
    await waitFor(() =>
      expect(canvas.getAllByTestId('ksef-offline-state')[0]?.textContent).toMatch(
        /^(Offline, offline24: send to KSeF by 23 Mar 2026|Offline, offline24: wyślij do KSeF do 23 mar 2026)$/,
      ),
    )
  },
}

/**
 * A user without the certificate during a KSeF failure announced by the Ministry: offline24 cannot be chosen, the
 * failure's mode can, with the day it ended, and the waiting invoice shows its deadline.
 */
export const OfflineFailure: Story = {
  render: () => <KsefImportPage effects={{ importFiles: async () => [], online: onlineServices() }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await inEachOfflineDialog(canvasElement, async (dialog) => {
      const mode = dialog.getByRole('combobox') as HTMLSelectElement
      // Without the certificate the dialog opens on KSeF's unavailability, and offline24 is not issued.
      expect(mode.value).toBe('offline')
      await userEvent.selectOptions(mode, 'offline24')
      expect(dialog.getByRole('button', { name: ISSUE })).toBeDisabled()
      await userEvent.selectOptions(mode, 'awaryjny')
      await userEvent.type(
        dialog.getByRole('textbox', { name: /failure ended on|awaria skończyła się/i }),
        '2026-03-24',
      )
      await userEvent.click(dialog.getByRole('button', { name: ISSUE }))
    })
    await waitFor(() =>
      expect(canvas.getAllByTestId('ksef-offline-state')[0]?.textContent).toMatch(
        /^(Offline, emergency \(KSeF failure\): send to KSeF by 2 Apr 2026|Offline, awaryjny \(awaria KSeF\): wyślij do KSeF do 2 kwi 2026)$/,
      ),
    )
  },
}

/** An invoice that cannot be made (no company address): the dialog stays open and says why, in the screen's language. */
export const OfflineRefused: Story = {
  render: () => {
    const services = onlineServices()
    const refused = async (): Promise<never> => {
      throw new ApiError({
        status: 400,
        statusText: 'Bad Request',
        errors: ['The invoice address (street or building, and a country code) is required for an invoice'],
      })
    }
    return <KsefImportPage effects={{ importFiles: async () => [], online: { ...services, issueOffline: refused } }} />
  },
  play: async ({ canvasElement }) => {
    await inEachOfflineDialog(canvasElement, async (dialog) => {
      await userEvent.selectOptions(dialog.getByRole('combobox'), 'awaryjny')
      await userEvent.click(dialog.getByRole('button', { name: ISSUE }))
      const polish = dialog.queryByRole('button', { name: 'Anuluj' }) !== null
      expect((await dialog.findByRole('alert')).textContent).toBe(
        polish
          ? 'Do faktury potrzebny jest adres firmy (ulica lub numer budynku i kod kraju)'
          : 'The invoice address (street or building, and a country code) is required for an invoice',
      )
      // The choice made stays.
      expect((dialog.getByRole('combobox') as HTMLSelectElement).value).toBe('awaryjny')
      await userEvent.click(dialog.getByRole('button', { name: /^(Cancel|Anuluj)$/ }))
    })
    const canvas = within(canvasElement)
    expect(canvas.queryAllByTestId('ksef-offline-state')).toHaveLength(0)
  },
}

/** The connection with a stored token and the last fetch's result; the one income left to send is sent. */
export const Connection: Story = {
  render: () => <KsefImportPage effects={{ importFiles: async () => [], online: onlineServices() }} />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
    const canvas = within(canvasElement)
    expect(canvas.getAllByTestId('ksef-token-state').map((e) => e.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(Saved|Zapisany)$/)]),
    )
    expect(canvas.getAllByTestId('ksef-last-fetch')[0]?.textContent).toMatch(/(received|pobrano) 3/)
    // Offline24 invoices are said to be impossible without a certificate, in the screen's language.
    const polish = canvas.getAllByTestId('ksef-token-state')[0]?.textContent === 'Zapisany'
    expect(canvas.getAllByTestId('ksef-offline24')[0]?.textContent).toMatch(
      polish ? /^Faktur w trybie offline24 nie można wystawić/ : /^Offline24 invoices cannot be issued/,
    )
    for (const button of canvas.getAllByRole('button', { name: /Send FV 7\/2026 to KSeF|Wyślij FV 7\/2026 do KSeF/ }))
      await userEvent.click(button)
    await waitFor(() =>
      expect(
        canvas.getAllByText(
          /Every one-time company income is in KSeF\.|Wszystkie jednorazowe przychody firmy są już w KSeF\./,
        ),
      ).toHaveLength(canvasElement.querySelectorAll('.ksef-online').length),
    )
  },
}

/**
 * An income typed without a document number waits under its name: the row, its buttons' names and the offline
 * dialog's title say which invoice it is (not "Send  to KSeF"); a numbered one shows its number and its name.
 */
export const UnsentWithoutNumber: Story = {
  render: () => (
    <KsefImportPage
      effects={{
        importFiles: async () => [],
        online: onlineServices({}, [
          { id: 12, documentNumber: 'FV 7/2026', name: 'Wdrożenie systemu', date: '2026-03-18', amount: '12300.00' },
          { id: 15, documentNumber: '', name: 'Usługa IT marzec', date: '2026-03-10', amount: '12300.62' },
        ]),
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
    const canvas = within(canvasElement)
    const copies = canvasElement.querySelectorAll('.ksef-online').length
    const rows = [...canvasElement.querySelectorAll('.ksef-online__unsent li > span:first-child')].map((r) =>
      r.textContent?.replace(/\s/g, ' '),
    )
    expect(rows).toEqual(
      expect.arrayContaining([
        'FV 7/2026 · Wdrożenie systemu · 18 mar 2026 · 12 300,00 zł',
        'Usługa IT marzec · 10 mar 2026 · 12 300,62 zł',
        'FV 7/2026 · Wdrożenie systemu · 18 Mar 2026 · PLN 12,300.00',
        'Usługa IT marzec · 10 Mar 2026 · PLN 12,300.62',
      ]),
    )
    expect(
      canvas.getAllByRole('button', { name: /^(Send Usługa IT marzec to KSeF|Wyślij Usługa IT marzec do KSeF)$/ }),
    ).toHaveLength(copies)
    const offline = canvas.getAllByRole('button', {
      name: /^(Issue Usługa IT marzec offline|Wystaw Usługa IT marzec offline)$/,
    })
    expect(offline).toHaveLength(copies)
    await userEvent.click(offline[0]!)
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog')
    expect(within(dialog).getByRole('heading').textContent).toMatch(
      /^(Issue Usługa IT marzec offline|Wystaw Usługa IT marzec offline)$/,
    )
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Cancel|Anuluj)$/ }))
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('dialog[open]')).toBeNull())
  },
}
