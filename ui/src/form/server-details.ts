/**
 * Splits a 400's `details` (api/src/http/error-handler.ts: "body/<field> <what is wrong>" or
 * "body/<field> is required") into messages for the form's own fields and the rest, which the
 * form shows above its buttons.
 */
export interface SplitDetails {
  byField: Record<string, string>;
  rest: string[];
}

const FIELD_DETAIL = /^body\/([A-Za-z0-9_]+)(?:\/\S*)?\s+(.+)$/;

export function splitServerDetails(
  details: readonly string[],
  fields: readonly string[],
  labels: Record<string, string>,
): SplitDetails {
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const detail of details) {
    const match = FIELD_DETAIL.exec(detail);
    const field = match?.[1];
    if (match && field && fields.includes(field) && !(field in byField)) {
      byField[field] = `${labels[field] ?? field} ${match[2]}.`.replace(/\.\.$/, '.');
    } else {
      rest.push(detail);
    }
  }
  return { byField, rest };
}
