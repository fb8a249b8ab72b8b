import { describe, expect, it } from 'vitest'
import { ROLE_ADMIN, ROLE_USER } from '../src/accounts/service.ts'
import { accountInExport, importedRoleChange } from '../src/backup/userData.ts'

const event = (type: string, revision: bigint, data: Record<string, number | string> = {}) => ({ type, revision, data })
const at = { actor: 'cli', at: '2026-03-15T10:00:00.000Z' }

describe("the role of an imported user's account", () => {
  it('folds the account as the accounts service does', () => {
    expect(accountInExport([])).toEqual({ role: null, revision: -1n })
    const admin = [event('UserRegistered', 0n, { role: ROLE_USER }), event('UserRoleChanged', 1n, { role: ROLE_ADMIN })]
    expect(accountInExport(admin)).toEqual({ role: ROLE_ADMIN, revision: 1n })
    expect(accountInExport([...admin, event('UserDeleted', 2n)])).toEqual({ role: null, revision: 2n })
  })

  it('sets USER unless the operator names ADMIN, after the file last event, and nothing for no live account', () => {
    const account = { role: ROLE_ADMIN, revision: 3n }
    expect(importedRoleChange({ id: 'u1' }, account, 'USER', at)).toMatchObject({
      streamId: 'user-u1',
      revision: 4n,
      type: 'UserRoleChanged',
      schemaVersion: 1,
      data: { role: ROLE_USER },
      metadata: { userId: 'cli', createdAt: at.at },
    })
    expect(importedRoleChange({ id: 'u1' }, account, 'ADMIN', at)).toBeNull()
    expect(importedRoleChange({ id: 'u1' }, { role: ROLE_USER, revision: 0n }, 'USER', at)).toBeNull()
    expect(importedRoleChange({ id: 'u1' }, { role: null, revision: 2n }, 'USER', at)).toBeNull()
  })
})
