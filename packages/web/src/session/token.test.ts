import { describe, expect, it } from 'vitest'
import { tokenEmail } from './token.ts'

const jwt = (claims: object) =>
  `h.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`

describe('tokenEmail', () => {
  it('reads the email claim', () => {
    expect(tokenEmail(jwt({ sub: 'u', email: 'jan@example.com' }))).toBe('jan@example.com')
  })
  it('is empty for no token, a malformed one, or one without the claim', () => {
    expect([tokenEmail(null), tokenEmail('garbage'), tokenEmail('a.%%%.b'), tokenEmail(jwt({ sub: 'u' }))]).toEqual([
      '',
      '',
      '',
      '',
    ])
  })
})
