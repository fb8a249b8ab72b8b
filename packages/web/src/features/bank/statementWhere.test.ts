import { describe, expect, it } from 'vitest'
import { i18nFor } from '../dashboard/testing.tsx'
import { statementWhere } from './statementWhere.ts'

describe('where a refused statement breaks', () => {
  it('is said in the user’s language, a line or an element of the file', async () => {
    const pl = await i18nFor('pl')
    expect(statementWhere(pl, 'line 5')).toBe('wiersz 5')
    expect(statementWhere(pl, '/Document/BkToCstmrStmt/Stmt[1]')).toBe('element /Document/BkToCstmrStmt/Stmt[1]')
    const en = await i18nFor('en')
    expect(statementWhere(en, 'line 5')).toBe('line 5')
  })
})
