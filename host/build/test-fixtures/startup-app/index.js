// The host's entry in small (preload-startup-chunks-plugin.test.cjs): the app starts in bootstrap.
import('./bootstrap');
