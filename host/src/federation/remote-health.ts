const failedRemotes = new Set<string>();

export function markRemoteFailed(remote: string): void {
  failedRemotes.add(remote);
}

/** True once after a failure: the caller resets the remote before trying again. */
export function takeRemoteFailure(remote: string): boolean {
  return failedRemotes.delete(remote);
}
