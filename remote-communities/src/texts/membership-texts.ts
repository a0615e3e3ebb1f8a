/** SPEC §8 membership toggle texts, spelled once; the tests spell them out literally. */
export const membershipTexts = {
  leaveAsCoreMemberConfirm:
    'This will remove you as a core member of this community. Are you sure you want to do this?',
  leaveNotFound: 'Could not leave community, the community does not exist or you are not member of the community',
  joinNotFound:
    'Could not subscribe to community, the community does not exist or you are already member of the community',
  otherFailure: 'Something went wrong',
  /** The confirm dialog's title; the SPEC text above is its subtitle. */
  leaveTitle: (name: string) => `Leave ${name}?`,
  /** Added for the community lead, who should know what they give up. */
  leaveAsLead: (name: string) => `You are the lead of ${name}.`,
  joined: (name: string) => `You joined ${name}`,
  left: (name: string) => `You left ${name}`,
  join: 'Join',
  leave: 'Leave',
} as const;
