/**
 * The OpenAPI document at /api/docs/json: every operation has a summary, a 2xx answer with a schema and the error
 * answers its shape implies (input → 400; a body → 413 and 415; a token → 401; a write → 403), each with a schema;
 * every reference resolves. Real answers of a seeded user are checked against the documented schemas, so the
 * document cannot drift from what the API sends.
 */
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, call, type Harness, harness, seeded } from './helpers.ts'

type Json = Record<string, unknown>
interface Operation {
  summary?: string
  tags?: string[]
  description?: string
  parameters?: { in: string; name: string }[]
  requestBody?: unknown
  security?: unknown[]
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>
}
interface Doc {
  openapi: string
  tags?: { name: string; description?: string }[]
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Json> }
}

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

let doc: Doc
beforeAll(async () => {
  const hh = await harness()
  doc = (await hh.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc
  await hh.close()
})

const operations = () =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ id: `${method.toUpperCase()} ${path}`, op })),
    )

const schemaOf = (op: Operation, status: string) => {
  const content = op.responses?.[status]?.content
  return content ? Object.values(content)[0]?.schema : undefined
}

/** The error statuses an operation must document, from its own shape in the document. */
const requiredErrors = (method: string, op: Operation) => {
  const statuses = new Set<string>()
  const input = (op.parameters ?? []).length > 0 || op.requestBody !== undefined
  if (input) statuses.add('400')
  if (op.requestBody !== undefined) for (const s of ['413', '415']) statuses.add(s)
  if ((op.security ?? []).length > 0) statuses.add('401')
  if (method !== 'GET') statuses.add('403')
  return [...statuses]
}

describe('the OpenAPI document', () => {
  it('documents every operation: summary, a 2xx schema, its error answers', () => {
    const ops = operations()
    expect(ops.length).toBeGreaterThanOrEqual(59)
    const gaps = ops.flatMap(({ id, op }) => {
      const out: string[] = []
      if (!op.summary?.trim()) out.push(`${id}: no summary`)
      const ok = Object.keys(op.responses ?? {}).filter((s) => /^2\d\d$/.test(s))
      if (ok.length === 0 || ok.some((s) => !schemaOf(op, s))) out.push(`${id}: no 2xx answer with a schema`)
      for (const status of requiredErrors(id.split(' ')[0] as string, op))
        if (!op.responses?.[status]) out.push(`${id}: no ${status} answer`)
      for (const [status, answer] of Object.entries(op.responses ?? {}))
        if (Number(status) >= 400 && (!schemaOf(op, status) || !answer.description))
          out.push(`${id}: ${status} without a schema or a description`)
      return out
    })
    expect(gaps).toEqual([])
  })

  it('describes every tag an operation is filed under (the docs page shows each tag with its description)', () => {
    const described = new Set((doc.tags ?? []).filter((t) => t.description?.trim()).map((t) => t.name))
    const used = new Set(operations().flatMap(({ op }) => op.tags ?? []))
    expect([...used].filter((t) => !described.has(t)).sort()).toEqual([])
  })

  it('every reference resolves inside the document', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1] as string)
    expect(refs.length).toBeGreaterThan(50)
    const unresolved = refs.filter((r) => {
      const m = /^#\/components\/schemas\/(.+)$/.exec(r)
      return !m || !((m[1] as string) in doc.components.schemas)
    })
    expect(unresolved).toEqual([])
  })

  it('the check itself finds an undocumented operation', () => {
    const bare: Operation = { parameters: [{ in: 'path', name: 'id' }], security: [{ bearer: [] }], responses: {} }
    expect(requiredErrors('PUT', bare).sort()).toEqual(['400', '401', '403'])
    expect(schemaOf(bare, '200')).toBeUndefined()
  })
})

