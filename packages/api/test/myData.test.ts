import { expect, it } from 'vitest'
import { storeDigest } from '@finance/books/backup'
import { ADMIN, call, harness, PASSWORD, seeded } from './helpers.ts'

it("Export my data: the caller's own events after a header with the format, the upcasters and the digest", async () => {
  const h = await harness()
  const anna = await seeded(h, 'anna@example.com')
  const bob = await seeded(h, 'bob@example.com')
  const res = await call(h.app, anna, 'GET', '/api/account/export')
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toContain('application/x-ndjson')
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="finance-my-data-\d{4}-\d{2}-\d{2}\.jsonl"$/,
  )
  const lines = res.body.trimEnd().split('\n')
  const header = JSON.parse(lines[0]!)
  const annaId = header.user.id as string
  expect(header).toMatchObject({ format: 'finance-user-export', version: 1, user: { email: 'anna@example.com' } })
  expect(header.events).toBe(lines.length - 1)
  expect(header.digest).toBe((await storeDigest(h.store, { userIds: [annaId] })).digest)
  const events = lines.slice(1).map((l) => JSON.parse(l))
  expect(events.filter((e) => e.streamId === `books-${annaId}`).length).toBeGreaterThan(5)
  // Nothing of Bob's.
  const bobHeader = JSON.parse((await call(h.app, bob, 'GET', '/api/account/export')).body.split('\n')[0]!)
  expect(bobHeader.user.id).not.toBe(annaId)
  expect(res.body).not.toContain(bobHeader.user.id)
  expect(res.body).not.toContain('bob@example.com')
  // Without a session: 401.
  expect((await call(h.app, null, 'GET', '/api/account/export')).statusCode).toBe(401)
  await h.close()
})

it('an ADMIN deletes an account: its login and sessions end at once, its books stay for the retention period', {
  timeout: 60_000,
}, async () => {
  const h = await harness({ now: '2026-05-01T10:00:00.000Z' })
  const anna = await seeded(h, 'anna@example.com')
  const annaId = JSON.parse((await call(h.app, anna, 'GET', '/api/account/export')).body.split('\n')[0]!).user.id
  const booksBefore = await h.store.readStream(`books-${annaId}`)
  expect(booksBefore.length).toBeGreaterThan(5)

  // Not for a user, not for a bad address, not for an unknown one, never the last ADMIN.
  expect((await call(h.app, anna, 'DELETE', '/api/admin/users/anna%40example.com')).statusCode).toBe(403)
  const bad = await call(h.app, h.adminToken, 'DELETE', '/api/admin/users/not-an-address')
  expect(bad.statusCode).toBe(400)
  expect(bad.json().fieldErrors).toHaveProperty('email')
  expect((await call(h.app, h.adminToken, 'DELETE', '/api/admin/users/nobody%40example.com')).statusCode).toBe(404)
  const lastAdmin = await call(h.app, h.adminToken, 'DELETE', `/api/admin/users/${encodeURIComponent(ADMIN.email)}`)
  expect(lastAdmin.statusCode).toBe(400)
  expect(lastAdmin.json().errors).toEqual(['The last ADMIN cannot be deleted.'])

  const deleted = await call(h.app, h.adminToken, 'DELETE', '/api/admin/users/anna%40example.com')
  expect(deleted.statusCode).toBe(200)
  expect(deleted.json()).toEqual({ success: true, errors: [], email: 'anna@example.com', retainUntil: '2032-12-31' })
  // Her session ends with the next request, and she cannot log in again.
  expect((await call(h.app, anna, 'GET', '/api/account/export')).statusCode).toBe(401)
  const login = await h.app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email: 'anna@example.com', password: PASSWORD },
  })
  expect(login.statusCode).toBe(401)
  // The books are all still there, for the tax office.
  expect(await h.store.readStream(`books-${annaId}`)).toEqual(booksBefore)
  await h.close()
})
