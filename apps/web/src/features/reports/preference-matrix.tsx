import type { RankedReport } from '@shortlist/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useItemTitles } from '../../lib/item-titles';
import './preference-matrix.css';
import './resources';

/** A cell's colour: green where the row's item wins the pair, red where it loses, paler the closer. */
function cellColour(won: number, lost: number) {
  const total = won + lost;
  if (total === 0 || won === lost) return '#fafafa';
  const share = won / total;
  const strength = Math.abs(share - 0.5) * 2;
  const alpha = (0.15 + 0.6 * strength).toFixed(2);
  return share > 0.5 ? `rgba(82, 196, 26, ${alpha})` : `rgba(255, 77, 79, ${alpha})`;
}

/**
 * The pairwise preferences behind Schulze, first items in Schulze's order: the cell of row A and column B
 * counts the ballots that put A above B; its tooltip gives the strongest path. Scrolls sideways on a phone.
 */
export function PreferenceMatrix({ report }: { report: RankedReport }) {
  const { t } = useTranslation('reports');
  const { shown } = useItemTitles();
  const titles = new Map(report.items.map((item) => [item.dataset_id, shown(item.title)]));
  const ids = report.matrix_items;
  return (
    <section aria-labelledby="preference-matrix-title">
      <Typography.Title level={5} id="preference-matrix-title">
        {t('ranked.matrixTitle', { count: ids.length })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('ranked.matrixHelp')}</Typography.Paragraph>
      <div className="sl-matrix-scroll">
        <table className="sl-matrix" data-testid="preference-matrix">
          <thead>
            <tr>
              <th scope="col">{t('ranked.rowOverColumn')}</th>
              {ids.map((id, j) => (
                <th key={id} scope="col" title={titles.get(id)}>
                  {j + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ids.map((rowId, i) => (
              <tr key={rowId}>
                <th scope="row">
                  {i + 1}. {titles.get(rowId)}
                </th>
                {ids.map((columnId, j) => {
                  const won = report.preferences[i]?.[j] ?? 0;
                  const lost = report.preferences[j]?.[i] ?? 0;
                  return i === j ? (
                    <td key={columnId} className="sl-matrix-self" aria-label="—" />
                  ) : (
                    <td
                      key={columnId}
                      style={{ background: cellColour(won, lost) }}
                      title={t('ranked.cellHelp', {
                        row: titles.get(rowId),
                        column: titles.get(columnId),
                        won,
                        lost,
                        path: report.strongest[i]?.[j] ?? 0,
                      })}
                    >
                      {won}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
