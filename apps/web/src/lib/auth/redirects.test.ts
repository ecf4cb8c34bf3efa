import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from './redirects';

describe('loginPath', () => {
  it('carries the wanted address, query included', () => {
    expect(loginPath('/team/3/members?page=2')).toBe('/login?next=%2Fteam%2F3%2Fmembers%3Fpage%3D2');
  });

  it('has no next for the home page or the login page itself', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?next=%2Fteam%2F1')).toBe('/login');
  });
});

describe('safeNextPath', () => {
  it('follows same-site paths only', () => {
    expect(safeNextPath('/team/1?tab=x')).toBe('/team/1?tab=x');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });
});
