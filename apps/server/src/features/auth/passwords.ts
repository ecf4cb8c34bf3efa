import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost.
export const hashPassword = (password: string) => hash(password);

const DUMMY_HASH = hash('not-a-real-password');

/** Always spends one verification, so an unknown account answers as slowly as a wrong password. */
export async function checkPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
