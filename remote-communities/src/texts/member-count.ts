/** "1 member" / "12 members", shared by cards, the detail page and the dashboard widget. */
export function memberCountText(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}
