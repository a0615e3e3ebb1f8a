import { useMemo, useRef, useState } from 'react';
import { Combobox, Option, Text, makeStyles, tokens, useComboboxFilter } from '@fluentui/react-components';
import type { Control } from 'react-hook-form';
import { FormField } from '@hub/ui/form-field';
import { formatOffset, knownTimeZones, offsetMinutesAt } from './zoned-time';
import type { EventFormValues } from './event-form-model';

const useStyles = makeStyles({
  control: { width: '100%' },
  option: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, width: '100%' },
  offset: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
});

interface TimeZoneFieldProps {
  control: Control<EventFormValues>;
  /** The instant the offsets are shown for (the event's start, else now). */
  at: Date;
  /** The edited event's zone: kept in the list even if this browser knows it under another name. */
  current: string;
}

/** The event's IANA zone: a searchable list ("amst" finds Europe/Amsterdam), each with its offset on the event's day. */
export function TimeZoneField({ control, at, current }: TimeZoneFieldProps) {
  return (
    <FormField
      control={control}
      name="timeZone"
      label="Time zone"
      required
      hint="The times above are the clock times in this zone."
    >
      {({ value, onChange, onBlur, ref, name, ...rest }) => (
        <TimeZoneCombobox
          {...rest}
          inputRef={ref}
          name={name}
          value={value}
          onPick={(zone) => onChange(null, { value: zone })}
          onBlur={onBlur}
          at={at}
          current={current}
        />
      )}
    </FormField>
  );
}

interface ComboboxProps {
  name: string;
  value: string;
  onPick: (zone: string) => void;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
  at: Date;
  current: string;
  'aria-invalid': boolean;
}

function TimeZoneCombobox({ name, value, onPick, onBlur, inputRef, at, current, ...rest }: ComboboxProps) {
  const styles = useStyles();
  const zones = useMemo(() => [...new Set([...knownTimeZones(), current])].sort(), [current]);
  // The minute the offsets are read at: one list per day and zone set, not per keystroke.
  const day = Math.floor(at.getTime() / 60_000);
  const offsets = useMemo(() => {
    const instant = new Date(day * 60_000);
    return new Map(zones.map((zone) => [zone, formatOffset(offsetMinutesAt(instant, zone))]));
  }, [zones, day]);
  const [query, setQuery] = useState(value);
  const justFocused = useRef(false);
  // Showing the chosen zone lists every zone; typing narrows the list (spaces match underscores).
  const filtering = query !== value;
  const children = useComboboxFilter(filtering ? query.replaceAll(' ', '_') : '', zones, {
    noOptionsMessage: 'No time zone matches. Try a city, such as Amsterdam.',
    renderOption: (zone) => (
      <Option key={zone} value={zone} text={zone}>
        <span className={styles.option}>
          <span>{zone.replaceAll('_', ' ')}</span>
          <Text size={200} className={styles.offset}>
            {offsets.get(zone)}
          </Text>
        </span>
      </Option>
    ),
  });

  return (
    <Combobox
      {...rest}
      ref={inputRef as never}
      name={name}
      className={styles.control}
      value={query}
      selectedOptions={value ? [value] : []}
      onChange={(event) => setQuery(event.target.value)}
      // Typing replaces the chosen zone instead of appending to it ("UTCAmsterdam" finds nothing);
      // the mouse-up of the click that focused the field would otherwise drop that selection.
      onFocus={(event) => {
        event.target.select();
        justFocused.current = true;
      }}
      onMouseUp={(event) => {
        if (justFocused.current) event.preventDefault();
        justFocused.current = false;
      }}
      onOptionSelect={(_event, data) => {
        if (!data.optionValue) return;
        setQuery(data.optionValue);
        onPick(data.optionValue);
      }}
      onBlur={() => {
        // A zone typed in full counts as chosen; anything else goes back to the chosen zone.
        const typed = zones.find((zone) => zone.toLowerCase() === query.trim().toLowerCase());
        if (typed) {
          setQuery(typed);
          onPick(typed);
        } else setQuery(value);
        onBlur();
      }}
      positioning={{ autoSize: 'width' }}
      listbox={{ style: { maxHeight: '18rem' } }}
      placeholder="Search, e.g. Amsterdam"
    >
      {children}
    </Combobox>
  );
}
