/** SPEC §8 membership toggle texts, spelled once; the tests spell them out literally. */
export const membershipTexts = {
  leaveAsCoreMemberConfirm: 'This will remove you as a core member of this community. Are you sure you want to do this?',
  leaveNotFound: 'Could not leave community, the community does not exist or you are not member of the community',
  joinNotFound: 'Could not subscribe to community, the community does not exist or you are already member of the community',
  otherFailure: 'Something went wrong',
  join: 'Join',
  leave: 'Leave',
} as const;
