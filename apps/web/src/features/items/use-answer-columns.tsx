import type { Dataset, DatumField } from '@shortlist/contract';
import { Select, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../../lib/config';
import { readStorage, writeStorage } from '../../lib/storage';
import { AnswerView } from '../answers/answer-view';
import { shownAnswer } from '../answers/shown-answer';
import { useAllItemTypes, useItemTypeOf } from './use-datasets';
import './resources';

function readChosen(key: string): number[] {
  try {
    const value: unknown = JSON.parse(readStorage(key) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/**
 * The answer columns a person chose for one table (`tableKey`), from the questions of its item type — or of
 * every item type of the workspace when the table mixes them — and the picker to choose them. The choice is
 * kept in this browser, per table.
 */
export function useAnswerColumns({
  teamId,
  dataModelId,
  tableKey,
}: {
  teamId: number;
  dataModelId?: number;
  tableKey: string;
}): { picker: ReactNode; columns: TableColumnsType<Dataset> } {
  const { t } = useTranslation('items');
  const storageKey = `${STORAGE_KEYS.answerColumns}.${tableKey}`;
  const [chosen, setChosen] = useState(() => readChosen(storageKey));
  const oneType = useItemTypeOf(teamId, dataModelId);
  const allTypes = useAllItemTypes(teamId, dataModelId === undefined);
  const types = dataModelId === undefined ? (allTypes.data ?? []) : oneType.data ? [oneType.data] : [];
  const fields = new Map<number, DatumField>(
    types.flatMap((type) => type.datum_fields.map((field) => [field.id, field] as const)),
  );

  const choose = (ids: number[]) => {
    setChosen(ids);
    writeStorage(storageKey, ids.length > 0 ? JSON.stringify(ids) : null);
  };
  const toOptions = (list: DatumField[]) => list.map((field) => ({ value: field.id, label: field.label }));
  const picker = (
    <Select<number[]>
      mode="multiple"
      allowClear
      value={chosen.filter((id) => fields.has(id))}
      onChange={choose}
      options={
        types.length === 1
          ? toOptions(types[0]?.datum_fields ?? [])
          : types.map((type) => ({ label: type.title, options: toOptions(type.datum_fields) }))
      }
      placeholder={t('answerColumns')}
      aria-label={t('answerColumns')}
      maxTagCount="responsive"
      popupMatchSelectWidth={false}
      optionFilterProp="label"
      style={{ minWidth: 200, maxWidth: 360 }}
      data-testid="answer-columns"
    />
  );
  const columns: TableColumnsType<Dataset> = chosen.flatMap((id) => {
    const field = fields.get(id);
    if (!field) return [];
    return [
      {
        key: `answer-${id}`,
        title: field.label,
        // Items of another type have no answer to this question: the cell stays empty.
        render: (_: unknown, dataset: Dataset) =>
          dataset.data_model === field.data_model ? (
            <AnswerView
              answer={shownAnswer(
                dataset.datum_values.find((value) => value.datum_field === id),
                field,
              )}
              isCompact
            />
          ) : null,
      },
    ];
  });
  return { picker, columns };
}
