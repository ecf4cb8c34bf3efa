import { z } from 'zod';

/** Server version; clients compare its major.minor with their own (spec: client 0.9.24). */
export const API_VERSION = '0.9.0';
export const API_VERSION_HEADER = 'x-api-version';
export const API_PREFIX = '/api/v1';

export const DEFAULT_PAGE_SIZE = 10;
/** Load-all helpers page through lists with this size; it is also the largest page the API serves. */
export const MAX_PAGE_SIZE = 100;

export const LANGUAGES = ['en', 'fr'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;
/** A stored language column ('en', 'fr', or anything older) as one of LANGUAGES: English unless French. */
export const toLanguage = (value: string | null | undefined): Language => (value === 'fr' ? 'fr' : 'en');
/** "Label: text" in English, "Label : texte" in French. */
export const withColon = (label: string, text: string, language: Language) =>
  `${label}${language === 'fr' ? ' : ' : ': '}${text}`;

/** Ids are PostgreSQL `integer` (int4) columns: a larger number can name nothing and must not reach SQL. */
export const ID_MAX = 2_147_483_647;
/** Ids in paths and queries arrive as text; read as text first so that a missing one is 'required', not NaN. */
export const idSchema = z.string().transform(Number).pipe(z.number().int().positive().max(ID_MAX));
/** Ids inside JSON bodies are numbers already. */
export const bodyIdSchema = z.number().int().positive().max(ID_MAX);
export const idParamsSchema = z.object({ id: idSchema });

/** Comma-separated integer ids (the `tags` query); anything not an id (text, 0, out of range) is dropped. */
export function parseIdList(text: string | null | undefined): number[] {
  const ids = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter((id) => id > 0 && id <= ID_MAX);
  return [...new Set(ids)];
}
export const idListQuerySchema = z.string().max(2000).transform(parseIdList);

export const pageQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  ordering: z.string().trim().max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of one team's objects: `?team=` names the team. */
export const teamPageQuerySchema = pageQuerySchema.extend({ team: idSchema });
export type TeamPageQuery = z.infer<typeof teamPageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** 400 replies: each field with its messages; `non_field_errors` for the whole request. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Business refusals and non-field errors. */
export const codeErrorSchema = z.object({ code: z.string(), detail: z.string() });
export type CodeError = z.infer<typeof codeErrorSchema>;

export const detailSchema = z.object({ detail: z.string() });

/** Boolean query flags arrive as text ("true", "false", "1", "0"). */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0', 'True', 'False'])
  .transform((value) => value === 'true' || value === '1' || value === 'True');
