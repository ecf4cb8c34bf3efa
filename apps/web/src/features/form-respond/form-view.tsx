// PLACEHOLDER until its owner replaces this file: the integration point other features import.
export function FormView(_props: { formId: number; preview?: boolean }) {
  return null;
}
