import type { EventFormat } from '@hub/shared';

/** The format filter's choices, in the order the filter offers them. */
export const formats: readonly { value: EventFormat; label: string }[] = [
  { value: 'online', label: 'Online' },
  { value: 'inPerson', label: 'In person' },
  { value: 'hybrid', label: 'Hybrid' },
];
