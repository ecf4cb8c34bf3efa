import 'altcha';
import 'altcha/i18n/fr-fr';
import './captcha.css';
import { CAPTCHA_CHALLENGE_PATH } from '@shortlist/contract';
import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface CaptchaWidgetProps {
  /** The payload to send as `captcha` once solved; null while unsolved, expired or failed. */
  onChange(payload: string | null): void;
  /** Changing it gives a fresh, unsolved captcha (after the server refused or spent one). */
  resetKey?: string | number;
}

type StateChange = CustomEvent<{ state: string; payload?: string }>;

/** The ALTCHA proof-of-work checkbox, in the language of the surrounding i18n instance. */
export function CaptchaWidget({ onChange, resetKey }: CaptchaWidgetProps) {
  return <AltchaElement key={resetKey} onChange={onChange} />;
}

function AltchaElement({ onChange }: Pick<CaptchaWidgetProps, 'onChange'>) {
  const { i18n } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const handleStateChange = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', handleStateChange);
    // A new widget starts unsolved: whatever the old one gave is spent or refused.
    onChangeRef.current(null);
    return () => element.removeEventListener('statechange', handleStateChange);
  }, []);

  return (
    <div data-testid="captcha">
      <altcha-widget ref={ref} challenge={CAPTCHA_CHALLENGE_PATH} language={i18n.language} />
    </div>
  );
}
