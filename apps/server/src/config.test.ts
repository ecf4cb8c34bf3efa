import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The error loadConfig throws for `env`, or a failure when it throws none. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Shortlist <no-reply@localhost>',
      mailRatePerMinute: 600,
      metricsToken: undefined,
      richTextImageHosts: 'any',
      webhookAllowedHosts: [],
      webhookMaxRedirects: 0,
      jwtSecret: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
      trustProxy: false,
      logLevel: 'info',
      ssoProviders: [],
      auditRetentionDays: 730,
    });
  });

  it('reads the hosts, addresses and ranges webhooks may reach in the server’s network, and the redirects', () => {
    const config = loadConfig({
      WEBHOOK_ALLOWED_HOSTS:
        'hooks.intranet.example, 10.20.0.0/16,127.0.0.1, [fd00::5], fd00:1::/64, api.intranet.example:8443, 10.30.0.0/16:9000, [::1]:8080',
      WEBHOOK_MAX_REDIRECTS: '2',
    });
    expect(config.webhookAllowedHosts).toEqual([
      'hooks.intranet.example',
      '10.20.0.0/16',
      '127.0.0.1',
      '[fd00::5]',
      'fd00:1::/64',
      'api.intranet.example:8443',
      '10.30.0.0/16:9000',
      '[::1]:8080',
    ]);
    expect(config.webhookMaxRedirects).toBe(2);
    for (const bad of [
      'http://hooks.example/',
      '10.0.0.0/33',
      '10.0.0.0/8/8',
      'under_score.example',
      '*',
      'hooks.example:0',
      'hooks.example:65536',
      'hooks.example:',
      'hooks.example:https',
      '[10.0.0.1]:80',
      '[hooks.example]:80',
      '::1:8080:',
    ]) {
      expect(configError({ WEBHOOK_ALLOWED_HOSTS: `ok.example,${bad}` }).message).toBe(
        `Invalid WEBHOOK_ALLOWED_HOSTS: must be host names, IP addresses or CIDR ranges (10.0.0.0/8), each with an optional port (hooks.example.org:8443, [fd00::5]:8080), separated by commas (got "ok.example,${bad}")`,
      );
    }
    expect(configError({ WEBHOOK_MAX_REDIRECTS: '6' }).message).toMatch(/^Invalid WEBHOOK_MAX_REDIRECTS/);
  });

  it('reads the hosts rich text may load images from', () => {
    expect(loadConfig({ RICH_TEXT_IMAGE_HOSTS: 'none' }).richTextImageHosts).toEqual([]);
    expect(
      loadConfig({ RICH_TEXT_IMAGE_HOSTS: 'CDN.example.org, assets.example:8443' }).richTextImageHosts,
    ).toEqual(['cdn.example.org', 'assets.example:8443']);
    expect(() => loadConfig({ RICH_TEXT_IMAGE_HOSTS: 'https://cdn.example.org/' })).toThrow(
      /RICH_TEXT_IMAGE_HOSTS/,
    );
  });

  it('resolves a relative DATA_DIR from where npm was invoked', () => {
    expect(loadConfig({ DATA_DIR: 'data', INIT_CWD: '/srv/shortlist' }).dataDir).toBe('/srv/shortlist/data');
    expect(loadConfig({ DATA_DIR: '/var/lib/x', INIT_CWD: '/srv/shortlist' }).dataDir).toBe('/var/lib/x');
  });

  it('trusts X-Forwarded-* headers only when TRUST_PROXY says so', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/^Invalid TRUST_PROXY/);
  });

  it('reads every variable, follows PORT in the default public URL and trims its slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const config = loadConfig({
      PORT: '4000',
      DATA_DIR: '/var/lib/shortlist',
      DATABASE_URL: 'postgresql://db/shortlist',
      PUBLIC_URL: 'https://shortlist.example.org/',
      SMTP_URL: 'smtps://mail.example.org',
      JWT_SECRET: 's'.repeat(32),
      ADMIN_EMAIL: 'boss@example.org',
      ADMIN_PASSWORD: 'long-enough',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 4000,
      dataDir: '/var/lib/shortlist',
      databaseUrl: 'postgresql://db/shortlist',
      publicUrl: 'https://shortlist.example.org',
      smtpUrl: 'smtps://mail.example.org',
      jwtSecret: 's'.repeat(32),
      adminEmail: 'boss@example.org',
      adminPassword: 'long-enough',
      logLevel: 'warn',
    });
  });

  it('treats empty values of optional variables as unset', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      SMTP_URL: ' ',
      JWT_SECRET: '',
      ADMIN_EMAIL: '',
      PUBLIC_URL: '',
    });
    expect(config).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
      jwtSecret: undefined,
      adminEmail: undefined,
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'notaurl'],
    ['SMTP_URL', 'http://x'],
    ['JWT_SECRET', 'too-short'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^Invalid ${name}: `));
    expect(error.message).not.toContain('\n');
  });

  it('keeps the message on one line whatever the value holds', () => {
    expect(configError({ PORT: '30\n00' }).message).not.toContain('\n');
  });

  it('does not repeat secrets in the message', () => {
    expect(configError({ JWT_SECRET: 'hunter2-hunter2' }).message).not.toContain('hunter2');
    expect(configError({ ADMIN_PASSWORD: 'hunter2' }).message).not.toContain('hunter2');
    expect(configError({ DATABASE_URL: 'mysql://root:hunter2@db/x' }).message).not.toContain('hunter2');
    expect(configError({ SMTP_URL: 'http://mailer:hunter2@mail' }).message).not.toContain('hunter2');
  });

  it('stores files in a bucket only with its endpoint, name and credentials', () => {
    const s3 = {
      S3_URL: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'shortlist-files',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret-value',
    };
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(s3).s3).toEqual({
      url: 'http://127.0.0.1:9000',
      bucket: 'shortlist-files',
      region: 'us-east-1',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret-value',
    });
    expect(loadConfig({ ...s3, S3_REGION: 'eu-west-3' }).s3?.region).toBe('eu-west-3');
    expect(configError({ S3_BUCKET: 'shortlist-files' }).message).toBe(
      'Invalid S3_URL: required when S3_BUCKET is set',
    );
    expect(configError({ ...s3, S3_SECRET_ACCESS_KEY: '' }).message).toBe(
      'Invalid S3_SECRET_ACCESS_KEY: required when S3_URL is set',
    );
    expect(configError({ ...s3, S3_BUCKET: 'My_Files' }).message).toMatch(
      /^Invalid S3_BUCKET: must be a bucket/,
    );
    expect(configError({ ...s3, S3_URL: 's3://bucket' }).message).toMatch(
      /^Invalid S3_URL: must be an endpoint/,
    );
  });

  it('reads the OpenID Connect providers named by OIDC_PROVIDERS, in order', () => {
    const providers = loadConfig({
      OIDC_PROVIDERS: 'acme, google',
      OIDC_ACME_ISSUER: 'https://id.acme.example/realms/staff',
      OIDC_ACME_CLIENT_ID: 'shortlist',
      OIDC_ACME_CLIENT_SECRET: 'hunter2',
      OIDC_ACME_LABEL: 'Acme staff',
      OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
      OIDC_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
    }).ssoProviders;
    expect(providers.map(({ issuer, ...rest }) => ({ ...rest, issuer: issuer.href }))).toEqual([
      {
        name: 'acme',
        label: 'Acme staff',
        issuer: 'https://id.acme.example/realms/staff',
        clientId: 'shortlist',
        clientSecret: 'hunter2',
        isLoopback: false,
      },
      {
        name: 'google',
        label: 'Google',
        issuer: 'https://accounts.google.com/',
        clientId: 'id.apps.googleusercontent.com',
        clientSecret: undefined,
        isLoopback: false,
      },
    ]);
    expect(loadConfig({ OIDC_PROVIDERS: '' }).ssoProviders).toEqual([]);
  });

  it.each([
    [{ OIDC_PROVIDERS: 'Acme' }, /^Invalid OIDC_PROVIDERS: must be names/],
    [{ OIDC_PROVIDERS: 'acme' }, /^Invalid OIDC_ACME_ISSUER: required when OIDC_PROVIDERS names acme$/],
    [
      { OIDC_PROVIDERS: 'acme', OIDC_ACME_ISSUER: 'http://id.acme.example' },
      /^Invalid OIDC_ACME_ISSUER: must start with https/,
    ],
    [
      { OIDC_PROVIDERS: 'acme', OIDC_ACME_ISSUER: 'https://id.acme.example' },
      /^Invalid OIDC_ACME_CLIENT_ID: required/,
    ],
    [
      { OIDC_PROVIDERS: 'acme,acme', OIDC_ACME_ISSUER: 'https://a.example', OIDC_ACME_CLIENT_ID: 'x' },
      /names acme twice/,
    ],
  ])('refuses a provider set up by halves: %j', (env, message) => {
    expect(configError(env).message).toMatch(message);
  });

  it('takes plain http for a provider on this machine only, and never prints a client secret', () => {
    const local = {
      OIDC_PROVIDERS: 'dev',
      OIDC_DEV_ISSUER: 'http://127.0.0.1:8080',
      OIDC_DEV_CLIENT_ID: 'x',
    };
    expect(loadConfig(local).ssoProviders[0]?.isLoopback).toBe(true);
    expect(
      configError({ ...local, OIDC_DEV_CLIENT_SECRET: 'hunter2', OIDC_DEV_LABEL: 'x'.repeat(61) }).message,
    ).not.toContain('hunter2');
  });
});
