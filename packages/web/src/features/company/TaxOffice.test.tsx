/** Primary data: the tax office from the official list, and the dates the tax files and the law need. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PrimaryPanel } from './CompanyPanels.tsx'
import { memoryServices } from '../../forms/index.ts'
import { companyRecords } from './test/fixtures.tsx'
import { renderWith } from '../../forms/testing.ts'

describe('Primary data: tax office and dates', () => {
  it('suggests the official tax offices, names the chosen one and saves its code with the dates', async () => {
    const primary = companyRecords.filter((r) => r.dataType === 'Primary')
    const services = memoryServices(primary)
    await renderWith(<PrimaryPanel />, services)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    const office = screen.getByLabelText('Tax office') as HTMLInputElement
    const list = document.getElementById(office.getAttribute('list') ?? '') as HTMLDataListElement
    expect(list.options).toHaveLength(400)
    expect(list.querySelector('option[value="1471"]')?.getAttribute('label')).toBe(
      'PIERWSZY MAZOWIECKI URZĄD SKARBOWY W WARSZAWIE',
    )
    fireEvent.change(office, { target: { value: '1471' } })
    expect(screen.getByText('PIERWSZY MAZOWIECKI URZĄD SKARBOWY W WARSZAWIE')).toBeTruthy()
    fireEvent.change(screen.getByLabelText("Owner's date of birth"), { target: { value: '1985-04-02' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(services.records()[0]!.dataObject.taxOfficeCode).toBe('1471'))
    expect(services.records()[0]!.dataObject).toMatchObject({
      birthDate: '1985-04-02',
      companyName: 'Kowalski Consulting',
    })
    const values = await screen.findByText('1471 — PIERWSZY MAZOWIECKI URZĄD SKARBOWY W WARSZAWIE')
    expect(within(values.closest('dl') as HTMLElement).getByText('2 Apr 1985')).toBeTruthy()
  })

  it('refuses a code that is not on the official list', async () => {
    const services = memoryServices(companyRecords.filter((r) => r.dataType === 'Primary'))
    await renderWith(<PrimaryPanel />, services)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    fireEvent.change(screen.getByLabelText('Tax office'), { target: { value: '1400' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Tax office code is not on the official list of tax offices')).toBeTruthy()
    expect(services.records()[0]!.dataObject.taxOfficeCode).toBeUndefined()
  })
})
