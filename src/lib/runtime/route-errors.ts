/** An error that stops a page from rendering, with the HTTP-like status the error screen shows. */
export class PageError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string, opts?: { cause?: unknown }) {
    super(message, opts);
    this.name = 'PageError';
    this.statusCode = statusCode;
  }
}

/** The 404 of a route whose parameters fail its validate rule (spec section 5). */
export function pageNotFound(fullPath: string): PageError {
  return new PageError(404, `Page Not Found: ${fullPath}`);
}

/** Runs a route's validate rule on its params; a failure throws the 404 for `fullPath`. */
export function validateRoute<P>(fullPath: string, params: P, validate: (params: P) => boolean): P {
  if (!validate(params)) throw pageNotFound(fullPath);
  return params;
}
