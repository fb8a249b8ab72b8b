import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { errorText } from './errors.ts'
import { i18nFor } from './testing.tsx'

describe('errorText', () => {
  it('says a refusal once, as a sentence, never the status text run on after it', async () => {
    const pl = await i18nFor('pl')
    const refused = new ApiError({ status: 403, statusText: 'Forbidden', errors: ['Access denied'] })
    expect(errorText(pl, refused)).toBe('Brak dostępu.')
    expect(errorText(pl, new ApiError({ status: 403, statusText: 'Forbidden' }))).toBe('Brak uprawnień.')
  })
})
