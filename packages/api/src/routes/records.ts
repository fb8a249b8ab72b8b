/**
 * Records (apicontract "Records"): company data under `config/`, fees (VAT, PIT, social security, expenses) under
 * `fee/`, revenues (incomes) under `revenue/`, and the generic data client under `data/{type}` — one set of
 * handlers. Every lookup is inside the caller's own books, and a record of another family answers 404.
 *
 * Versions: every record answer carries `version` and, for one record, the ETag `"{version}"`. A write names the
 * version it changes with `If-Match` or `version` in the body; the decider refuses any other (409, nothing written).
 * A write without a version is unconditional.
 */
import {
  companyRecord,
  currentSetting,
  type DataType,
  DataTypes,
  isCompanyDataType,
  isItemDataType,
  isSettingKind,
  itemsBetween,
  lastItem,
  listRecords,
  recordById,
  type RecordDto,
} from '@finance/ledger-core/light'
import { DATA_TYPE_MISMATCH } from '@finance/books'
import * as Schema from 'effect/Schema'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { badRequest, notFound } from '../http/errors.ts'
import { dataObjectJson } from '../http/openapi.ts'
import {
  DateRangeParams,
  effectSchema,
  IdParams,
  JsonObject,
  oneOf,
  PositiveIdFromString,
  typeParams,
} from '../http/validation.ts'
import { booksOf, write } from './books.ts'

const FAMILIES = {
  config: ['Primary', 'Contact', 'Addresses', 'Invoice'],
  fee: ['Vat', 'Pit', 'SocialSecurity', 'Expense', 'RecurringExpense'],
  revenue: ['Income', 'RecurringIncome'],
} as const satisfies Record<string, readonly DataType[]>

const VERSION_JSON = {
  type: 'integer',
  minimum: 0,
  description: "The record's `version` this write changes (or the If-Match header); a stale one answers 409",
}

const VERSION_MESSAGE = 'Version must be the version of the record: a whole number'
const invalidVersion = () => badRequest([VERSION_MESSAGE], { version: VERSION_MESSAGE })
const VERSIONS_DISAGREE = 'Version and the If-Match header name different versions'

/** `"3"`, `W/"3"` or `3` → 3; `*` → undefined (any version). */
const fromIfMatch = (header: string): number | undefined => {
  const value = header.trim()
  if (value === '*') return undefined
  const m = /^(?:W\/)?"(\d{1,15})"$|^(\d{1,15})$/.exec(value)
  if (!m) throw invalidVersion()
  return Number(m[1] ?? m[2])
}

/** The version a write names (If-Match or `version` in the body), undefined for an unconditional write. */
export function expectedVersionOf(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match']
  const fromHeader = typeof header === 'string' ? fromIfMatch(header) : undefined
  const body = request.body
  const raw = typeof body === 'object' && body !== null ? (body as { version?: unknown }).version : undefined
  if (raw !== undefined && raw !== null && (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < 0))
    throw invalidVersion()
  const fromBody = typeof raw === 'number' ? raw : undefined
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody)
    throw badRequest([VERSIONS_DISAGREE], { version: VERSIONS_DISAGREE })
  return fromHeader ?? fromBody
}

/** Sends one record with its ETag. */
const withEtag = (reply: FastifyReply, record: RecordDto) => {
  void reply.header('etag', `"${record.version}"`)
  return record
}

/** The body fields every record call shares beside `dataType`. */
const bodyFields = {
  eventType: Schema.optional(Schema.NullOr(Schema.String)),
  id: Schema.optional(Schema.Unknown),
  version: Schema.optional(Schema.Unknown),
  dataObject: Schema.propertySignature(JsonObject.annotations({ message: () => 'Data is required' })).annotations({
    missingMessage: () => 'Data is required',
  }),
}

