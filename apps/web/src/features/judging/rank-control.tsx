import { placeOfPoints } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import './resources';

/** An item's place on the judge's ballot, and the button that puts it on or takes it off. */
export function RankControl({
  title,
  points,
  nbRanked,
  onRank,
  onUnrank,
}: {
  title: string;
  points: number | undefined;
  nbRanked: number;
  onRank(): void;
  onUnrank(): void;
}) {
  const { t } = useTranslation('judging');
  if (!points)
    return (
      <button
        type="button"
        className="sl-button"
        onClick={onRank}
        aria-label={t('ranked.addOf', { title })}
        data-testid="rank-add"
      >
        {t('ranked.add')}
      </button>
    );
  return (
    <div className="sl-rank-control">
      <span className="sl-rank-place" data-testid="rank-place">
        {t('ranked.place', { place: placeOfPoints(nbRanked, points) })}
      </span>
      <button
        type="button"
        className="sl-button sl-button-small"
        onClick={onUnrank}
        aria-label={t('ranked.removeOf', { title })}
        data-testid="rank-remove"
      >
        {t('ranked.remove')}
      </button>
    </div>
  );
}
