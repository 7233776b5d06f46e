// Display formats (docs/decisions.md section 10): dates yyyy/MM/dd.

/** yyyy-MM-dd, yyyy/MM/dd or an ISO date-time shown as yyyy/MM/dd; anything else unchanged. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(value.trim());
  if (!m) return value;
  const [, year, month = '', day = ''] = m;
  return `${year}/${month.padStart(2, '0')}/${day.padStart(2, '0')}`;
}