const recordBody = (types: readonly DataType[]) =>
  effectSchema(
    Schema.Struct({
      dataType: Schema.propertySignature(oneOf(types, 'Unknown data type')).annotations({
        missingMessage: () => 'Unknown data type',
      }),
      ...bodyFields,
    }),
    {
      type: 'object',
      required: ['dataType', 'dataObject'],
      properties: {
        dataType: { type: 'string', enum: [...types] },
        eventType: { type: 'string' },
        version: VERSION_JSON,
        dataObject: dataObjectJson(types),
      },
    },
  )

/** Body of the generic client: the type comes from the path, so `dataType` may be omitted. */
const dataBody = effectSchema(
  Schema.Struct({
    dataType: Schema.optional(Schema.Unknown),
    ...bodyFields,
  }),
  {
    type: 'object',
    required: ['dataObject'],
    properties: {
      dataType: { type: 'string' },
      eventType: { type: 'string' },
      version: VERSION_JSON,
      dataObject: { type: 'object' },
    },
  },
)

/**
 * Refuses a `dataType` that contradicts the type the call writes: saving it as the other type (an Income kept as an
 * Income with its repetitions dropped, an Expense body saved as an Income) would not be what the client meant.
 */
const sameType = (given: unknown, type: DataType) => {
  if (given !== undefined && given !== null && given !== type)
    throw badRequest([DATA_TYPE_MISMATCH], { dataType: DATA_TYPE_MISMATCH })
}

interface RecordBody {
  dataType?: unknown
  dataObject: Record<string, unknown>
}

const TypeIdParams = effectSchema(
  Schema.Struct({
    type: oneOf(DataTypes, 'Unknown data type'),
    id: PositiveIdFromString,
  }),
  {
    type: 'object',
    required: ['type', 'id'],
    properties: { type: { type: 'string', enum: [...DataTypes] }, id: { type: 'integer', minimum: 1 } },
  },
)

