/** The generic create and edit form, and the dedicated create screens built on it. */
export { DedicatedCreateScreen } from './form-screens';
export { dedicatedCreateTexts, type FormVariant } from './form-variant';
