import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { KsefImportPage } from './KsefImportPage.tsx'
import type { ImportFile, KsefImportResult } from './types.ts'

const meta: Meta = { title: 'KSeF import', parameters: { route: '/companydashboard/ksef' } }
export default meta
type Story = StoryObj

const report = (files: readonly ImportFile[]): KsefImportResult[] =>
  files.map((f, i) =>
    i === 0
      ? {
          fileName: f.file.name,
          status: 'imported',
          kind: 'expense',
          documentNumber: 'FZ 12/03/2026',
          ksefNumber: '7740001454-20260305-0100001AF629-AF',
          items: [{ id: 7, amount: '1000.00', percent: '23' }],
          problems: [],
          warnings: [],
        }
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
        : {
            fileName: f.file.name,
            status: 'refused',
            kind: null,
            documentNumber: null,
            ksefNumber: null,
            items: [],
            problems: [
              {
                code: 'SCHEMA',
                message: 'Not a valid FA(3) invoice',
                params: { line: '2', detail: "Element 'Faktura': No matching global declaration available" },
              },
            ],
            warnings: [],
          },
  )

/** Three files picked with the file chooser, imported: one expense, one duplicate, one refused by the schema. */
export const ImportReport: Story = {
  render: () => <KsefImportPage effects={{ importFiles: async (files) => report(files) }} />,
  play: async ({ canvasElement }) => {
    const inputs = canvasElement.querySelectorAll<HTMLInputElement>('[data-testid="ksef-files"]')
    for (const input of inputs) {
      await userEvent.upload(input, [
        new File(['<Faktura/>'], '7740001454-20260305-0100001AF629-AF.xml', { type: 'application/xml' }),
        new File(['<Faktura/>'], 'FV_3_03.xml', { type: 'application/xml' }),
        new File(['<x/>'], 'notes.xml', { type: 'application/xml' }),
      ])
    }
    const canvas = within(canvasElement)
    for (const button of canvas.getAllByRole('button', { name: /Import 3 files|Importuj pliki: 3/ }))
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
