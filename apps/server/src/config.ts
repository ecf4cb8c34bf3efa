import path from 'node:path';
import { z } from 'zod';
import { readSsoProviders, type SsoProviderConfig } from './config-sso.ts';
import { parseAllowedHost } from './http/egress-policy.ts';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  PUBLIC_URL: optionalText.pipe(
    z.string().url('must be a URL such as https://shortlist.example.org').optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Shortlist <no-reply@localhost>'),
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  DATABASE_ANSWER_CONNECTIONS: z.coerce.number().int().min(1).max(100).optional(),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.string().email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0', '']).default('false'),
  WEB_DIST: optionalText,
  RICH_TEXT_IMAGE_HOSTS: optionalText.pipe(
    z
      .string()
      .regex(
        /^(?:any|none|[a-z0-9.-]+(?::\d+)?(?:\s*,\s*[a-z0-9.-]+(?::\d+)?)*)$/i,
        'must be any, none, or host names separated by commas',
      )
      .optional(),
  ),
  WEBHOOK_ALLOWED_HOSTS: optionalText.pipe(
    z
      .string()
      .refine(
        (value) => value.split(',').every((entry) => parseAllowedHost(entry) !== null),
        'must be host names, IP addresses or CIDR ranges (10.0.0.0/8), each with an optional port (hooks.example.org:8443, [fd00::5]:8080), separated by commas',
      )
      .optional(),
  ),
  WEBHOOK_MAX_REDIRECTS: z.coerce.number().int().min(0).max(5).default(0),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  S3_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/]+\/?$/, 'must be an endpoint such as https://s3.eu-west-3.amazonaws.com')
      .optional(),
  ),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3–63 lowercase letters, digits, dots, hyphens)',
      )
      .optional(),
  ),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(730),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: connections that write judges' answers, at most (undefined: the machine's cores + 1). */
  databaseAnswerConnections: number | undefined;
  /** Base of links in e-mails; defaults to the listening address. */
  publicUrl: string;
  /** Behind a reverse proxy: take the client's address and scheme from X-Forwarded-* headers. */
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Background mail goes out at most this fast, per process; mail caused by a request goes first. */
  mailRatePerMinute: number;
  jwtSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /**
   * Where an image in admins' rich text may load from over https: any host, or only these (an empty list:
   * none); the app's own file links always (decision 40).
   */
  richTextImageHosts: ImageHosts;
  /** Opens `/metrics` to whoever sends it as a bearer token; unset, `/metrics` answers 404. */
  metricsToken: string | undefined;
  /**
   * Hosts, addresses and ranges of the server's own network that webhooks may reach nevertheless (an
   * on-premises receiver), each on its port or else on 80 and 443; every other loopback, private,
   * link-local or reserved address and port is refused.
   */
  webhookAllowedHosts: readonly string[];
  /** Redirects a webhook delivery follows, each target checked like the first; 0 by default. */
  webhookMaxRedirects: number;
  /** The built web app to serve; another folder lets several builds be tested side by side. */
  webDist: string | undefined;
  /** Uploaded files go to this bucket when S3_URL is set, to DATA_DIR/files otherwise. */
  s3: S3Config | undefined;
  /** OpenID Connect providers shown on the sign-in page, in OIDC_PROVIDERS' order (decision 82). */
  ssoProviders: SsoProviderConfig[];
  /** The audit log keeps its entries this many days; the daily purge deletes older ones (decision 85). */
  auditRetentionDays: number;
}

export type ImageHosts = 'any' | readonly string[];

export interface S3Config {
  /** The endpoint; buckets are addressed by path (`<url>/<bucket>/<key>`), as S3-compatible servers expect. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export class ConfigError extends Error {}

/** Their values never appear in an error message: they are, or may hold, passwords. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'JWT_SECRET',
  'ADMIN_PASSWORD',
  'METRICS_TOKEN',
  'S3_SECRET_ACCESS_KEY',
]);

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** All of the bucket's variables or none: half a set-up would store files where no one looks. */
function readS3(e: z.infer<typeof envSchema>): S3Config | undefined {
  const given = [...S3_REQUIRED, 'S3_REGION' as const].filter((name) => e[name]);
  if (!e.S3_URL) {
    if (given.length > 0) throw new ConfigError(`Invalid S3_URL: required when ${given[0]} is set`);
    return undefined;
  }
  const missing = S3_REQUIRED.find((name) => !e[name]);
  if (missing) throw new ConfigError(`Invalid ${missing}: required when S3_URL is set`);
  return {
    url: e.S3_URL.replace(/\/$/, ''),
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
  };
}

function readImageHosts(value: string | undefined): ImageHosts {
  if (value === undefined || value.toLowerCase() === 'any') return 'any';
  if (value.toLowerCase() === 'none') return [];
  return value.split(',').map((host) => host.trim().toLowerCase());
}

/** Reads the environment once; a bad value throws a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(env[name] ?? '')})`;
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'bad value'}${got}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    // npm runs workspace scripts inside the workspace: a relative DATA_DIR is taken from where npm was invoked.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseAnswerConnections: e.DATABASE_ANSWER_CONNECTIONS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRatePerMinute: e.MAIL_RATE_PER_MINUTE,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS?.split(',').map((entry) => entry.trim()) ?? [],
    webhookMaxRedirects: e.WEBHOOK_MAX_REDIRECTS,
    richTextImageHosts: readImageHosts(e.RICH_TEXT_IMAGE_HOSTS),
    webDist: e.WEB_DIST ? path.resolve(env.INIT_CWD ?? process.cwd(), e.WEB_DIST) : undefined,
    s3: readS3(e),
    ssoProviders: readSsoProviders(env, (name, message) => new ConfigError(`Invalid ${name}: ${message}`)),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
  };
}
