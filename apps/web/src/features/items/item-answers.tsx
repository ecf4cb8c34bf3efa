import type { Dataset, DatumField } from '@shortlist/contract';
import { Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../lib/layout/load-error';
import { AnswerView } from '../answers/answer-view';
import { shownAnswer } from '../answers/shown-answer';
import { useDataset, useItemTypeOf } from './use-datasets';
import './resources';

/** Each question of the item's type, in the type's order, with the item's answer as people read it. */
export function ItemAnswers({ dataset, fields }: { dataset: Dataset; fields: DatumField[] }) {
  const { t } = useTranslation('items');
  if (fields.length === 0) return null;
  return (
    <Descriptions
      title={t('details.answers')}
      column={1}
      size="small"
      bordered
      data-testid="item-answers"
      items={[...fields]
        .sort((a, b) => a.order - b.order)
        .map((field) => ({
          key: field.id,
          label: field.label,
          children: (
            <AnswerView
              answer={shownAnswer(
                dataset.datum_values.find((value) => value.datum_field === field.id),
                field,
              )}
            />
          ),
        }))}
    />
  );
}

/** An item's answers loaded by its id (the report's drawer of an item). */
export function LoadedItemAnswers({ teamId, datasetId }: { teamId: number; datasetId: number }) {
  const dataset = useDataset(datasetId);
  const itemType = useItemTypeOf(teamId, dataset.data?.data_model);
  if (dataset.isError || itemType.isError)
    return (
      <LoadError
        onRetry={() => {
          void dataset.refetch();
          void itemType.refetch();
        }}
      />
    );
  if (!dataset.data || !itemType.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  return <ItemAnswers dataset={dataset.data} fields={itemType.data.datum_fields} />;
}
