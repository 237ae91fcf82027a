/**
 * Requests Node's HTTP parser refuses before the app sees them (a malformed request line, headers
 * over the size limit, a request that took too long to arrive) are answered here instead of by
 * Node's bare default, so they carry the same security headers and a JSON body like every other
 * answer.
 */
import type { Duplex } from 'node:stream';

const answers: Record<string, { status: number; reason: string; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'request_headers_too_large',
    message: 'Request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'request_timeout',
    message: 'The request took too long to arrive',
  },
};
const badRequest = { status: 400, reason: 'Bad Request', code: 'bad_request', message: 'Malformed HTTP request' };

export function clientErrorHandler(headers: readonly [string, string][]) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    // The peer is gone, or an answer has already begun on this socket: nothing sensible to send.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const answer = (error.code && answers[error.code]) || badRequest;
    const body = JSON.stringify({ code: answer.code, message: answer.message, details: null, hint: null });
    const head = [
      `HTTP/1.1 ${answer.status} ${answer.reason}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Connection: close',
      ...headers.map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  };
}
