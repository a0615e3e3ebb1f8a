/** SPEC §8 texts for a failed request, spelled once so the UI, the tests and the logs agree. */
export const httpErrorTexts = {
  noNetwork: 'No network connection.',
  seeDetails: 'Something went wrong. See details for more info.',
  unexpected: 'An unexpected error occurred',
  unknown: 'An unknown error occurred',
} as const;
