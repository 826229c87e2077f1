import { transport } from '../transport';
import { createImportStore } from './create-import-store';
import { hrefFor, navigate } from './routes';

/** This page's import (drop onto the window, Live's Import…): opens the first imported request in Live. */
export const importStore = createImportStore(transport, (outcome) => {
  if (outcome.firstId !== null) navigate(hrefFor('live', String(outcome.firstId)));
});
export const useImportStore = importStore.use;
