import { Body1 } from '@fluentui/react-components';

// STUB widget: the events issue replaces it with the next upcoming events.
export default function UpcomingEventsWidget() {
  return <Body1 as="p">Upcoming events are not available yet: they arrive with the events area release.</Body1>;
}
