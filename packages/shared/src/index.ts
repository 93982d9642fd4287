export * from './fields.ts';
export * from './field-schemas.ts';
export * from './section.ts';
export * from './section-schemas.ts';
export * from './api.ts';
export * from './webhooks.ts';
export * from './sections/index.ts';
