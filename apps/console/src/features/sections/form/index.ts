/** The generic create and edit form, and the dedicated create screens built on it. */
export { DedicatedCreateScreen } from './form-screens';
export type { FieldVariant, FormVariant } from './form-variant';
