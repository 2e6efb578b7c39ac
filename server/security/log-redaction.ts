/**
 * Request URLs as they may appear in log lines. Emailed links carry secrets in their query
 * (`/verify-email?email=…&code=…`, `/reset-password?email=…&saltcode=…`) and the same server that logs requests
 * serves those pages, so only query parameters known to be harmless keep their values; every other value is
 * replaced by `[redacted]`.
 */
const LOGGABLE_QUERY_KEYS = new Set(['lang', 'startPage', 'endPage', 'status', 'tab', 'limit']);

function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = [...params].map(([key, value]) =>
    `${encodeURIComponent(key)}=${LOGGABLE_QUERY_KEYS.has(key) ? encodeURIComponent(value) : '[redacted]'}`,
  );
  return `${url.slice(0, q)}?${kept.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
