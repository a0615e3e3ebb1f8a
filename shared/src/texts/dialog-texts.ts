/** SPEC §2 dialog texts, spelled once. */
export const dialogTexts = {
  ok: 'Ok',
  cancel: 'Cancel',
  yes: 'Yes',
  confirm: 'Confirm',
  eventLocationTitle: 'Where will you be attending?',
  eventLocationLabel: 'Event Location',
} as const;
