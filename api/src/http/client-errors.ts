/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or address over 16 KB,
 * malformed request lines, a client too slow to send its headers) get the same JSON
 * `{ message, details }` as every other error, instead of Fastify's default body.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

function answerFor(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, message: 'The request headers or address are too large (16 KB at most)' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive' };
  return { status: 400, message: 'The request is malformed' };
}

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = answerFor(error.code);
  const body = JSON.stringify({ message, details: [] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
