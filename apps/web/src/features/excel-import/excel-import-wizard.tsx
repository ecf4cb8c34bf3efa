import { Button, Modal, Steps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllItemTypes } from '../items/use-datasets';
import { ImportStep } from './import-step';
import {
  autoMap,
  type ColumnTarget,
  checkMapping,
  type Sheet,
  type TagSeparator,
  toDatasets,
} from './mapping';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { FileStep, ItemTypeStep } from './source-steps';
import { useImportRun } from './use-import-run';
import './resources';

const STEPS = ['itemType', 'file', 'mapping', 'preview', 'import'] as const;
const PREVIEW = STEPS.indexOf('preview');
const IMPORT = STEPS.indexOf('import');

interface ExcelImportWizardProps {
  teamId: number;
  /** Preset when opened from an item type. */
  itemTypeId?: number;
  onClose: () => void;
}

/** Pick an item type, read a sheet, map its columns, check every row, then import the valid ones. */
export function ExcelImportWizard({ teamId, itemTypeId, onClose }: ExcelImportWizardProps) {
  const { t } = useTranslation('excelImport');
  const { t: tc } = useTranslation();
  const itemTypes = useAllItemTypes(teamId);
  const [step, setStep] = useState(itemTypeId ? 1 : 0);
  const [typeId, setTypeId] = useState<number | null>(itemTypeId ?? null);
  const [file, setFile] = useState<{ name: string; sheet: Sheet } | null>(null);
  const [mapping, setMapping] = useState<ColumnTarget[]>([]);
  const [separator, setSeparator] = useState<TagSeparator>('comma');
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const run = useImportRun();

  const itemType = itemTypes.data?.find((candidate) => candidate.id === typeId);
  const fields = itemType?.datum_fields ?? [];
  const datasets = useMemo(
    () => (itemType && file ? toDatasets(file.sheet, mapping, itemType, separator) : []),
    [itemType, file, mapping, separator],
  );
  const invalid = new Set(run.validation.errors?.map((error) => error.index));
  // A duplicate title is imported unless the admin unticked it (decision in docs/decisions.md).
  const validIndexes = datasets.flatMap((_, index) =>
    invalid.has(index) || excluded.has(index) ? [] : [index],
  );
  const isImporting = step === IMPORT && !run.outcome;

  const chooseType = (id: number) => {
    setTypeId(id);
    const chosen = itemTypes.data?.find((candidate) => candidate.id === id);
    if (file && chosen) setMapping(autoMap(file.sheet, chosen.datum_fields));
  };
  const readFile = (name: string, sheet: Sheet) => {
    setFile({ name, sheet });
    setMapping(autoMap(sheet, fields));
  };
  const goTo = (next: number) => {
    setStep(next);
    if (next === PREVIEW) {
      setExcluded(new Set());
      void run.validate(datasets);
    }
  };
  const canGoOn = [typeId !== null && !!itemType, !!file, checkMapping(mapping).length === 0];

  const footer = [
    step > 0 && step < IMPORT && (
      <Button key="back" onClick={() => goTo(step - 1)}>
        {t('back')}
      </Button>
    ),
    step < PREVIEW && (
      <Button
        key="next"
        type="primary"
        disabled={!canGoOn[step]}
        onClick={() => goTo(step + 1)}
        data-testid="import-next"
      >
        {t('next')}
      </Button>
    ),
    step === PREVIEW && (
      <Button
        key="import"
        type="primary"
        disabled={run.validation.errors === null || validIndexes.length === 0}
        onClick={() => {
          setStep(IMPORT);
          void run.start(datasets, validIndexes);
        }}
        data-testid="import-start"
      >
        {t('preview.importValid', { count: validIndexes.length })}
      </Button>
    ),
    step === IMPORT && (
      <Button key="close" type="primary" disabled={isImporting} onClick={onClose} data-testid="import-close">
        {tc('common.close')}
      </Button>
    ),
  ];

  return (
    <Modal
      open
      width={880}
      title={t('title')}
      onCancel={isImporting ? undefined : onClose}
      closable={!isImporting}
      keyboard={!isImporting}
      maskClosable={false}
      footer={footer}
    >
      <Steps
        size="small"
        current={step}
        items={STEPS.map((key) => ({ title: t(`steps.${key}`) }))}
        style={{ marginBottom: 24 }}
      />
      {(step === 0 || (step === 1 && !itemType)) && (
        <ItemTypeStep itemTypes={itemTypes.data} value={typeId} onChange={chooseType} />
      )}
      {step === 1 && itemType && <FileStep sheet={file} onRead={readFile} />}
      {step === 2 && file && (
        <MappingStep
          sheet={file.sheet}
          fields={fields}
          mapping={mapping}
          separator={separator}
          onMappingChange={setMapping}
          onSeparatorChange={setSeparator}
        />
      )}
      {step === PREVIEW && file && (
        <PreviewStep
          file={file}
          datasets={datasets}
          fields={fields}
          validation={run.validation}
          excluded={excluded}
          onExcludedChange={setExcluded}
          onRetry={() => void run.validate(datasets)}
        />
      )}
      {step === IMPORT && file && (
        <ImportStep
          file={file}
          total={validIndexes.length}
          done={run.imported}
          outcome={run.outcome}
          skipped={run.validation.errors ?? []}
          excluded={[...excluded]}
        />
      )}
    </Modal>
  );
}
