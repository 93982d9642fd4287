import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type Compilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Factory = (...args: unknown[]) => unknown;

// resolved from Fastify itself: these are its own dependencies
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const load = (name: string): Factory => (fromFastify(name) as () => Factory)();

/**
 * Fastify loads Ajv and fast-json-stringify whenever an app is built (about 17 MB of RSS and
 * 60–150 ms of start-up), though no route here declares a JSON schema: input is checked with zod.
 * These factories load Fastify's own compilers on the first route that declares one, else never.
 */
export const lazySchemaCompilers: Compilers = {
  buildValidator: ((...args: unknown[]) =>
    load('@fastify/ajv-compiler')(...args)) as unknown as Compilers['buildValidator'],
  buildSerializer: ((...args: unknown[]) =>
    load('@fastify/fast-json-stringify-compiler')(...args)) as unknown as Compilers['buildSerializer'],
};
