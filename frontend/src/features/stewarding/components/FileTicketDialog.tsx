import { useId } from 'react';
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
import { Controller } from 'react-hook-form';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { useFileTicket } from '../api.js';
import { DESCRIPTION_MAX, EMPTY_TICKET_FORM, checkTicket, ticketRequestOf, type TicketFormValues } from '../ticketForm.js';
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
  /** What the form opens with (e.g. from an incident the live timing reported); empty by default. */
  initialValues?: TicketFormValues;
}

/** Filing a ticket about an incident of one race: who was involved (from the results), when and where, what happened, and the evidence. */
export function FileTicketDialog({ open, onClose, onFiled, raceId, raceLabel, drivers, initialValues = EMPTY_TICKET_FORM }: FileTicketDialogProps) {
  const fileTicket = useFileTicket();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const filing = useApiForm<TicketFormValues, TicketDto>({
    defaultValues: initialValues,
    submit: (values, key) => fileTicket(ticketRequestOf(raceId, values), key),
    onSaved: (ticket) => {
      filing.form.reset(EMPTY_TICKET_FORM);
      onFiled(ticket);
    },
    notSaved: 'The ticket was not filed',
  });
  const { onSubmit, busy, status, text, controlled, feedback, form } = filing;
  const checked = (field: keyof TicketFormValues) => (_value: unknown, values: TicketFormValues) => checkTicket(values)[field] ?? true;
  const short = (field: 'lap' | 'raceTime' | 'videoTimestamp' | 'corner', label: string, hint: string, inputMode?: 'numeric') => (
    <TextField
      {...text(field, { label, help: hint, validate: checked(field) })}
      fullWidth
      size="small"
      disabled={busy}
      slotProps={inputMode ? { htmlInput: { inputMode } } : undefined}
    />
  );
  const accused = feedback('accusedProfileIds', 'From the results of this race.');

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Report an incident</DialogTitle>
      <DialogContent>
        <Box component="form" id={`${titleId}-form`} aria-label="Report an incident" noValidate onSubmit={onSubmit}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Race: <strong>{raceLabel}</strong>
          </Typography>
          <Controller
            {...controlled('accusedProfileIds', { label: 'Drivers involved', required: true })}
            render={({ field }) => (
              <FormControl component="fieldset" error={accused.error} aria-invalid={accused.error} aria-describedby={`${titleId}-accused-help`} sx={{ mb: 2 }} fullWidth>
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
                            checked={field.value.includes(driver.profileId)}
                            onChange={(event) =>
                              field.onChange(event.target.checked ? [...field.value, driver.profileId] : field.value.filter((id) => id !== driver.profileId))
                            }
                            disabled={busy}
                          />
                        }
                        label={driver.driverName}
                      />
                    ))}
                  </FormGroup>
                )}
                <FormHelperText id={`${titleId}-accused-help`}>{accused.helperText}</FormHelperText>
              </FormControl>
            )}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, sm: 3 }}>{short('lap', 'Lap', ' ', 'numeric')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{short('corner', 'Corner', 'e.g. T1')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{short('raceTime', 'Time in race', 'mm:ss.s')}</Grid>
            <Grid size={{ xs: 6, sm: 3 }}>{short('videoTimestamp', 'Time in video', 'h:mm:ss')}</Grid>
          </Grid>
          <TextField
            {...text('description', {
              label: 'What happened',
              required: true,
              validate: checked('description'),
              help: `${form.watch('description').trim().length} / ${DESCRIPTION_MAX}`,
            })}
            multiline
            minRows={4}
            fullWidth
            disabled={busy}
            sx={{ mt: 1, mb: 2 }}
          />
          <EvidenceFields form={filing} disabled={busy} />
          <FormStatusMessage status={status} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={busy}>
          {busy ? 'Filing…' : 'File ticket'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
