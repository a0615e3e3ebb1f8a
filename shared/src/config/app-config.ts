import { atom } from 'jotai/vanilla';
import { hubStore } from '../store/hub-store';
import { defaultProduct, type ProductConfig } from './product';

export interface FeatureFlags {
  /** SPEC §9: the waiting list exists but is disabled in configuration. */
  waitingList: boolean;
}

/** Deploy-time configuration, served by the host as `/app-config.json` so that no app is rebuilt per environment. */
export interface AppConfig {
  apiBaseUrl: string;
  product: ProductConfig;
  features: FeatureFlags;
}

export const defaultAppConfig: AppConfig = {
  apiBaseUrl: 'http://localhost:8080/',
  product: defaultProduct,
  features: { waitingList: false },
};

export const appConfigAtom = atom<AppConfig>(defaultAppConfig);

export function getAppConfig(): AppConfig {
  return hubStore.get(appConfigAtom);
}

/** Merges a partial deploy-time configuration over the defaults. */
export function setAppConfig(partial: Partial<AppConfig>): AppConfig {
  const merged: AppConfig = {
    ...defaultAppConfig,
    ...partial,
    product: { ...defaultAppConfig.product, ...partial.product },
    features: { ...defaultAppConfig.features, ...partial.features },
  };
  hubStore.set(appConfigAtom, merged);
  return merged;
}
