// The app's browser entry: nothing of the server frames.
export const browser = 'BROWSER_ENTRY';
