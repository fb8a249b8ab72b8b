import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18nFor, withProviders } from '../features/dashboard/testing.tsx'
import { FileInput } from './FileInput.tsx'

const choose = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } })

describe('FileInput', () => {
  it('speaks the app’s language, not the browser’s, and names the chosen file', async () => {
    const onFile = vi.fn()
    render(withProviders(await i18nFor('pl'), <FileInput label="Klucz prywatny (.key, .pem)" onFile={onFile} />))
    const input = screen.getByLabelText('Klucz prywatny (.key, .pem)')
    expect(input.getAttribute('type')).toBe('file')
    expect(screen.getByText('Wybierz plik')).toBeTruthy()
    expect(input.getAttribute('aria-describedby') && screen.getByText('Nie wybrano pliku').id).toBe(
      input.getAttribute('aria-describedby'),
    )
    const file = new File(['-----BEGIN PRIVATE KEY-----'], 'offline.key')
    choose(input, file)
    expect(onFile).toHaveBeenCalledWith(file)
    expect(screen.getByText('offline.key')).toBeTruthy()
    expect(screen.queryByText('Nie wybrano pliku')).toBeNull()
  })

  it('in English, and clears itself after each choice when the file is imported at once', async () => {
    const onFile = vi.fn()
    render(withProviders(await i18nFor('en'), <FileInput label="NBP archive" onFile={onFile} clearAfterChoice />))
    expect(screen.getByText('Choose file')).toBeTruthy()
    const input = screen.getByLabelText('NBP archive') as HTMLInputElement
    const file = new File(['data'], 'archiwum_tab_a_2026.csv')
    choose(input, file)
    expect(onFile).toHaveBeenCalledWith(file)
    expect(input.value).toBe('')
    expect(screen.queryByText('archiwum_tab_a_2026.csv')).toBeNull()
  })
})
