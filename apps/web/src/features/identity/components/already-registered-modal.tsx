import { Button, Modal } from '@store/ui';

export interface AlreadyRegisteredModalProps {
  readonly email: string | null;
  readonly onSignIn: () => void;
  readonly onDifferentEmail: () => void;
}

/** Shown when the captured email already has an account (code 100200, spec 1 §4). */
export function AlreadyRegisteredModal({ email, onSignIn, onDifferentEmail }: AlreadyRegisteredModalProps) {
  return (
    <Modal open={email !== null} title="Already registered?" onClose={onDifferentEmail}>
      <p>
        There is already an Affinity Store account for <strong>{email}</strong>. Sign in to use it, or enter a different email
        address.
      </p>
      <div className="button-row">
        <Button onClick={onSignIn}>Sign in</Button>
        <Button variant="secondary" onClick={onDifferentEmail}>
          Use a different email
        </Button>
      </div>
    </Modal>
  );
}
