import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { getFieldErrors, joinFieldMessages, toFormErrors } from './api-errors';

/** The interface's language, as the page's html element says it. */
const interfaceIn = (lang: string) => vi.stubGlobal('document', { documentElement: { lang } });

describe('api errors', () => {
  beforeEach(() => interfaceIn('en'));
  afterEach(() => vi.unstubAllGlobals());

  const invalid = new ApiError(400, { email: ['Enter a valid email address.'], non_field_errors: ['Nope.'] });

  it('reads field errors from a 400 only', () => {
    expect(getFieldErrors(invalid)).toEqual({
      email: ['Enter a valid email address.'],
      non_field_errors: ['Nope.'],
    });
    expect(getFieldErrors(new ApiError(400, { code: 'HAS_DATASETS', detail: 'Used.' }))).toBeNull();
    expect(getFieldErrors(new ApiError(404, { email: ['x'] }))).toBeNull();
  });

  it('splits errors between the form fields and the rest', () => {
    expect(toFormErrors(invalid, ['email', 'pseudo'] as const)).toEqual({
      fields: [{ name: 'email', errors: ['Enter a valid email address.'] }],
      others: ['Nope.'],
    });
  });

  it('joins messages with their field names', () => {
    expect(joinFieldMessages({ title: ['Too long.'], non_field_errors: ['Nope.'] })).toBe(
      'title: Too long.\nNope.',
    );
    expect(joinFieldMessages({ title: ['Too long.'] }, ' | ', ['title'])).toBe('Too long.');
    interfaceIn('fr');
    expect(joinFieldMessages({ title: ['Trop long.'], non_field_errors: ['Non.'] })).toBe(
      'title : Trop long.\nNon.',
    );
  });
});
