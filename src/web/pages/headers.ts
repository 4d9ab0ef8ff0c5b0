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
