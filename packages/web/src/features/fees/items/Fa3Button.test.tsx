import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../api/client.ts'
import { messageStore } from '../../../ui/messages.tsx'
import { memoryServices } from '../../../forms/index.ts'
import { renderWith } from '../../../forms/testing.ts'
import { i18nFor, withProviders } from '../../dashboard/testing.tsx'
import { Fa3Button } from './Fa3Button.tsx'
import { ItemsPage } from './ItemsPage.tsx'

const income = (id: number, isCompany: boolean) => ({
  id,
  dataType: 'Income',
  eventType: 'Fixed income add/update/delete',
  dataObject: {
    date: '2026-03-05',
    name: `Invoice ${id}`,
    amount: '1000.00',
    isCompany,
    percent: '23',
    invoiceDate: null,
  },
})

describe('the FA(3) invoice of an income', () => {
  it('is offered on a one-time company income only', async () => {
    await renderWith(
      <ItemsPage dataType="Income" today="2026-03-15" />,
      memoryServices([income(1, true), income(2, false)]),
    )
    const company = (await screen.findByRole('heading', { name: 'Invoice 1' })).closest('section') as HTMLElement
    const personal = screen.getByRole('heading', { name: 'Invoice 2' }).closest('section') as HTMLElement
    expect(company.textContent).toContain('Download FA(3) invoice')
    expect(personal.textContent).not.toContain('Download FA(3) invoice')
  })

  it('is downloaded, and what it still needs is said', async () => {
    const saved: string[] = []
    const download = async (id: number) => ({ fileName: `FA3_${id}.xml`, xml: '<Faktura/>' })
    render(
      withProviders(await i18nFor('en'), <Fa3Button id={7} download={download} save={(f) => saved.push(f.fileName)} />),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Download FA(3) invoice' }))
    await waitFor(() => expect(saved).toEqual(['FA3_7.xml']))
    const failing = async (): Promise<never> => {
      throw new ApiError({
        status: 400,
        statusText: 'Bad Request',
        errors: ['The buyer’s name is required for an invoice'],
        fieldErrors: { 'counterparty.name': 'The buyer’s name is required for an invoice' },
      })
    }
    render(withProviders(await i18nFor('en'), <Fa3Button id={8} download={failing} save={() => {}} />))
    fireEvent.click(screen.getAllByRole('button', { name: 'Download FA(3) invoice' })[1]!)
    await waitFor(() =>
      expect(messageStore.getSnapshot().map((m) => m.text)).toContain('The buyer’s name is required for an invoice'),
    )
  })
})
