import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useWatch, type Control } from 'react-hook-form';
import { formatInZone, formatOffset, toInstant, viewerTimeZone, type ZonedResult } from './zoned-time';
import type { EventFormValues } from './event-form-model';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  muted: { color: tokens.colorNeutralForeground2 },
});

/**
 * What the times entered mean: each in the event's zone with its offset (which a DST change on that
 * day moves), and in the viewer's own zone when it is another, so an organiser abroad sees at once
 * whether "18:00" is what they meant.
 */
export function WhenSummary({ control }: { control: Control<EventFormValues> }) {
  const styles = useStyles();
  const [startDate, startTime, endDate, endTime, zone] = useWatch({
    control,
    name: ['startDate', 'startTime', 'endDate', 'endTime', 'timeZone'],
  });
  const start = toInstant({ date: startDate, time: startTime }, zone);
  const end = toInstant({ date: endDate, time: endTime }, zone);
  if (start.kind !== 'ok') return null;
  const viewer = viewerTimeZone();
  const line = (word: string, result: ZonedResult) =>
    result.kind === 'ok'
      ? `${word} ${formatInZone(result.instant, zone)} (${formatOffset(result.offsetMinutes)})`
      : null;
  const repeated = [start, end].some((r) => r.kind === 'ok' && r.repeated);
  return (
    <div className={styles.root} data-when-summary="">
      <Text weight="semibold">{[line('Starts', start), line('ends', end)].filter(Boolean).join(', ')}.</Text>
      {viewer !== zone && (
        <Text className={styles.muted}>
          In your time zone ({viewer}): {formatInZone(start.instant, viewer)}
          {end.kind === 'ok' ? ` to ${formatInZone(end.instant, viewer)}` : ''}.
        </Text>
      )}
      {repeated && (
        <Text className={styles.muted}>
          The clocks go back that night, so this time happens twice in {zone}: the first one is used.
        </Text>
      )}
    </div>
  );
}
