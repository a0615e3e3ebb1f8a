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
  Select,
} from '@fluentui/react-components';
import { dialogTexts, selectableLocations, type EventLocation, type EventLocationDialogRequest } from '@hub/shared';

export interface EventLocationDialogProps {
  request: EventLocationDialogRequest;
  onChoose: (location: EventLocation | null) => void;
}

const locationLabel = (l: EventLocation) => `${l.cityName}: ${l.address ?? ''}`;

/**
 * SPEC §2/§5 event-location picker: only in-person locations with an address are offered; Confirm
 * stays disabled until one is chosen; Cancel (or dismissal) answers null.
 */
export function EventLocationDialog({ request, onChoose }: EventLocationDialogProps) {
  // pickEventLocation already filters; filtering again keeps the rule true for any caller of the queue.
  const locations = selectableLocations(request.locations);
  const [chosenId, setChosenId] = useState('');
  const chosen = locations.find((l) => String(l.eventLocationId) === chosenId) ?? null;

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
              <Field label={dialogTexts.eventLocationLabel} required>
                <Select value={chosenId} onChange={(_, data) => setChosenId(data.value)}>
                  <option value="" disabled>
                    Choose a location
                  </option>
                  {locations.map((l) => (
                    <option key={l.eventLocationId} value={String(l.eventLocationId)}>
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
