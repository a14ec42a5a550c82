/**
 * Errors Node raises before Fastify sees a request (its 'clientError'): a request
 * that timed out (408), headers too large (431), or bytes that are not HTTP (400).
 * Answered in the service's `{"detail": ...}` shape, then the connection is closed,
 * as Node does by default. Passed to Fastify as its clientErrorHandler (app.ts).
 */

import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { MESSAGES } from '../messages.js'
import { STATUS_CODES } from './node-http.js'

export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  let status: number
  let detail: string
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408
    detail = MESSAGES.requestTimeout
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431
    detail = MESSAGES.headersTooLarge
  } else {
    status = 400
    detail = MESSAGES.invalidHttp
  }
  this.log.info(
    { statusCode: status, code: error.code, remoteAddress: socket.remoteAddress, detail },
    'request rejected before routing',
  )
  // Do not write into a response that has already started on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && (inFlight === undefined || inFlight === null || !inFlight.headersSent)) {
    const body = JSON.stringify({ detail })
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
