import { slice, useSlice } from '../../app-state/store-root';
import type { EditorStore, EditorState } from './create-editor-store';

/** The Replay editor's slice (followed from the Replay page's first visit on: the signature preview stays in step). */
export const editorSlice = slice<EditorStore>('editor');

/** The slice's state, or what `selector` picks of it (re-renders when that changes). */
export function useEditorStore(): EditorState;
export function useEditorStore<T>(selector: (s: EditorState) => T): T;
export function useEditorStore<T>(selector?: (s: EditorState) => T): T | EditorState {
  return useSlice(editorSlice).use<unknown>(selector ?? whole) as T;
}

const whole = (s: EditorState) => s;

/** The slice itself: its actions, and its state outside render (`getState`). */
export function useEditor(): EditorStore {
  return useSlice(editorSlice);
}
