import { AssetMessages, AssetVatUseMessages } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { i18nFor } from '../../test/render.tsx'
import { assetMessage } from './messages.ts'

describe('the register’s messages', () => {
  it('shows every message of the asset deciders in Polish, none left in English', async () => {
    const pl = await i18nFor('pl')
    const texts = [...Object.values(AssetMessages), ...Object.values(AssetVatUseMessages)]
    expect(texts.length).toBeGreaterThan(50)
    expect(texts.filter((text) => assetMessage(pl, text) === text)).toEqual([])
  })

  it('names a text field in its own message: of another type, too long', async () => {
    const pl = await i18nFor('pl')
    expect(assetMessage(pl, 'Name must be text')).not.toBe('Name must be text')
    expect(assetMessage(pl, 'Document number is too long (at most 500 characters)')).toMatch(/500/)
  })
})
