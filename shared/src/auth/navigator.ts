/**
 * How the session flow moves the user (to /callback, then back to the last visited page). `shared`
 * cannot import the host's router instance, so the host registers its router's navigate here.
 */
export interface NavigateOptions {
  replace?: boolean;
}
export type Navigate = (to: string, options?: NavigateOptions) => void;

let navigator: Navigate | null = null;
/** A navigation asked for before the host's router was there; carried out when it registers. */
let pending: { to: string; options?: NavigateOptions } | null = null;

/** The host registers its router (null when it unmounts). A navigation asked for meanwhile happens then. */
export function setNavigator(next: Navigate | null): void {
  navigator = next;
  if (navigator && pending) {
    const { to, options } = pending;
    pending = null;
    navigator(to, options);
  }
}

/**
 * Moves the user within the single-page site. Never a page load: a reload would start the
 * identity flow over (and, with the sync still pending, again and again).
 */
export function navigateTo(to: string, options?: NavigateOptions): void {
  if (navigator) navigator(to, options);
  else pending = { to, options };
}
