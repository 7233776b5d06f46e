// Rules of contents that other resources apply too.

/** Categories whose contents appear in the one-stop guide: no important flag, no mail buttons. */
export const ONE_STOP_CATEGORIES = new Set([2, 3, 4, 5]);
