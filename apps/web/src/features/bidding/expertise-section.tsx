import { EXPERTISE_TEXT_MAX_LENGTH } from '@shortlist/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format';
import { Field } from '../../lib/plain/field';
import { useOwnExpertise } from './use-bidding';
import './resources';

/**
 * "Your expertise": the judge's fields in their own words, saved with a button; the saved state is said
 * in a live region, and typing again marks the text as not saved yet.
 */
export function ExpertiseSection({ issueId, token }: { issueId: number; token: string | null }) {
  const { t, i18n } = useTranslation('bidding');
  const { query, save } = useOwnExpertise(issueId, token);
  // Null until the judge types: the saved text shows until then, and after it arrives.
  const [typed, setTyped] = useState<string | null>(null);
  const saved = query.data;
  const text = typed ?? saved?.text ?? '';
  const isChanged = typed !== null && typed !== (saved?.text ?? '');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(text, { onSuccess: () => setTyped(null) });
  };
  const status = save.isPending
    ? t('expertise.saving')
    : save.isError
      ? t('expertise.failed')
      : !isChanged && saved?.update_time
        ? t('expertise.savedAt', { date: formatDateTime(saved.update_time, i18n.language) })
        : null;
  return (
    <section className="sl-bidding-section" aria-labelledby="expertise-title" data-testid="expertise-section">
      <h2 id="expertise-title" className="sl-bidding-title">
        {t('expertise.title')}
      </h2>
      {query.isPending ? (
        <p className="sl-form-loading" role="status">
          {t('common.loading', { ns: 'translation' })}
        </p>
      ) : query.isError ? (
        <p className="sl-notice sl-notice-error">{t('loadFailed')}</p>
      ) : (
        <form onSubmit={submit}>
          <Field id="expertise-text" label={t('expertise.label')} help={t('expertise.help')}>
            {(control) => (
              <>
                <textarea
                  {...control}
                  className="sl-input sl-textarea"
                  rows={4}
                  maxLength={EXPERTISE_TEXT_MAX_LENGTH}
                  value={text}
                  onChange={(event) => setTyped(event.target.value)}
                  data-testid="expertise-text"
                />
                <div className="sl-counter" aria-hidden="true">
                  {text.length} / {EXPERTISE_TEXT_MAX_LENGTH}
                </div>
              </>
            )}
          </Field>
          <div className="sl-bidding-save">
            <button
              type="submit"
              className="sl-button sl-button-primary"
              disabled={save.isPending}
              data-testid="expertise-save"
            >
              {t('expertise.save')}
            </button>
            <p
              className={save.isError ? 'sl-field-message' : 'sl-bidding-status'}
              role="status"
              data-testid="expertise-status"
            >
              {status}
            </p>
          </div>
        </form>
      )}
    </section>
  );
}
