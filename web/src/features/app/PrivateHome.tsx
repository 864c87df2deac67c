// The signed-in home ('/'): the notes screen inside the owner's UI kit, loaded lazily so that anonymous
// visitors of '/' never download it.
import { PrivateProviders } from '../../ui/private/PrivateProviders.tsx';
import { NotesWithHelpers } from '../study/NotesWithHelpers.tsx';

export default function PrivateHome() {
  return (
    <PrivateProviders>
      <NotesWithHelpers />
    </PrivateProviders>
  );
}
