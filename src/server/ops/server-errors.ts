/**
 * Errors that happen outside the app's own error handler reach the log as JSON lines too, never as
 * raw multi-line stacks on stderr: a response header Node refuses at writeHead, what the HTTP
 * adapter prints with console.error, an uncaught exception or an unhandled rejection.
 */
import { type IncomingMessage, type ServerOptions, ServerResponse } from 'node:http';
import { failBody } from '../common/envelope.ts';
import { log } from '../common/log.ts';

/** Node's refusals of a header name or value (control characters, characters above U+00FF). */
const HEADER_ERRORS = new Set(['ERR_INVALID_CHAR', 'ERR_INVALID_HTTP_TOKEN', 'ERR_HTTP_INVALID_HEADER_VALUE']);

/**
 * A response that answers 500 with the error envelope when Node refuses its headers at writeHead
 * (logged as one line), and then ignores what the adapter still writes of the refused response.
 * A normal response pays nothing but the try.
 */
export class GuardedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  #replaced = false;

  // biome-ignore lint/suspicious/noExplicitAny: passed on as given to every overload of the base
  override writeHead(...args: any[]): this {
    if (this.#replaced) return this;
    try {
      return super.writeHead(...(args as [number]));
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (this.headersSent || typeof code !== 'string' || !HEADER_ERRORS.has(code)) throw err;
      this.#replaced = true;
      // The request id ties it to the request's own line; the path is not logged (it may hold a token).
      const given = args.find((a) => a && typeof a === 'object' && !Array.isArray(a)) as
        | Record<string, unknown>
        | undefined;
      const idKey = Object.keys(given ?? {}).find((k) => k.toLowerCase() === 'x-request-id');
      const requestId = String((idKey && given?.[idKey]) ?? this.getHeader('x-request-id') ?? '');
      log.error(
        { event: 'response_header_refused', requestId, method: this.req.method, err },
        'a response header was refused by Node; answered 500',
      );
      for (const name of this.getHeaderNames()) this.removeHeader(name);
      const body = JSON.stringify(failBody('INTERNAL', 'zh-TW'));
      super.writeHead(500, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
      });
      super.end(body);
      return this;
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: passed on as given to every overload of the base
  override write(...args: any[]): boolean {
    if (this.#replaced) return true;
    return super.write(...(args as [unknown]));
  }

  // biome-ignore lint/suspicious/noExplicitAny: passed on as given to every overload of the base
  override end(...args: any[]): this {
    if (this.#replaced) return this;
    return super.end(...(args as []));
  }
}

/** Options for http.createServer (and @hono/node-server's `serverOptions`). */
export const guardedServerOptions: ServerOptions = { ServerResponse: GuardedResponse };

const errorOf = (args: unknown[]) => args.find((a): a is Error => a instanceof Error);
const textOf = (args: unknown[]) =>
  args
    .filter((a) => !(a instanceof Error))
    .map((a) => (typeof a === 'string' ? a : JSON.stringify(a)))
    .join(' ')
    .slice(0, 500);

/**
 * In a serving process: console.error, console.warn and console.info (the HTTP adapter's stream
 * errors and aborted requests, a library's complaint) become log events, and an uncaught exception or an unhandled rejection is
 * logged as a fatal event before the process stops with status 1, as Node would stop it.
 */
export function routeStrayErrors(): void {
  console.error = (...args: unknown[]) =>
    log.error({ event: 'console_error', err: errorOf(args), detail: textOf(args) }, 'error outside a request');
  console.info = (...args: unknown[]) =>
    log.info({ event: 'console_info', detail: textOf(args) }, 'note outside a request');
  console.warn = (...args: unknown[]) =>
    log.warn({ event: 'console_warn', err: errorOf(args), detail: textOf(args) }, 'warning outside a request');
  const die = (event: string) => (err: unknown) => {
    log.fatal({ event, err }, event === 'uncaught_exception' ? 'uncaught exception' : 'unhandled rejection');
    // One turn for the line to be written, then stop as Node does.
    setImmediate(() => process.exit(1));
  };
  process.on('uncaughtException', die('uncaught_exception'));
  process.on('unhandledRejection', die('unhandled_rejection'));
}
