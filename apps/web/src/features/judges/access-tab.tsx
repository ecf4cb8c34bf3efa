// PLACEHOLDER until its owner replaces this file: the integration point other features import.
export function AccessTab(_props: { issueId: number }) {
  return null;
}