describe('real answers match the documented schemas', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })

  /** The answer's body against the schema the document gives for its operation and status. */
  const conforms = (method: string, path: string, status: number, body: unknown) => {
    const op = doc.paths[path]?.[method.toLowerCase()]
    expect(op, `${method} ${path} is documented`).toBeDefined()
    const schema = schemaOf(op as Operation, String(status))
    expect(schema, `${method} ${path} documents ${status}`).toBeDefined()
    const validate = ajv.compile({ ...schema, components: doc.components })
    const valid = validate(body)
    expect(valid ? [] : validate.errors).toEqual([])
  }

  it('records, months, summaries, obligations, books, login, log and errors', async () => {
    h = await harness()
    const t = await seeded(h)
    const answers: [string, string, string, number, unknown?][] = [
      ['GET', '/api/fee/GetListByType/Vat', '/api/fee/GetListByType/{type}', 200],
      ['GET', '/api/revenue/GetByType/Income', '/api/revenue/GetByType/{type}', 200],
      ['GET', '/api/data/Pit', '/api/data/{type}', 200],
      ['GET', '/api/transaction/getCurrentMonth/2026-03-10', '/api/transaction/getCurrentMonth/{date}', 200],
      ['GET', '/api/transaction/getSummaryList/2026-03-10/true', '/api/transaction/getSummaryList/{date}/{n}', 200],
      ['GET', '/api/transaction/getSummary/2026-03-10', '/api/transaction/getSummary/{date}', 200],
      ['GET', '/api/transaction/obligations/2026', '/api/transaction/obligations/{year}', 200],
      ['GET', '/api/books/2026', '/api/books/{year}', 200],
      ['GET', '/api/transaction/annual/2025', '/api/transaction/annual/{year}', 200],
      ['GET', '/api/transaction/annual/2026', '/api/transaction/annual/{year}', 200],
      ['GET', '/api/fee/GetById/999', '/api/fee/GetById/{id}', 404],
      ['GET', '/api/transaction/getCurrentMonth/2026-02-30', '/api/transaction/getCurrentMonth/{date}', 400],
      ['POST', '/api/config', '/api/config', 201, { dataType: 'Contact', dataObject: { email: 'a@example.com' } }],
      ['POST', '/api/fee', '/api/fee', 400, { dataType: 'Vat', dataObject: {} }],
      [
        'POST',
        '/api/transaction',
        '/api/transaction',
        201,
        { dataObject: { date: '2026-03-05', name: 'Coffee', amount: '12.50' } },
      ],
    ]
    for (const [method, url, path, status, payload] of answers) {
      const res = await call(h.app, t, method as 'GET', url, payload)
      expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(status)
      conforms(method, path, status, res.json())
    }
    // A row of the month: its flags, itself, and a manual row deleted.
    const month = (await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-10')).json() as {
      id: string
    }[]
    const id = encodeURIComponent(month[0]?.id ?? '')
    const flags = await call(h.app, t, 'PUT', `/api/transaction/${id}`, { completed: true })
    conforms('PUT', '/api/transaction/{id}', 200, flags.json())
    conforms(
      'GET',
      '/api/transaction/GetById/{id}',
      200,
      (await call(h.app, t, 'GET', `/api/transaction/GetById/${id}`)).json(),
    )
    const manual = (await call(h.app, t, 'GET', '/api/transaction/GetListByType/1_Revenue')).json()
    conforms('GET', '/api/transaction/GetListByType/{type}', 200, manual)
    const added = (
      await call(h.app, t, 'POST', '/api/transaction', {
        dataObject: { date: '2026-03-06', name: 'Tea', amount: '4.00' },
      })
    ).json() as { id: string }
    const gone = await call(h.app, t, 'DELETE', `/api/transaction/${encodeURIComponent(added.id)}`)
    conforms('DELETE', '/api/transaction/{id}', 200, gone.json())
    const login = await call(h.app, null, 'POST', '/api/account/login', ADMIN)
    conforms('POST', '/api/account/login', 200, login.json())
    const refused = await call(h.app, null, 'POST', '/api/account/login', { ...ADMIN, password: 'Wrong#123' })
    conforms('POST', '/api/account/login', 401, refused.json())
    conforms(
      'GET',
      '/api/fee/GetListByType/{type}',
      401,
      (await call(h.app, null, 'GET', '/api/fee/GetListByType/Vat')).json(),
    )
    const log = await h.app.inject({
      method: 'GET',
      url: '/api/log/GetPage/5/1/true',
      headers: { authorization: `Bearer ${h.adminToken}`, 'x-api-key': h.config.secrets.apiKey },
    })
    expect(log.statusCode).toBe(200)
    conforms('GET', '/api/log/GetPage/{pageSize}/{pageNumber}/{descending}', 200, log.json())
  })

  it('the check itself refuses an answer of another shape', () => {
    const op = doc.paths['/api/transaction/obligations/{year}']?.get as Operation
    const validate = ajv.compile({ ...schemaOf(op, '200'), components: doc.components })
    expect(validate([{ kind: 'VAT' }])).toBe(false)
  })
})
