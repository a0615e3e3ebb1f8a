import { Body1 } from '@fluentui/react-components';

// STUB widget: the communities issue replaces it with the user's communities and some to discover.
export default function DiscoverCommunitiesWidget() {
  return <Body1 as="p">Communities and networks are not available yet: they arrive with the communities area release.</Body1>;
}
