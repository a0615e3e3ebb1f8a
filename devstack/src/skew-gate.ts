// The package root, not its per-function files: those have no `exports` map, and Node's ES module
// loader (Playwright's, which loads this through the e2e suite) wants them spelled with `.js`.
import semver from 'semver';

const { satisfies, valid, validRange } = semver;

/** The parts of an `mf-manifest.json` the gate reads: each shared module, its version and range. */
export interface FederationManifest {
  name: string;
  metaData?: { buildInfo?: { hubBuildId?: string } };
  shared: Array<{ name: string; version: string; requiredVersion?: string | false; singleton?: boolean }>;
}

export interface SkewProblem {
  /** The shared package, e.g. `react`. */
  pkg: string;
  /** The range the remote was built to require. */
  required: string;
  /** The version the live host provides, or null when the host does not share that package at all. */
  provided: string | null;
}

/**
 * The skew gate: every shared singleton a remote requires must be provided, in a version inside its
 * range, by the host's live release. With `loaded-first` and the "host wins" runtime plugin the host's
 * copy is the one the remote gets, so a remote built against another major of React (or of
 * `@hub/shared`) would run against a version it was not built for. Prereleases count as versions
 * (`@fluentui/tokens` ships as 1.0.0-alpha.N), as the federation runtime itself treats them.
 */
export function skewProblems(remote: FederationManifest, host: FederationManifest): SkewProblem[] {
  const hostVersions = new Map(host.shared.map((s) => [s.name, s.version]));
  const problems: SkewProblem[] = [];
  for (const shared of remote.shared) {
    if (!shared.singleton) continue;
    const required = shared.requiredVersion;
    // No range (`false` or '*'): the remote takes whatever the host has.
    if (!required || required === '*') continue;
    const provided = hostVersions.get(shared.name) ?? null;
    if (!validRange(required)) {
      problems.push({ pkg: shared.name, required, provided });
      continue;
    }
    if (provided === null || !valid(provided) || !satisfies(provided, required, { includePrerelease: true })) {
      problems.push({ pkg: shared.name, required, provided });
    }
  }
  return problems;
}

/** One line per problem, naming the package: what the release is refused for. */
export function describeSkew(remoteName: string, problems: readonly SkewProblem[]): string {
  return problems
    .map(({ pkg, required, provided }) =>
      provided === null
        ? `${remoteName} requires ${pkg} ${required}, which the live host does not share.`
        : validRange(required)
          ? `${remoteName} requires ${pkg} ${required}, but the live host provides ${pkg} ${provided}.`
          : `${remoteName} requires ${pkg} '${required}', which is not a valid version range.`,
    )
    .join('\n');
}
