import { HONEYPOT_FIELD } from '@shortlist/contract';
import { useCallback, useMemo, useState } from 'react';
import type { Answers, AnswerValue } from './answers';

export interface RespondValues {
  email: string;
  [HONEYPOT_FIELD]?: string;
  answers: Answers;
}

/** Messages by field: `email`, or a question's id. */
export type FieldMessages = Record<string, string[]>;

/**
 * What the respondent typed and the messages on each field. Changing an answer takes its message away:
 * it is told again when the field is left (formats) or the form sent.
 */
export function useRespondState(initial: RespondValues) {
  const [values, setValues] = useState(initial);
  const [messages, setMessages] = useState<FieldMessages>({});

  const clearMessage = useCallback(
    (name: string) =>
      setMessages((current) => {
        if (!current[name]) return current;
        const { [name]: _, ...rest } = current;
        return rest;
      }),
    [],
  );
  const setAnswer = useCallback(
    (id: number, value: AnswerValue) => {
      setValues((current) => ({ ...current, answers: { ...current.answers, [id]: value } }));
      clearMessage(String(id));
    },
    [clearMessage],
  );
  const setEmail = useCallback(
    (email: string) => {
      setValues((current) => ({ ...current, email }));
      clearMessage('email');
    },
    [clearMessage],
  );
  const setHoneypot = useCallback(
    (text: string) => setValues((current) => ({ ...current, [HONEYPOT_FIELD]: text })),
    [],
  );
  /** Puts these messages on their fields; `replace` first clears every other one. */
  const showMessages = useCallback(
    (next: FieldMessages, replace = false) =>
      setMessages((current) => (replace ? next : { ...current, ...next })),
    [],
  );

  return useMemo(
    () => ({ values, messages, setAnswer, setEmail, setHoneypot, showMessages, clearMessage }),
    [values, messages, setAnswer, setEmail, setHoneypot, showMessages, clearMessage],
  );
}

export type RespondState = ReturnType<typeof useRespondState>;
