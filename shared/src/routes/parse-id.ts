/** A route parameter as a database id, the one rule for the screens, the route prefetch and the page server (SPEC §3 route parameters): a positive whole number, else null. */
export function parseId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
