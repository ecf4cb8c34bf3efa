type Checks = typeof import('./checks');

let checks: Promise<Checks> | undefined;

/** The answers' checks (formats, the respondent's e-mail), fetched once, when first needed. */
export const loadChecks = (): Promise<Checks> => {
  // A failed download is tried again at the next check.
  checks ??= import('./checks').catch((error: unknown) => {
    checks = undefined;
    throw error;
  });
  return checks;
};
