import { createContext, useContext } from 'react';

/**
 * The firm's view of a client's screens ("View as client"): the same screens, where what only the
 * client can give (answers to requests, an acknowledgement, a W-9's signature) is shown, not asked for.
 */
const ClientPreview = createContext(false);

export const ClientPreviewProvider = ClientPreview.Provider;

/** Whether these client screens are the firm's preview of them. */
export const useClientPreview = () => useContext(ClientPreview);
