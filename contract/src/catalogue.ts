/** Public reference data: countries, business units, community bases. */
import { Type, type Static } from '@sinclair/typebox';

export const Country = Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() });
export type Country = Static<typeof Country>;
export const CountryList = Type.Array(Country);
export type CountryList = Static<typeof CountryList>;

export const BusinessUnit = Type.Object({ id: Type.Integer(), name: Type.String() });
export type BusinessUnit = Static<typeof BusinessUnit>;
export const BusinessUnitList = Type.Array(BusinessUnit);
export type BusinessUnitList = Static<typeof BusinessUnitList>;

/** GET api/communitybase/{id} */
export const CommunityBase = Type.Object({ id: Type.Integer(), name: Type.String() });
export type CommunityBase = Static<typeof CommunityBase>;
