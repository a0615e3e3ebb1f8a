/** The displayed product name and the slug used in `my-{slug}`; deploy-time configuration may override both. */
export interface ProductConfig {
  name: string;
  slug: string;
}

export const defaultProduct: ProductConfig = { name: 'Community Hub', slug: 'hub' };

/** The company whose staff hold the Capgemini role (SPEC §3); its name is shown on the role and in the city notice. */
export interface CompanyConfig {
  name: string;
}

export const defaultCompany: CompanyConfig = { name: 'Capgemini' };
