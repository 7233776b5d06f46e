// The registry of previews a form may show (action `preview`, editMode 9). The engine draws
// screens it does not know: a screen module registers its preview under a name, and a
// definition names it (`content.page` of its preview action: "content" unless it says
// otherwise). A name nobody registered shows like a missing target (ERR_SYS998).
import type { ComponentType } from 'react';
import type { PreviewSpec } from '../../schemas/meta/types';

/** What a preview is asked to draw: the definition's expressions evaluated. */
export interface PreviewTarget {
  categoryId: string;
  contentsId: string;
  /** The registered preview to draw it with. */
  page: NonNullable<PreviewSpec['page']>;
}

export interface PreviewProps extends PreviewTarget {
  screenName: string;
  /** In a dialog: its 閉じる button. */
  onClose?: () => void;
}

const previews = new Map<string, ComponentType<PreviewProps>>();

/** Registers (or replaces) the preview drawn for `name`. */
export function registerPreview(name: PreviewTarget['page'], component: ComponentType<PreviewProps>): void {
  previews.set(name, component);
}

/** The preview registered under `name`, if any. */
export function previewFor(name: string): ComponentType<PreviewProps> | undefined {
  return previews.get(name);
}
