import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { stewardingCommands, stewardingKeys } from '../api.js';
import { DESCRIPTION_MAX, EMPTY_TICKET_FORM, checkTicket, refusedSave, ticketRequestOf, type FieldMessages, type TicketFormValues } from '../ticketForm.js';
import type { TicketDto } from '../types.js';
import { EvidenceFields } from './Evidence.js';

export interface RaceDriver {
  profileId: number;
  driverName: string;
}

export interface FileTicketDialogProps {
  open: boolean;
  onClose: () => void;
  onFiled: (ticket: TicketDto) => void;
  raceId: number;
  /** "Round 3 at Spa: Race" */
  raceLabel: string;
  /** Who raced (the race's results), the filer left out by the caller. */
  drivers: RaceDriver[];
}

/** Filing a ticket about an incident of one race: who was involved (from the results), when and where, what happened, and the evidence. */
export function FileTicketDialog({ open, onClose, onFiled, raceId, raceLabel, drivers }: FileTicketDialogProps) {
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const [values, setValues] = useState<TicketFormValues>(EMPTY_TICKET_FORM);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<{ message: string; outsideWindow: boolean } | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof TicketFormValues>(field: K, value: TicketFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const toggleDriver = (profileId: number, checked: boolean) =>
    set('accusedProfileIds', checked ? [...values.accusedProfileIds, profileId] : values.accusedProfileIds.filter((id) => id !== profileId));

  const submit = async () => {
    const found = checkTicket(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const ticket = await stewardingCommands.file(ticketRequestOf(raceId, values));
      void queryClient.invalidateQueries({ queryKey: stewardingKeys.mine });
      setValues(EMPTY_TICKET_FORM);
      onFiled(ticket);
    } catch (error) {
      const refused = refusedSave(error, 'The ticket was not filed');
      setErrors(refused.byField);
      setFailure({ message: refused.message, outsideWindow: refused.outsideWindow });
    } finally {
      setSaving(false);
    }
  };

  const text = (field: 'lap' | 'raceTime' | 'videoTimestamp' | 'corner', label: string, hint: string, inputMode?: 'numeric') => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? hint}
      fullWidth
      size="small"
      disabled={saving}
      slotProps={inputMode ? { htmlInput: { inputMode } } : undefined}
    />
  );

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Report an incident</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Typography variant="body2" sx={{ mb: 2 }}>
            Race: <strong>{raceLabel}</strong>
          </Typography>
          <FormControl component="fieldset" error={Boolean(errors.accusedProfileIds)} sx={{ mb: 2 }} fullWidth>
            <FormLabel component="legend">Drivers involved</FormLabel>
            {drivers.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No other drivers in this race's results.
              </Typography>
            ) : (
              <FormGroup sx={{ maxHeight: 220, overflowY: 'auto', flexWrap: 'nowrap' }}>
                {drivers.map((driver) => (
                  <FormControlLabel
                    key={driver.profileId}
                    control={
                      <Checkbox
                        size="small"
                        checked={values.accusedProfileIds.includes(driver.profileId)}
                        onChange={(event) => toggleDriver(driver.profileId, event.target.checked)}
                        disabled={saving}
                      />
                    }
                    label={driver.driverName}
                  />
                ))}
              </FormGroup>
            )}
            <FormHelperText>{errors.accusedProfileIds ?? 'From the results of this race.'}</FormHelperText>
          </FormControl>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, sm: 3 }}>{text('lap', 'Lap', ' ', 'numeric')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{text('corner', 'Corner', 'e.g. T1')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{text('raceTime', 'Time in race', 'mm:ss.s')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{text('videoTimestamp', 'Time in video', 'h:mm:ss')}</Grid>
          </Grid>
          <TextField
            label="What happened"
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description ?? `${values.description.trim().length} / ${DESCRIPTION_MAX}`}
            multiline
            minRows={4}
            fullWidth
            required
            disabled={saving}
            sx={{ mt: 1, mb: 2 }}
          />
          <EvidenceFields rows={values.evidence} onChange={(rows) => set('evidence', rows)} errors={errors} disabled={saving} />
          {failure && (
            <Alert severity={failure.outsideWindow ? 'warning' : 'error'} sx={{ mt: 2 }} role="alert">
              {failure.outsideWindow ? <strong>Filing is closed for this race. </strong> : null}
              {failure.message}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={saving}>
          {saving ? 'Filing…' : 'File ticket'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