export default async function recordRoutes(app: FastifyInstance) {
  const auth = { onRequest: [app.authenticate] }

  /** A live record of the caller inside `types`, or 404. */
  const own = async (request: FastifyRequest, id: number, types: readonly DataType[]): Promise<RecordDto> => {
    const { state } = await booksOf(app, request)
    const record = recordById(state, id)
    if (!record || !types.includes(record.dataType)) throw notFound()
    return record
  }

  const getByType = async (request: FastifyRequest, type: DataType) => {
    const { state } = await booksOf(app, request)
    const found = isCompanyDataType(type)
      ? companyRecord(state, type)
      : isSettingKind(type)
        ? currentSetting(state, type, app.finance.today())
        : lastItem(state, type)
    if (!found) throw notFound()
    return found
  }

  const create = async (request: FastifyRequest, type: DataType, data: unknown) => {
    // A company record is one per type: a POST may be an update, and `version` 0 says "none exists yet".
    const expectedVersion = isCompanyDataType(type) ? expectedVersionOf(request) : undefined
    const result = await write(app, request, {
      kind: 'create',
      dataType: type,
      data,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    })
    if (!result.record) throw badRequest(['No changes on the form'])
    return { created: result.created, record: result.record }
  }

  const versioned = (request: FastifyRequest) => {
    const expectedVersion = expectedVersionOf(request)
    return expectedVersion === undefined ? {} : { expectedVersion }
  }

  const update = async (
    request: FastifyRequest,
    id: number,
    types: readonly DataType[],
    data: unknown,
    dataType?: DataType,
  ) => {
    const named = dataType === undefined ? {} : { dataType }
    const { record } = await write(app, request, { kind: 'update', id, types, data, ...named, ...versioned(request) })
    if (!record) throw notFound()
    return record
  }

  const remove = async (request: FastifyRequest, id: number, types: readonly DataType[]) => {
    await write(app, request, { kind: 'delete', id, types, ...versioned(request) })
    return { success: true, id }
  }

  const itemTypes = (types: readonly DataType[]) => types.filter((t) => isItemDataType(t))

  for (const [family, types] of Object.entries(FAMILIES) as [keyof typeof FAMILIES, readonly DataType[]][]) {
    const base = `/api/${family}`
    const tags = [family]
    const TypeParams = typeParams(types)
    app.get(`${base}/GetByType/:type`, { ...auth, schema: { tags, params: TypeParams } }, async (request, reply) =>
      withEtag(reply, await getByType(request, (request.params as { type: DataType }).type)),
    )
    app.get(`${base}/GetById/:id`, { ...auth, schema: { tags, params: IdParams } }, async (request, reply) =>
      withEtag(reply, await own(request, (request.params as { id: number }).id, types)),
    )
    app.get(`${base}/GetListByType/:type`, { ...auth, schema: { tags, params: TypeParams } }, async (request) => {
      const { state } = await booksOf(app, request)
      return listRecords(state, (request.params as { type: DataType }).type)
    })
    app.get(
      `${base}/GetListByDates/:from/:to`,
      { ...auth, schema: { tags, params: DateRangeParams } },
      async (request) => {
        const { from, to } = request.params as { from: string; to: string }
        const { state } = await booksOf(app, request)
        return itemsBetween(state, from, to, itemTypes(types))
      },
    )
    app.post(base, { ...auth, schema: { tags, body: recordBody(types) } }, async (request, reply) => {
      const b = request.body as RecordBody
      const { created, record } = await create(request, b.dataType as DataType, b.dataObject)
      return reply.code(created ? 201 : 200).send(withEtag(reply, record))
    })
    app.put(
      `${base}/:id`,
      { ...auth, schema: { tags, params: IdParams, body: recordBody(types) } },
      async (request, reply) => {
        const { id } = request.params as { id: number }
        const b = request.body as RecordBody
        // The stored record's type is checked where it is read for the write (one load): books' DATA_TYPE_MISMATCH.
        return withEtag(reply, await update(request, id, types, b.dataObject, b.dataType as DataType))
      },
    )
    app.delete(`${base}/:id`, { ...auth, schema: { tags, params: IdParams } }, (request) =>
      remove(request, (request.params as { id: number }).id, types),
    )
    app.put(`${base}/delete/:id`, { ...auth, schema: { tags, params: IdParams } }, (request) =>
      remove(request, (request.params as { id: number }).id, types),
    )
  }

  // The generic data client: `data/{type}` for every type.
  const tags = ['data']
  const AnyType = typeParams(DataTypes)
  app.get('/api/data/:type', { ...auth, schema: { tags, params: AnyType } }, async (request) => {
    const { state } = await booksOf(app, request)
    return listRecords(state, (request.params as { type: DataType }).type)
  })
  app.get('/api/data/:type/:id', { ...auth, schema: { tags, params: TypeIdParams } }, async (request, reply) => {
    const { type, id } = request.params as { type: DataType; id: number }
    return withEtag(reply, await own(request, id, [type]))
  })
  app.post(
    '/api/data/:type',
    { ...auth, schema: { tags, params: AnyType, body: dataBody } },
    async (request, reply) => {
      const { type } = request.params as { type: DataType }
      const b = request.body as RecordBody
      sameType(b.dataType, type)
      const { created, record } = await create(request, type, b.dataObject)
      return reply.code(created ? 201 : 200).send(withEtag(reply, record))
    },
  )
  app.put(
    '/api/data/:type/:id',
    { ...auth, schema: { tags, params: TypeIdParams, body: dataBody } },
    async (request, reply) => {
      const { type, id } = request.params as { type: DataType; id: number }
      const b = request.body as RecordBody
      sameType(b.dataType, type)
      return withEtag(reply, await update(request, id, [type], b.dataObject))
    },
  )
  app.put('/api/data/:type/delete/:id', { ...auth, schema: { tags, params: TypeIdParams } }, (request) => {
    const { type, id } = request.params as { type: DataType; id: number }
    return remove(request, id, [type])
  })
  app.delete('/api/data/:type/:id', { ...auth, schema: { tags, params: TypeIdParams } }, (request) => {
    const { type, id } = request.params as { type: DataType; id: number }
    return remove(request, id, [type])
  })
}
