// One Content-Security-Policy for the planner's page, in Electron and in browser mode: no inline
// or eval scripts, nothing fetched from the network ('self' is the app protocol or the local
// browser-mode server on 127.0.0.1).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')
