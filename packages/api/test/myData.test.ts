import { expect, it } from 'vitest'
import { storeDigest } from '@finance/books/backup'
import { call, harness, seeded } from './helpers.ts'

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
