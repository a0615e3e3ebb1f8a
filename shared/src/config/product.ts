/** The displayed product name and the slug used in `my-{slug}`; deploy-time configuration may override both. */
export interface ProductConfig {
  name: string;
  slug: string;
}

export const defaultProduct: ProductConfig = { name: 'Community Hub', slug: 'hub' };
