import { LinearProgress } from '@mui/material';
import { useRef, type ReactNode } from 'react';
import { SimpleForm, useEditContext, type RaRecord } from 'react-admin';

/**
 * The form of an Edit page, mounted once the record has come back from the server (getOne), not on
 * the row a list left in the cache: that row can lack fields, and the record's arrival would reset a
 * form mounted on it, wiping whatever staff had typed meanwhile (a race the e2e walks lost on a loaded
 * machine). `ready` names what a whole record has (content records: their version history). Once
 * mounted it stays mounted, and a later refetch keeps the fields staff have changed (keepDirtyValues).
 */
export function EditForm({
  children,
  ready,
  defaultValues,
}: {
  children: ReactNode;
  ready?: (record: RaRecord) => boolean;
  defaultValues?: Record<string, unknown>;
}) {
  const { record, isFetching } = useEditContext();
  const mounted = useRef(false);
  if (!mounted.current && record && !isFetching && (ready?.(record) ?? true)) mounted.current = true;
  if (!mounted.current) return <LinearProgress sx={{ m: 2 }} aria-label="Loading the record" />;
  return (
    <SimpleForm resetOptions={{ keepDirtyValues: true }} defaultValues={defaultValues}>
      {children}
    </SimpleForm>
  );
}
