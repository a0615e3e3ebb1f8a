// The public surface of @hub/shared. It is one federation singleton, so everything here must stay
// light: heavy dependencies (identity SDKs) are loaded with dynamic import() where they are used.
export * from './store/hub-store';
export * from './config/product';
export * from './config/app-config';
export * from './user/roles';
export * from './user/user-info';
export * from './user/permissions';
export * from './user/display-name';
export * from './auth/auth-state';
export * from './auth/auth-ready';
export * from './routes/route-paths';
export * from './routes/access-level';
export * from './navigation/last-visited';
export * from './dialogs/dialog-types';
export * from './dialogs/dialog-queue';
export * from './texts/dialog-texts';
export * from './theme/theme-preference';
export * from './logging/logger';
export * from './federation/remote-contract';
export * from './auth/session-actions';
export * from './federation/fault-injection';
