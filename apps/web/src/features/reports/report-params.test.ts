import { describe, expect, it } from 'vitest';
import type { ReportFilterValues } from './report-filters';
import { agreementQueryOf, reportParams, toReportQuery } from './report-params';

const none: Omit<ReportFilterValues, 'threshold'> = {
  onlyVerified: false,
  tags: [],
  criteria: [],
  normalisation: 'none',
};

describe('report parameters', () => {
  it('leaves out every filter that filters nothing, in the parameters and the query alike', () => {
    expect(reportParams(none)).toEqual({});
    expect(toReportQuery(reportParams(none))).toEqual({});
  });

  it('gives promotion the values and the report the same values as its query string', () => {
    const params = reportParams({
      onlyVerified: true,
      tags: ['health', 'energy'],
      criteria: [3, 5],
      normalisation: 'criterion',
    });
    expect(params).toEqual({
      criteria: [3, 5],
      tags: ['health', 'energy'],
      only_verified_emails: true,
      normalised: true,
      per_criterion: true,
    });
    const query = toReportQuery(params);
    expect(query).toEqual({
      only_verified_emails: 'true',
      tags: 'health;energy',
      criteria: '3,5',
      normalised: 'true',
      per_criterion: 'true',
    });
    // The agreement follows the judges and the criteria, not the items' tags or the normalisation.
    expect(agreementQueryOf(query)).toEqual({ criteria: '3,5', only_verified_emails: 'true' });
  });

  it('normalises per judge without per criterion', () => {
    const params = reportParams({ ...none, normalisation: 'judge' });
    expect(toReportQuery(params)).toEqual({ normalised: 'true' });
  });
});
