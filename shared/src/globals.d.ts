// Values every app's build defines (see shared/build/create-app-config.cjs).
declare const __HUB_BUILD_ID__: string;
declare const __HUB_REMOTE_NAME__: string;
declare const __HUB_FAULT_INJECTION__: boolean;
