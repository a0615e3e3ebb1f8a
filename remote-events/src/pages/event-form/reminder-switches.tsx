import { Switch, makeStyles, tokens } from '@fluentui/react-components';
import { Controller, type Control } from 'react-hook-form';
import type { EventFormValues } from './event-form-model';

const useStyles = makeStyles({
  switches: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const SWITCHES = [
  { name: 'remindDayBefore', label: 'Mail attendees a reminder a day before' },
  { name: 'remindHourBefore', label: 'Mail attendees a reminder an hour before' },
] as const;

/**
 * The organiser's two reminder switches (on by default): each reminder goes to the people attending,
 * with the join link for those attending online and the address for the others.
 */
export function ReminderSwitches({ control }: { control: Control<EventFormValues> }) {
  const styles = useStyles();
  return (
    <div className={styles.switches}>
      {SWITCHES.map(({ name, label }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <Switch
              ref={field.ref}
              name={field.name}
              label={label}
              checked={field.value}
              onBlur={field.onBlur}
              onChange={(_, data) => field.onChange(data.checked)}
            />
          )}
        />
      ))}
    </div>
  );
}
