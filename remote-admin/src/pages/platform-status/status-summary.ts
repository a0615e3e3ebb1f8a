import type { RemoteName } from '@hub/shared';
import type { LoadedShared } from './host-share-scope';
import type { RemoteManifestInfo } from './remote-manifest';
import { singletonRows } from './shared-compatibility';

/** What the page knows about one area: where remotes.json points, and its manifest's answer so far. */
export interface AreaState {
  name: RemoteName;
  title: string;
  /** Its manifest's address in remotes.json; undefined when remotes.json names none. */
  url: string | undefined;
  manifest: { data?: RemoteManifestInfo; isError: boolean };
}

export interface StatusSummary {
  /** The answer in a few words (issue 27): "All four areas are working", "2 of 4 areas have problems". */
  headline: string;
  /** One line of detail, e.g. "4 of 4 areas live, all shared versions satisfied". */
  text: string;
  /** success: everything live and matching; warning: something is off; error: nothing to show; info: still asking. */
  intent: 'success' | 'warning' | 'error' | 'info';
}

const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The status page's first line (issue 23), computed from the same answers the cards below show:
 * how many areas answered, whether the host satisfies every singleton range they were built with,
 * and the API when it did not answer. What is wrong is named, so the line alone says where to look.
 */
export function statusSummary({
  deployment,
  areas,
  host,
  apiFailed,
}: {
  deployment: { isPending: boolean; isError: boolean };
  areas: readonly AreaState[];
  host: Readonly<Record<string, LoadedShared>>;
  apiFailed: boolean;
}): StatusSummary {
  const api = apiFailed ? '; the API did not answer' : '';
  if (deployment.isError)
    return {
      headline: 'The areas cannot be checked',
      text: `Could not read where the areas are deployed (remotes.json)${api}.`,
      intent: 'error',
    };
  const asking = deployment.isPending || areas.some((a) => a.url && !a.manifest.data && !a.manifest.isError);
  if (asking) return { headline: 'Checking the areas…', text: `Asking the ${areas.length} areas…`, intent: 'info' };

  // A failed refresh keeps the last answer's data beside the error: such an area is down, as its card says.
  const live = areas.filter((a) => a.manifest.data && !a.manifest.isError);
  const down = areas.filter((a) => a.url && a.manifest.isError).map((a) => a.title);
  const missing = areas.filter((a) => !a.url).map((a) => a.title);
  const why = [
    ...(down.length ? [`${listed(down)} did not answer`] : []),
    ...(missing.length ? [`${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} not deployed`] : []),
  ];
  const areasPart = `${live.length} of ${areas.length} areas live${why.length ? ` (${why.join('; ')})` : ''}`;

  const unmet = live.flatMap((a) =>
    singletonRows(a.manifest.data!.shared, host)
      .filter((r) => r.compatibility.kind === 'unsatisfied' || r.compatibility.kind === 'not-in-host')
      .map((r) => ({ area: a.title, pkg: r.name })),
  );
  const byArea = [...new Set(unmet.map((u) => u.area))].map(
    (area) =>
      `${area}: ${unmet
        .filter((u) => u.area === area)
        .map((u) => u.pkg)
        .join(', ')}`,
  );
  const sharedPart =
    live.length === 0
      ? ''
      : unmet.length === 0
        ? ', all shared versions satisfied'
        : `, ${unmet.length === 1 ? 'one shared version' : `${unmet.length} shared versions`} not satisfied (${byArea.join('; ')})`;

  const allWell = live.length === areas.length && unmet.length === 0 && !apiFailed;
  const troubled = areas.filter((a) => areaHasProblem(a, host)).length;
  return {
    headline: problemHeadline(troubled, areas.length),
    text: `${areasPart}${sharedPart}${api}`,
    intent: allWell ? 'success' : live.length === 0 ? 'error' : 'warning',
  };
}

/** An area has a problem when it is not deployed, did not answer, or needs a version the host did not load. */
export function areaHasProblem(area: AreaState, host: Readonly<Record<string, LoadedShared>>): boolean {
  if (!area.url || area.manifest.isError || !area.manifest.data) return true;
  return singletonRows(area.manifest.data.shared, host).some(
    (r) => r.compatibility.kind === 'unsatisfied' || r.compatibility.kind === 'not-in-host',
  );
}

const numberWords = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

function problemHeadline(troubled: number, total: number): string {
  if (troubled === 0)
    return total === 1 ? 'The area is working' : `All ${numberWords[total] ?? total} areas are working`;
  return troubled === 1 ? `1 of ${total} areas has a problem` : `${troubled} of ${total} areas have problems`;
}
