/** A settings form's fields without the ones left empty: an empty field is removed from the file (its default applies). */
export function withoutEmptyFields<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
