export * from './fields.ts';
export * from './section.ts';
export * from './api.ts';
export * from './sections/index.ts';
