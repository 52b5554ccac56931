/** text/csv as PostgREST answers it: a header of the column names, then one line per row. */
export function jsonArrayToCsv(arrayText: string): string {
  const rows = JSON.parse(arrayText) as Record<string, unknown>[];
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  const lines = [columns.map(cell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(row[c])).join(','));
  return lines.join('\n');
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
