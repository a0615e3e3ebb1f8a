import { useRef, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DatePicker } from '@fluentui/react-datepicker-compat';
import { TimePicker, type TimePickerProps } from '@fluentui/react-timepicker-compat';
import type { Control } from 'react-hook-form';
import { FormField } from '@hub/ui/form-field';
import { fromWidth } from '@hub/ui/breakpoints';
import type { EventFormValues } from './event-form-model';

const useStyles = makeStyles({
  /** Date and time side by side from 600 px; stacked on a phone, where each needs the full width. */
  pair: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(0, 1fr)',
    [fromWidth('small')]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
    alignItems: 'start',
  },
  control: { width: '100%' },
  /** Fluent's DatePicker root is inline: as a block it lines up with the time field beside it. */
  date: { display: 'flex', width: '100%' },
});

const pad = (n: number) => String(n).padStart(2, '0');

/** A day picked in the calendar (a local Date at midnight) as 'YYYY-MM-DD', the form's value. */
export const dayText = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** 'YYYY-MM-DD' as the calendar's local Date, or null. */
export function dayOf(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** What a typed date may look like: 31/03/2030, 31-3-2030, 2030-03-31, "31 Mar 2030". */
export function parseTypedDay(text: string): Date | null {
  const t = text.trim();
  const iso = dayOf(t);
  if (iso) return iso;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (dmy) {
    const date = new Date(Number(dmy[3]), Number(dmy[2]) - 1, Number(dmy[1]));
    return date.getDate() === Number(dmy[1]) ? date : null;
  }
  const parsed = Date.parse(t.replace(/^[A-Za-z]{3},\s*/, ''));
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

// The time picker only gives hours and minutes: anchoring it on a day without any DST change keeps
// its options the same 24 hours whatever the viewer's zone (the event's zone is applied later).
const anchor = new Date(2000, 0, 1);
const timeOf = (text: string): Date | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  return m ? new Date(2000, 0, 1, Number(m[1]), Number(m[2])) : null;
};
const timeText = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

interface DateTimeFieldsProps {
  control: Control<EventFormValues>;
  which: 'start' | 'end';
  /** The earliest day the calendar offers (a new event starts today or later). */
  minDate?: Date;
}

/** A date (Fluent DatePicker) and a time (Fluent TimePicker, 24-hour, typed or picked every 15 minutes). */
export function DateTimeFields({ control, which, minDate }: DateTimeFieldsProps) {
  const styles = useStyles();
  const word = which === 'start' ? 'Start' : 'End';
  // Opening the calendar moves focus into it: that is not leaving the field, so it is not checked
  // then ("Choose the start date." while choosing one); it is once focus leaves the field itself.
  const calendarOpen = useRef(false);
  return (
    <div className={styles.pair}>
      <FormField control={control} name={`${which}Date`} label={`${word} date`} required>
        {({ value, onChange, onBlur, ref, name, ...rest }) => (
          <DatePicker
            {...rest}
            ref={ref as never}
            name={name}
            className={styles.date}
            value={dayOf(value)}
            onSelectDate={(date) => onChange(null, { value: date ? dayText(date) : '' })}
            onBlur={() => {
              if (!calendarOpen.current) onBlur();
            }}
            onOpenChange={(open) => {
              calendarOpen.current = open;
            }}
            formatDate={(date) => (date ? dayFormat.format(date) : '')}
            parseDateFromString={parseTypedDay}
            allowTextInput
            minDate={minDate}
            firstDayOfWeek={1}
            showMonthPickerAsOverlay
            placeholder="Choose a day"
          />
        )}
      </FormField>
      <FormField control={control} name={`${which}Time`} label={`${word} time`} required hint="24-hour clock">
        {({ value, onChange, onBlur, ref, name, ...rest }) => (
          <TimeInput
            {...rest}
            inputRef={ref}
            name={name}
            value={value}
            onValue={(v) => onChange(null, { value: v })}
            onBlur={onBlur}
            className={styles.control}
          />
        )}
      </FormField>
    </div>
  );
}

interface TimeInputProps {
  name: string;
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
  className: string;
  'aria-invalid': boolean;
}

/** Fluent's TimePicker, typed into or picked from; its text is kept here so a typed time stays as typed. */
function TimeInput({ value, onValue, onBlur, inputRef, ...rest }: TimeInputProps) {
  const [text, setText] = useState(value);
  // A value set from outside (the end following the start, a discarded draft) replaces the text.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const input = useRef<HTMLInputElement | null>(null);
  // Fluent's freeform Combobox leaves aria-activedescendant naming an option of its closed (unmounted)
  // list after typing; a screen reader would be pointed at nothing (axe: aria-valid-attr-value).
  const dropStaleDescendant = () =>
    setTimeout(() => {
      const element = input.current;
      if (element && element.getAttribute('aria-expanded') !== 'true') element.removeAttribute('aria-activedescendant');
    });
  const onTimeChange: TimePickerProps['onTimeChange'] = (_event, data) => {
    // A time typed that is not one (25:00) stays as typed so the form says what is wrong with it.
    const next = data.selectedTime ? timeText(data.selectedTime) : (data.selectedTimeText ?? '');
    setText(next);
    onValue(next);
    dropStaleDescendant();
  };
  return (
    <TimePicker
      {...rest}
      ref={(element: HTMLInputElement | null) => {
        input.current = element;
        inputRef(element);
      }}
      freeform
      hourCycle="h23"
      increment={15}
      dateAnchor={anchor}
      value={text}
      selectedTime={timeOf(value)}
      onChange={(event) => setText((event.target as HTMLInputElement).value)}
      onTimeChange={onTimeChange}
      onBlur={() => {
        dropStaleDescendant();
        onBlur();
      }}
      onOpenChange={(_event, data) => {
        if (!data.open) dropStaleDescendant();
      }}
      placeholder="hh:mm"
    />
  );
}
