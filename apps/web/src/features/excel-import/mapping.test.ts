import type { DatumField } from '@shortlist/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  autoMap,
  buildTitle,
  checkMapping,
  MAX_TAG_COLUMNS,
  splitTags,
  toDatasets,
  UNTITLED,
} from './mapping';
import { formatRowRanges, nameWireField, rowErrorsFromFieldErrors } from './row-errors';

const common = {
  data_model: 1,
  description: '',
  required: false,
  order: 0,
  on_forms: true,
  on_issues: true,
  identifying: false,
  template_variable_email: null,
  condition: null,
};
const fields: DatumField[] = [
  {
    ...common,
    id: 10,
    label: 'City',
    resourcetype: 'text',
    response_max_length: 60,
    format: null,
    number_min: null,
    number_max: null,
  },
  { ...common, id: 11, label: 'Stage', resourcetype: 'choice', multiple: false, radio: false, options: [] },
  { ...common, id: 12, label: 'Deck', resourcetype: 'file', mime_types: [], max_size_bytes: 1 },
];

/** A sheet of these headers and rows, for autoMap. */
const sheetOf = (headers: string[], ...rows: string[][]) => ({ headers, rows });

describe('autoMap', () => {
  it('maps a header equal to a text or choice field’s label, ignoring case and spaces', () => {
    expect(autoMap(sheetOf([' city ', 'STAGE', 'Name']), fields)).toEqual(['field:10', 'field:11', 'ignore']);
  });

  it('never maps a file field, nor one field twice', () => {
    expect(autoMap(sheetOf(['Deck', 'City', 'city']), fields)).toEqual(['ignore', 'field:10', 'ignore']);
  });

  it('takes the first column named like an e-mail address as the item’s e-mail, unless a question has its label', () => {
    expect(autoMap(sheetOf(['Name', ' E-mail ', 'Courriel']), fields)).toEqual(['ignore', 'email', 'ignore']);
    expect(autoMap(sheetOf(['Adresse e-mail']), fields)).toEqual(['email']);
    const withEmailField: DatumField[] = [{ ...(fields[0] as DatumField), id: 13, label: 'Email' }];
    expect(autoMap(sheetOf(['Email'], ['not given']), withEmailField)).toEqual(['field:13']);
  });

  it('takes a column of e-mail addresses as the item’s e-mail, even under a question’s label', () => {
    const contactQuestion: DatumField[] = [{ ...(fields[0] as DatumField), id: 14, label: 'Contact e-mail' }];
    const sheet = sheetOf(
      ['Name', 'Contact e-mail', 'Backup'],
      ['Acme', 'ada@example.org', 'bob@example.org'],
      ['Bolt', 'not-an-address', ''],
      ['Core', ' eve@example.net ', ''],
    );
    expect(autoMap(sheet, contactQuestion)).toEqual(['ignore', 'email', 'ignore']);
    // A column mostly of other words is no column of addresses.
    expect(
      autoMap(sheetOf(['Contact e-mail'], ['ask Ada'], ['ada@example.org'], ['later']), contactQuestion),
    ).toEqual(['field:14']);
  });
});

describe('checkMapping', () => {
  it('asks for a title column and at most MAX_TAG_COLUMNS tag columns', () => {
    expect(checkMapping(['ignore', 'field:10'])).toEqual(['noTitle']);
    expect(checkMapping(['title', ...Array(MAX_TAG_COLUMNS).fill('tags')])).toEqual([]);
    expect(checkMapping(['title', ...Array(MAX_TAG_COLUMNS + 1).fill('tags')])).toEqual(['tooManyTags']);
  });
});

describe('buildTitle', () => {
  it('joins the title columns by a space, skipping empty cells', () => {
    expect(buildTitle(['Ada', '', ' Lovelace ', 'x'], [0, 1, 2])).toBe('Ada Lovelace');
  });

  it('cuts the title to 150 characters', () => {
    const title = buildTitle(['a'.repeat(100), 'b'.repeat(100)], [0, 1]);
    expect(title).toHaveLength(150);
    expect(title.endsWith('b'.repeat(49))).toBe(true);
  });

  it('gives "(untitled)" when the title columns are empty', () => {
    expect(buildTitle(['', ' '], [0, 1])).toBe(UNTITLED);
    expect(UNTITLED).toBe('(untitled)');
  });
});

