import { useFieldArray, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import {
  Button,
  Input,
  Radio,
  RadioGroup,
  Subtitle2,
  Text,
  Textarea,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { showConfirm } from '@hub/shared';
import { FormField } from '@hub/ui/form-field';
import { fromWidth } from '@hub/ui/breakpoints';
import { emptyLocation, eventLimits, type EventFormValues } from './event-form-model';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  tools: { display: 'flex', gap: tokens.spacingHorizontalXS },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(0, 1fr)',
    [fromWidth('small')]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)' },
  },
  wide: { [fromWidth('small')]: { gridColumn: '1 / -1' } },
  seats: { maxWidth: '12rem' },
  note: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

interface LocationsEditorProps {
  form: UseFormReturn<EventFormValues>;
  /** People attending at each existing location (edit): removing one of those asks first. */
  attendeesAt: ReadonlyMap<number, number>;
}

/**
 * The event's places: each in person (city and address) or online (its join link, shown only to
 * attendees), with optional seats of its own. At least one; up to the API's 20; the order set here
 * is the order the event page and the location picker show.
 */
export function LocationsEditor({ form, attendeesAt }: LocationsEditorProps) {
  const styles = useStyles();
  const { control } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'locations' });
  const listError = form.formState.errors.locations?.root?.message ?? form.formState.errors.locations?.message;

  const removeAt = async (index: number) => {
    const location = form.getValues(`locations.${index}`);
    const attending = attendeesAt.get(Number(location.eventLocationId)) ?? 0;
    if (attending > 0) {
      const place = location.cityName.trim() || `location ${index + 1}`;
      const yes = await showConfirm({
        title: `Remove ${place}?`,
        subtitle: `${attending} ${attending === 1 ? 'person attends' : 'people attend'} there. They keep their place at the event but no longer at this location.`,
      });
      if (!yes) return;
    }
    remove(index);
  };

  return (
    <div className={styles.list}>
      <ol className={styles.list} aria-label="Locations">
        {fields.map((field, index) => (
          <li key={field.id} className={styles.item}>
            <div className={styles.head}>
              <Subtitle2 as="h3" block>
                Location {index + 1}
              </Subtitle2>
              <div className={styles.tools}>
                <Button
                  appearance="subtle"
                  icon={<ArrowUpRegular />}
                  aria-label={`Move location ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  appearance="subtle"
                  icon={<ArrowDownRegular />}
                  aria-label={`Move location ${index + 1} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={`Remove location ${index + 1}`}
                  disabled={fields.length === 1}
                  onClick={() => void removeAt(index)}
                />
              </div>
            </div>
            <LocationFields form={form} index={index} />
          </li>
        ))}
      </ol>
      {listError && (
        <Text role="alert" className={styles.error}>
          {listError}
        </Text>
      )}
      <div>
        <Button
          icon={<AddRegular />}
          disabled={fields.length >= eventLimits.locations}
          onClick={() => append(emptyLocation(), { focusName: `locations.${fields.length}.cityName` })}
        >
          Add a location
        </Button>
        {fields.length >= eventLimits.locations && (
          <Text className={styles.note}> An event can have at most {eventLimits.locations} locations.</Text>
        )}
      </div>
    </div>
  );
}

function LocationFields({ form, index }: { form: UseFormReturn<EventFormValues>; index: number }) {
  const styles = useStyles();
  const control: Control<EventFormValues> = form.control;
  const online = useWatch({ control, name: `locations.${index}.online` }) === 'Yes';
  const at = <F extends 'cityName' | 'address' | 'online' | 'joinUrl' | 'capacity' | 'arrivalNotes'>(field: F) =>
    `locations.${index}.${field}` as const;
  return (
    <div className={styles.grid}>
      <FormField control={control} name={at('online')} label="How people attend" className={styles.wide}>
        {({ value, onChange, onBlur, ref, name }) => (
          <RadioGroup
            ref={ref as never}
            name={name}
            value={value}
            layout="horizontal"
            onBlur={onBlur}
            onChange={(event, data) => {
              onChange(event, data);
              // Hidden fields must not keep a value the form would check or send.
              if (data.value === 'Yes') {
                form.setValue(at('address'), '');
                form.setValue(at('arrivalNotes'), '');
              } else form.setValue(at('joinUrl'), '');
            }}
          >
            <Radio value="No" label="In person" />
            <Radio value="Yes" label="Online" />
          </RadioGroup>
        )}
      </FormField>
      <FormField control={control} name={at('cityName')} label="City" required={!online}>
        {(props) => <Input {...props} maxLength={eventLimits.cityName} placeholder={online ? 'Online' : undefined} />}
      </FormField>
      {online ? (
        <FormField
          control={control}
          name={at('joinUrl')}
          label="Join link"
          hint="Shown only to attendees, the community's core members and admins."
        >
          {(props) => <Input {...props} type="url" maxLength={eventLimits.joinUrl} placeholder="https://" />}
        </FormField>
      ) : (
        <FormField control={control} name={at('address')} label="Address" required>
          {(props) => <Input {...props} maxLength={eventLimits.address} autoComplete="street-address" />}
        </FormField>
      )}
      {online ? null : (
        <FormField
          control={control}
          name={at('arrivalNotes')}
          label="Arrival notes"
          hint="Reception, floor, badge, parking — shown to attendees of this place."
          className={styles.wide}
        >
          {(props) => <Textarea {...props} maxLength={eventLimits.arrivalNotes} resize="vertical" />}
        </FormField>
      )}
      <FormField
        control={control}
        name={at('capacity')}
        label="Seats here"
        hint="Optional; within the event's capacity."
        className={mergeClasses(styles.wide)}
      >
        {(props) => <Input {...props} inputMode="numeric" className={styles.seats} />}
      </FormField>
    </div>
  );
}
