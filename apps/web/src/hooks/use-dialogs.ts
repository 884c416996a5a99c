import { createContext, useContext } from 'react';

/** Opens the dialogs that sit over every page: login and contact us. */
export interface Dialogs {
  openLogin: () => void;
  openContactUs: () => void;
}

export const DialogsContext = createContext<Dialogs>({ openLogin: () => undefined, openContactUs: () => undefined });

export function useDialogs(): Dialogs {
  return useContext(DialogsContext);
}
