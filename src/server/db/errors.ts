/** A unique constraint said no (SQLSTATE 23505), on either engine, however wrapped. */
export function isUniqueViolation(err: unknown): boolean {
  for (
    let current = err;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
