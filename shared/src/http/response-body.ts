/**
 * The answer's body: parsed JSON when the server says it is JSON, its text otherwise, undefined
 * when empty. `lenient` (used for error answers) falls back to the text when the JSON is broken,
 * because a failed answer's body is only read for its message; a broken success body is a fault.
 */
export async function readResponseBody(response: Response, lenient = false): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!/[/+]json\b/i.test(contentType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (lenient) return text;
    throw error;
  }
}
