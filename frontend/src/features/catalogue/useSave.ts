import { useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from './api.js';
import { useSave as useFormSave } from '../../components/form/useSave.js';

/** The shared form save (`components/form/useSave`); a save also refetches what is shown of the catalogue. */
export function useSave<T>(save: () => Promise<T>, onSaved: (saved: T) => void, shown: RegExp) {
  const queryClient = useQueryClient();
  return useFormSave(
    save,
    (saved) => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      onSaved(saved);
    },
    shown,
  );
}
