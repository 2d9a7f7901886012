/** The same rule main applies (customerIdSchema): 1–64 letters, digits, "_" or "-". */
/** The problem's key in chat.json (`customerId`), or null for a valid id. */
export function customerIdProblem(
  value: string,
): 'customerId.empty' | 'customerId.tooLong' | 'customerId.badCharacters' | null {
  if (!value) return 'customerId.empty';
  if (value.length > 64) return 'customerId.tooLong';
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return 'customerId.badCharacters';
  return null;
}
