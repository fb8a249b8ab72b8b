/**
 * Errors Fastify raises before a request reaches a route (a path that is not valid percent-encoding, a parameter
 * over the router's length limit, a malformed HTTP request), answered in the contract's shape
 * `{ success: false, errors }` instead of the framework's own body, which names Fastify and echoes the path.
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'

export const FRAMEWORK_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'Invalid request address' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'Request address is too long' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 500, message: 'Internal server error' },
}

/** Fastify's `frameworkErrors` option: routing failures as contract errors. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_MESSAGES[error.code] ?? { status: 400, message: 'Invalid request' }
  request.log.info({ code: error.code, status: known.status }, 'client error')
  // Routing failed before the security plugin's hooks: the headers a JSON error needs are set here.
  void reply
    .code(known.status)
    .headers({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    })
    .send({ success: false, errors: [known.message] })
}

/** Fastify's `clientErrorHandler`: a request Node's HTTP parser refused, answered on the socket and closed. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large']
        : [400, 'Bad request']
  const body = JSON.stringify({ success: false, errors: [message] })
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    )
  socket.destroy(error)
}
