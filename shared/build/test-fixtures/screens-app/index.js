import { screens } from './screens.js';

globalThis.screens = screens;
