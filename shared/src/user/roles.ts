/** SPEC §3 role values. */
export enum Role {
  Admin = 0,
  CoreMember = 1,
  Capgemini = 2,
  External = 3,
  Anonymous = 4,
}

/** SPEC §3 permission values. */
export enum Permission {
  AdminAccess = 0,
  CoreMemberAccess = 1,
  CapgeminiAccess = 2,
  UserAccess = 3,
}
