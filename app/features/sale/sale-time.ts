/**
 * A sale's moments (starts, ends, an offer's deadline) as the seller reads them, in UK time. Its
 * own module so that the vehicle page, which needs only this, does not carry the sale steps' views.
 */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
}
