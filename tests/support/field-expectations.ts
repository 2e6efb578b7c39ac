/** What one field's values should read as: its message, or null when the value passes. Written out, never computed. */
export type FieldTable = Record<string, Record<string, { key: string } | null>>;

/**
 * The messages a form should show for these values, looked up in a table of literal expectations (issue 24 item 9:
 * model tests never ask the code under test what to expect). A value the table does not list throws, so a new
 * catalogue sample needs its expected message written down first.
 */
export function expectedFieldErrors(table: FieldTable, values: object, tableName: string): Record<string, { key: string }> {
  const errors: Record<string, { key: string }> = {};
  for (const [field, byValue] of Object.entries(table)) {
    const value = String((values as Record<string, unknown>)[field] ?? '');
    if (!(value in byValue)) throw new Error(`no literal expectation for ${field} = ${JSON.stringify(value)}: add it to ${tableName}`);
    const message = byValue[value];
    if (message) errors[field] = message;
  }
  return errors;
}
