import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Select,
} from '@fluentui/react-components';
import {
  dialogTexts,
  locationHasSeats,
  selectableLocations,
  type EventLocation,
  type EventLocationDialogRequest,
} from '@hub/shared';

const useStyles = makeStyles({
  // On a phone the dialog is narrower than a long "City: address" option; a native select is as
  // wide as its longest option unless told otherwise, and was cut off at the dialog's right edge.
  select: { width: '100%', maxWidth: '100%', minWidth: 0 },
  control: { minWidth: 0, textOverflow: 'ellipsis' },
});

export interface EventLocationDialogProps {
  request: EventLocationDialogRequest;
  onChoose: (location: EventLocation | null) => void;
}

const locationLabel = (l: EventLocation) => `${l.cityName}: ${l.address ?? ''}${locationHasSeats(l) ? '' : ' (full)'}`;

/** "Berlin is full.", "Berlin and Munich are full." */
function fullText(full: EventLocation[]): string | undefined {
  if (full.length === 0) return undefined;
  const names = full.map((l) => l.cityName);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} full.`;
}

/**
 * SPEC §2/§5 event-location picker: only in-person locations with an address are offered; Confirm
 * stays disabled until one is chosen; Cancel (or dismissal) answers null. A place whose own seats
 * are taken is listed, marked full, and cannot be chosen (issue 23): the attendee sees every place
 * and chooses among the open ones, rather than being booked into the only open one unasked.
 */
export function EventLocationDialog({ request, onChoose }: EventLocationDialogProps) {
  const styles = useStyles();
  // pickEventLocation already filters; filtering again keeps the rule true for any caller of the queue.
  const locations = selectableLocations(request.locations);
  const [chosenId, setChosenId] = useState('');
  const chosen = locations.find((l) => String(l.eventLocationId) === chosenId && locationHasSeats(l)) ?? null;

  return (
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open) onChoose(null);
      }}
    >
      <DialogSurface>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) onChoose(chosen);
          }}
        >
          <DialogBody>
            <DialogTitle>{dialogTexts.eventLocationTitle}</DialogTitle>
            <DialogContent>
              <Field
                label={dialogTexts.eventLocationLabel}
                required
                hint={fullText(locations.filter((l) => !locationHasSeats(l)))}
              >
                <Select
                  className={styles.select}
                  select={{ className: styles.control }}
                  value={chosenId}
                  onChange={(_, data) => setChosenId(data.value)}
                >
                  <option value="" disabled>
                    Choose a location
                  </option>
                  {locations.map((l) => (
                    <option key={l.eventLocationId} value={String(l.eventLocationId)} disabled={!locationHasSeats(l)}>
                      {locationLabel(l)}
                    </option>
                  ))}
                </Select>
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => onChoose(null)}>
                {dialogTexts.cancel}
              </Button>
              <Button appearance="primary" type="submit" disabled={!chosen}>
                {dialogTexts.confirm}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
