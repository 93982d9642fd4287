import type { FastifyBaseLogger, FastifyLogFn, LogLevel } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Args = Parameters<FastifyLogFn>;

/**
 * A request's logger that becomes pino's child logger (with the request id bound) only when the request writes a
 * line at a level the server keeps. Fastify makes a child for every request, and pino's child copies and redacts
 * its bindings as it is made: a cached public read that logs nothing paid for that on every answer.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  #made: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #logger(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(this.#bindings));
  }

  #write(method: Method, args: Args): void {
    // a line the level leaves out needs no child: pino would drop it just the same
    const parent = this.#parent as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    if (this.#made === undefined && parent.isLevelEnabled?.(method) === false) return;
    (this.#logger()[method] as (...line: Args) => void)(...args);
  }

  get level(): LogLevel {
    return (this.#made ?? this.#parent).level as LogLevel;
  }

  set level(level: LogLevel) {
    this.#logger().level = level;
  }

  fatal(...args: Args): void {
    this.#write('fatal', args);
  }
  error(...args: Args): void {
    this.#write('error', args);
  }
  warn(...args: Args): void {
    this.#write('warn', args);
  }
  info(...args: Args): void {
    this.#write('info', args);
  }
  debug(...args: Args): void {
    this.#write('debug', args);
  }
  trace(...args: Args): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a route with a log level or serializers of its own gets pino's child at once, as
 * before; every other request gets a RequestLogger.
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings);
}
