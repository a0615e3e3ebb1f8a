/**
 * Splits a 400's `details` (api/src/http/error-handler.ts: "body/<field> <what is wrong>",
 * "body/<field> is required", or inside a list "body/locations/0/cityName is required for an
 * in-person location") into messages for the form's own fields (by react-hook-form path:
 * 'locations.0.cityName') and the rest, which the form shows above its buttons.
 */
export interface SplitDetails {
  byField: Record<string, string>;
  rest: string[];
}

const FIELD_DETAIL = /^body\/([A-Za-z0-9_]+(?:\/[A-Za-z0-9_]+)*)\s+(.+)$/;
const FIELD_MENTION = /\bbody\/([A-Za-z0-9_]+(?:\/[A-Za-z0-9_]+)*)/g;

/**
 * @param fields the form's top-level field names
 * @param labelOf a field path's label ("City" for 'locations.0.cityName')
 * @param serverPaths API path → form path, for fields the form holds differently ('startsAt' → 'startDate')
 */
export function splitServerDetails(
  details: readonly string[],
  fields: readonly string[],
  labelOf: (path: string) => string,
  serverPaths: Record<string, string> = {},
): SplitDetails {
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  const formPath = (apiPath: string) => {
    const path = apiPath.replaceAll('/', '.');
    return serverPaths[path] ?? path;
  };
  for (const detail of details) {
    const match = FIELD_DETAIL.exec(detail);
    const path = match ? formPath(match[1]!) : undefined;
    if (match && path && fields.includes(path.split('.')[0]!) && !(path in byField)) {
      // "must not be before body/startsAt" names another field: say it by its label, as the form does.
      const reason = match[2]!.replace(FIELD_MENTION, (_all, other: string) => labelOf(formPath(other)).toLowerCase());
      byField[path] = `${labelOf(path)} ${reason}.`.replace(/\.\.$/, '.');
    } else {
      rest.push(detail);
    }
  }
  return { byField, rest };
}