describe('splitTags', () => {
  it('splits every cell by the chosen separator, trimmed, without empty tags', () => {
    expect(splitTags(['a, b,,c', 'd'], 'comma')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitTags(['a;b ; c'], 'semicolon')).toEqual(['a', 'b', 'c']);
    expect(splitTags(['a  b'], 'space')).toEqual(['a', 'b']);
    expect(splitTags(['a|b, c'], 'pipe')).toEqual(['a', 'b, c']);
  });
});

describe('toDatasets', () => {
  it('builds each row’s item with its tags on the wire and its non-empty answers', () => {
    const sheet = {
      headers: ['Name', 'City', 'Stage', 'Tags'],
      rows: [['Acme', 'Paris', '', 'x,y']],
      rowNumbers: [2],
    };
    const rows = toDatasets(
      sheet,
      ['title', 'field:10', 'field:11', 'tags'],
      { id: 1, datum_fields: fields },
      'comma',
    );
    expect(rows).toEqual([
      {
        data_model: 1,
        title: 'Acme',
        tags: 'x;y',
        datum_values: [{ datum_field: 10, resourcetype: 'text', response: 'Paris' }],
      },
    ]);
  });
});

describe('toDatasets with a contact e-mail column', () => {
  it('sends each row’s address, null for an empty cell, and no key at all without the column', () => {
    const sheet = {
      headers: ['Name', 'Mail'],
      rows: [
        ['Acme', ' ada@example.org '],
        ['Bolt', ''],
      ],
      rowNumbers: [2, 3],
    };
    const itemType = { id: 1, datum_fields: fields };
    const rows = toDatasets(sheet, ['title', 'email'], itemType, 'comma');
    expect(rows.map((row) => row.contact_email)).toEqual(['ada@example.org', null]);
    expect(toDatasets(sheet, ['title', 'ignore'], itemType, 'comma')[0]).not.toHaveProperty('contact_email');
  });
});

/** The interface's language, as the page's html element says it. */
const interfaceIn = (lang: string) => vi.stubGlobal('document', { documentElement: { lang } });

describe('nameWireField', () => {
  beforeEach(() => interfaceIn('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('puts the wire’s name of an item’s part in the person’s words, leaving answers’ labels', () => {
    const names = { contact_email: 'Contact e-mail', title: 'Title' };
    expect(nameWireField('contact_email: Enter a valid email address.', names)).toBe(
      'Contact e-mail: Enter a valid email address.',
    );
    expect(nameWireField('Stage: "Z" is not a valid choice.', names)).toBe(
      'Stage: "Z" is not a valid choice.',
    );
    interfaceIn('fr');
    expect(nameWireField('contact_email : Saisissez une adresse e-mail valide.', names)).toBe(
      'Contact e-mail : Saisissez une adresse e-mail valide.',
    );
  });
});

describe('rowErrorsFromFieldErrors', () => {
  beforeEach(() => interfaceIn('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('gives a refused chunk’s errors to the rows of the sheet they belong to', () => {
    const errors = { '1.title': ['Too short.'], '0.datum_values.0.response': ['Bad.'], detail: ['Oops.'] };
    expect(rowErrorsFromFieldErrors(errors, [4, 7], (index) => `row ${index}`)).toEqual([
      { index: 4, title: 'row 4', messages: ['datum_values.0.response: Bad.', 'detail: Oops.'] },
      { index: 7, title: 'row 7', messages: ['title: Too short.'] },
    ]);
  });
});

describe('formatRowRanges', () => {
  it('shortens consecutive row numbers to ranges', () => {
    expect(formatRowRanges([7, 2, 3, 4, 9])).toBe('2–4, 7, 9');
    expect(formatRowRanges([])).toBe('');
  });
});
