/**
 * The body of `POST /api/events` the waiting-list tests create: an evening in Bangalore
 * (Asia/Kolkata) of community 2, with the capacity and locations each test is about.
 */
export const eventBody = (title: string, capacity: number | null, locations: Record<string, unknown>[]) => ({
  communityId: 2,
  title,
  description: '',
  imageUrl: '',
  startsAt: '2031-03-04T15:00:00.000Z',
  endsAt: '2031-03-04T17:30:00.000Z',
  timeZone: 'Asia/Kolkata',
  capacity,
  locations,
});
