/** A wait as a person says it: minutes under an hour, hours under two days, then days. */
export const formatDuration = (seconds: number | null): string => {
  if (seconds === null) return '—';
  const minutes = seconds / 60;
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${hours < 10 ? hours.toFixed(1) : Math.round(hours)} h`;
  const days = hours / 24;
  return `${days < 10 ? days.toFixed(1) : Math.round(days)} days`;
};

export const formatDays = (days: number | null): string => (days === null ? '—' : days === 1 ? '1 day' : `${days} days`);
