import * as react from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactRouter from 'react-router';
import * as reactQuery from '@tanstack/react-query';
import * as sharedContexts from '@fluentui/react-shared-contexts';
import * as griffel from '@griffel/react';
import * as hubShared from '@hub/shared';

/**
 * What a remote's server frames take from this renderer (shared/build/server-frame-shares.cjs, whose
 * reasons are there): this renderer's own instances, so a frame's hooks run in this React, its links
 * read this router, and its styles go into the Griffel renderer this page's styles are collected
 * from. A frame asking for anything else is refused (remote-frames-loader.ts), and the page is
 * served without it.
 */
export const serverFrameShares: Readonly<Record<string, unknown>> = {
  react,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': reactDom,
  'react-router': reactRouter,
  '@tanstack/react-query': reactQuery,
  '@fluentui/react-shared-contexts': sharedContexts,
  '@griffel/react': griffel,
  '@hub/shared': hubShared,
};
