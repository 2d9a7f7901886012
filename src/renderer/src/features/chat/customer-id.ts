/** The same rule main applies (customerIdSchema): 1–64 letters, digits, "_" or "-". */
export function customerIdProblem(value: string): string | null {
  if (!value) return 'Enter the customer id to act as, e.g. u1001.';
  if (value.length > 64) return 'A customer id has at most 64 characters.';
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return 'A customer id uses letters, digits, "_" or "-" only.';
  return null;
}
