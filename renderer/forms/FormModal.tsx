// A form definition in a modal window (the new segment of the segment list).
import { useState } from 'react';
import { Modal } from './Modal';
import { FormView } from './FormView';

interface Props {
  formId: string;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function FormModal({ formId, open, onClose, onSaved }: Props) {
  const [title, setTitle] = useState('');
  return (
    <Modal open={open} title={title || '読み込み中'} onClose={onClose} width={760}>
      {open && <FormView formId={formId} display="modal" onClose={onClose} onSaved={onSaved} onTitle={setTitle} />}
    </Modal>
  );
}
