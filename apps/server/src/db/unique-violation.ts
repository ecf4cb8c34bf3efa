/** Whether `error` is PostgreSQL's unique_violation (drizzle keeps the driver's error as its `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs `write` once more when it lost a race to insert the row that another request inserted (a double
 * click, two admins at once): the second run sees that row, and answers as a request that came after it
 * would (an invitation's EXISTED), where the lost race was a 500.
 */
export async function againIfRaced<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return write();
  }
}
