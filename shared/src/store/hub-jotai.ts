/**
 * The one way into jotai (excalidraw's `app-jotai.ts`): every area reads and writes atoms through
 * these re-exports, and lint refuses a direct `jotai` import anywhere else, so the whole site keeps
 * one store (`hubStore`) and one place to wrap jotai should it ever need wrapping.
 */
export { atom, createStore, Provider, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';
