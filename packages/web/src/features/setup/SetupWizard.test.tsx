import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { type OwedRow, SetupWizard } from './SetupWizard.tsx'
import type { SetupBody } from './setupPlan.ts'

const zus = (month: string): OwedRow => ({
  id: `zus-${month}`,
  date: `${month}-20`,
  eventType: '5_SocialSecurity',
  dataObject: { sum: '1926.76', dueDate: `${month}-20` },
})

const renderWizard = async (locale: 'pl' | 'en' = 'en') => {
  const saved: SetupBody[] = []
  const effects = {
    setUp: vi.fn(async (body: SetupBody) => void saved.push(body)),
    loadMonth: vi.fn(async (date: string) => [zus(date.slice(0, 7))]),
  }
  render(withProviders(await i18nFor(locale), <SetupWizard effects={effects} today="2026-11-27" />))
  return { effects, saved }
}

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const next = () => fireEvent.submit(screen.getByRole('heading', { level: 2 }).closest('form')!)

describe('SetupWizard', () => {
  it('reopened from Settings, starts from the company data on file', async () => {
    const effects = {
      setUp: vi.fn(async () => undefined),
      loadMonth: vi.fn(async () => []),
      loadCompany: vi.fn(async () => ({
        companyName: 'Kowalski IT',
        nip: '5260250274',
        ownerName: 'Jan',
        ownerLastName: 'Kowalski',
        taxOfficeCode: '1471',
        businessStartDate: '2025-07-15',
        vatRegistrationDate: '2025-08-01',
      })),
    }
    render(withProviders(await i18nFor('en'), <SetupWizard effects={effects} today="2026-11-27" />))
    await waitFor(() => expect((screen.getByLabelText('Company name') as HTMLInputElement).value).toBe('Kowalski IT'))
    expect((screen.getByLabelText('NIP') as HTMLInputElement).value).toBe('5260250274')
    expect((screen.getByLabelText('The business started on') as HTMLInputElement).value).toBe('2025-07-15')
    next()
    await screen.findByRole('heading', { name: 'Step 2 of 5: VAT' })
    expect(screen.getByDisplayValue('2025-08-01')).toBeTruthy()
  })

  it('checks each step before the next, in Polish, and names the field', async () => {
    await renderWizard('pl')
    expect(screen.getByRole('heading', { name: 'Krok 1 z 5: Twoja firma' })).toBeTruthy()
    fill('NIP', '12345')
    next()
    expect(await screen.findByText('NIP musi mieć dziesięć cyfr')).toBeTruthy()
    // The company name and the tax office are still empty.
    expect(screen.getAllByText('Uzupełnij to pole')).toHaveLength(2)
    // Still on the first step: nothing goes on with a problem left.
    expect(screen.getByRole('heading', { name: 'Krok 1 z 5: Twoja firma' })).toBeTruthy()
  })

  it('warns of a NIP whose check digit does not hold, as the company page does, and goes on only when told to', async () => {
    await renderWizard('pl')
    fill('Nazwa firmy', 'Kowalski IT')
    fill('NIP', '1234567890')
    fill('Urząd skarbowy', '1471')
    next()
    expect(await screen.findByText('Nieprawidłowa suma kontrolna NIP')).toBeTruthy()
    expect(screen.getByLabelText('NIP').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('heading', { name: 'Krok 1 z 5: Twoja firma' })).toBeTruthy()
    // The company page's warning and its way on.
    expect(screen.getByText(/Niektóre numery mają błędną sumę kontrolną/)).toBeTruthy()
    const anyway = screen.getByLabelText('Przejdź dalej mimo to')
    next()
    expect(screen.getByRole('heading', { name: 'Krok 1 z 5: Twoja firma' })).toBeTruthy()
    fireEvent.click(anyway)
    next()
    expect(await screen.findByRole('heading', { name: 'Krok 2 z 5: VAT' })).toBeTruthy()
    // Back with another wrong NIP: asked again; a right one goes on without a word.
    fireEvent.click(screen.getByRole('button', { name: 'Wstecz' }))
    fill('NIP', '1234567891')
    next()
    expect(await screen.findByText('Nieprawidłowa suma kontrolna NIP')).toBeTruthy()
    expect((screen.getByLabelText('Przejdź dalej mimo to') as HTMLInputElement).checked).toBe(false)
    fill('NIP', '5260250274')
    expect(screen.queryByText('Nieprawidłowa suma kontrolna NIP')).toBeNull()
    expect(screen.queryByLabelText('Przejdź dalej mimo to')).toBeNull()
    next()
    expect(await screen.findByRole('heading', { name: 'Krok 2 z 5: VAT' })).toBeTruthy()
  })

  it("says that a date written right does not exist, and takes a field's message back once it changes", async () => {
    await renderWizard('pl')
    fill('NIP', '12345')
    fill('Data rozpoczęcia działalności', '2026-02-30')
    next()
    expect(await screen.findByText('2026-02-30 nie jest istniejącą datą')).toBeTruthy()
    expect(screen.queryByText('Wpisz datę w postaci RRRR-MM-DD')).toBeNull()
    expect(screen.getAllByText('Uzupełnij to pole')).toHaveLength(2)
    fill('Nazwa firmy', 'Kowalski IT')
    expect(screen.getAllByText('Uzupełnij to pole')).toHaveLength(1)
    fill('NIP', '5260250274')
    expect(screen.queryByText('NIP musi mieć dziesięć cyfr')).toBeNull()
    fill('Data rozpoczęcia działalności', '2026-02-28')
    expect(screen.queryByText(/nie jest istniejącą datą/)).toBeNull()
  })

  it('goes through the steps, writes the dated settings, then shows what the first months owe', async () => {
    const { effects, saved } = await renderWizard()
    fill('Company name', 'Kowalski IT')
    fill('NIP', '5260250274')
    fill('Tax office', '1471')
    fill('The business started on', '2025-07-15')
    next()
    expect(await screen.findByRole('heading', { name: 'Step 2 of 5: VAT' })).toBe(document.activeElement)
    fill('VAT is settled', '3')
    next()
    await screen.findByRole('heading', { name: 'Step 3 of 5: Income tax' })
    fill('Form of taxation in 2026', 'Linear')
    next()
    await screen.findByRole('heading', { name: 'Step 4 of 5: ZUS contributions' })
    // Back keeps the answers.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect((screen.getByLabelText('Form of taxation in 2026') as HTMLSelectElement).value).toBe('Linear')
    next()
    await screen.findByRole('heading', { name: 'Step 4 of 5: ZUS contributions' })
    next()
    const summary = await screen.findByRole('heading', { name: 'Step 5 of 5: Summary' })
    expect(summary.closest('form')!.textContent).toContain('payer since 15 Jul 2025, quarterly')
    expect(summary.closest('form')!.textContent).toContain('The business started on15 Jul 2025')
    // Each year's ZUS setting with that year's amount and the health percent of that year's form.
    const zusList = screen.getByRole('list', { name: 'ZUS settings to be saved' })
    expect(
      within(zusList)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      'from 15 Jul 2025: full ZUS PLN 1,773.96 a month, health contribution 9% of income',
      'from 1 Jan 2026: full ZUS PLN 1,926.76 a month, health contribution 4.9% of income',
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Save the settings' }))
    expect(await screen.findByRole('heading', { name: 'What the first months owe' })).toBeTruthy()
    // One request with every part, so the server writes all of it or nothing.
    expect(effects.setUp).toHaveBeenCalledTimes(1)
    const [body] = saved
    expect(body?.company).toMatchObject({ nip: '5260250274', businessStartDate: '2025-07-15' })
    expect(body?.vat).toMatchObject({ date: '2025-07-15', paymentInterval: 3 })
    expect(body?.pit.map((p) => [p.date, p.taxType])).toEqual([
      ['2025-07-15', 'Scale'],
      ['2026-01-01', 'Linear'],
    ])
    expect(body?.socialSecurity).toEqual([
      { date: '2025-07-15', amount: '1773.96', percent: '9' },
      { date: '2026-01-01', amount: '1926.76', percent: '4.9' },
    ])
    expect(effects.loadMonth.mock.calls.map(([d]) => d)).toEqual(['2025-07-01', '2025-08-01', '2025-09-01'])
    const july = screen.getByRole('region', { name: '2025-07' })
    expect(within(july).getByText(/ZUS contributions/).textContent).toContain('due 20 Jul 2025')
  })

  it('sums up preferential ZUS in Polish: each year its figures, full after the 24 months, dates in the genitive', async () => {
    await renderWizard('pl')
    fill('Nazwa firmy', 'Kowalski IT')
    fill('NIP', '5260250274')
    fill('Urząd skarbowy', '1471')
    fill('Data rozpoczęcia działalności', '2025-05-14')
    next()
    await screen.findByRole('heading', { name: 'Krok 2 z 5: VAT' })
    next()
    await screen.findByRole('heading', { name: 'Krok 3 z 5: Podatek dochodowy' })
    fill('Forma opodatkowania w 2026 r.', 'Linear')
    next()
    await screen.findByRole('heading', { name: 'Krok 4 z 5: Składki ZUS' })
    fill('Składki społeczne', 'preferential')
    next()
    const summary = await screen.findByRole('heading', { name: 'Krok 5 z 5: Podsumowanie' })
    const text = summary.closest('form')!.textContent
    expect(text).toContain('Data rozpoczęcia działalności14 maja 2025')
    expect(text).toContain('preferencyjny, od 14 maja 2025; pełny od 1 cze 2027')
    const zusList = screen.getByRole('list', { name: 'Ustawienia ZUS do zapisania' })
    expect(
      within(zusList)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      'od 14 maja 2025: preferencyjny ZUS 442,90 zł miesięcznie, składka zdrowotna 9% dochodu',
      'od 1 sty 2026: preferencyjny ZUS 456,18 zł miesięcznie, składka zdrowotna 4,9% dochodu',
    ])
  })

  it('refuses preferential ZUS from a day after its 24 months, and takes the message back for full ZUS', async () => {
    await renderWizard()
    fill('Company name', 'Kowalski IT')
    fill('NIP', '5260250274')
    fill('Tax office', '1471')
    fill('The business started on', '2023-05-14')
    for (let i = 0; i < 3; i++) next()
    await screen.findByRole('heading', { name: 'Step 4 of 5: ZUS contributions' })
    fill('Social contributions', 'preferential')
    fill('Paid since', '2025-06-01')
    next()
    const message = 'Preferential ZUS is paid only for the first 24 calendar months of the business: choose full ZUS'
    expect(await screen.findByText(message)).toBeTruthy()
    fill('Social contributions', 'full')
    expect(screen.queryByText(message)).toBeNull()
    next()
    expect(await screen.findByRole('heading', { name: 'Step 5 of 5: Summary' })).toBeTruthy()
  })

  it('says why a write was refused, in the words of the server, and stays on the summary', async () => {
    const { effects } = await renderWizard()
    effects.setUp.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        statusText: 'Bad Request',
        errors: ['The date must not be before the business start date'],
        fieldErrors: { 'socialSecurity.date': 'The date must not be before the business start date' },
      }),
    )
    fill('Company name', 'Kowalski IT')
    fill('NIP', '5260250274')
    fill('Tax office', '1471')
    for (let i = 0; i < 4; i++) next()
    fireEvent.click(await screen.findByRole('button', { name: 'Save the settings' }))
    await waitFor(() => expect(effects.setUp).toHaveBeenCalledTimes(1))
    expect(await screen.findByRole('heading', { name: 'Step 5 of 5: Summary' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'What the first months owe' })).toBeNull()
    expect(await screen.findByText('The date must not be before the business start date')).toBeTruthy()
  })
})
