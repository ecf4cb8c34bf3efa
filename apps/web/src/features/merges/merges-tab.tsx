// PLACEHOLDER until its owner replaces this file: the integration point other features import.
export function MergesTab(_props: Record<string, never>) {
  return null;
}
