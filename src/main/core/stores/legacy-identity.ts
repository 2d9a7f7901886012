/**
 * Records, conversation summaries and approval requests written before the acting identity had its general name
 * kept it as `customerId`: read back, they carry it as `actingIdentity` (the meaning is the same).
 */
export function withActingIdentity<T extends { actingIdentity?: string }>(value: T): T {
  if (!('customerId' in value)) return value;
  const { customerId, ...rest } = value as T & { customerId?: unknown };
  return (
    typeof customerId === 'string' && rest.actingIdentity === undefined ? { ...rest, actingIdentity: customerId } : rest
  ) as T;
}
