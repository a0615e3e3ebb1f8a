import { lazyPage, type RemoteScreens } from '@hub/shared';

/** This area's screens, declared once (issue 25): its routes module is derived from them. */
export const screens: RemoteScreens<'account'> = {
  login: {
    page: lazyPage(
      () => import('./pages/login/login-page'),
      (m) => m.default,
    ),
    public: false,
  },
  register: {
    page: lazyPage(
      () => import('./pages/register/register-page'),
      (m) => m.default,
    ),
    public: false,
  },
  forgotPassword: {
    page: lazyPage(
      () => import('./pages/forgot-password/forgot-password-page'),
      (m) => m.default,
    ),
    public: false,
  },
  emailAction: {
    page: lazyPage(
      () => import('./pages/email-action/email-action-page'),
      (m) => m.default,
    ),
    public: true,
  },
  mailUnsubscribe: {
    page: lazyPage(
      () => import('./pages/mail-unsubscribe/mail-unsubscribe-page'),
      (m) => m.default,
    ),
    public: true,
  },
  myAccount: {
    page: lazyPage(
      () => import('./pages/my-account/my-account-page'),
      (m) => m.default,
    ),
    public: false,
  },
  myProduct: {
    page: lazyPage(
      () => import('./pages/my-hub/my-hub-page'),
      (m) => m.default,
    ),
    public: false,
  },
};
