/**
 * The Firebase Auth functions the identity flow uses, by name. `firebase-loader.ts` imports this
 * module rather than `firebase/auth` itself: webpack cannot tell which exports of a dynamically
 * imported namespace are used, so `import('firebase/auth')` kept the whole SDK (phone sign-in,
 * reCAPTCHA, pop-up and redirect flows, multi-factor…) while a named list lets it drop the rest
 * (issue 12's budget on signed-in pages). A function missing here fails type-checking where used.
 */
export {
  applyActionCode,
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  inMemoryPersistence,
  initializeAuth,
  OAuthProvider,
  onAuthStateChanged,
  signInWithCredential,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  verifyPasswordResetCode,
} from 'firebase/auth';
