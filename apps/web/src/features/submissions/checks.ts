// The contract's format checks use zod: this module and zod load when a first answer is checked, not
// with the page (docs/performance.md, public pages on a phone).
export { formatError } from './format-check';
export { emailError } from './respondent-email';
