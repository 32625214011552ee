// A fetch that produced no answer, classified by the one question that matters for a POST:
// could the request have reached the board? Node's fetch (undici) rejects with
// `TypeError('fetch failed')` whose `cause` carries the system or undici error code.

export interface NetworkFailure {
  kind: 'network' | 'timeout'
  /** ECONNREFUSED, UND_ERR_SOCKET, ... when known. */
  code: string | undefined
  /** Short words for a message ("connection refused"). */
  reason: string
  /**
   * False only when the failure provably happened before a byte of the request was written:
   * the connection was never made. Everything else (reset, closed, timeout) may have come after
   * the board read the body, so a POST must not be sent again.
   */
  mayHaveBeenSent: boolean
  /** Whether trying again can help: a refused connection can, an untrusted certificate cannot. */
  transient: boolean
}

/** Errors raised while connecting (DNS, TCP connect, TLS handshake): nothing was sent. */
const CONNECT_PHASE: Record<string, string> = {
  ECONNREFUSED: 'connection refused: nothing is listening at that address',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed for now',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EHOSTDOWN: 'host down',
  ENETDOWN: 'network down',
  EADDRNOTAVAIL: 'address not available',
  UND_ERR_CONNECT_TIMEOUT: 'connecting took too long',
}

/** TLS verification failures: the request is never written, and retrying changes nothing. */
const CERTIFICATE = /^(CERT_|ERR_TLS_CERT|DEPTH_ZERO_SELF_SIGNED|SELF_SIGNED_CERT|UNABLE_TO_)/

const AFTER_CONNECT: Record<string, string> = {
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed while sending',
  UND_ERR_SOCKET: 'connection closed by the other side',
  UND_ERR_CLOSED: 'connection closed',
  UND_ERR_HEADERS_TIMEOUT: 'no answer headers in time',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped arriving',
}

export function classifyFetchFailure(error: unknown, timedOut: boolean): NetworkFailure {
  if (timedOut) {
    return {
      kind: 'timeout',
      code: undefined,
      reason: 'no complete answer in time',
      mayHaveBeenSent: true,
      transient: true,
    }
  }
  const cause = error instanceof Error ? error.cause : undefined
  const code = errorCode(cause) ?? errorCode(error)
  if (code !== undefined && code in CONNECT_PHASE) {
    return failure(code, CONNECT_PHASE[code] ?? code, false, true)
  }
  if (code !== undefined && CERTIFICATE.test(code)) {
    return failure(code, `the board's HTTPS certificate is not trusted (${code})`, false, false)
  }
  // fetch refuses some ports outright (the Fetch standard's "bad port" list) without connecting.
  if (cause instanceof Error && cause.message === 'bad port') {
    return failure('BAD_PORT', 'the port is one that web clients refuse to use', false, false)
  }
  const reason = code === undefined ? describeUnknown(error) : (AFTER_CONNECT[code] ?? code)
  return failure(code, reason, true, true)
}

function failure(
  code: string | undefined,
  reason: string,
  mayHaveBeenSent: boolean,
  transient: boolean,
): NetworkFailure {
  return { kind: 'network', code, reason, mayHaveBeenSent, transient }
}

/** The code of an error, or of the first error inside an AggregateError (happy eyeballs). */
function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') return code
  const inner = (error as { errors?: unknown }).errors
  return Array.isArray(inner) ? errorCode(inner[0]) : undefined
}

function describeUnknown(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined
  const text = cause instanceof Error ? cause.message : error instanceof Error ? error.message : ''
  return text === '' ? 'the connection failed' : text
}
