/**
 * Security headers for the pages and the API alike (helmet), with a Content
 * Security Policy that lets a page load only this service's own scripts,
 * styles and images: no inline script or style anywhere (the SVG is styled by
 * attributes and the stylesheet), no framing, forms posting only here.
 * `upgrade-insecure-requests` only when the service is reached over https:
 * on a plain-http address it would send the browser to an https that is not there.
 */
import helmet from 'helmet';
import type { RequestHandler } from 'express';

export function securityHeaders(options: { secure: boolean }): RequestHandler {
  return constantHeaders(helmetFor(options));
}

/** Helmet as configured for the service. */
export function helmetFor(options: { secure: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'upgrade-insecure-requests': options.secure ? [] : null,
      },
    },
    // Login links carry their secret in the path: no page sends its address on.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.secure,
  });
}

/**
 * The headers `middleware` sets, worked out once and then set on every response as they are: helmet, configured with
 * no per-request value (no nonce), sets the same ones on every response, but builds them anew each time (thirteen
 * middlewares, the policy string put together). Where it would not say them the same way without a request (it does
 * anything but set and remove headers, or does not finish at once), it runs as it is.
 */
export function constantHeaders(middleware: RequestHandler): RequestHandler {
  const set: Array<[string, string | number | readonly string[]]> = [];
  const removed: string[] = [];
  let finished = false;
  let other = false;
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.push([name, value]);
      return res;
    },
    removeHeader: (name: string) => {
      removed.push(name);
    },
  };
  const req = new Proxy({}, { get: () => ((other = true), undefined) });
  try {
    // Anything else asked of the response throws here (not a function): then helmet runs as it is.
    middleware(req as never, res as never, (error?: unknown) => {
      finished = error === undefined;
    });
  } catch {
    other = true;
  }
  if (!finished || other) return middleware;
  return (_req, response, next) => {
    for (const [name, value] of set) response.setHeader(name, value);
    for (const name of removed) response.removeHeader(name);
    next();
  };
}
