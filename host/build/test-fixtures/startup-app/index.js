// The host's entry in small (startup-after-paint-plugin.test.cjs): the app starts in bootstrap.
import('./bootstrap');
