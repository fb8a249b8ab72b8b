import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { expect, vi } from 'vitest'
import type { CsvFile } from '../api/csv.ts'
import type { Locale } from '../i18n.ts'
import { i18nFor, withProviders } from '../features/dashboard/testing.tsx'

/**
 * An export button's round trip, the API's answer given as `text`: renders `ui` in `locale` with the download and
 * save it takes, clicks the button `name` and gives the request it made, the file it saved and the bytes answered.
 */
export const exportedBy = async <R extends { readonly fileName: string }>(
  name: string,
  locale: Locale,
  text: string,
  ui: (download: (r: R) => Promise<CsvFile>, save: (file: CsvFile) => void) => ReactNode,
) => {
  const bytes = new TextEncoder().encode(text)
  const download = vi.fn(async (r: R): Promise<CsvFile> => ({ fileName: r.fileName, bytes }))
  const save = vi.fn<(file: CsvFile) => void>()
  render(withProviders(await i18nFor(locale), ui(download, save)))
  fireEvent.click(screen.getByRole('button', { name }))
  await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
  return { request: download.mock.calls[0]![0], file: save.mock.calls[0]![0], bytes }
}
